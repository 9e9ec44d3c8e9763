import type { KyInstance } from 'ky';
import { fromPromise } from 'xstate';
import { newIdempotencyKey } from '../api/idempotency';
import { importUserBatch } from '../api/user-import';
import type { Failure } from '../domain/failure';
import { userImportMachine } from '../machines/user-import.machine';
import type { ColumnMapping, ParsedTable } from '../machines/user-import-rows';

const mappingKey = 'user_import_mapping';
const unreadable: Failure = { kind: 'parse', status: 'PARSING_ERROR' };

/**
 * A CSV file read in the browser by papaparse, fetched only now (the users list does not carry it): UTF-8 with or
 * without a byte-order mark (TextDecoder drops it), cells separated by `,` or `;` (guessed), empty lines left out.
 */
export async function parseCsv(file: Blob): Promise<ParsedTable> {
  const [{ default: Papa }, bytes] = await Promise.all([import('papaparse'), file.arrayBuffer()]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable;
  }
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';'], skipEmptyLines: 'greedy' });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((header) => !header.trim()) || rows.length === 0) throw unreadable;
  return { headers: headers.map((header) => header.trim()), rows };
}

/** The import machine on the API, with the mapping remembered in the browser's storage like the other preferences. */
export function provideUserImport(http: KyInstance, store: Pick<Storage, 'getItem' | 'setItem'>, importedUsers: () => void) {
  const send = importUserBatch(http);
  return {
    machine: userImportMachine.provide({
      actors: {
        parseFile: fromPromise(({ input }) => parseCsv(input.file)),
        checkBatch: fromPromise(async ({ input }) => (await send({ rows: input.rows, dryRun: true })).results),
        importBatch: fromPromise(async ({ input }) => (await send({ rows: input.rows, dryRun: false }, input.key)).results),
      },
      actions: {
        rememberMapping: (_, mapping: ColumnMapping) => {
          try {
            store.setItem(mappingKey, JSON.stringify(mapping));
          } catch {
            // A browser refusing storage only forgets the mapping.
          }
        },
        importedUsers,
      },
    }),
    input: () => ({ importId: newIdempotencyKey(), remembered: rememberedMapping(store) }),
  };
}

function rememberedMapping(store: Pick<Storage, 'getItem'>): Partial<ColumnMapping> {
  try {
    const value: unknown = JSON.parse(store.getItem(mappingKey) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<ColumnMapping>) : {};
  } catch {
    return {};
  }
}
