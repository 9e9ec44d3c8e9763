import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { QtiImportResult } from '../domain/quizzes';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, type Notice } from './outcomes';

export interface QuizExchangeContext {
  /** The package being imported, or the last one. */
  file: Blob | null;
  /** What the last import made: the new quiz and what became of each item of the package. */
  report: QtiImportResult | null;
  failure: Failure | null;
}

export type QuizExchangeEvent = { type: 'qti.export'; quizId: string } | { type: 'qti.import'; file: Blob } | { type: 'qti.dismiss' };

const failedNotice = (failure: Failure, key: string): Notice => {
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: `${key}Because`, values: { reason }, ...serverCode(failure) }
    : { severity: 'error', messageKey: key };
};

/**
 * A quiz's QTI 3.0 exchange, one at a time: Export downloads the quiz as a package (the file is saved by the
 * `exportQti` effect), Import sends a package and shows what the server made of it (a new DRAFT quiz, each item
 * IMPORTED, IMPORTED_WITH_CHANGES or SKIPPED with its problems) until it is dismissed; a refusal says why.
 */
export const quizExchangeMachine = setup({
  types: {
    context: {} as QuizExchangeContext,
    events: {} as QuizExchangeEvent,
  },
  actors: {
    exportQti: notProvided<void, { quizId: string }>('exportQti'),
    importQti: notProvided<QtiImportResult, { file: Blob }>('importQti'),
  },
  actions: outcomeActions,
}).createMachine({
  id: 'quizExchange',
  context: { file: null, report: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'qti.export': 'exporting',
        'qti.import': { target: 'importing', actions: assign({ file: ({ event }) => event.file }) },
      },
    },
    exporting: {
      tags: 'busy',
      invoke: {
        id: 'exportQti',
        src: 'exportQti',
        input: ({ event }) => ({ quizId: (event as Extract<QuizExchangeEvent, { type: 'qti.export' }>).quizId }),
        onDone: {
          target: 'idle',
          actions: [assign({ failure: null }), { type: 'notify', params: { severity: 'success', messageKey: 'qti.exported' } }],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => event.error as Failure }),
            { type: 'notify', params: ({ event }) => failedNotice(event.error as Failure, 'qti.exportFailed') },
          ],
        },
      },
    },
    importing: {
      tags: 'busy',
      invoke: {
        id: 'importQti',
        src: 'importQti',
        input: ({ context }) => ({ file: context.file! }),
        onDone: {
          target: 'imported',
          actions: [
            assign({ report: ({ event }) => event.output, failure: null }),
            { type: 'notify', params: { severity: 'success', messageKey: 'qti.imported' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => event.error as Failure }),
            { type: 'notify', params: ({ event }) => failedNotice(event.error as Failure, 'qti.importFailed') },
          ],
        },
      },
    },
    imported: {
      on: {
        'qti.dismiss': { target: 'idle', actions: assign({ report: null }) },
      },
    },
  },
});

export type QuizExchangeSnapshot = SnapshotFrom<typeof quizExchangeMachine>;

export const selectIsExchanging = (snapshot: QuizExchangeSnapshot) => snapshot.hasTag('busy');
export const selectIsImporting = (snapshot: QuizExchangeSnapshot) => snapshot.matches('importing');
export const selectImportReport = (snapshot: QuizExchangeSnapshot) => (snapshot.matches('imported') ? snapshot.context.report : null);
