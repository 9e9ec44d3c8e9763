import type { ListQuery, SortOrder } from '../domain/resource';

/** Every list starts with 10 rows a page; the console offers 2, 10, 25 and 50. */
export const PAGE_SIZES: readonly number[] = [2, 10, 25, 50];
export const DEFAULT_PAGE_SIZE = 10;

/** The API takes at most 100 characters of search text. */
export const MAX_SEARCH_LENGTH = 100;

export const toSearch = (text: string) => text.trim().slice(0, MAX_SEARCH_LENGTH);

const defaultQuery: ListQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, sortBy: null, sortOrder: 'asc', search: '' };

/** A query as it arrives from outside (the address bar): any text, or nothing. */
export type RawListQuery = Partial<Record<keyof ListQuery, string | null>>;

const sortOrders: readonly SortOrder[] = ['asc', 'desc'];

export const isSortOrder = (value: unknown): value is SortOrder => sortOrders.some((order) => order === value);

export const isPageSize = (value: number) => PAGE_SIZES.includes(value);

const positiveInteger = (text: string | null | undefined) => (text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

/** Reads a raw query; whatever is missing or invalid takes its default, silently. */
export function normalizeQuery(raw: RawListQuery, allowedSorts: readonly string[]): ListQuery {
  const pageSize = positiveInteger(raw.pageSize);
  return {
    page: positiveInteger(raw.page) ?? defaultQuery.page,
    pageSize: pageSize !== null && isPageSize(pageSize) ? pageSize : defaultQuery.pageSize,
    sortBy: raw.sortBy && allowedSorts.includes(raw.sortBy) ? raw.sortBy : null,
    sortOrder: isSortOrder(raw.sortOrder) ? raw.sortOrder : defaultQuery.sortOrder,
    search: toSearch(raw.search ?? ''),
  };
}

export const sameQuery = (a: ListQuery, b: ListQuery) =>
  a.page === b.page && a.pageSize === b.pageSize && a.sortBy === b.sortBy && a.sortOrder === b.sortOrder && a.search === b.search;

/**
 * The query as the address bar holds it: `page=2&pageSize=25&sortBy=name&sortOrder=desc&search=acme`, then the
 * list's filters (the Activity page's `entity=company&action=UPDATE`), so that a reload or Back keeps them too.
 */
export function writeQuery(
  { page, pageSize, sortBy, sortOrder, search }: ListQuery,
  filters: Readonly<Record<string, string>> = {},
): string {
  return new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    ...(sortBy ? { sortBy } : {}),
    sortOrder,
    ...(search ? { search } : {}),
    ...filters,
  }).toString();
}
