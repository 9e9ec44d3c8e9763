import type { AnyMachineSnapshot } from 'xstate';
import { userImportMachine, type BatchRequest, type UserImportContext } from '../../../src/machines/user-import.machine';
import type { ParsedTable, RowResult } from '../../../src/machines/user-import-rows';
import { done, error } from '../../machines/graph-paths';
import { created, notCsv, offline, threeRows } from '../../machines/user-import-fixtures';
import type { MachineModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as UserImportContext;

/** The batches of a path: one row each, so that a file of two good rows is sent in two batches. */
export const userImportInput = { importId: 'import-1', remembered: {}, batchSize: 1 };

export const userImportModel: MachineModel = {
  name: 'user-import',
  summary: 'Importing users from a CSV file: pick, map the columns, preview (checked by the API), import in batches, report.',
  machine: userImportMachine,
  bounded:
    'A state is its value, the batch being sent, how many answers arrived, whether the email column is mapped and to which header, and whether a file is chosen. The file is always the same three rows (one without an email), sent one row per batch: at most two batches.',
  impossible: ['The answer of a batch comes only while it is being sent (its actor runs).'],
  scenarios: [
    {
      name: 'import',
      input: userImportInput,
      // Once closed, the dialog is gone: nothing can be sent to it.
      isImpossible: (snapshot) => snapshot.status === 'done',
      serializeState: (snapshot) => {
        const { batch, answered, mapping, fileName } = context(snapshot);
        return JSON.stringify({ value: snapshot.value, batch, answered: answered.length, email: mapping.email, file: fileName !== null });
      },
      events: [
        ['choose users.csv', { type: 'import.file', file: new Blob(['Name;Surname;E-mail\n']), name: 'users.csv' }],
        ['the file is read', done('parseFile', threeRows)],
        ['the file cannot be read', error('parseFile', notCsv)],
        ['map the email to no column', { type: 'import.map', field: 'email', column: null }],
        ['map the email to the Name column', { type: 'import.map', field: 'email', column: 'Name' }],
        ['map the email to the E-mail column', { type: 'import.map', field: 'email', column: 'E-mail' }],
        ['check the rows', { type: 'import.check' }],
        ['the API checked the batch', done('checkBatch', [created(2)])],
        ['the check cannot reach the API', error('checkBatch', offline)],
        ['import', { type: 'import.start' }],
        ['the API imported the batch', done('importBatch', [created(2)])],
        ['the import cannot reach the API', error('importBatch', offline)],
        ['retry', { type: 'import.retry' }],
        ['stop', { type: 'import.stop' }],
        ['back', { type: 'import.back' }],
        ['close', { type: 'import.close' }],
      ],
    },
  ],
  provide: (invoked) =>
    userImportMachine.provide({
      actors: {
        parseFile: invoked<ParsedTable, { file: Blob }>(),
        checkBatch: invoked<RowResult[], BatchRequest>(),
        importBatch: invoked<RowResult[], BatchRequest>(),
      },
    }),
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
  ],
};
