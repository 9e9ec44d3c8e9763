import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import {
  orderedListMachine,
  type OrderedListContext,
  type OrderedListInput,
  type OrderedPage,
} from '../../../src/machines/ordered-list.machine';
import { modulesTable } from '../../../src/views/resources/training-plans';
import { done, error } from '../paths/graph-paths';
import { draftPlan, pageOf, publishedPlan } from '../fixtures/ordered-list';
import { defineModel } from '../paths/model';

/** What the API module makes of the error answers the UI tests send (docs/api-contract.md, "Errors", "Modules"). */
export const failures = {
  serverError: { kind: 'http', status: 500, message: 'Something went wrong. Please try again later.' },
  notADraft: { kind: 'http', status: 409, message: 'Set the plan back to Draft before deleting its modules' },
} satisfies Record<string, Failure>;

/** Row a is moved by keyboard, row b by dragging its handle with the mouse. */
export const keyboardRow = 'a';
export const draggedRow = 'b';

/** The table on screen is given the modules table's condition (a plan's modules are deleted only while it is a DRAFT). */
export const orderedInput: OrderedListInput = { deleteWhen: modulesTable.deleteWhen };

/**
 * One hand, one way of moving: while row b is dragged (a native drag) no key reaches the page, so it is not
 * stepped by the arrow keys; row a, moved by keyboard, is not dragged over rows. Rows are loaded again only after
 * one was deleted (the rows shown are still the old ones): the API then answers the others.
 */
const isImpossible = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  const { pickedId, items } = snapshot.context as OrderedListContext;
  if (event.type === 'ordered.step') return pickedId === draggedRow;
  if (event.type === 'ordered.moveOver') return pickedId !== draggedRow;
  if (event.type === 'xstate.done.actor.fetchItems') {
    return items.length > 0 && (event as unknown as { output: OrderedPage }).output.items.length !== items.length - 1;
  }
  return false;
};

export const orderedListModel = defineModel({
  name: 'ordered-list',
  summary:
    "A plan's modules or a module's items: ordered rows moved by keyboard or drag, the order saved, rows deleted while the plan is a draft.",
  machine: orderedListMachine,
  bounded:
    "Played on a plan's modules table (its input: rows deleted while the plan is a DRAFT). A state is its value, the order shown, the picked and the deleting row and the owner status; two rows (a, b) are enough for every move.",
  impossible: [
    'Row a is moved by keyboard (pick up, arrow keys, Space to drop, Escape to cancel), row b by dragging its handle: while b is dragged no key reaches the page (no step), and a is never dragged over a row.',
    'Rows load again only after a row was deleted: the API then answers one row fewer than the table shows.',
  ],
  scenarios: [
    {
      name: 'modules',
      input: orderedInput,
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
      isImpossible,
      events: [
        ['pick up a', { type: 'ordered.pickUp', id: keyboardRow }],
        ['step down', { type: 'ordered.step', offset: 1 }],
        ['step up', { type: 'ordered.step', offset: -1 }],
        ['drag b by its handle', { type: 'ordered.pickUp', id: draggedRow }],
        ['drag over a', { type: 'ordered.moveOver', id: keyboardRow }],
        ['drop', { type: 'ordered.drop' }],
        ['cancel move', { type: 'ordered.cancel' }],
        ['move b up', { type: 'ordered.move', id: 'b', offset: -1 }],
        ['delete b', { type: 'ordered.delete', id: 'b' }],
        ['confirm', { type: 'ordered.confirmDelete' }],
        ['cancel delete', { type: 'ordered.cancelDelete' }],
        ['retry', { type: 'ordered.retry' }],
        ['fetch: a, b of a draft', done('fetchItems', pageOf(['a', 'b'], draftPlan))],
        ['fetch: a, b of a published plan', done('fetchItems', pageOf(['a', 'b'], publishedPlan))],
        ['fetch: a of a draft', done('fetchItems', pageOf(['a'], draftPlan))],
        ['fetch: none', done('fetchItems', pageOf([], draftPlan))],
        ['fetch: 500', error('fetchItems', failures.serverError)],
        ['save: ok', done('saveOrder', undefined)],
        ['save: 500', error('saveOrder', failures.serverError)],
        ['delete: ok', done('deleteItem', undefined)],
        ['delete: 409 not a draft', error('deleteItem', failures.notADraft)],
      ],
    },
  ],
  requirements: [
    {
      id: 'ORDERED-LOAD',
      rule: "A plan's modules (a module's items) show in their order, say when there are none, or show the failure with Retry.",
      by: [
        'ordered.loading \u2014xstate.done.actor.fetchItems [hasItems]\u2192 ordered.ready',
        'ordered.loading \u2014xstate.done.actor.fetchItems\u2192 ordered.empty',
        'ordered.loading \u2014xstate.error.actor.fetchItems\u2192 ordered.failure',
        'ordered.failure \u2014ordered.retry\u2192 ordered.loading',
      ],
    },
    {
      id: 'ORDERED-MOVE',
      rule: 'Move up and Move down save the new order at once; the first row cannot go up nor the last down.',
      by: ['ordered.ready.idle \u2014ordered.move [canMove]\u2192 ordered.saving'],
    },
    {
      id: 'ORDERED-KEYBOARD',
      rule: 'A row picked up with the keyboard moves one step at a time; Drop saves a changed order, Cancel restores it.',
      by: [
        'ordered.ready.idle \u2014ordered.pickUp [isRow]\u2192 ordered.ready.arranging',
        'ordered.ready.arranging \u2014ordered.step [canStep]\u2192 itself',
        'ordered.ready.arranging \u2014ordered.drop [orderChanged]\u2192 ordered.saving',
        'ordered.ready.arranging \u2014ordered.drop\u2192 ordered.ready.idle',
        'ordered.ready.arranging \u2014ordered.cancel\u2192 ordered.ready.idle',
      ],
    },
    {
      id: 'ORDERED-DRAG',
      rule: 'A row dragged by its handle takes the place of the row it is dragged over.',
      by: ['ordered.ready.arranging \u2014ordered.moveOver [isOtherRow]\u2192 itself'],
    },
    {
      id: 'ORDERED-SAVE',
      rule: 'A saved order stays; a refused one goes back to the order before, with the reason.',
      by: [
        'ordered.saving \u2014xstate.done.actor.saveOrder\u2192 ordered.ready.idle',
        'ordered.saving \u2014xstate.error.actor.saveOrder\u2192 ordered.ready.idle',
      ],
    },
    {
      id: 'ORDERED-DELETE',
      rule: "Deleting a module or item asks for confirmation; only a draft plan's may go.",
      by: [
        'ordered.ready.idle \u2014ordered.delete [canDelete]\u2192 ordered.deleting',
        'ordered.deleting.confirming \u2014ordered.confirmDelete\u2192 ordered.deleting.requesting',
        'ordered.deleting.confirming \u2014ordered.cancelDelete\u2192 ordered.ready.idle',
        'ordered.deleting.requesting \u2014xstate.done.actor.deleteItem\u2192 ordered.loading',
        'ordered.deleting.requesting \u2014xstate.error.actor.deleteItem\u2192 ordered.ready.idle',
      ],
    },
  ],
  invariants: [
    [
      'rows keep their identity: no row lost or doubled by a move',
      (s) => new Set((s.context as OrderedListContext).items.map(({ id }) => id)).size === (s.context as OrderedListContext).items.length,
    ],
    [
      'a row is picked only while it is arranged or its new order saved',
      (s) => (s.context as OrderedListContext).pickedId === null || s.matches({ ready: 'arranging' }) || s.matches('saving'),
    ],
  ],
});
