import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import { holds, type Condition } from './condition';
import { notProvided } from './not-provided';
import type { Selectable } from './selectable';
import { deleteFailedNotice, outcomeActions } from './outcomes';

/** A row of a list the user orders by hand (a plan's modules, a module's items). */
export interface OrderedItem {
  id: string;
  /** 1-based position. */
  order: number;
}

export interface OrderedPage<Row extends OrderedItem = OrderedItem> {
  /** Every row, in order. */
  items: Row[];
  /** The record the rows belong to, whose state says whether they may be deleted (the training plan). */
  owner: object | null;
}

export interface OrderedListInput {
  /** Rows may be deleted only while their owner meets this; always when absent. */
  deleteWhen?: Condition;
  /** The i18n key of the notice once a row is deleted ("Module deleted"); a generic one when absent. */
  deletedKey?: string;
}

export interface OrderedListContext<Row extends OrderedItem = OrderedItem> {
  deleteWhen: Condition | null;
  deletedKey: string;
  /** The rows as shown: a reorder shows at once, before the API confirms it. */
  items: Row[];
  /** The order the API holds: a cancelled or failed reorder comes back to it. */
  savedItems: Row[];
  owner: object | null;
  /** The row picked up (by keyboard or by dragging) and moving among the others. */
  pickedId: string | null;
  /** The row whose deletion waits for confirmation or runs. */
  deletingId: string | null;
  failure: Failure | null;
}

export type OrderedListEvent =
  | { type: 'ordered.retry' }
  | { type: 'ordered.pickUp'; id: string }
  | { type: 'ordered.step'; offset: number }
  | { type: 'ordered.moveOver'; id: string }
  | { type: 'ordered.drop' }
  | { type: 'ordered.cancel' }
  | { type: 'ordered.move'; id: string; offset: number }
  | { type: 'ordered.delete'; id: string }
  | { type: 'ordered.confirmDelete' }
  | { type: 'ordered.cancelDelete' };

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const indexOf = (items: readonly OrderedItem[], id: string | null) => items.findIndex((item) => item.id === id);

const isInside = (items: readonly OrderedItem[], index: number) => index >= 0 && index < items.length;

/** The rows with one moved to `to`, numbered again from 1. */
export function moveItem<Row extends OrderedItem>(items: readonly Row[], id: string, to: number): Row[] {
  const from = indexOf(items, id);
  if (from < 0 || !isInside(items, to)) return [...items];
  const moved = [...items];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved.map((item, index) => (item.order === index + 1 ? item : { ...item, order: index + 1 }));
}

const idsOf = (items: readonly OrderedItem[]) => items.map(({ id }) => id);

const sameOrder = (a: readonly OrderedItem[], b: readonly OrderedItem[]) => idsOf(a).join('\n') === idsOf(b).join('\n');

