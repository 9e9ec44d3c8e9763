import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import { notProvided } from './not-provided';
import {
  allResults,
  fileProblemLineOf,
  fileProblemOf,
  guessMapping,
  mappingComplete,
  prepareRows,
  sendable,
  type ColumnMapping,
  type FileProblem,
  type ImportField,
  type ImportRow,
  type ParsedTable,
  type PreparedRow,
  type RowResult,
} from './user-import-rows';

export interface UserImportInput {
  /** Names this import's batches (`Idempotency-Key: <importId>-<batch>`): a retried batch is never created twice. */
  importId: string;
  /** The mapping the user chose last time (the app keeps it with the other preferences). */
  remembered: Partial<ColumnMapping>;
  /** The most rows a batch holds (500 unless given): see {@link batchSizeOf}. */
  batchSize?: number;
}

export interface UserImportContext {
  importId: string;
  batchSize: number;
  remembered: Partial<ColumnMapping>;
  fileName: string | null;
  table: ParsedTable | null;
  mapping: ColumnMapping;
  rows: PreparedRow[];
  /** The API's answers so far, of the preview (checking) or of the import. */
  answered: RowResult[];
  /** The preview's results, every row of the file. */
  preview: RowResult[];
  /** The import's results, every row of the file (the report). */
  report: RowResult[];
  /** The batch being sent (0-based). */
  batch: number;
  /** Why the chosen file cannot be imported (the user picks another). */
  fileProblem: FileProblem | null;
  /** The line of the file the problem is on, when the reader named one. */
  fileProblemLine: number | null;
  /** Why the last batch could not be sent. */
  failure: Failure | null;
  /** Each user created is sent an invitation, in this language (issue 30); null: none. */
  invitations: { language: string } | null;
}

export interface BatchRequest {
  rows: ImportRow[];
  dryRun: boolean;
  /** For the import's batches: the `Idempotency-Key`. */
  key?: string;
  /** For the import's batches: an invitation to each enabled user created, in `language`. */
  sendInvitations?: boolean;
  language?: string;
}

export type UserImportEvent =
  | { type: 'import.file'; file: Blob; name: string }
  | { type: 'import.map'; field: ImportField; column: string | null }
  | { type: 'import.check' }
  | { type: 'import.back' }
  | { type: 'import.start' }
  | { type: 'import.retry' }
  | { type: 'import.stop' }
  | { type: 'import.close' }
  /** Invitations to the users created, in this language, or none (null). */
  | { type: 'import.invite'; language: string | null };

const emptyMapping = guessMapping([], {});

/**
 * Batches per import (each checked, then sent): 2 × 20 = 40 writes, a third of the API's default 120 writes a minute
 * per session, so an import leaves room for the admin's other work. The fewest rows a batch holds, so a small file
 * is not sent row by row.
 */
export const IMPORT_BATCHES = 20;
export const MIN_BATCH_ROWS = 10;

/**
 * Rows per batch: the rows shared among {@link IMPORT_BATCHES} batches, between {@link MIN_BATCH_ROWS} and the input's
 * most (500), so the progress moves every twentieth of the rows (50 of 995), not once per 500-row batch.
 */
export const batchSizeOf = (context: Pick<UserImportContext, 'rows' | 'batchSize'>) =>
  Math.min(context.batchSize, Math.max(MIN_BATCH_ROWS, Math.ceil(sendable(context.rows).length / IMPORT_BATCHES)));
const batchCount = (context: UserImportContext) => Math.ceil(sendable(context.rows).length / batchSizeOf(context));
const batchRows = (context: UserImportContext) =>
  sendable(context.rows).slice(context.batch * batchSizeOf(context), (context.batch + 1) * batchSizeOf(context));
const notImported = (context: UserImportContext, failure: Failure): RowResult[] =>
  sendable(context.rows)
    .slice(context.batch * batchSizeOf(context))
    .map(({ line }) => ({ line, outcome: 'failed', failure }));

/**
 * Importing users from a CSV file: the file is parsed in the browser, its columns mapped to the user's fields (the
 * mapping remembered), every row checked (the form's rules here, then the API's own in a dry run: existing emails,
 * companies, scopes), then imported in batches, each one transaction on the server, and reported row by row.
 * A batch that cannot be sent stops the import with a retry (same key: never twice) or a stop (the rest reported).
 */
