import { type ApiResult, type ScoreImportPreview, previewScoreImport } from '@zhaokao/contracts';
import { NetworkError, REQUEST_TIMEOUT_MS, unwrap } from '../../../../lib/api-client';
import { fileUrl } from '../../../../lib/download';

/**
 * Sends a score sheet (.xlsx) for checking; `onProgress` hears the percentage sent. Answers the preview, or
 * rejects with the reason (the server's refusal, or the network's), shown by the caller in the page.
 */
export function uploadScoreSheet(
  file: File,
  target: { planId: number; type: number },
  onProgress: (percent: number) => void,
): Promise<ScoreImportPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', fileUrl(previewScoreImport, target));
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    const failed = (text: string) => reject(new NetworkError(text));
    xhr.addEventListener('error', () => failed('上传失败，请检查网络后重试'));
    xhr.addEventListener('timeout', () => failed('上传超时，请稍后重试'));
    xhr.addEventListener('load', () => {
      let result: ApiResult<ScoreImportPreview>;
      try {
        result = JSON.parse(xhr.responseText) as ApiResult<ScoreImportPreview>;
      } catch {
        return failed(`上传失败（HTTP ${xhr.status}）`);
      }
      try {
        resolve(unwrap(result, { silent: true }));
      } catch (error) {
        reject(error as Error);
      }
    });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
