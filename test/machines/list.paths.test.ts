import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Page } from '../../src/domain/resource';
import {
  FOLLOW_INTERVAL_MS,
  listMachine,
  SEARCH_DEBOUNCE_MS,
  type FetchPageInput,
  type ListContext,
  type ListItem,
} from '../../src/machines/list.machine';
import { after, definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions, type GraphEvent } from './graph-paths';
import { pageOf, serverError } from './list-fixtures';

const input = { allowedSorts: ['name'] };

/**
 * States differ by value and page only: the page is what the guards of these events look at (page 2 once,
 * a deleted last row of page 2 going back to page 1), so the graph stays small and every branch is reached.
 */
const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, page: (snapshot.context as ListContext).query.page });

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(listMachine, {
  input,
  events: [
    ['page 2', { type: 'list.page', page: 2 }],
    ['page size 25', { type: 'list.pageSize', pageSize: 25 }],
    ['sort name desc', { type: 'list.sort', sortBy: 'name', sortOrder: 'desc' }],
    ['type "acme"', { type: 'list.search', text: 'acme' }],
    ['address: page 2', { type: 'list.restore', query: { page: '2' } }],
    ['refresh', { type: 'list.refresh' }],
    ['retry', { type: 'list.retry' }],
    ['delete row', { type: 'list.delete', id: 'a' }],
    ['confirm', { type: 'list.confirmDelete' }],
    ['cancel', { type: 'list.cancelDelete' }],
    ['pause in typing', after('searchDebounce', 'list.debouncingSearch')],
    ['fetch: one row', done('fetchPage', pageOf(['a'], 11))],
    ['fetch: none', done('fetchPage', pageOf([], 0))],
    ['fetch: 500', error('fetchPage', serverError)],
    ['delete: ok', done('deleteRecord', undefined)],
    ['delete: 500', error('deleteRecord', serverError)],
  ],
  serializeState,
});

const provide: DriveOptions['provide'] = (invoked) =>
  listMachine.provide({
    actors: { fetchPage: invoked<Page<ListItem>, FetchPageInput>(), deleteRecord: invoked<void, { id: string }>() },
  });

const delays = { searchDebounce: SEARCH_DEBOUNCE_MS, followInterval: FOLLOW_INTERVAL_MS };

const options: DriveOptions = { input, describeEvent, serializeState, delays, provide };

/** A list that follows rows being processed: what the rows' statuses are decides whether it fetches again. */
const followingInput = { allowedSorts: ['name'], followWhile: { field: 'status', oneOf: ['PENDING_PROCESSING'] } };
const rows = (...statuses: string[]): Page<ListItem> => ({
  items: statuses.map((status, index) => ({ id: `r${index}`, status }) as ListItem),
  total: statuses.length,
  totalIsEstimate: false,
});
const followingSerialization = (snapshot: AnyMachineSnapshot) => {
  const { items } = snapshot.context as ListContext;
  return JSON.stringify({ value: snapshot.value, statuses: items.map((item) => (item as ListItem & { status: string }).status) });
};
const followingEvents: Array<[string, GraphEvent]> = [
  ['refresh', { type: 'list.refresh' }],
  ['delete row', { type: 'list.delete', id: 'r0' }],
  ['cancel', { type: 'list.cancelDelete' }],
  ['3 s pass', after('followInterval', 'list.ready.withData')],
  ['fetch: processing', done('fetchPage', rows('PENDING_PROCESSING', 'READY'))],
  ['fetch: all ready', done('fetchPage', rows('READY'))],
  ['follow: still processing', done('followPage', rows('PENDING_PROCESSING', 'READY'))],
  ['follow: now ready', done('followPage', rows('READY', 'READY'))],
  ['follow: none left', done('followPage', rows())],
  ['follow: 500', error('followPage', serverError)],
];
const following = explore(listMachine, { input: followingInput, events: followingEvents, serializeState: followingSerialization });
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
