import type { AnyMachineSnapshot } from 'xstate';
import { userImportMachine, type UserImportContext } from '../../../src/machines/user-import.machine';
import type { FileRefused } from '../../../src/machines/user-import-rows';
import { created, offline, threeRows, twoBatches } from '../fixtures/user-import';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as UserImportContext;

/** An import as the console starts it: batches of a twentieth of the rows, 10 to 500 (the file's two good rows are one batch). */
export const userImportInput = { importId: 'import-1', remembered: {} };

/** The API's answer for the file's two good rows (lines 2 and 4): both created. */
export const bothCreated = [created(2), created(4)];

export const notCsv: FileRefused = { fileProblem: 'oneColumn' };

export const userImportModel = defineModel({
  name: 'user-import',
  summary: 'Importing users from a CSV file: pick, map the columns, preview (checked by the API), import in batches, report.',
  machine: userImportMachine,
  bounded:
    'A state is its value, the batch being sent, whether the email column is mapped and to which header, whether a file is chosen and whether the last one was refused. The file is always the same three rows (one without an email), whose two good rows are one batch; or, in the second scenario, 20 good rows: two batches of 10 (a twentieth of the rows, never fewer than 10).',
  impossible: [
    'The answer of a batch comes only while it is being sent (its actor runs).',
    'Once closed, the dialog is gone: nothing can be sent to it.',
    'A chosen file is read before the user can do anything else (the browser reads it at once): no closing while parsing.',
  ],
  scenarios: [
    {
      name: 'import',
      input: userImportInput,
      isImpossible: (snapshot, event) => snapshot.status === 'done' || (snapshot.matches('parsing') && event.type === 'import.close'),
      serializeState: (snapshot) => {
        const { batch, mapping, fileName, fileProblem } = context(snapshot);
        return JSON.stringify({
          value: snapshot.value,
          batch,
          email: mapping.email,
          file: fileName !== null,
          refused: fileProblem !== null,
        });
      },
      events: [
        ['choose users.csv', { type: 'import.file', file: new Blob(['Name;Surname;E-mail\n']), name: 'users.csv' }],
        ['the file is read', done('parseFile', threeRows)],
        ['the file cannot be imported', error('parseFile', notCsv)],
        ['map the email to no column', { type: 'import.map', field: 'email', column: null }],
        ['map the email to the Name column', { type: 'import.map', field: 'email', column: 'Name' }],
        ['map the email to the E-mail column', { type: 'import.map', field: 'email', column: 'E-mail' }],
        ['check the rows', { type: 'import.check' }],
        ['the API checked the batch', done('checkBatch', bothCreated)],
        ['the check cannot reach the API', error('checkBatch', offline)],
        ['send invitations', { type: 'import.invite', language: 'en' }],
        ['import', { type: 'import.start' }],
        ['the API imported the batch', done('importBatch', bothCreated)],
        ['the import cannot reach the API', error('importBatch', offline)],
        ['retry', { type: 'import.retry' }],
        ['stop', { type: 'import.stop' }],
        ['back', { type: 'import.back' }],
        ['close', { type: 'import.close' }],
      ],
    },
    {
      name: 'a file of two batches',
      input: userImportInput,
      isImpossible: (snapshot) => snapshot.status === 'done',
      serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, batch: context(snapshot).batch }),
      events: [
        ['choose users.csv', { type: 'import.file', file: new Blob(['Name;Surname;E-mail\n']), name: 'users.csv' }],
        ['the file of 20 rows is read', done('parseFile', twoBatches)],
        ['check the rows', { type: 'import.check' }],
        ['the API checked the batch', done('checkBatch', bothCreated)],
        ['import', { type: 'import.start' }],
        ['the API imported the batch', done('importBatch', bothCreated)],
        ['the import cannot reach the API', error('importBatch', offline)],
        ['stop', { type: 'import.stop' }],
      ],
    },
  ],
  requirements: [
    {
      id: 'IMPORT-FILE',
      rule: 'A file that cannot be imported (too large, not text, empty, no header, one column, no rows) says why, and another can be chosen.',
      by: ['userImport.parsing \u2014xstate.error.actor.parseFile\u2192 userImport.choosing'],
    },
    {
      id: 'IMPORT-PREVIEW',
      rule: "Every row is checked before anything is written: the form's rules in the browser, the API's in dry-run batches (a twentieth of the rows, 10 to 500).",
      by: [
        'userImport.checking \u2014xstate.done.actor.checkBatch [moreBatches]\u2192 userImport.checking',
        'userImport.checking \u2014xstate.done.actor.checkBatch\u2192 userImport.preview',
      ],
    },
    {
      id: 'IMPORT-BATCHES',
      rule: 'The import sends batches of a twentieth of the rows (10 to 500: 40 writes at most, under the rate limit, the progress moving by a twentieth), each with its idempotency key; a batch that cannot be sent is retried with the same key or the import stops.',
      by: [
        'userImport.importing \u2014xstate.done.actor.importBatch [moreBatches]\u2192 userImport.importing',
        'userImport.importFailed \u2014import.retry\u2192 userImport.importing',
        'userImport.importFailed \u2014import.stop\u2192 userImport.report',
      ],
    },
    {
      id: 'IMPORT-REPORT',
      rule: 'The import ends with a report of every row: created, skipped or failed, and why.',
      by: ['userImport.importing \u2014xstate.done.actor.importBatch\u2192 userImport.report'],
    },
  ],
  invariants: [
    [
      'a preview or report lists every row the form rules refused, and never more rows than the file',
      (s) => {
        const { preview, report, rows } = context(s);
        const shown = s.matches('report') ? report : s.matches('preview') ? preview : null;
        if (!shown) return true;
        const refused = rows.filter(({ problem }) => problem !== null).map(({ row }) => row.line);
        return shown.length <= rows.length && refused.every((line) => shown.some((result) => result.line === line && result.problem));
      },
    ],
    ['never more batches than rows to send', (s) => context(s).batch <= context(s).rows.length],
    [
      'busy exactly while reading, checking or importing',
      (s) => s.hasTag('busy') === ['parsing', 'checking', 'importing'].some((state) => s.matches(state)),
    ],
    [
      'a refused file is told only while choosing another',
      (s) => context(s).fileProblem === null || s.matches('choosing') || s.matches('closed'),
    ],
  ],
});
