import { type Endpoint, type InputOf, fillPath } from '@zhaokao/contracts';

/*
 * Pure: the back office's api-client and the candidate site (src/apply, which must not load antd) both build their
 * calls with it.
 */

/** The address and request of a contract endpoint's call: body for POST, query for GET, path parameters filled from the input. */
export function requestOf<E extends Endpoint>(ep: E, input: InputOf<E>): { url: string; init: RequestInit } {
  const values = (input ?? {}) as Record<string, unknown>;
  const pathNames = [...ep.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const rest = Object.fromEntries(Object.entries(values).filter(([k, v]) => !pathNames.includes(k) && v !== undefined));
  const url = `/api${fillPath(ep.path, values)}`;
  if (ep.method === 'GET') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { url: query ? `${url}?${query}` : url, init: { method: 'GET' } };
  }
  return { url, init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rest) } };
}
