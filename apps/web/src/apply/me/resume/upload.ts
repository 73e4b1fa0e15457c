import { type ApiResult, type OutputOf, candidateUpload } from '@zhaokao/contracts';
import { requestOf } from '../../../lib/request-of';
import { SiteError } from '../../site-api';

type Uploaded = OutputOf<typeof candidateUpload>;

/** Sends one file to candidateUpload (multipart, field `file`; the kind rides in the query as multipart calls take it). */
export async function uploadCandidateFile(file: Blob, name: string, kind: 'photo' | 'attachment', planId?: number): Promise<Uploaded> {
  const body = new FormData();
  body.append('file', file, name);
  let result: ApiResult<Uploaded>;
  try {
    const query = new URLSearchParams({ kind, ...(planId !== undefined && { planId: String(planId) }) });
    const response = await fetch(`${requestOf(candidateUpload, { kind }).url}?${query}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(120_000),
    });
    result = (await response.json()) as ApiResult<Uploaded>;
  } catch {
    throw new SiteError(0, '上传失败，请检查网络后重试');
  }
  if (result.code !== 200) throw new SiteError(result.code, result.msg || '上传失败，请稍后再试');
  return result.data;
}
