import { fromPromise } from 'xstate';
import { newIdempotencyKey } from '../api/idempotency';
import type { BrowserStorage } from '../api/storage';
import type { UserImportApi } from '../api/user-import';
import { userImportMachine } from '../machines/user-import.machine';
import { maxFileBytes, tableOf, type FileProblem, type FileRefused, type ParsedTable } from '../machines/user-import-rows';

const refused = (fileProblem: FileProblem, line?: number): FileRefused => ({ fileProblem, ...(line !== undefined && { line }) });

/** The line of the text a parser error's position is on (papaparse's `index` is just past the quote at fault). */
const lineAt = (text: string, index: number) => text.slice(0, Math.max(0, index - 1)).split('\n').length;

/**
 * A CSV file read in the browser by papaparse, fetched only now (the users list does not carry it): UTF-8 with or
 * without a byte-order mark (TextDecoder drops it; one left inside the text, as files joined together keep it, is
 * dropped too: it is no character of any cell), cells separated by `,` or `;` (guessed), empty lines left out.
 * A file that cannot be imported rejects with its {@link FileProblem}: too large (checked before reading it), not
 * UTF-8 text or holding NUL bytes (binary), empty, a quote that opens a cell and never closes (papaparse would read
 * the rest of the file into that cell: refused naming its line), without a header, with a single column, without rows.
 */
export async function parseCsv(file: Blob): Promise<ParsedTable> {
  if (file.size > maxFileBytes) throw refused('tooLarge');
  const [{ default: Papa }, bytes] = await Promise.all([import('papaparse'), file.arrayBuffer()]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('notText');
  }
  if (text.includes('\u0000')) throw refused('notText');
  text = text.replaceAll('\ufeff', '');
  if (text.trim() === '') throw refused('empty');
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';'], skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) throw refused('unclosedQuote', lineAt(text, quoteError.index ?? 0));
  const table = tableOf(parsed.data);
  if (typeof table === 'string') throw refused(table);
  return table;
}

export interface UserImportDependencies {
  api: UserImportApi;
  /** The console's storage: the mapping is remembered beside the language and the theme. */
  storage: Pick<BrowserStorage, 'readImportMapping' | 'writeImportMapping'>;
  /** The import wrote users: the lists showing them are read again. */
  importedUsers: () => void;
  /** Reads a chosen file (papaparse unless a test gives another). */
  parse?: (file: Blob) => Promise<ParsedTable>;
}

/** The import machine on the API, with the mapping remembered in the console's storage like the other preferences. */
export function provideUserImport({ api, storage, importedUsers, parse = parseCsv }: UserImportDependencies) {
  return {
    machine: userImportMachine.provide({
      actors: {
        parseFile: fromPromise(({ input }) => parse(input.file)),
        checkBatch: fromPromise(async ({ input }) => (await api.importBatch({ rows: input.rows, dryRun: true })).results),
        importBatch: fromPromise(async ({ input: { rows, key, sendInvitations, language } }) => {
          const invitations = sendInvitations
            ? { sendInvitations: true, language: language === 'it' ? ('it' as const) : ('en' as const) }
            : {};
          return (await api.importBatch({ rows, dryRun: false, ...invitations }, key)).results;
        }),
      },
      actions: {
        rememberMapping: (_, mapping) => storage.writeImportMapping(mapping),
        importedUsers,
      },
    }),
    input: () => ({ importId: newIdempotencyKey(), remembered: storage.readImportMapping() }),
  };
}

export type UserImportMachines = ReturnType<typeof provideUserImport>;
