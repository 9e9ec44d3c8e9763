import { fromPromise } from 'xstate';
import type { CachedOrderedApi, OrderedRecord } from '../api/training-plans';
import { orderedListMachineOf, type OrderedPage } from '../machines/ordered-list.machine';
import type { TrainingPlanItem, TrainingPlanModule } from '../domain/training-plans';
import type { OrderedMachines, TrainingPlanMachines } from '../views/actors';
import type { CachedApis, CachedResourceApi } from './cached-apis';
import { provideRecordForm } from './keyed-form';
import type { OutcomeActions } from './outcomes';

const cached = { reload: false };

/** What `build` gives for a key, built the first time the key is asked for and handed out again after. */
function builtOnce<Built>() {
  const built = new Map<string, Built>();
  return (key: string, build: () => Built): Built => {
    if (!built.has(key)) built.set(key, build());
    return built.get(key)!;
  };
}

/**
 * A plan's modules and a module's items: the form of one, and the ordered table of all, which loads the rows with
 * their plan (its status says whether rows may be deleted). Every call goes through the query cache; the machines of
 * one plan's modules (one module's items) are built once and handed out again.
 */
export function provideTrainingPlanMachines(
  nested: CachedApis['trainingPlans'],
  plans: CachedResourceApi,
  outcomes: OutcomeActions,
): TrainingPlanMachines {
  const machinesOf = <Item extends OrderedRecord>(api: CachedOrderedApi<Item>, planId: string): OrderedMachines<Item> => ({
    form: provideRecordForm(api, outcomes),
    ordered: orderedListMachineOf<Item>().provide({
      actors: {
        fetchItems: fromPromise(async (): Promise<OrderedPage<Item>> => {
          const [page, plan] = await Promise.all([api.listAll(cached), plans.get(planId, cached)]);
          return { items: page.items, owner: plan };
        }),
        saveOrder: fromPromise(({ input }) => api.reorder(input.ids)),
        deleteItem: fromPromise(({ input }) => api.remove(input.id)),
      },
      actions: outcomes,
    }),
  });
  const modules = builtOnce<OrderedMachines<TrainingPlanModule>>();
  const items = builtOnce<OrderedMachines<TrainingPlanItem>>();
  return {
    modules: (planId) => modules(JSON.stringify([planId]), () => machinesOf(nested.modules(planId), planId)),
    items: (planId, moduleId) => items(JSON.stringify([planId, moduleId]), () => machinesOf(nested.items(planId, moduleId), planId)),
  };
}
