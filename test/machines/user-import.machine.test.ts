import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { userImportMachine, type BatchRequest } from '../../src/machines/user-import.machine';
import {
  fileProblemOf,
  guessMapping,
  prepareRows,
  tableOf,
  type ColumnMapping,
  type ParsedTable,
  type RowResult,
} from '../../src/machines/user-import-rows';
import { offline, skipped, threeRows } from '../support/fixtures/user-import';

const mapped: ColumnMapping = {
  name: 'Name',
  surname: 'Surname',
  email: 'E-mail',
  company: 'Company',
  scope: null,
  admin: null,
  enabled: null,
};

/** A file of `count` good rows, `bad` of them (every 200th from line 3) without an email. */
function fileOf(count: number, bad = 0): ParsedTable {
  return {
    headers: ['Name', 'Surname', 'E-mail'],
    rows: Array.from({ length: count }, (_, index) => [
      'User',
      `N${index}`,
      index % 200 === 1 && index < 200 * bad ? '' : `user${index}@example.com`,
    ]),
  };
}

/** The machine on a file, answering every batch as `answer` says, recording the files it read, what it was sent and remembered. */
function importer(table: ParsedTable, answer: (request: BatchRequest) => Promise<RowResult[]>, batchSize?: number) {
  const read: Blob[] = [];
  const sent: BatchRequest[] = [];
  const remembered: ColumnMapping[] = [];
  let imported = 0;
  const actor = createActor(
    userImportMachine.provide({
      actors: {
        parseFile: fromPromise(({ input }: { input: { file: Blob } }) => (read.push(input.file), Promise.resolve(table))),
        checkBatch: fromPromise(({ input }: { input: BatchRequest }) => (sent.push(input), answer(input))),
        importBatch: fromPromise(({ input }: { input: BatchRequest }) => (sent.push(input), answer(input))),
      },
      actions: { rememberMapping: (_, mapping: ColumnMapping) => void remembered.push(mapping), importedUsers: () => void (imported += 1) },
    }),
    { input: { importId: 'imp', remembered: {}, ...(batchSize && { batchSize }) } },
  ).start();
  return { actor, read, sent, remembered, imported: () => imported };
}

const createdAll = (request: BatchRequest) => Promise.resolve(request.rows.map(({ line }): RowResult => ({ line, outcome: 'created' })));

async function toPreview(actor: ReturnType<typeof importer>['actor']) {
  actor.send({ type: 'import.file', file: new Blob(['x']), name: 'users.csv' });
  await waitFor(actor, (snapshot) => snapshot.matches('mapping'));
  actor.send({ type: 'import.check' });
  await waitFor(actor, (snapshot) => snapshot.matches('preview') || snapshot.matches('checkFailed'));
}

describe('reading a file', () => {
  it('takes the first non-empty row as the header and the rows under it', () => {
    expect(
      tableOf([
        [' Name ', 'Email'],
        ['', ''],
        ['Anna', 'a@example.com'],
      ]),
    ).toEqual({ headers: ['Name', 'Email'], rows: [['Anna', 'a@example.com']] });
  });

  it.each([
    ['empty', []],
    [
      'noHeader',
      [
        ['Anna', 'anna@example.com'],
        ['Bruno', 'bruno@example.com'],
      ],
    ],
    ['oneColumn', [['Name\tSurname\tEmail'], ['Anna\tNeri\ta@example.com']]],
    ['noRows', [['Name', 'Email']]],
  ])('refuses a file with the problem %s', (problem, cells) => {
    expect(tableOf(cells)).toBe(problem);
  });

  it('names the problem a reader refused a file with, and calls anything else not text', () => {
    expect(fileProblemOf({ fileProblem: 'tooLarge' })).toBe('tooLarge');
    expect(fileProblemOf(new Error('boom'))).toBe('notText');
    expect(fileProblemOf({ fileProblem: 'other' })).toBe('notText');
  });
});

