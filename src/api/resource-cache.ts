import type { QueryClient } from '@tanstack/query-core';
import type { ListRequest, RecordBody, ResourceName, StoredRecord } from '../domain/resource';
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
  };
}
