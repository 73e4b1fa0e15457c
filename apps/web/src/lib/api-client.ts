import {
  type ApiResult, type Endpoint, type InputOf, type OutputOf, SESSION_END_CODES, SUCCESS_MESSAGES, logout,
} from '@zhaokao/contracts';
import { feedback } from './feedback';
import { requestOf } from './request-of';
import { isSigningOutHere, markSignedOut } from './signed-in';

export { requestOf };

/** SPEC §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 50_000;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A failure below HTTP (offline, timed out): SPEC §8 says these are ignored silently. */
export class NetworkError extends Error {}

let sessionDialogOpen = false;

function showSessionEnded() {
  if (sessionDialogOpen || !feedback.modal) return;
  sessionDialogOpen = true;
  feedback.modal.confirm({
    title: '确认注销',
    content: '您已注销，您可以取消以停留在此页，或重新登录',
    okText: '重新登录',
    cancelText: '关闭',
    // SPEC §8 resets the token: the server clears the dead session's cookie before the page loads again.
    onOk: async () => {
      await endSessionQuietly();
      markSignedOut();
      location.reload();
    },
    afterClose: () => {
      sessionDialogOpen = false;
    },
  });
}

/** Reacts to `{ code, msg, data }` as SPEC §8 says, and answers `data` or throws. */
export function unwrap<T>(result: ApiResult<T>, options: { silent?: boolean } = {}): T {
  if (result.code === 200) return result.data;
  if (SESSION_END_CODES.includes(result.code)) {
    // An answer that arrives as this tab signs out (a refetch as the cache is cleared) is no news to the user; a sign-out
    // in another tab, or an expiry, still opens 确认注销 here.
    if (!isSigningOutHere()) showSessionEnded();
  } else if (!options.silent) feedback.error(result.msg || 'Error', 3);
  throw new ApiError(result.code, result.msg || 'Error');
}

export async function request<T>(url: string, init: RequestInit, options: { silent?: boolean } = {}): Promise<T> {
  let response: Response;
  try {
    // The browser sends the HttpOnly session cookie; the page never sees the token.
    response = await fetch(url, {
      ...init,
      credentials: 'include',
      signal: init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new NetworkError(String(error));
  }
  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    throw new NetworkError(`not JSON: HTTP ${response.status}`);
  }
  return unwrap(result, options);
}


/** Calls a contract endpoint (see `requestOf`). */
export function call<E extends Endpoint>(ep: E, input: InputOf<E>, options: { silent?: boolean } = {}): Promise<OutputOf<E>> {
  const { url, init } = requestOf(ep, input);
  return request(url, init, options);
}

/**
 * Ends the session on the server if it still lives and clears its cookie (even an expired or ended session's), without
 * any dialog or toast whatever the answer: for leaving a session the page could not use.
 */
export async function endSessionQuietly(): Promise<void> {
  await fetch(`/api${logout.path}`, { method: 'POST', credentials: 'include' }).catch(() => undefined);
}

/** SPEC §8: '操作成功' shows for 1 s. */
export const showSuccess = (text: string = SUCCESS_MESSAGES.done) => feedback.success(text, 1);

/** Whether a call succeeded; a refusal's message has already been shown, so it needs no handling. */
export const succeeded = (change: Promise<unknown>) =>
  change.then(
    () => true,
    () => false,
  );

/** Waits for a change and says `text` once it succeeded. Resolves to whether it succeeded. */
export async function announce(change: Promise<unknown>, text: string = SUCCESS_MESSAGES.done): Promise<boolean> {
  const ok = await succeeded(change);
  if (ok) showSuccess(text);
  return ok;
}
