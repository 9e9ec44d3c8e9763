import type { AnyMachineSnapshot } from 'xstate';
import { orderedListMachine, type OrderedListContext, type OrderedPage } from '../../../src/machines/ordered-list.machine';
import { done, error } from '../../machines/graph-paths';
import { pageOf, publishedPlan, serverError } from '../../machines/ordered-list-fixtures';
import type { MachineModel } from '../model';

export const orderedListModel: MachineModel = {
  name: 'ordered-list',
  summary: "A plan's modules or a module's items: ordered rows moved by keyboard or drag, the order saved, rows deleted while the plan is a draft.",
  machine: orderedListMachine,
  bounded: 'A state is its value, the order shown, the picked and the deleting row and the owner status; two rows (a, b) are enough for every move.',
  scenarios: [
    {
      name: 'modules',
      input: { deleteWhen: { field: 'status', oneOf: ['DRAFT'] } },
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { items, pickedId, deletingId, owner } = snapshot.context as OrderedListContext;
        return JSON.stringify({
          value: snapshot.value,
          order: items.map(({ id }) => id).join(''),
          pickedId,
          deletingId,
          owner: (owner as { status?: string } | null)?.status ?? null,
        });
      },
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
    },
  ],
  provide: (invoked) =>
    orderedListMachine.provide({
      actors: { fetchItems: invoked<OrderedPage, void>(), saveOrder: invoked<void, { ids: string[] }>(), deleteItem: invoked<void, { id: string }>() },
    }),
  invariants: [
    ['rows keep their identity: no row lost or doubled by a move', (s) => new Set((s.context as OrderedListContext).items.map(({ id }) => id)).size === (s.context as OrderedListContext).items.length],
    [
      'a row is picked only while it is arranged or its new order saved',
      (s) => (s.context as OrderedListContext).pickedId === null || s.matches({ ready: 'arranging' }) || s.matches('saving'),
    ],
  ],
};