/** The ordered list machine of one kind of row (a plan's modules, a module's items): one graph, its rows typed. */
export function orderedListMachineOf<Row extends OrderedItem>() {
  return setup({
    types: {
      input: {} as OrderedListInput,
      context: {} as OrderedListContext<Row>,
      events: {} as OrderedListEvent,
    },
    actors: {
      fetchItems: notProvided<OrderedPage<Row>>('fetchItems'),
      saveOrder: notProvided<void, { ids: string[] }>('saveOrder'),
      deleteItem: notProvided<void, { id: string }>('deleteItem'),
    },
    actions: {
      ...outcomeActions,
      showPage: assign((_, page: OrderedPage<Row>) => ({ items: page.items, savedItems: page.items, owner: page.owner, failure: null })),
      arrange: assign(({ context }, { id, to }: { id: string; to: number }) => ({ items: moveItem(context.items, id, to) })),
      restoreOrder: assign(({ context }) => ({ items: context.savedItems, pickedId: null })),
      forgetPicked: assign({ pickedId: null }),
      forgetDeletion: assign({ deletingId: null }),
    },
    guards: {
      hasItems: (_, page: OrderedPage<Row>) => page.items.length > 0,
      isRow: ({ context }, { id }: { id: string }) => indexOf(context.items, id) >= 0,
      isOtherRow: ({ context }, { id }: { id: string }) => id !== context.pickedId && indexOf(context.items, id) >= 0,
      canStep: ({ context }, { offset }: { offset: number }) => isInside(context.items, indexOf(context.items, context.pickedId) + offset),
      canMove: ({ context }, { id, offset }: { id: string; offset: number }) => {
        const index = indexOf(context.items, id);
        return index >= 0 && offset !== 0 && isInside(context.items, index + offset);
      },
      orderChanged: ({ context }) => !sameOrder(context.items, context.savedItems),
      canDelete: ({ context }, { id }: { id: string }) => indexOf(context.items, id) >= 0 && holds(context.deleteWhen, context.owner),
    },
  }).createMachine({
    id: 'ordered',
    context: ({ input }) => ({
      deleteWhen: input.deleteWhen ?? null,
      deletedKey: input.deletedKey ?? 'feedback.deleted',
      items: [],
      savedItems: [],
      owner: null,
      pickedId: null,
      deletingId: null,
      failure: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'busy',
        invoke: {
          id: 'fetchItems',
          src: 'fetchItems',
          onDone: [
            {
              guard: { type: 'hasItems', params: ({ event }) => event.output },
              target: 'ready',
              actions: { type: 'showPage', params: ({ event }) => event.output },
            },
            { target: 'empty', actions: { type: 'showPage', params: ({ event }) => event.output } },
          ],
          onError: { target: 'failure', actions: assign({ failure: failureOf }) },
        },
      },
      failure: {
        on: { 'ordered.retry': 'loading' },
      },
      empty: {},
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'ordered.pickUp': {
                guard: { type: 'isRow', params: ({ event }) => event },
                target: 'arranging',
                actions: assign({ pickedId: ({ event }) => event.id }),
              },
              'ordered.move': {
                description: 'One step up or down, saved at once (the Move up / Move down buttons).',
                guard: { type: 'canMove', params: ({ event }) => event },
                target: '#ordered.saving',
                actions: {
                  type: 'arrange',
                  params: ({ context, event }) => ({ id: event.id, to: indexOf(context.items, event.id) + event.offset }),
                },
              },
              'ordered.delete': {
                guard: { type: 'canDelete', params: ({ event }) => event },
                target: '#ordered.deleting',
                actions: assign({ deletingId: ({ event }) => event.id }),
              },
            },
          },
          arranging: {
            description: 'A row is picked up and moves among the others as shown; nothing is saved until it is dropped.',
            on: {
              'ordered.step': {
                guard: { type: 'canStep', params: ({ event }) => event },
                actions: {
                  type: 'arrange',
                  params: ({ context, event }) => ({
                    id: context.pickedId ?? '',
                    to: indexOf(context.items, context.pickedId) + event.offset,
                  }),
                },
              },
              'ordered.moveOver': {
                guard: { type: 'isOtherRow', params: ({ event }) => event },
                actions: {
                  type: 'arrange',
                  params: ({ context, event }) => ({ id: context.pickedId ?? '', to: indexOf(context.items, event.id) }),
                },
              },
              'ordered.drop': [
                { guard: 'orderChanged', target: '#ordered.saving' },
                { target: 'idle', actions: 'forgetPicked' },
              ],
              'ordered.cancel': { target: 'idle', actions: 'restoreOrder' },
            },
          },
        },
      },
      saving: {
        tags: 'busy',
        description: 'The new order is shown while the API stores it; if it cannot, the saved order comes back.',
        invoke: {
          id: 'saveOrder',
          src: 'saveOrder',
          input: ({ context }) => ({ ids: idsOf(context.items) }),
          onDone: { target: 'ready.idle', actions: assign(({ context }) => ({ savedItems: context.items, pickedId: null })) },
          onError: {
            target: 'ready.idle',
            actions: ['restoreOrder', { type: 'notify', params: { severity: 'error', messageKey: 'ordered.saveFailed' } }],
          },
        },
      },
      deleting: {
        description: 'A confirmation dialog is open: the rows hold still until it closes.',
        initial: 'confirming',
        states: {
          confirming: {
            on: {
              'ordered.confirmDelete': 'requesting',
              'ordered.cancelDelete': { target: '#ordered.ready.idle', actions: 'forgetDeletion' },
            },
          },
          requesting: {
            tags: 'busy',
            invoke: {
              id: 'deleteItem',
              src: 'deleteItem',
              input: ({ context }) => ({ id: context.deletingId ?? '' }),
              onDone: {
                target: '#ordered.loading',
                actions: [
                  'forgetDeletion',
                  { type: 'notify', params: ({ context }) => ({ severity: 'success', messageKey: context.deletedKey }) },
                ],
              },
              onError: {
                target: '#ordered.ready.idle',
                actions: ['forgetDeletion', { type: 'notify', params: ({ event }) => deleteFailedNotice(failureOf({ event })) }],
              },
            },
          },
        },
      },
    },
  });
}

/** The ordered list machine of rows known only by their id and position (tests, the path models). */
export const orderedListMachine = orderedListMachineOf<OrderedItem>();

export type OrderedListMachine<Row extends OrderedItem = OrderedItem> = ReturnType<typeof orderedListMachineOf<Row>>;

export type OrderedListSnapshot<Row extends OrderedItem = OrderedItem> = SnapshotFrom<OrderedListMachine<Row>>;

/** What the selectors read of an ordered list's snapshot, whatever its rows: a snapshot of any kind of row is one. */
export type OrderedListState<Row extends OrderedItem = OrderedItem> = Selectable<OrderedListSnapshot<Row>>;

export const selectOrderedItems = <Row extends OrderedItem>(snapshot: OrderedListState<Row>) => snapshot.context.items;
export const selectIsLoading = (snapshot: OrderedListState) => snapshot.matches('loading');
export const selectIsEmpty = (snapshot: OrderedListState) => snapshot.matches('empty');
export const selectFailure = (snapshot: OrderedListState) => (snapshot.matches('failure') ? snapshot.context.failure : null);
export const selectPickedId = (snapshot: OrderedListState) => (snapshot.matches({ ready: 'arranging' }) ? snapshot.context.pickedId : null);
export const selectIsSaving = (snapshot: OrderedListState) => snapshot.matches('saving');
export const selectDeletingId = (snapshot: OrderedListState) => (snapshot.matches('deleting') ? snapshot.context.deletingId : null);
export const selectIsBusy = (snapshot: OrderedListState) => snapshot.hasTag('busy');
/** Whether the owner's state lets rows be deleted (not while the plan is published); the view says why not. */
export const selectCanDelete = (snapshot: OrderedListState) => holds(snapshot.context.deleteWhen, snapshot.context.owner);
