import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { ListRequest } from '../domain/resource';
import { notProvided } from './not-provided';
import { outcomeActions, serverMessage, type Notice } from './outcomes';

export interface ListExportRequest extends ListRequest {
  /** The language of the file's header row (the console's). */
  language: string;
}

export interface ListExportContext {
  request: ListExportRequest | null;
  failure: Failure | null;
}

export type ListExportEvent = { type: 'listExport.start'; request: ListExportRequest };

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
}).createMachine({
  id: 'listExport',
  context: { request: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'listExport.start': { target: 'exporting', actions: assign({ request: ({ event }) => event.request }) },
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
