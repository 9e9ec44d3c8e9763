import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import {
  orderedListMachine,
  type OrderedItem,
  type OrderedListInput,
  type OrderedPage,
} from '../../src/machines/ordered-list.machine';
import { recordOutcomes } from './outcome-fixtures';

export const rowsOf = (ids: string[]): OrderedItem[] => ids.map((id, index) => ({ id, order: index + 1 }));

export const draftPlan = { id: 'plan-1', status: 'DRAFT' };
export const publishedPlan = { id: 'plan-1', status: 'PUBLISHED' };

export const pageOf = (ids: string[], owner: object | null = draftPlan): OrderedPage => ({ items: rowsOf(ids), owner });

export const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface OrderedFakes {
  fetchItems: () => Promise<OrderedPage>;
  saveOrder: (input: { ids: string[] }) => Promise<void>;
  deleteItem: (input: { id: string }) => Promise<void>;
}

/** An ordered list on fakes (rows a, b, c of a DRAFT plan; saves and deletes that succeed); its outcomes are recorded. */
export function startOrderedList(input: OrderedListInput = {}, overrides: Partial<OrderedFakes> = {}) {
  const fakes = {
    fetchItems: vi.fn(overrides.fetchItems ?? (async () => pageOf(['a', 'b', 'c']))),
    saveOrder: vi.fn(overrides.saveOrder ?? (async () => {})),
    deleteItem: vi.fn(overrides.deleteItem ?? (async () => {})),
  };
  const recorded = recordOutcomes();
  const actor = createActor(
    orderedListMachine.provide({
      actors: {
        fetchItems: fromPromise(() => fakes.fetchItems()),
        saveOrder: fromPromise(({ input: order }) => fakes.saveOrder(order)),
        deleteItem: fromPromise(({ input: target }) => fakes.deleteItem(target)),
      },
      actions: recorded.actions,
    }),
    { input },
  );
  actor.start();
  const ids = () => actor.getSnapshot().context.items.map(({ id }) => id);
  return { actor, fakes, outcomes: recorded.outcomes, ids };
}
