/** The plan page's post filters, kept in the address so that a shared link shows the same posts. */
export interface PostFilters {
  keyword: string;
  education: string;
  major: string;
  pageNum: number;
}

export const POST_PAGE_SIZE = 10;

const TEXT_KEYS = ['keyword', 'education', 'major'] as const;

/** The filters in an address's query; missing or unreadable values fall back to none and page 1. */
export function postFiltersOf(params: URLSearchParams): PostFilters {
  const text = (key: (typeof TEXT_KEYS)[number]) => (params.get(key) ?? '').trim().slice(0, 50);
  const page = Number(params.get('page'));
  return {
    keyword: text('keyword'),
    education: text('education'),
    major: text('major'),
    pageNum: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `params` with the filters written in (empty ones and page 1 left out), or removed when `filters` is null. */
export function withPostFilters(params: URLSearchParams, filters: PostFilters | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...TEXT_KEYS, 'page']) next.delete(key);
  if (!filters) return next;
  for (const key of TEXT_KEYS) if (filters[key]) next.set(key, filters[key]);
  if (filters.pageNum > 1) next.set('page', String(filters.pageNum));
  return next;
}
