import type { QueryClient } from '@tanstack/query-core';
import { fromPromise } from 'xstate';
import { cacheResourceApi } from '../api/resource-cache';
import type { ResourceApi } from '../api/resources';
import type { TrainingPlan } from '../domain/training-plans';
import { cacheTrainingPlanApis, type CachedOrderedApi, type OrderedRecord, type TrainingPlanApis } from '../api/training-plans';
import { orderedListMachine, type OrderedPage } from '../machines/ordered-list.machine';
import type { OrderedMachines, TrainingPlanMachines } from '../views/actors';
import { keyedFormMachine } from './keyed-form';

const cached = { reload: false };

/**
 * A plan's modules and a module's items: the form of one, and the ordered table of all, which loads the rows with
 * their plan (its status says whether rows may be deleted). Every call goes through the query cache.
 */
export function provideTrainingPlanMachines(
  apis: TrainingPlanApis,
  plansApi: ResourceApi<TrainingPlan>,
  queryClient: QueryClient,
): TrainingPlanMachines {
  const nested = cacheTrainingPlanApis(apis, queryClient);
  const plans = cacheResourceApi(plansApi, queryClient, 'training-plans');
  const machinesOf = <Item extends OrderedRecord>(api: CachedOrderedApi<Item>, planId: string): OrderedMachines => ({
    form: keyedFormMachine.provide({
      actors: {
        loadRecord: fromPromise(({ input: { id, reload } }) => api.get(id, { reload })),
        saveRecord: fromPromise(({ input: { id, body, version, idempotencyKey } }) =>
          id === null ? api.create(body, idempotencyKey) : api.update(id, { ...body, version }),
        ),
        deleteRecord: fromPromise(({ input }) => api.remove(input.id)),
      },
    }),
    ordered: orderedListMachine.provide({
      actors: {
        fetchItems: fromPromise(async (): Promise<OrderedPage> => {
          const [page, plan] = await Promise.all([api.listAll(cached), plans.get(planId, cached)]);
          return { items: page.items, owner: plan };
        }),
        saveOrder: fromPromise(({ input }) => api.reorder(input.ids)),
        deleteItem: fromPromise(({ input }) => api.remove(input.id)),
      },
    }),
  });
  return {
    modules: (planId) => machinesOf(nested.modules(planId), planId),
    items: (planId, moduleId) => machinesOf(nested.items(planId, moduleId), planId),
  };
}
