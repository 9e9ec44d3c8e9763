import { describe, expect, it } from 'vitest';
import { orderedListMachine, type OrderedPage } from '../../src/machines/ordered-list.machine';
import { orderedListModel } from '../support/models/ordered-list';
import { definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';
import { pageOf, publishedPlan, serverError } from '../support/fixtures/ordered-list';

const input = { deleteWhen: { field: 'status', oneOf: ['DRAFT'] } };

/** States differ by value, the order shown, the picked and the deleting row, and whether the owner allows deleting (as in QA's model). */
const { serializeState } = orderedListModel.scenarios[0]!;

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(orderedListMachine, {
  input,
  events: [
    ['pick up a', { type: 'ordered.pickUp', id: 'a' }],
    ['step down', { type: 'ordered.step', offset: 1 }],
    ['step up', { type: 'ordered.step', offset: -1 }],
    ['drag over a', { type: 'ordered.moveOver', id: 'a' }],
    ['drag over b', { type: 'ordered.moveOver', id: 'b' }],
    ['drop', { type: 'ordered.drop' }],
    ['cancel move', { type: 'ordered.cancel' }],
    ['move b up', { type: 'ordered.move', id: 'b', offset: -1 }],
    ['delete b', { type: 'ordered.delete', id: 'b' }],
    ['confirm', { type: 'ordered.confirmDelete' }],
    ['cancel delete', { type: 'ordered.cancelDelete' }],
    ['retry', { type: 'ordered.retry' }],
    ['fetch: a, b of a draft', done('fetchItems', pageOf(['a', 'b']))],
    ['fetch: a, b of a published plan', done('fetchItems', pageOf(['a', 'b'], publishedPlan))],
    ['fetch: none', done('fetchItems', pageOf([]))],
    ['fetch: 500', error('fetchItems', serverError)],
    ['save: ok', done('saveOrder', undefined)],
    ['save: 500', error('saveOrder', serverError)],
    ['delete: ok', done('deleteItem', undefined)],
    ['delete: 500', error('deleteItem', serverError)],
  ],
  serializeState,
});

const options: DriveOptions = {
  input,
  describeEvent,
  serializeState,
  provide: (invoked) =>
    orderedListMachine.provide({
      actors: { fetchItems: invoked<OrderedPage, void>(), saveOrder: invoked<void, { ids: string[] }>(), deleteItem: invoked<void, { id: string }>() },
    }),
};

describe('ordered list machine: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));
});

describe('ordered list machine: every transition', () => {
  it.each(transitionPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));

  it('together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    const defined = definedByMachine(orderedListMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });

  it('reach the outcomes that matter: a saved reorder, a rolled-back one, a deletion asked, cancelled and failed', () => {
    const described = transitionPaths.map(describePath);
    for (const outcome of ['drop → save: ok', 'drop → save: 500', 'delete b → cancel delete', 'confirm → delete: 500', 'fetch: 500', 'fetch: none']) {
      expect(described.some((path) => path.includes(outcome)), outcome).toBe(true);
    }
  });
});
