import type { KyInstance } from 'ky';
import type { ListRequest, Page, RecordBody, StoredRecord } from '../domain/resource';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';

/** The list parameters of docs/api-contract.md: no `sortBy` and no empty `search` unless given. */
function listSearchParams({ query, filters }: ListRequest): Record<string, string | number> {
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.sortBy ? { sortBy: query.sortBy } : {}),
    sortOrder: query.sortOrder,
    ...(query.search ? { search: query.search } : {}),
    ...filters,
  };
}

/**
 * The five calls every resource answers (`GET /{resource}`, `GET|PUT|DELETE /{resource}/{id}`, `POST /{resource}`);
 * `resource` may be a nested path (`training-plans/{id}/modules`).
 */
export function createResourceApi(http: KyInstance, resource: string) {
  const one = (id: string) => `${resource}/${encodeURIComponent(id)}`;
  return {
    list: (request: ListRequest) => call<Page<StoredRecord>>(http.get(resource, { searchParams: listSearchParams(request) })),
    get: (id: string) => call<StoredRecord>(http.get(one(id))),
    /** With an idempotency key, a repeat of the same create answers the first answer instead of creating again. */
    create: (body: RecordBody, idempotencyKey?: string | null) =>
      call<StoredRecord>(http.post(resource, { json: body, headers: idempotencyHeaders(idempotencyKey) })),
    update: (id: string, body: RecordBody) => call<StoredRecord>(http.put(one(id), { json: body })),
    remove: async (id: string) => {
      await call<unknown>(http.delete(one(id)));
    },
  };
}

export type ResourceApi = ReturnType<typeof createResourceApi>;
