import type { RawListQuery } from '../../machines/list-query';

/** The list query as the address bar holds it: `?page=2&pageSize=25&sortBy=name&sortOrder=desc&search=acme`. */
export function readQuery(search: string): RawListQuery {
  const params = new URLSearchParams(search);
  return {
    page: params.get('page'),
    pageSize: params.get('pageSize'),
    sortBy: params.get('sortBy'),
    sortOrder: params.get('sortOrder'),
    search: params.get('search'),
  };
}
