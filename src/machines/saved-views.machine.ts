import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { SavedView, SavedViewDraft } from '../domain/saved-views';
import { notProvided } from './not-provided';
import { deleteFailedNotice, outcomeActions } from './outcomes';

export interface SavedViewsInput {
  /** The list's path in the console (`/users`): its views are loaded, and a save is of it. */
  list: string;
}

export interface SavedViewsContext {
  list: string;
  /** The user's views of the list, by name. */
  views: SavedView[];
  /** Why the views could not be loaded (state `error`). */
  failure: Failure | null;
  /** The address being saved (its query string) and the name typed for it. */
  query: string;
  name: string;
  /** The view being renamed (its new name is `name`); null while saving the address as a new view. */
  renamingId: string | null;
  /** Why the last save was refused (a name the list has, the limit): said in the dialog, which stays open. */
  saveFailure: Failure | null;
  /** The view whose delete is being confirmed or done. */
  deletingId: string | null;
}

export type SavedViewsEvent =
  | { type: 'savedViews.retry' }
  | { type: 'savedViews.startSave'; query: string }
  | { type: 'savedViews.name'; name: string }
  | { type: 'savedViews.save' }
  | { type: 'savedViews.cancel' }
  | { type: 'savedViews.rename'; id: string }
  | { type: 'savedViews.delete'; id: string }
  | { type: 'savedViews.confirmDelete' };

/** The name typed may be sent: not blank, and for a rename not the view's name as it is. */
function mayBeSaved({ name, renamingId, views }: SavedViewsContext) {
  const typed = name.trim();
  return typed.length > 0 && (renamingId === null || views.find((view) => view.id === renamingId)?.name !== typed);
}

const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * A list's saved views (issue 29): loaded when the list opens; "Save current view…" asks a name for the list's
 * address and saves it, a view's Rename asks its new name in the same dialog (a refusal is said there, and the dialog
 * stays open with the name); a view's delete is confirmed first. Opening a view is a link to its address: the list reads it like any address.
 */
