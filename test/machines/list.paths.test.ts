import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FOLLOW_INTERVAL_MS, listMachine, SEARCH_DEBOUNCE_MS, type ListContext, type ListItem } from '../../src/machines/list.machine';
import type { Scenario } from '../support/paths/model';
import { listModel } from '../support/models/list';
import { definedByMachine, drive, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';

const input = { allowedSorts: ['name'] };

/**
 * States differ by value and page only: the page is what the guards of these events look at (page 2 once,
 * a deleted last row of page 2 going back to page 1), so the graph stays small and every branch is reached.
 */
const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, page: (snapshot.context as ListContext).query.page });

// The events are the QA registry's (test/support/models/list.ts); this test explores them without the screen's limits.
const [paged, followingScenario] = listModel.scenarios as [Scenario, Scenario];

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(listMachine, { input, events: paged.events, serializeState });

const provide: DriveOptions['provide'] = listModel.provide;

const delays = { searchDebounce: SEARCH_DEBOUNCE_MS, followInterval: FOLLOW_INTERVAL_MS };

const options: DriveOptions = { input, describeEvent, serializeState, delays, provide };

/** A list that follows rows being processed: what the rows' statuses are decides whether it fetches again. */
const followingInput = { allowedSorts: ['name'], followWhile: { field: 'status', oneOf: ['PENDING_PROCESSING'] } };
const followingSerialization = (snapshot: AnyMachineSnapshot) => {
  const { items } = snapshot.context as ListContext;
  return JSON.stringify({ value: snapshot.value, statuses: items.map((item) => (item as ListItem & { status: string }).status) });
};
const following = explore(listMachine, { input: followingInput, events: followingScenario.events, serializeState: followingSerialization });
const followingOptions: DriveOptions = {
  input: followingInput,
  describeEvent: following.describeEvent,
  serializeState: followingSerialization,
  delays,
  provide,
};

describe('list machine: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));
});

describe('list machine: every transition', () => {
  it.each(transitionPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));

  it.each(following.transitionPaths.map((path) => [`following rows: ${following.describePath(path)}`, path] as const))('%s', (_, path) =>
    drive(path, followingOptions),
  );

  it('together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    for (const path of following.transitionPaths) await drive(path, { ...followingOptions, inspect: executed.inspect });
    const defined = definedByMachine(listMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });
});
