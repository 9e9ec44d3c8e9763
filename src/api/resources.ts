import type { KyInstance } from 'ky';
import type { BulkReport, BulkRequest } from '../domain/bulk';
import type { ListRequest, Page, RecordBody, ResourceName, ResourceRecords, StoredRecord } from '../domain/resource';
import { call } from './http';
import { idempotencyHeaders } from './idempotency';

/** The list parameters of docs/api-contract.md: no `sortBy` and no empty `search` unless given. */
export function listSearchParams({ query, filters }: ListRequest): Record<string, string | number> {
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.sortBy ? { sortBy: query.sortBy } : {}),
    sortOrder: query.sortOrder,
    ...(query.search ? { search: query.search } : {}),
    ...filters,
  };
}

/** The five calls every resource answers, answering its records (`Item`); bodies are the forms' (the API checks them). */
export interface ResourceApi<Item extends StoredRecord = StoredRecord> {
  list(request: ListRequest): Promise<Page<Item>>;
  get(id: string): Promise<Item>;
  /** With an idempotency key, a repeat of the same create answers the first answer instead of creating again. */
  create(body: RecordBody, idempotencyKey?: string | null): Promise<Item>;
  update(id: string, body: RecordBody): Promise<Item>;
  remove(id: string): Promise<void>;
  /** One action on many rows (`POST /{resource}/bulk`), safe to repeat with the same key. */
  bulk?(request: BulkRequest, idempotencyKey: string): Promise<BulkReport>;
}

/**
 * The calls of one resource (`GET /{resource}`, `GET|PUT|DELETE /{resource}/{id}`, `POST /{resource}`);
 * `resource` may be a nested path (`training-plans/{id}/modules`).
 */
export function createResourceApi<Item extends StoredRecord>(http: KyInstance, resource: string): ResourceApi<Item> {
  const one = (id: string) => `${resource}/${encodeURIComponent(id)}`;
  return {
    list: (request) => call<Page<Item>>(http.get(resource, { searchParams: listSearchParams(request) })),
    get: (id) => call<Item>(http.get(one(id))),
    create: (body, idempotencyKey) => call<Item>(http.post(resource, { json: body, headers: idempotencyHeaders(idempotencyKey) })),
    update: (id, body) => call<Item>(http.put(one(id), { json: body })),
    remove: async (id) => {
      await call<unknown>(http.delete(one(id)));
    },
    bulk: (request, idempotencyKey) =>
      call<BulkReport>(http.post(`${resource}/bulk`, { json: request, headers: idempotencyHeaders(idempotencyKey) })),
  };
}

export type ResourceApis = { [Name in ResourceName]: ResourceApi<ResourceRecords[Name]> };

export const createResourceApis = (http: KyInstance): ResourceApis => ({
  companies: createResourceApi(http, 'companies'),
  tenants: createResourceApi(http, 'tenants'),
  users: createResourceApi(http, 'users'),
  topics: createResourceApi(http, 'topics'),
  contents: createResourceApi(http, 'contents'),
  'training-plans': createResourceApi(http, 'training-plans'),
  quizzes: createResourceApi(http, 'quizzes'),
  groups: createResourceApi(http, 'groups'),
});
