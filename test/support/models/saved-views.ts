import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { SavedView } from '../../../src/domain/saved-views';
import { savedViewsMachine, type SavedViewsContext } from '../../../src/machines/saved-views.machine';
import { done, error } from '../paths/graph-paths';
import { defineModel, type GraphEvent } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SavedViewsContext;

const at = '2026-11-28T10:00:00.000Z';
/** The users list's view the user saved before: sorted by surname, searching "robotics". */
export const roboticsView: SavedView = {
  id: 'view-1',
  list: '/users',
  name: 'Robotics by surname',
  query: 'sortBy=surname&sortOrder=asc&search=robotics',
  createdAt: at,
  updatedAt: at,
};
/** The address saved now, and the name typed for it. */
export const currentQuery = 'pageSize=10&sortBy=email&sortOrder=desc&search=rossi';
export const typedName = 'Rossi by email';
export const savedView: SavedView = { ...roboticsView, id: 'view-2', name: typedName, query: currentQuery };
/** The view saved before, under the name typed for it. */
export const renamedView: SavedView = { ...roboticsView, name: typedName };

export const viewsUnreachable: Failure = { kind: 'http', status: 503, message: 'Service unavailable' };
export const nameTaken: Failure = {
  kind: 'http',
  status: 409,
  code: 'SAVED_VIEW_NAME_TAKEN',
  params: { name: typedName },
  message: `A view named "${typedName}" already exists for this list: choose another name`,
};
export const viewGone: Failure = { kind: 'http', status: 404, code: 'SAVED_VIEW_NOT_FOUND', message: 'Saved view not found' };

const loadEvents: Array<[label: string, event: GraphEvent]> = [
  ['views: loaded', done('loadViews', [roboticsView])],
  ['views: failed', error('loadViews', viewsUnreachable)],
  ['Retry', { type: 'savedViews.retry' }],
];

export const savedViewsModel = defineModel({
  name: 'saved-views',
  summary:
    "A list's saved views: loaded with the list, the address saved under a name typed in a dialog, a view renamed in the same dialog, a view deleted once confirmed.",
  machine: savedViewsMachine,
  bounded:
    'A state is its value, whether views are held, whether a name is typed, whether the last save was refused and the view being deleted; the views loaded are always the same one.',
  scenarios: [
    {
      name: 'save',
      input: { list: '/users' },
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          views: context(snapshot).views.length > 0,
          named: context(snapshot).name.trim() !== '',
          refused: context(snapshot).saveFailure !== null,
        }),
      events: [
        ...loadEvents,
        ['Save current view…', { type: 'savedViews.startSave', query: currentQuery }],
        ['type a name', { type: 'savedViews.name', name: typedName }],
        ['Save', { type: 'savedViews.save' }],
        ['save: saved', done('saveView', savedView)],
        ['save: name taken', error('saveView', nameTaken)],
        ['Cancel', { type: 'savedViews.cancel' }],
      ],
    },
    {
      name: 'rename',
      input: { list: '/users' },
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          views: context(snapshot).views.map((view) => view.name),
          name: context(snapshot).name,
          renaming: context(snapshot).renamingId,
          refused: context(snapshot).saveFailure !== null,
        }),
      events: [
        ...loadEvents,
        ['Rename the view', { type: 'savedViews.rename', id: roboticsView.id }],
        ['type a name', { type: 'savedViews.name', name: typedName }],
        ['Save', { type: 'savedViews.save' }],
        ['rename: renamed', done('renameView', renamedView)],
        ['rename: name taken', error('renameView', nameTaken)],
        ['Cancel', { type: 'savedViews.cancel' }],
      ],
    },
    {
      name: 'delete',
      input: { list: '/users' },
      serializeState: (snapshot) =>
        JSON.stringify({ value: snapshot.value, views: context(snapshot).views.length, deleting: context(snapshot).deletingId }),
      events: [
        ...loadEvents,
        ['Delete the view', { type: 'savedViews.delete', id: roboticsView.id }],
        ['Cancel', { type: 'savedViews.cancel' }],
        ['Confirm', { type: 'savedViews.confirmDelete' }],
        ['delete: deleted', done('deleteView', undefined)],
        ['delete: gone', error('deleteView', viewGone)],
      ],
    },
  ],
  requirements: [
    {
      id: 'VIEWS-LOAD',
      rule: "A list's Views menu lists the user's saved views of it; when they cannot be loaded it says so and offers Retry.",
      by: [
        'savedViews.loading \u2014xstate.done.actor.loadViews\u2192 savedViews.idle',
        'savedViews.loading \u2014xstate.error.actor.loadViews\u2192 savedViews.error',
        'savedViews.error \u2014savedViews.retry\u2192 savedViews.loading',
      ],
    },
    {
      id: 'VIEWS-SAVE',
      rule: 'Save current view asks a name and saves the address under it; a refused name is said in the dialog, which keeps it.',
      by: [
        'savedViews.idle \u2014savedViews.startSave\u2192 savedViews.naming',
        'savedViews.naming \u2014savedViews.save [named]\u2192 savedViews.saving',
        'savedViews.saving \u2014xstate.done.actor.saveView\u2192 savedViews.idle',
        'savedViews.saving \u2014xstate.error.actor.saveView\u2192 savedViews.naming',
        'savedViews.naming \u2014savedViews.cancel\u2192 savedViews.idle',
      ],
    },
    {
      id: 'VIEWS-RENAME',
      rule: "A view's Rename asks its new name in the same dialog, starting from its name; a refused name is said there, which keeps it.",
      by: [
        'savedViews.idle \u2014savedViews.rename [listed]\u2192 savedViews.naming',
        'savedViews.naming \u2014savedViews.save [namedAnew]\u2192 savedViews.renaming',
        'savedViews.renaming \u2014xstate.done.actor.renameView\u2192 savedViews.idle',
        'savedViews.renaming \u2014xstate.error.actor.renameView\u2192 savedViews.naming',
      ],
    },
    {
      id: 'VIEWS-DELETE',
      rule: "A view's Delete asks first; the view goes once the API deleted it, and stays when the delete fails.",
      by: [
        'savedViews.idle \u2014savedViews.delete [listed]\u2192 savedViews.confirmingDelete',
        'savedViews.confirmingDelete \u2014savedViews.cancel\u2192 savedViews.idle',
        'savedViews.confirmingDelete \u2014savedViews.confirmDelete\u2192 savedViews.deleting',
        'savedViews.deleting \u2014xstate.done.actor.deleteView\u2192 savedViews.idle',
        'savedViews.deleting \u2014xstate.error.actor.deleteView\u2192 savedViews.idle',
      ],
    },
  ],
  invariants: [
    [
      'busy exactly while loading, saving, renaming or deleting',
      (s) => s.hasTag('busy') === ['loading', 'saving', 'renaming', 'deleting'].some((state) => s.matches(state)),
    ],
    [
      'a view is being deleted exactly while confirming or deleting',
      (s) => (context(s).deletingId !== null) === (s.matches('confirmingDelete') || s.matches('deleting')),
    ],
    ['a save is sent with a name', (s) => !s.matches('saving') || context(s).name.trim() !== ''],
    [
      'a rename is sent with a name, for a view',
      (s) => !s.matches('renaming') || (context(s).name.trim() !== '' && context(s).renamingId !== null),
    ],
    [
      'a view is being renamed only while its name is asked or sent',
      (s) => context(s).renamingId === null || s.matches('naming') || s.matches('renaming'),
    ],
    ['a load failure is held in the error state', (s) => !s.matches('error') || context(s).failure !== null],
  ],
});
