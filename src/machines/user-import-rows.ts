import { isEmail } from '../domain/email';
import type { Failure } from '../domain/failure';

/** The user fields a column of the file can fill; the first three are needed. */
export const importFields = ['name', 'surname', 'email', 'company', 'scope', 'admin', 'enabled'] as const;
export type ImportField = (typeof importFields)[number];
export const requiredImportFields: readonly ImportField[] = ['name', 'surname', 'email'];

/** Which column (by its header) fills each field; null: none. */
export type ColumnMapping = Record<ImportField, string | null>;

/** A file as parsed: its header row and the rows under it, each cell as read. */
export interface ParsedTable {
  headers: string[];
  rows: string[][];
}

/**
 * Why a file cannot be imported at all, found before any row is read: too large, not text (binary, not UTF-8),
 * nothing in it, a first row that is not a header, one column only (cells not separated by `,` or `;`), no row under
 * the header, a quote that opens a cell and is never closed (the rest of the file would be read as one cell).
 */
export const fileProblems = ['tooLarge', 'notText', 'empty', 'noHeader', 'oneColumn', 'noRows', 'unclosedQuote'] as const;
export type FileProblem = (typeof fileProblems)[number];

/** The largest file the import reads: 10 MB is about 100 000 users, far more than one import should hold. */
export const maxFileBytes = 10 * 1024 * 1024;

/** The error a file reader rejects with when the file cannot be imported; `line`: the line of the file at fault. */
export interface FileRefused {
  fileProblem: FileProblem;
  line?: number;
}

/** What went wrong reading a file: its problem when the reader named one, else the file is not text the parser can read. */
export function fileProblemOf(error: unknown): FileProblem {
  const named = typeof error === 'object' && error !== null ? (error as Partial<FileRefused>).fileProblem : undefined;
  return fileProblems.find((problem) => problem === named) ?? 'notText';
}

/** The line of the file a reader's refusal names (a whole number from 1), else null. */
export function fileProblemLineOf(error: unknown): number | null {
  const line = typeof error === 'object' && error !== null ? (error as Partial<FileRefused>).line : undefined;
  return typeof line === 'number' && Number.isInteger(line) && line >= 1 ? line : null;
}

/**
 * A file's rows as the parser read them, checked as a whole: the first row must be a header (some text, no cell that
 * is an email address, the sign of a file without one), with at least two columns, and rows must follow it.
 */
export function tableOf(cells: readonly string[][]): ParsedTable | FileProblem {
  const rows = cells.filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...data] = rows;
  if (!header) return 'empty';
  const headers = header.map((cell) => cell.trim());
  // A row of blank cells was dropped above: the header has some text.
  if (headers.some((cell) => isEmail(cell))) return 'noHeader';
  if (headers.filter((cell) => cell !== '').length < 2) return 'oneColumn';
  if (data.length === 0) return 'noRows';
  return { headers, rows: data };
}

/** One row as sent to `POST /api/users/import`. */
export interface ImportRow {
  line: number;
  name?: string;
  surname?: string;
  email?: string;
  company?: string;
  scope?: string;
  admin?: boolean;
  enabled?: boolean;
}

/** Why a row cannot be imported, found in the browser: a rule of the user form (translated by the view). */
export type LocalProblem =
  | { rule: 'required' | 'email' | 'nul' | 'boolean' | 'scope'; field: ImportField }
  | { rule: 'tooLong'; field: ImportField; max: number }
  | { rule: 'duplicate'; field: 'email'; firstLine: number };

export type ImportOutcome = 'created' | 'skipped' | 'failed';

/** What became (or, in the preview, would become) of one row: the API's words, or a problem found before sending. */
export interface RowResult {
  line: number;
  outcome: ImportOutcome;
  field?: string;
  /** The API's code for the reason (`notFound`, `unique`, `duplicate`…), which the view translates, and its values. */
  rule?: string;
  params?: Record<string, string | number>;
  /** The API's reason in English: shown when its rule has no translation. */
  message?: string;
  problem?: LocalProblem;
  /** The batch could not be sent: why (nothing of that batch was written). */
  failure?: Failure;
}

/** A row of the file with its cells read for the API, or the first problem the form's rules find in it. */
export interface PreparedRow {
  row: ImportRow;
  cells: Record<ImportField, string>;
  problem: LocalProblem | null;
}

/** The form's rules (`src/views/resources/users.tsx`, the API's `userBody`): required texts, their lengths, the email shape. */
const maxLengths: Partial<Record<ImportField, number>> = { name: 100, surname: 100, email: 254, company: 200, scope: 20 };
const scopeWords = ['GLOBAL', 'TENANT', 'COMPANY'];
const yes = new Set(['true', 'yes', 'y', '1', 'x', 'si', 'sì', 'vero']);
const no = new Set(['false', 'no', 'n', '0', 'falso']);

