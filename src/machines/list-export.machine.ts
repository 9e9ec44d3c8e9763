import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { ListRequest } from '../domain/resource';
import { notProvided } from './not-provided';
import { outcomeActions, serverMessage, type Notice } from './outcomes';

export interface ListExportRequest extends ListRequest {
  /** The language of the file's header row (the console's). */
  language: string;
  /** The rows selected by id (issue 29): only they are exported, in the list's sort; every row the list matches when absent. */
  ids?: string[];
}

/** A list's selection: rows by id, or every row its search and filters match ("Select all N"). */
export interface ListSelection {
  selectedIds: string[];
  allSelected: boolean;
}

export interface ListExportContext {
  request: ListExportRequest | null;
  failure: Failure | null;
}

export type ListExportEvent =
  | { type: 'listExport.start'; request: ListExportRequest }
  | { type: 'listExport.selection'; request: ListExportRequest; selection: ListSelection };

/**
 * The export of a selection: the selected ids, or, with every matching row selected, the list's whole query (the same
 * file as Export CSV).
 */
const selectionRequest = (
  { language, query, filters }: ListExportRequest,
  { selectedIds, allSelected }: ListSelection,
): ListExportRequest => (allSelected ? { query, filters, language } : { query, filters, language, ids: selectedIds });

/**
 * The CSV export of a list: one download at a time, of the list's query as it was when asked; the file is saved by
 * the `exportList` effect (src/app), the outcome told with `notify`.
 */
/** An export the API refused or that did not arrive: with the server's reason when it gave one. */
const exportFailedNotice = (failure: Failure): Notice => {
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: 'listExport.failedBecause', values: { reason } }
    : { severity: 'error', messageKey: 'listExport.failed', values: { status: String(failure.status) } };
};

export const listExportMachine = setup({
  types: {
    context: {} as ListExportContext,
    events: {} as ListExportEvent,
  },
  actors: {
    exportList: notProvided<void, ListExportRequest>('exportList'),
  },
  actions: outcomeActions,
  guards: {
    /** Something is selected: rows by id, or every matching row. */
    hasSelection: (_, { selectedIds, allSelected }: ListSelection) => allSelected || selectedIds.length > 0,
  },
}).createMachine({
  id: 'listExport',
  context: { request: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'listExport.start': { target: 'exporting', actions: assign({ request: ({ event }) => event.request }) },
        'listExport.selection': {
          description: 'Export selection (issue 29): the rows selected by id, or every row the list matches when all are.',
          guard: { type: 'hasSelection', params: ({ event }) => event.selection },
          target: 'exporting',
          actions: assign({ request: ({ event }) => selectionRequest(event.request, event.selection) }),
        },
      },
    },
    exporting: {
      description: 'The API streams the file; the button waits, a second export is not started meanwhile.',
      tags: 'busy',
      invoke: {
        id: 'exportList',
        src: 'exportList',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: [assign({ failure: null }), { type: 'notify', params: { severity: 'success', messageKey: 'listExport.done' } }],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => event.error as Failure }),
            {
              type: 'notify',
              params: ({ event }) => exportFailedNotice(event.error as Failure),
            },
          ],
        },
      },
    },
  },
});

export type ListExportSnapshot = SnapshotFrom<typeof listExportMachine>;

export const selectIsExporting = (snapshot: ListExportSnapshot) => snapshot.hasTag('busy');