export const userImportMachine = setup({
  types: {
    input: {} as UserImportInput,
    context: {} as UserImportContext,
    events: {} as UserImportEvent,
  },
  actors: {
    parseFile: notProvided<ParsedTable, { file: Blob }>('parseFile'),
    checkBatch: notProvided<RowResult[], BatchRequest>('checkBatch'),
    importBatch: notProvided<RowResult[], BatchRequest>('importBatch'),
  },
  actions: {
    /** Keeps the mapping for the next file (provided by the app: the browser's storage). */
    rememberMapping: (_, _mapping: ColumnMapping) => {},
    /** The import is over: the list shows the users it wrote (provided by the app). */
    importedUsers: () => {},
    showPreview: assign({ preview: ({ context }) => allResults(context.rows, context.answered) }),
    showReport: assign({ report: ({ context }) => allResults(context.rows, context.answered) }),
  },
  guards: {
    mappingComplete: ({ context }) => mappingComplete(context.mapping),
    anyToSend: ({ context }) => sendable(context.rows).length > 0,
    moreBatches: ({ context }) => context.batch + 1 < batchCount(context),
  },
}).createMachine({
  id: 'userImport',
  context: ({ input }) => ({
    importId: input.importId,
    batchSize: input.batchSize ?? 500,
    remembered: input.remembered,
    fileName: null,
    table: null,
    mapping: emptyMapping,
    rows: [],
    answered: [],
    preview: [],
    report: [],
    batch: 0,
    fileProblem: null,
    fileProblemLine: null,
    failure: null,
    invitations: null,
  }),
  initial: 'choosing',
  on: {
    'import.close': { target: '.closed' },
  },
  states: {
    choosing: {
      on: {
        'import.file': {
          target: 'parsing',
          actions: assign({ fileName: ({ event }) => event.name, fileProblem: null, fileProblemLine: null }),
        },
      },
    },
    parsing: {
      tags: 'busy',
      invoke: {
        id: 'parseFile',
        src: 'parseFile',
        input: ({ event }) => ({ file: (event as Extract<UserImportEvent, { type: 'import.file' }>).file }),
        onDone: {
          target: 'mapping',
          actions: assign({
            table: ({ event }) => event.output,
            mapping: ({ context, event }) => guessMapping(event.output.headers, context.remembered),
          }),
        },
        onError: {
          target: 'choosing',
          actions: assign({
            fileProblem: ({ event }) => fileProblemOf(event.error),
            fileProblemLine: ({ event }) => fileProblemLineOf(event.error),
            fileName: null,
          }),
        },
      },
    },
    mapping: {
      on: {
        'import.map': { actions: assign({ mapping: ({ context, event }) => ({ ...context.mapping, [event.field]: event.column }) }) },
        'import.check': [
          {
            guard: 'mappingComplete',
            target: 'prepared',
            actions: [
              assign({ rows: ({ context }) => prepareRows(context.table!, context.mapping), answered: [], batch: 0, failure: null }),
              { type: 'rememberMapping', params: ({ context }) => context.mapping },
              assign({ remembered: ({ context }) => context.mapping }),
            ],
          },
        ],
        'import.back': { target: 'choosing', actions: assign({ table: null, fileName: null }) },
      },
    },
    /** Rows that all fail the form's rules leave nothing to ask the API. */
    prepared: {
      always: [
        { guard: 'anyToSend', target: 'checking' },
        { target: 'preview', actions: 'showPreview' },
      ],
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkBatch',
        src: 'checkBatch',
        input: ({ context }) => ({ rows: batchRows(context), dryRun: true }),
        onDone: [
          {
            guard: 'moreBatches',
            target: 'checking',
            reenter: true,
            actions: assign({
              answered: ({ context, event }) => [...context.answered, ...event.output],
              batch: ({ context }) => context.batch + 1,
            }),
          },
          {
            target: 'preview',
            actions: [assign({ answered: ({ context, event }) => [...context.answered, ...event.output] }), 'showPreview'],
          },
        ],
        onError: { target: 'checkFailed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    checkFailed: {
      on: {
        'import.retry': { target: 'checking', actions: assign({ failure: null }) },
        'import.back': { target: 'mapping', actions: assign({ failure: null }) },
      },
    },
    preview: {
      on: {
        'import.start': { guard: 'anyToSend', target: 'importing', actions: assign({ answered: [], batch: 0 }) },
        'import.back': 'mapping',
        'import.invite': {
          actions: assign({ invitations: ({ event }) => (event.language === null ? null : { language: event.language }) }),
        },
      },
    },
    importing: {
      tags: 'busy',
      on: { 'import.close': {} },
      invoke: {
        id: 'importBatch',
        src: 'importBatch',
        input: ({ context }) => ({
          rows: batchRows(context),
          dryRun: false,
          key: `${context.importId}-${context.batch + 1}`,
          ...(context.invitations && { sendInvitations: true, language: context.invitations.language }),
        }),
        onDone: [
          {
            guard: 'moreBatches',
            target: 'importing',
            reenter: true,
            actions: assign({
              answered: ({ context, event }) => [...context.answered, ...event.output],
              batch: ({ context }) => context.batch + 1,
            }),
          },
          {
            target: 'report',
            actions: [assign({ answered: ({ context, event }) => [...context.answered, ...event.output] }), 'showReport'],
          },
        ],
        onError: { target: 'importFailed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    importFailed: {
      on: {
        'import.retry': { target: 'importing', actions: assign({ failure: null }) },
        'import.stop': {
          target: 'report',
          actions: [assign({ answered: ({ context }) => [...context.answered, ...notImported(context, context.failure!)] }), 'showReport'],
        },
        // Closing now would hide what was already created: the user stops first, and reads the report.
        'import.close': {},
      },
    },
    report: {
      entry: 'importedUsers',
    },
    closed: { type: 'final' },
  },
});

export type UserImportSnapshot = SnapshotFrom<typeof userImportMachine>;