export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    input: {} as SavedViewsInput,
  },
  actors: {
    loadViews: notProvided<SavedView[], { list: string }>('loadViews'),
    saveView: notProvided<SavedView, SavedViewDraft>('saveView'),
    renameView: notProvided<SavedView, { id: string; name: string }>('renameView'),
    deleteView: notProvided<void, { id: string }>('deleteView'),
  },
  guards: {
    /** A name to send: not blank, and for a rename not the view's name as it is. */
    named: ({ context }) => mayBeSaved(context),
    /** A view the menu lists: a stale click on a view gone meanwhile asks nothing. */
    listed: ({ context }, { id }: { id: string }) => context.views.some((view) => view.id === id),
    /** A rename with a name to send. */
    namedAnew: ({ context }) => context.renamingId !== null && mayBeSaved(context),
  },
  actions: outcomeActions,
}).createMachine({
  id: 'savedViews',
  context: ({ input }) => ({
    list: input.list,
    views: [],
    failure: null,
    query: '',
    name: '',
    renamingId: null,
    saveFailure: null,
    deletingId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadViews',
        src: 'loadViews',
        input: ({ context }) => ({ list: context.list }),
        onDone: { target: 'idle', actions: assign({ views: ({ event }) => [...event.output].sort(byName), failure: null }) },
        onError: { target: 'error', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    error: {
      description: 'The views could not be loaded: the menu says so and offers Retry.',
      on: { 'savedViews.retry': 'loading' },
    },
    idle: {
      on: {
        'savedViews.startSave': {
          target: 'naming',
          actions: assign({ query: ({ event }) => event.query, name: '', renamingId: null, saveFailure: null }),
        },
        'savedViews.rename': {
          guard: { type: 'listed', params: ({ event }) => event },
          target: 'naming',
          actions: assign(({ context, event }) => ({
            renamingId: event.id,
            name: context.views.find((view) => view.id === event.id)!.name,
            saveFailure: null,
          })),
        },
        'savedViews.delete': {
          guard: { type: 'listed', params: ({ event }) => event },
          target: 'confirmingDelete',
          actions: assign({ deletingId: ({ event }) => event.id }),
        },
      },
    },
    naming: {
      description: "The dialog asks a name for the address, or a view's new name; Save waits for one.",
      on: {
        'savedViews.name': { actions: assign({ name: ({ event }) => event.name }) },
        'savedViews.save': [
          { guard: 'namedAnew', target: 'renaming' },
          { guard: 'named', target: 'saving' },
        ],
        'savedViews.cancel': { target: 'idle', actions: assign({ renamingId: null, saveFailure: null }) },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveView',
        src: 'saveView',
        input: ({ context }) => ({ list: context.list, name: context.name.trim(), query: context.query }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              views: ({ context, event }) => [...context.views, event.output].sort(byName),
              saveFailure: null,
            }),
            {
              type: 'notify',
              params: ({ event }) => ({ severity: 'success', messageKey: 'savedViews.saved', values: { name: event.output.name } }),
            },
          ],
        },
        onError: { target: 'naming', actions: assign({ saveFailure: ({ event }) => event.error as Failure }) },
      },
    },
    renaming: {
      tags: 'busy',
      invoke: {
        id: 'renameView',
        src: 'renameView',
        input: ({ context }) => ({ id: context.renamingId!, name: context.name.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              views: ({ context, event }) => context.views.map((view) => (view.id === event.output.id ? event.output : view)).sort(byName),
              renamingId: null,
              saveFailure: null,
            }),
            {
              type: 'notify',
              params: ({ event }) => ({ severity: 'success', messageKey: 'savedViews.renamed', values: { name: event.output.name } }),
            },
          ],
        },
        onError: { target: 'naming', actions: assign({ saveFailure: ({ event }) => event.error as Failure }) },
      },
    },
    confirmingDelete: {
      on: {
        'savedViews.confirmDelete': 'deleting',
        'savedViews.cancel': { target: 'idle', actions: assign({ deletingId: null }) },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteView',
        src: 'deleteView',
        input: ({ context }) => ({ id: context.deletingId! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ views: ({ context }) => context.views.filter((view) => view.id !== context.deletingId), deletingId: null }),
            { type: 'notify', params: { severity: 'success', messageKey: 'savedViews.deleted' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [assign({ deletingId: null }), { type: 'notify', params: ({ event }) => deleteFailedNotice(event.error as Failure) }],
        },
      },
    },
  },
});

export type SavedViewsSnapshot = SnapshotFrom<typeof savedViewsMachine>;

export const selectViews = (snapshot: SavedViewsSnapshot) => snapshot.context.views;
export const selectIsBusy = (snapshot: SavedViewsSnapshot) => snapshot.hasTag('busy');
export const selectLoadFailure = (snapshot: SavedViewsSnapshot) => (snapshot.matches('error') ? snapshot.context.failure : null);
export const selectIsNaming = (snapshot: SavedViewsSnapshot) =>
  snapshot.matches('naming') || snapshot.matches('saving') || snapshot.matches('renaming');
/** The view whose new name the dialog asks; null while it names the address as a new view. */
export const selectRenaming = (snapshot: SavedViewsSnapshot) =>
  snapshot.context.views.find((view) => view.id === snapshot.context.renamingId) ?? null;
export const selectName = (snapshot: SavedViewsSnapshot) => snapshot.context.name;
/** Save is enabled: a name to send (for a rename, another than the view's). */
export const selectMaySave = (snapshot: SavedViewsSnapshot) => mayBeSaved(snapshot.context);
export const selectSaveFailure = (snapshot: SavedViewsSnapshot) => snapshot.context.saveFailure;
export const selectDeleting = (snapshot: SavedViewsSnapshot) =>
  snapshot.matches('confirmingDelete') || snapshot.matches('deleting')
    ? (snapshot.context.views.find((view) => view.id === snapshot.context.deletingId) ?? null)
    : null;