describe('mapping and checking rows', () => {
  it('maps headers in English and Italian, and keeps a remembered column when the file has it', () => {
    expect(guessMapping(['Nome', 'Cognome', 'Indirizzo email', 'Azienda', 'Ambito', 'Amministratore', 'Attivo'], {})).toEqual({
      name: 'Nome',
      surname: 'Cognome',
      email: 'Indirizzo email',
      company: 'Azienda',
      scope: 'Ambito',
      admin: 'Amministratore',
      enabled: 'Attivo',
    });
    expect(guessMapping(['Mail of user', 'email'], { email: 'Mail of user' }).email).toBe('Mail of user');
    expect(guessMapping(['email'], { email: 'Gone' }).email).toBe('email');
  });

  it("checks every row with the form's rules and fails later repeats of an email, naming the first line", () => {
    const table: ParsedTable = {
      headers: ['Name', 'Surname', 'E-mail', 'Scope', 'Admin'],
      rows: [
        ['Anna', 'Neri', 'anna@example.com', 'company', 'yes'],
        ['Bruno', '', 'bruno@example.com', '', ''],
        ['Carla', 'Blu', 'not-an-email', '', ''],
        ['Dario', 'Rossi', 'ANNA@example.com', '', ''],
        ['Elena', 'Verdi', 'elena@example.com', 'ROOT', ''],
        ['Fabio', 'Neri', 'fabio@example.com', '', 'maybe'],
        ['x'.repeat(101), 'Neri', 'long@example.com', '', ''],
      ],
    };
    const rows = prepareRows(table, { ...mapped, company: null, scope: 'Scope', admin: 'Admin' });
    expect(rows.map(({ row: { line }, problem }) => [line, problem])).toEqual([
      [2, null],
      [3, { rule: 'required', field: 'surname' }],
      [4, { rule: 'email', field: 'email' }],
      [5, { rule: 'duplicate', field: 'email', firstLine: 2 }],
      [6, { rule: 'scope', field: 'scope' }],
      [7, { rule: 'boolean', field: 'admin' }],
      [8, { rule: 'tooLong', field: 'name', max: 100 }],
    ]);
    expect(rows[0]!.row).toEqual({ line: 2, name: 'Anna', surname: 'Neri', email: 'anna@example.com', scope: 'COMPANY', admin: true });
  });
});

