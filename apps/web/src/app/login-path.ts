/** `/login?redirect=/home`: the path is kept readable, only what would break the query is escaped. */
export function loginPathFor(location: { pathname: string; search: string }) {
  const wanted = `${location.pathname}${location.search}`;
  return `/login?redirect=${encodeURIComponent(wanted).replace(/%2F/gi, '/')}`;
}

/**
 * History state that carries a message to the login page (`navigate(path, { state: loginNotice(text) })`): a toast
 * would vanish with the page that showed it.
 */
export const loginNotice = (text: string) => ({ loginNotice: text });

export function noticeOf(state: unknown): string | undefined {
  const text = (state as { loginNotice?: unknown } | null)?.loginNotice;
  return typeof text === 'string' ? text : undefined;
}
