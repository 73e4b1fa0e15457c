import { type ApiResult, EXPORT_IN_BACKGROUND_PARAM, EXPORT_IN_BACKGROUND_ROWS, type Endpoint, fillPath } from '@zhaokao/contracts';
import { REQUEST_TIMEOUT_MS, unwrap } from './api-client';
import { feedback } from './feedback';
import { jobStarted } from './jobs';

/** The address of a GET endpoint that answers a file, with its input in the query. */
export function fileUrl(ep: Endpoint, input: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(input).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])),
  );
  return `/api${fillPath(ep.path, input)}?${query}`;
}

/** The address of a list's export: asked as a 后台任务 when the list on screen has over EXPORT_IN_BACKGROUND_ROWS rows. */
export function exportUrl(ep: Endpoint, input: Record<string, string | number | undefined>, total: number | undefined): string {
  const inBackground = ep.exportsList === true && total !== undefined && total > EXPORT_IN_BACKGROUND_ROWS;
  return fileUrl(ep, inBackground ? { ...input, [EXPORT_IN_BACKGROUND_PARAM]: 1 } : input);
}

/** The file name of a `Content-Disposition: attachment; filename*=UTF-8''…` answer. */
function fileNameOf(disposition: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : undefined;
}

/** What reads a refusal answered instead of a file: shows it (or the session's end) and throws. */
export type ReadRefusal = (result: ApiResult<unknown>) => unknown;

/**
 * Downloads a file the server makes (the session cookie signs the request in). A refusal answers `{ code, msg }`
 * instead of a file: its message is shown, as for any call (`readRefusal`: as the operator's pages show one). So is
 * the answer of an export that went to a 后台任务 (`{ jobId }`): the header's 任务 list then shows it.
 * Resolves to whether it downloaded.
 */
export async function downloadFile(url: string, fallbackName: string, readRefusal: ReadRefusal = unwrap): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    feedback.error('下载失败，请检查网络后重试', 3);
    return false;
  }
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    let result: ApiResult<unknown>;
    try {
      result = (await response.json()) as ApiResult<unknown>;
      readRefusal(result);
    } catch {
      return false;
    }
    feedback.success(result.msg, 4);
    jobStarted();
    return false;
  }
  if (!response.ok) {
    feedback.error('下载失败，请稍后重试', 3);
    return false;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return true;
}
