import { vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { Page } from '../../src/domain/resource';
import { listMachine, type FetchPageInput, type ListInput, type ListItem } from '../../src/machines/list.machine';
import { recordOutcomes } from './outcome-fixtures';

export const pageOf = (ids: string[], total = ids.length, totalIsEstimate = false): Page<ListItem> => ({
  items: ids.map((id) => ({ id })),
  total,
  totalIsEstimate,
});

export const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface ListFakes {
  fetchPage: (input: FetchPageInput) => Promise<Page<ListItem>>;
  deleteRecord: (input: { id: string }) => Promise<void>;
}

/** A list machine on fakes (a page of two rows, deletes that succeed) and a simulated clock; its outcomes are recorded. */
export function startList(input: Partial<ListInput> = {}, overrides: Partial<ListFakes> = {}) {
  const fakes = {
    fetchPage: vi.fn(overrides.fetchPage ?? (async () => pageOf(['a', 'b'], 12))),
    deleteRecord: vi.fn(overrides.deleteRecord ?? (async () => {})),
  };
  const clock = new SimulatedClock();
  const recorded = recordOutcomes();
  const actor = createActor(
    listMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input: request }) => fakes.fetchPage(request)),
        deleteRecord: fromPromise(({ input: target }) => fakes.deleteRecord(target)),
      },
      actions: recorded.actions,
    }),
    { clock, input: { allowedSorts: ['name', 'email'], ...input } },
  );
  actor.start();
  const query = () => actor.getSnapshot().context.query;
  const lastRequest = () => fakes.fetchPage.mock.calls.at(-1)![0];
  return { actor, clock, fakes, outcomes: recorded.outcomes, query, lastRequest };
}
