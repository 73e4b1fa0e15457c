import type { ApiResult, Endpoint, InputOf, OutputOf } from '@zhaokao/contracts';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { requestOf } from '../lib/request-of';

/**
 * The candidate site's requests: a few lines of its own instead of the back office's `lib/api-client.ts`, whose
 * session dialogs and toasts bring antd. Pages call the contracts' endpoints (GET as a query, POST as a JSON body;
 * the candidate's session rides in its cookie) and show failures in the page itself.
 */

/** How long a request may take before the page says the network failed (SPEC §9). */
const REQUEST_TIMEOUT_MS = 50_000;

/** A refusal from the server: its code and its Chinese message. */
export class SiteError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

/** The address of a GET endpoint's call: path parameters filled, the rest, when not empty, as the query. */
export function urlOf<E extends Endpoint>(ep: E, input: InputOf<E>): string {
  const given = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '');
  return requestOf(ep, Object.fromEntries(given) as InputOf<E>).url;
}

export async function callSite<E extends Endpoint>(ep: E, input: InputOf<E>): Promise<OutputOf<E>> {
  let result: ApiResult<OutputOf<E>>;
  try {
    const { init } = requestOf(ep, input);
    const response = await fetch(urlOf(ep, input), {
      ...init,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    result = (await response.json()) as ApiResult<OutputOf<E>>;
  } catch {
    throw new SiteError(0, NETWORK_MESSAGE);
  }
  if (result.code !== 200) throw new SiteError(result.code, result.msg || '出错了，请稍后再试');
  return result.data;
}

export const siteQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (404, 400) is the answer; a failed network is tried once more.
      retry: (count, error) => !(error instanceof SiteError && error.code !== 0) && count < 1,
    },
  },
});

/** Reads a public endpoint of the candidate site; the key is the endpoint and its input. */
export function useSiteQuery<E extends Endpoint>(ep: E, input: InputOf<E>, options: { keepPrevious?: boolean } = {}) {
  return useQuery<OutputOf<E>, SiteError>({
    queryKey: [`${ep.method} ${ep.path}`, input],
    queryFn: () => callSite(ep, input),
    placeholderData: options.keepPrevious ? (previous) => previous : undefined,
  });
}