describe('the user import machine', () => {
  it('checks a 1 000-row file in 20 dry-run batches of 50, imports it in 20 keyed batches, and reports every row', async () => {
    const { actor, sent, remembered, imported } = importer(fileOf(1000, 5), createdAll);

    await toPreview(actor);
    expect(actor.getSnapshot().context.preview).toHaveLength(1000);
    expect(remembered).toEqual([{ ...mapped, company: null }]);
    // 995 rows pass the form's rules: twenty batches, the progress moving by 50 rows, 40 writes in all.
    const sizes = [...Array.from({ length: 19 }, () => 50), 45];
    expect(sent.map(({ rows, dryRun, key }) => [rows.length, dryRun, key])).toEqual(sizes.map((size) => [size, true, undefined]));
    actor.send({ type: 'import.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('report'));

    expect(sent.slice(20).map(({ rows, dryRun, key }) => [rows.length, dryRun, key])).toEqual(
      sizes.map((size, index) => [size, false, `imp-${index + 1}`]),
    );
    const { report } = actor.getSnapshot().context;
    expect(report).toHaveLength(1000);
    expect(report.filter(({ outcome }) => outcome === 'failed').map(({ line, problem }) => [line, problem?.rule])).toEqual(
      [3, 203, 403, 603, 803].map((line) => [line, 'required']),
    );
    expect(imported()).toBe(1);
  });

  it('sends a small file in batches of 10 rows, and a huge one in batches of at most the given size', async () => {
    const small = importer(fileOf(25), createdAll);
    await toPreview(small.actor);
    expect(small.sent.map(({ rows }) => rows.length)).toEqual([10, 10, 5]);

    const huge = importer(fileOf(3000), createdAll, 100);
    await toPreview(huge.actor);
    expect(huge.sent).toHaveLength(30);
    expect(new Set(huge.sent.map(({ rows }) => rows.length))).toEqual(new Set([100]));
  });

  it("shows the API's verdict of each row in the preview: skipped for an email in use", async () => {
    const { actor } = importer(threeRows, (request) => Promise.resolve(request.rows.map(({ line }) => skipped(line))));
    await toPreview(actor);
    expect(actor.getSnapshot().context.preview.map(({ line, outcome, rule }) => [line, outcome, rule])).toEqual([
      [2, 'skipped', 'unique'],
      [3, 'failed', undefined],
      [4, 'skipped', 'unique'],
    ]);
  });

  it('stops at a batch it cannot send, retries it with the same key, or reports its rows and the rest as not imported', async () => {
    let fail = false;
    const { actor, sent } = importer(fileOf(5), (request) => (fail && !request.dryRun ? Promise.reject(offline) : createdAll(request)), 2);
    await toPreview(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('report'));
    expect(sent.filter(({ dryRun }) => !dryRun).map(({ key }) => key)).toEqual(['imp-1', 'imp-2', 'imp-3']);

    const second = importer(fileOf(5), (request) => (fail && !request.dryRun ? Promise.reject(offline) : createdAll(request)), 2);
    await toPreview(second.actor);
    fail = true;
    second.actor.send({ type: 'import.start' });
    await waitFor(second.actor, (snapshot) => snapshot.matches('importFailed'));
    second.actor.send({ type: 'import.close' });
    expect(second.actor.getSnapshot().matches('importFailed')).toBe(true);
    second.actor.send({ type: 'import.retry' });
    await waitFor(second.actor, (snapshot) => snapshot.matches('importFailed'));
    expect(second.sent.filter(({ dryRun }) => !dryRun).map(({ key }) => key)).toEqual(['imp-1', 'imp-1']);
    second.actor.send({ type: 'import.stop' });

    const { report } = second.actor.getSnapshot().context;
    expect(second.actor.getSnapshot().matches('report')).toBe(true);
    expect(report.map(({ outcome, failure }) => [outcome, failure as Failure | undefined])).toEqual(Array(5).fill(['failed', offline]));
  });

  it('goes back to the file when a file cannot be imported, telling why', async () => {
    const actor = createActor(
      userImportMachine.provide({ actors: { parseFile: fromPromise(() => Promise.reject({ fileProblem: 'tooLarge' })) } }),
      { input: { importId: 'imp', remembered: {} } },
    ).start();
    actor.send({ type: 'import.file', file: new Blob(['x']), name: 'big.csv' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.fileProblem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ fileProblem: 'tooLarge', fileName: null });
    expect(actor.getSnapshot().context.fileProblemLine).toBeNull();
  });

  it('keeps the line a refused file names, and forgets it with the next file', async () => {
    let refusal: object = { fileProblem: 'unclosedQuote', line: 7 };
    const actor = createActor(userImportMachine.provide({ actors: { parseFile: fromPromise(() => Promise.reject(refusal)) } }), {
      input: { importId: 'imp', remembered: {} },
    }).start();
    actor.send({ type: 'import.file', file: new Blob(['x']), name: 'quotes.csv' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.fileProblem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ fileProblem: 'unclosedQuote', fileProblemLine: 7 });

    refusal = { fileProblem: 'empty', line: 'seven' };
    actor.send({ type: 'import.file', file: new Blob(['']), name: 'empty.csv' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.fileProblem === 'empty');
    expect(actor.getSnapshot().context.fileProblemLine).toBeNull();
  });

  it('never asks the API when every row fails the form rules, and has nothing to import', async () => {
    const { actor, sent } = importer({ headers: ['Name', 'Surname', 'E-mail'], rows: [['A', 'B', '']] }, createdAll);
    await toPreview(actor);
    expect(sent).toEqual([]);
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().matches('preview')).toBe(true);
  });

  it('opens with nothing read, checked or reported yet', () => {
    const { actor } = importer(threeRows, createdAll);
    expect(actor.getSnapshot().context).toMatchObject({
      fileName: null,
      table: null,
      rows: [],
      answered: [],
      preview: [],
      report: [],
      batch: 0,
    });
  });

  it('reads the file the user chose, and checks the rows with the columns the user mapped', async () => {
    const table: ParsedTable = {
      headers: ['Name', 'Surname', 'E-mail', 'Work mail'],
      rows: [['Anna', 'Neri', 'anna@home.example', 'anna@acme.example']],
    };
    const { actor, read, sent, remembered } = importer(table, createdAll);
    const file = new Blob(['Name,Surname,E-mail,Work mail']);
    actor.send({ type: 'import.file', file, name: 'users.csv' });
    await waitFor(actor, (snapshot) => snapshot.matches('mapping'));
    expect(read).toEqual([file]);
    actor.send({ type: 'import.map', field: 'email', column: 'Work mail' });
    actor.send({ type: 'import.check' });
    await waitFor(actor, (snapshot) => snapshot.matches('preview'));
    expect(sent[0]!.rows.map(({ email }) => email)).toEqual(['anna@acme.example']);
    expect(remembered[0]).toMatchObject({ email: 'Work mail' });
  });

  it('stopped after a batch went through, reports that batch created and only the rest as not imported', async () => {
    let failing = false;
    const { actor } = importer(
      fileOf(5),
      (request) => (failing ? Promise.reject(offline) : ((failing = !request.dryRun), createdAll(request))),
      2,
    );
    await toPreview(actor);
    actor.send({ type: 'import.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('importFailed'));
    actor.send({ type: 'import.stop' });
    expect(actor.getSnapshot().context.report.map(({ line, outcome }) => [line, outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'failed'],
    ]);
  });
});

describe('invitations with the import (issue 30)', () => {
  it('sends an invitation with every imported batch once asked for, in the language given, and none with the dry run', async () => {
    const { actor, sent } = importer(fileOf(3), createdAll, 2);
    await toPreview(actor);
    actor.send({ type: 'import.invite', language: 'it' });
    actor.send({ type: 'import.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('report'));
    expect(sent.map(({ dryRun, sendInvitations, language }) => ({ dryRun, sendInvitations, language }))).toEqual([
      { dryRun: true, sendInvitations: undefined, language: undefined },
      { dryRun: true, sendInvitations: undefined, language: undefined },
      { dryRun: false, sendInvitations: true, language: 'it' },
      { dryRun: false, sendInvitations: true, language: 'it' },
    ]);
  });

  it('sends none when the choice is taken back', async () => {
    const { actor, sent } = importer(fileOf(1), createdAll);
    await toPreview(actor);
    actor.send({ type: 'import.invite', language: 'en' });
    actor.send({ type: 'import.invite', language: null });
    actor.send({ type: 'import.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('report'));
    expect(sent.at(-1)).not.toHaveProperty('sendInvitations');
  });
});
