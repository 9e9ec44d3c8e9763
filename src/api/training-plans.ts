import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import type { ListRequest, StoredRecord } from '../domain/resource';
import { call } from './http';
import { cacheResourceApi, invalidatingWrite, type CacheKey, type Reload } from './resource-cache';
import { createResourceApi } from './resources';
import type { TrainingPlanItem, TrainingPlanModule } from '../domain/training-plans';

/** A resource whose rows the user orders: the five calls, and `PUT {path}/order` with every id in the new order. */
export function createOrderedResourceApi<Item extends OrderedRecord>(http: KyInstance, path: string, idsField: string) {
  return {
    ...createResourceApi<Item>(http, path),
    reorder: async (ids: readonly string[]) => {
      await call<unknown>(http.put(`${path}/order`, { json: { [idsField]: ids } }));
    },
  };
}

/** A row the user orders: a stored record with its 1-based `order`. */
export type OrderedRecord = StoredRecord & Pick<TrainingPlanModule, 'order'>;

export type OrderedResourceApi<Item extends OrderedRecord = OrderedRecord> = ReturnType<typeof createOrderedResourceApi<Item>>;

const segment = encodeURIComponent;

/** The modules of a plan and the items of a module (docs/api-contract.md, "Modules", "Items"). */
export interface TrainingPlanApis {
  modules: (planId: string) => OrderedResourceApi<TrainingPlanModule>;
  items: (planId: string, moduleId: string) => OrderedResourceApi<TrainingPlanItem>;
}

export const createTrainingPlanApis = (http: KyInstance): TrainingPlanApis => ({
  modules: (planId) => createOrderedResourceApi<TrainingPlanModule>(http, `training-plans/${segment(planId)}/modules`, 'moduleIds'),
  items: (planId, moduleId) =>
    createOrderedResourceApi<TrainingPlanItem>(http, `training-plans/${segment(planId)}/modules/${segment(moduleId)}/items`, 'itemIds'),
});

/** Every row at once, in order: the API's largest page (a plan's modules and a module's items are few). */
export const ALL_ROWS: ListRequest = { query: { page: 1, pageSize: 100, sortBy: null, sortOrder: 'asc', search: '' }, filters: {} };

const keys = {
  plans: ['training-plans'] as CacheKey,
  modules: (planId: string): CacheKey => ['training-plan-modules', planId],
  items: (planId: string, moduleId: string): CacheKey => ['training-plan-items', planId, moduleId],
};

/** An ordered resource through the query cache: its rows all at once, and a reorder that is a write like the others. */
function cacheOrderedApi<Item extends OrderedRecord>(
  api: OrderedResourceApi<Item>,
  queryClient: QueryClient,
  key: CacheKey,
  alsoInvalidates: readonly CacheKey[],
) {
  const cached = cacheResourceApi(api, queryClient, key, alsoInvalidates);
  const write = invalidatingWrite(queryClient, [key, ...alsoInvalidates]);
  return {
    ...cached,
    listAll: (reload: Reload) => cached.list(ALL_ROWS, reload),
    reorder: (ids: readonly string[]) => write(() => api.reorder(ids)),
  };
}

export type CachedOrderedApi<Item extends OrderedRecord = OrderedRecord> = ReturnType<typeof cacheOrderedApi<Item>>;

/**
 * Modules and items through the query cache: changing a plan's modules makes its plan (list and record)
 * be asked for again, and changing a module's items makes the plan's modules (their item counts) be asked for again.
 */
export function cacheTrainingPlanApis(apis: TrainingPlanApis, queryClient: QueryClient) {
  return {
    modules: (planId: string) => cacheOrderedApi(apis.modules(planId), queryClient, keys.modules(planId), [keys.plans]),
    items: (planId: string, moduleId: string) =>
      cacheOrderedApi(apis.items(planId, moduleId), queryClient, keys.items(planId, moduleId), [keys.modules(planId)]),
  };
}