/** The header words each field is recognised by (English and Italian), after the remembered mapping. */
const headerWords: Record<ImportField, string[]> = {
  name: ['name', 'first name', 'firstname', 'given name', 'nome'],
  surname: ['surname', 'last name', 'lastname', 'family name', 'cognome'],
  email: ['email', 'e-mail', 'mail', 'email address', 'indirizzo email'],
  company: ['company', 'azienda', 'società', 'societa'],
  scope: ['scope', 'ambito', 'livello'],
  admin: ['admin', 'administrator', 'amministratore'],
  enabled: ['enabled', 'active', 'abilitato', 'attivo'],
};

/** The mapping for a file: the remembered column of a field when the file has it, else the header that names it. */
export function guessMapping(headers: readonly string[], remembered: Partial<ColumnMapping>): ColumnMapping {
  const normal = (text: string) => text.trim().toLowerCase();
  return Object.fromEntries(
    importFields.map((field) => {
      const kept = remembered[field];
      if (kept && headers.includes(kept)) return [field, kept];
      return [field, headers.find((header) => headerWords[field].includes(normal(header))) ?? null];
    }),
  ) as ColumnMapping;
}

export const mappingComplete = (mapping: ColumnMapping) => requiredImportFields.every((field) => mapping[field] !== null);

/** Every row of the file read through the mapping and checked with the form's rules; repeats of an email fail. */
export function prepareRows(table: ParsedTable, mapping: ColumnMapping): PreparedRow[] {
  const column = Object.fromEntries(
    importFields.map((field) => [field, mapping[field] === null ? -1 : table.headers.indexOf(mapping[field]!)]),
  );
  const firstLineOf = new Map<string, number>();
  return table.rows.map((cells, index) => {
    const line = index + 2;
    const read = Object.fromEntries(
      importFields.map((field) => [field, (column[field]! >= 0 ? cells[column[field]!] : undefined)?.trim() ?? '']),
    ) as Record<ImportField, string>;
    const { row, problem } = readRow(line, read);
    if (problem) return { row, cells: read, problem };
    const email = read.email.toLowerCase();
    const firstLine = firstLineOf.get(email);
    if (firstLine !== undefined) return { row, cells: read, problem: { rule: 'duplicate', field: 'email', firstLine } };
    firstLineOf.set(email, line);
    return { row, cells: read, problem: null };
  });
}

function readRow(line: number, cells: Record<ImportField, string>): { row: ImportRow; problem: LocalProblem | null } {
  const row: ImportRow = { line, name: cells.name, surname: cells.surname, email: cells.email };
  if (cells.company) row.company = cells.company;
  if (cells.scope) row.scope = cells.scope.toUpperCase();
  for (const field of importFields) {
    if (cells[field].includes('\u0000')) return { row, problem: { rule: 'nul', field } };
    const max = maxLengths[field];
    if (max !== undefined && cells[field].length > max) return { row, problem: { rule: 'tooLong', field, max } };
  }
  for (const field of requiredImportFields) if (!cells[field]) return { row, problem: { rule: 'required', field } };
  if (!isEmail(cells.email)) return { row, problem: { rule: 'email', field: 'email' } };
  if (row.scope !== undefined && !scopeWords.includes(row.scope)) return { row, problem: { rule: 'scope', field: 'scope' } };
  for (const field of ['admin', 'enabled'] as const) {
    const word = cells[field].toLowerCase();
    if (!word) continue;
    if (yes.has(word)) row[field] = true;
    else if (no.has(word)) row[field] = false;
    else return { row, problem: { rule: 'boolean', field } };
  }
  return { row, problem: null };
}

/** The rows the API is asked about: those with no problem of their own. */
export const sendable = (rows: readonly PreparedRow[]) => rows.filter(({ problem }) => problem === null).map(({ row }) => row);

export const localResult = ({ row, problem }: PreparedRow): RowResult => ({
  line: row.line,
  outcome: 'failed',
  field: problem!.field,
  problem: problem!,
});

/** The results of every row of the file in its order: the local failures and the API's answers. */
export function allResults(rows: readonly PreparedRow[], answered: readonly RowResult[]): RowResult[] {
  const byLine = new Map(answered.map((result) => [result.line, result]));
  return rows.flatMap((prepared) => {
    if (prepared.problem) return [localResult(prepared)];
    const result = byLine.get(prepared.row.line);
    return result ? [result] : [];
  });
}

export const countOf = (results: readonly RowResult[], outcome: ImportOutcome) =>
  results.filter((result) => result.outcome === outcome).length;
