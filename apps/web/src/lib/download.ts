import { type ApiResult, type Endpoint, fillPath } from '@zhaokao/contracts';
import { REQUEST_TIMEOUT_MS, unwrap } from './api-client';
import { feedback } from './feedback';

/** The address of a GET endpoint that answers a file, with its input in the query. */
export function fileUrl(ep: Endpoint, input: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(input).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])),
  );
  return `/api${fillPath(ep.path, input)}?${query}`;
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
 * instead of a file: its message is shown, as for any call (`readRefusal`: as the operator's pages show one).
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
    try {
      readRefusal((await response.json()) as ApiResult<unknown>);
    } catch {
      return false;
    }
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
