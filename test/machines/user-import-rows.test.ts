import { describe, expect, it } from 'vitest';
import {
  allResults,
  countOf,
  fileProblemOf,
  guessMapping,
  mappingComplete,
  prepareRows,
  tableOf,
  type ColumnMapping,
  type RowResult,
} from '../../src/machines/user-import-rows';

const mapping: ColumnMapping = {
  name: 'Name',
  surname: 'Surname',
  email: 'E-mail',
  company: 'Company',
  scope: null,
  admin: 'Admin',
  enabled: null,
};
const headers = ['Name', 'Surname', 'E-mail', 'Company', 'Admin'];

/** The problem (or none) and the row read of one line of the file under `headers`. */
const readLine = (cells: string[]) => prepareRows({ headers, rows: [cells] }, mapping)[0]!;

describe('reading the rows of a file', () => {
  it('skips the rows of blank cells, keeps a row with some blank cells', () => {
    expect(
      tableOf([
        ['Name', 'Email'],
        [' ', '  '],
        ['Anna', ''],
      ]),
    ).toEqual({ headers: ['Name', 'Email'], rows: [['Anna', '']] });
  });

  it('needs two named columns in the header: an empty header cell names none', () => {
    expect(
      tableOf([
        ['Name', ''],
        ['Anna', 'a@example.com'],
      ]),
    ).toBe('oneColumn');
    expect(
      tableOf([
        ['Name', '', 'Email'],
        ['Anna', '', 'a@example.com'],
      ]),
    ).toEqual({ headers: ['Name', '', 'Email'], rows: [['Anna', '', 'a@example.com']] });
  });

  it('calls a reader failure without a named problem not text, whatever it is', () => {
    expect(fileProblemOf(null)).toBe('notText');
    expect(fileProblemOf(undefined)).toBe('notText');
  });

  it('recognises a header with spaces around it', () => {
    expect(guessMapping([' E-mail '], {}).email).toBe(' E-mail ');
  });

  it('is ready to check once name, surname and email all have a column', () => {
    expect(mappingComplete(mapping)).toBe(true);
    expect(mappingComplete({ ...mapping, email: null })).toBe(false);
    expect(mappingComplete({ ...mapping, name: null, surname: null })).toBe(false);
  });
});

describe("a row checked with the user form's rules", () => {
  it('sends the company when the row names one', () => {
    expect(readLine(['Anna', 'Neri', 'anna@example.com', 'Acme', '']).row).toEqual({
      line: 2,
      name: 'Anna',
      surname: 'Neri',
      email: 'anna@example.com',
      company: 'Acme',
    });
  });

  it('refuses a cell holding a NUL character', () => {
    expect(readLine(['An\u0000na', 'Neri', 'anna@example.com', '', '']).problem).toEqual({ rule: 'nul', field: 'name' });
  });

  it('takes a name of 100 characters, not 101', () => {
    expect(readLine(['a'.repeat(100), 'Neri', 'anna@example.com', '', '']).problem).toBeNull();
    expect(readLine(['a'.repeat(101), 'Neri', 'anna@example.com', '', '']).problem).toEqual({ rule: 'tooLong', field: 'name', max: 100 });
  });

  it('reads yes and no words in English and Italian', () => {
    expect(readLine(['Anna', 'Neri', 'anna@example.com', '', 'no']).row.admin).toBe(false);
    expect(readLine(['Anna', 'Neri', 'anna@example.com', '', 'Sì']).row.admin).toBe(true);
  });
});

describe('the results of a file', () => {
  it('lists a row only once the API answered it, and counts each outcome', () => {
    const rows = prepareRows(
      {
        headers,
        rows: [
          ['Anna', 'Neri', 'anna@example.com', '', ''],
          ['Bruno', 'Gialli', 'bruno@example.com', '', ''],
        ],
      },
      mapping,
    );
    const answered: RowResult[] = [{ line: 3, outcome: 'created' }];
    const results = allResults(rows, answered);
    expect(results).toEqual(answered);
    expect([countOf(results, 'created'), countOf(results, 'skipped')]).toEqual([1, 0]);
  });
});
