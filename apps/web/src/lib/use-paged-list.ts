import { type Endpoint, type InputOf, MAX_ID, type OutputOf } from '@zhaokao/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from './query';

/** How a filter is written in the address: free text, a record id, a yes/no, a date, or one of a list of values. */
type FilterKind = 'text' | 'id' | 'boolean' | 'date' | readonly (string | number)[];
export type FilterSpec = Record<string, FilterKind>;
export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends 'id'
    ? number
    : S[K] extends 'boolean'
      ? boolean
      : S[K] extends readonly (infer V)[]
        ? V
        : string;
};
export interface Page {
  pageNum: number;
  pageSize: number;
}

/** The value of a filter as the address holds it, or undefined when it is missing or not one the filter takes. */
export function readFilter(kind: FilterKind, raw: string | null): string | number | boolean | undefined {
  if (raw === null || raw === '') return undefined;
  if (kind === 'text') return raw;
  if (kind === 'id') return /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ID ? Number(raw) : undefined;
  if (kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : undefined;
  if (kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
  return kind.find((value) => String(value) === raw);
}

const pageNumber = (raw: string | null, max: number) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : undefined);

/**
 * A list's filters and page, kept in the address (`?status=published&pageNum=2`), so that back, refresh and a
 * shared link show the same list. Changing a filter goes back to page 1; default values leave the address.
 */
export function useUrlFilters<S extends FilterSpec>(spec: S, defaultPageSize = 10) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(Object.entries(spec).map(([name, kind]) => [name, readFilter(kind, params.get(name))])) as FilterValues<S>;
  const page: Page = {
    pageNum: pageNumber(params.get('pageNum'), MAX_ID) ?? 1,
    pageSize: pageNumber(params.get('pageSize'), 200) ?? defaultPageSize,
  };

  const update = (patch: Record<string, unknown>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      },
      { replace: true },
    );

  const setFilters = (patch: Partial<FilterValues<S>>) => update({ ...patch, pageNum: undefined });
  return {
    filters,
    page,
    setFilters,
    /** A filter control's `value` and `onChange`: `<SelectFilter {...bind('status')} … />`. */
    bind: <K extends keyof S & string>(name: K) => ({
      value: filters[name],
      onChange: (value: FilterValues<S>[K] | undefined) => setFilters({ [name]: value } as Partial<FilterValues<S>>),
    }),
    setPage: (pageNum: number, pageSize: number) =>
      update({ pageNum: pageNum === 1 ? undefined : pageNum, pageSize: pageSize === defaultPageSize ? undefined : pageSize }),
  };
}

type RowOf<E extends Endpoint> = OutputOf<E> extends { list: (infer R)[] } ? R : never;
type RowsOf<E extends Endpoint> = OutputOf<E> extends (infer R)[] ? R[] : never;

export interface PagedListOptions<E extends Endpoint, S extends FilterSpec> {
  /** Names the table for screen readers, e.g. 招录计划列表 (see components/DataTable.tsx). */
  label: string;
  filters: S;
  defaultPageSize?: number;
  /** The call's input from the filters and page (they as they are by default); undefined waits. */
  input?: (filters: FilterValues<S>, page: Page) => InputOf<E> | undefined;
  /** The pager's count, e.g. `共 ${n} 人`. */
  showTotal: (total: number) => string;
  showQuickJumper?: boolean;
  /** Refetch whenever the page opens, for counts that change on other pages. */
  refetchOnMount?: 'always';
}

/** A DataTable's pagination over the page in the address (`useUrlFilters`) and the list's total. */
export function paginationOf(
  page: { pageNum: number; pageSize: number },
  total: number | undefined,
  setPage: (pageNum: number, pageSize: number) => void,
  extra: Pick<TablePaginationConfig, 'showQuickJumper' | 'showTotal' | 'pageSizeOptions'> = {},
): TablePaginationConfig {
  return { current: page.pageNum, pageSize: page.pageSize, total: total ?? 0, showSizeChanger: true, onChange: setPage, ...extra };
}

/** A paged list from a `pageOf(...)` endpoint, with its filters in the address, and the props its DataTable needs. */
export function usePagedList<E extends Endpoint, S extends FilterSpec>(ep: E, options: PagedListOptions<E, S>) {
  const { filters, page, setFilters, setPage, bind } = useUrlFilters(options.filters, options.defaultPageSize);
  const input = options.input ? options.input(filters, page) : ({ ...filters, ...page } as InputOf<E>);
  const query = useEndpointQuery(ep, input, { placeholderData: keepPreviousData, refetchOnMount: options.refetchOnMount });
  const data = query.data as { list: RowOf<E>[]; total: number } | undefined;
  const pagination = paginationOf(page, data?.total, setPage, { showQuickJumper: options.showQuickJumper, showTotal: options.showTotal });
  return {
    filters,
    setFilters,
    bind,
    tableProps: { label: options.label, rowKey: 'id', loading: query.isFetching, dataSource: data?.list, pagination },
  };
}

/** The props a DataTable needs for a whole (unpaged) list, from an endpoint that answers an array. */
export function useWholeList<E extends Endpoint>(ep: E, label: string) {
  const query = useEndpointQuery(ep, {} as InputOf<E>);
  return { label, rowKey: 'id', loading: query.isLoading, dataSource: query.data as RowsOf<E> | undefined, pagination: false as const };
}
