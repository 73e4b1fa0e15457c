/** `/login?redirect=/home`: the path is kept readable, only what would break the query is escaped. */
export function loginPathFor(location: { pathname: string; search: string }) {
  const wanted = `${location.pathname}${location.search}`;
  return `/login?redirect=${encodeURIComponent(wanted).replace(/%2F/gi, '/')}`;
}
