import { filterValue, offeredTo, type ListFilterField, type ListQuery, type SortOrder } from '../domain/resource';
import type { Scope } from '../domain/session';

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

/** A list's filters as declared (`contract/list-fields.ts`): by name, each its kind. */
export type ListFilterFields = Readonly<Record<string, ListFilterField>>;

/** The longest value an address may give a filter; anything longer is no value any filter takes. */
const MAX_FILTER_LENGTH = 100;

/**
 * The filters an address holds (`?status=PENDING&companyId=…`), as the list sends them: only the list's own filters
 * offered to `scope`, each with a value it takes, in their declared order. Anything else an address holds (another
 * parameter, an unknown value, a repeated or huge one) is left out, as a bad page is: the list shows what it can.
 */
export function readFilters(search: string, fields: ListFilterFields, scope: Scope): Record<string, string> {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const values = params.getAll(name);
    const text = values.length === 1 ? values[0]!.trim() : '';
    if (!offeredTo(field, scope) || text === '' || text.length > MAX_FILTER_LENGTH) continue;
    const value = filterValue(field, text);
    if (value !== null) filters[name] = value;
  }
  return filters;
}

/**
 * The address's query with other filters: the list's page size, sort and search stay, its page goes back to the
 * first (the rows are others); a filter given '' is removed.
 */
export function withFilters(search: string, fields: ListFilterFields, filters: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams(search);
  for (const name of Object.keys(fields)) params.delete(name);
  params.set('page', '1');
  for (const [name, value] of Object.entries(filters)) if (Object.hasOwn(fields, name) && value !== '') params.set(name, value);
  return params.toString();
}
