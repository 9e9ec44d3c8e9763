import type { BulkRequest } from '../domain/bulk';
import type { QueryClient } from '@tanstack/query-core';
import type { ListRequest, Page, RecordBody, ResourceName, StoredRecord } from '../domain/resource';
import type { ResourceApi } from './resources';

/** A page or record fetched less than this long ago is shown again without a call (back, forward, returning from a form). */
export const FRESH_FOR_MS = 30_000;

/** Cache keys: everything of a resource starts with its key, its name (or, for nested rows, names and ids). */
export type CacheKey = readonly string[];

const resourceKeys = {
  all: (resource: ResourceName | CacheKey): CacheKey => (typeof resource === 'string' ? [resource] : resource),
  list: (resource: ResourceName | CacheKey, request: ListRequest) => [...resourceKeys.all(resource), 'list', request],
  record: (resource: ResourceName | CacheKey, id: string) => [...resourceKeys.all(resource), 'record', id],
};

export interface Reload {
  /** Ask the API even when a fresh copy is cached. */
  reload: boolean;
}

/** A write whose outcome, whatever it is, makes the next read of everything under `keys` ask the API. */
export function invalidatingWrite(queryClient: QueryClient, keys: readonly CacheKey[]) {
  return async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } finally {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    }
  };
}

/**
 * An answer asked for before the query cache existed (at start, from the page's address): a page of a resource's
 * list, or one of its records, as the cache's `list` and `get` below would have asked for it.
 */
export type PrimedAnswer =
  | { resource: ResourceName; request: ListRequest; answer: Promise<Page<StoredRecord>> }
  | { resource: ResourceName; id: string; answer: Promise<StoredRecord> };

/**
 * Puts answers asked for ahead into the cache under the keys of {@link cacheResourceApi}'s reads: the first read of
 * the same page or record finds the answer, or the request still in flight, and asks nothing more. An answer that
 * failed is asked for once more, by `askAgain` (the console's own call), and that answer is the read's.
 */
export function primeResourceCache(
  queryClient: QueryClient,
  answers: readonly PrimedAnswer[],
  askAgain: (primed: PrimedAnswer) => Promise<unknown>,
) {
  for (const primed of answers) {
    const queryKey = 'id' in primed ? resourceKeys.record(primed.resource, primed.id) : resourceKeys.list(primed.resource, primed.request);
    void queryClient.prefetchQuery<unknown>({
      queryKey: [...queryKey],
      queryFn: () => primed.answer.catch(() => askAgain(primed)),
      staleTime: FRESH_FOR_MS,
    });
  }
}

/**
 * A resource's calls through the query cache: reads are queries keyed by resource, and every write,
 * whatever its outcome, invalidates the resource's lists and records so the next read asks the API,
 * and the data of the resources listed in `alsoInvalidates` (modules refresh plans, items refresh modules).
 */
export function cacheResourceApi<Item extends StoredRecord>(
  api: ResourceApi<Item>,
  queryClient: QueryClient,
  resource: ResourceName | CacheKey,
  alsoInvalidates: readonly CacheKey[] = [],
) {
  const read = <T>(queryKey: unknown[], queryFn: () => Promise<T>, { reload }: Reload) =>
    queryClient.fetchQuery({ queryKey, queryFn, staleTime: reload ? 0 : FRESH_FOR_MS });
  const write = invalidatingWrite(queryClient, [resourceKeys.all(resource), ...alsoInvalidates]);
  return {
    list: (request: ListRequest, reload: Reload) => read(resourceKeys.list(resource, request), () => api.list(request), reload),
    get: (id: string, reload: Reload) => read(resourceKeys.record(resource, id), () => api.get(id), reload),
    create: (body: RecordBody, idempotencyKey?: string | null) => write(() => api.create(body, idempotencyKey)),
    update: (id: string, body: RecordBody) => write(() => api.update(id, body)),
    remove: (id: string) => write(() => api.remove(id)),
    bulk: (request: BulkRequest, idempotencyKey: string) =>
      write(() => (api.bulk ? api.bulk(request, idempotencyKey) : Promise.reject(new Error(`${String(resource)} has no bulk actions`)))),
  };
}
