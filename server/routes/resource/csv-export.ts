import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { TObject, TSchema } from 'typebox';
import { exportLanguages, type ExportLanguage } from '../../../contract/values';

export { exportLanguages, type ExportLanguage };

/** Rows read per batch: each batch is one page of the list (the store's own query), so memory stays flat. */
export const EXPORT_BATCH_SIZE = 500;

/** Column headers by record property, per language; a property missing here is headed by its own name. */
const headers: Record<ExportLanguage, Record<string, string>> = {
  en: {
    id: 'ID',
    createdAt: 'Created',
    updatedAt: 'Updated',
    name: 'Name',
    surname: 'Surname',
    email: 'Email',
    enabled: 'Enabled',
    admin: 'Administrator',
    scope: 'Scope',
    status: 'Status',
    tenant: 'Tenant',
    company: 'Company',
    domain: 'Domain',
    vinapseTenant: 'Video tenant',
    taxId: 'Tax ID',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    postalCode: 'Postal code',
    city: 'City',
    region: 'Region',
    countryCode: 'Country code',
    phone: 'Phone',
    domainName: 'Domain name',
    description: 'Description',
    url: 'URL',
    title: 'Title',
    background: 'Background',
    type: 'Type',
    renderType: 'Render type',
    text: 'Text',
    topics: 'Topics',
    color: 'Colour',
    externalUuid: 'Video',
    freelyNavigable: 'Freely navigable',
    moduleCount: 'Modules',
    // Quizzes (issue 28)
    passMark: 'Pass mark (%)',
    attemptsAllowed: 'Attempts allowed',
    timeLimitMinutes: 'Time limit (minutes)',
    shuffleQuestions: 'Shuffle questions',
    shuffleAnswers: 'Shuffle answers',
    showCorrectAnswers: 'Show correct answers',
    questionCount: 'Questions',
    totalPoints: 'Points',
    // A plan's learners (issue 27)
    progress: 'Progress',
    dueDate: 'Due date',
    startedAt: 'Started',
    completedAt: 'Completed',
    lastActivityAt: 'Last activity',
    enrolledAt: 'Enrolled',
  },
  it: {
    id: 'ID',
    createdAt: 'Creato il',
    updatedAt: 'Modificato il',
    name: 'Nome',
    surname: 'Cognome',
    email: 'Email',
    enabled: 'Abilitato',
    admin: 'Amministratore',
    scope: 'Ambito',
    status: 'Stato',
    tenant: 'Tenant',
    company: 'Azienda',
    domain: 'Dominio',
    vinapseTenant: 'Tenant video',
    taxId: 'Partita IVA',
    addressLine1: 'Indirizzo (riga 1)',
    addressLine2: 'Indirizzo (riga 2)',
    postalCode: 'CAP',
    city: 'Città',
    region: 'Regione',
    countryCode: 'Codice paese',
    phone: 'Telefono',
    domainName: 'Nome di dominio',
    description: 'Descrizione',
    url: 'URL',
    title: 'Titolo',
    background: 'Sfondo',
    type: 'Tipo',
    renderType: 'Tipo di visualizzazione',
    text: 'Testo',
    topics: 'Argomenti',
    color: 'Colore',
    externalUuid: 'Video',
    freelyNavigable: 'Navigazione libera',
    moduleCount: 'Moduli',
    // Quizzes (issue 28)
    passMark: 'Soglia di superamento (%)',
    attemptsAllowed: 'Tentativi consentiti',
    timeLimitMinutes: 'Tempo limite (minuti)',
    shuffleQuestions: 'Domande in ordine casuale',
    shuffleAnswers: 'Risposte in ordine casuale',
    showCorrectAnswers: 'Mostra le risposte corrette',
    questionCount: 'Domande',
    totalPoints: 'Punti',
    // I discenti di un piano (issue 27)
    progress: 'Avanzamento',
    dueDate: 'Scadenza',
    startedAt: 'Iniziato',
    completedAt: 'Completato',
    lastActivityAt: 'Ultima attività',
    enrolledAt: 'Iscritto',
  },
};

const yesNo: Record<ExportLanguage, [string, string]> = { en: ['Yes', 'No'], it: ['Sì', 'No'] };

/**
 * The exported columns of a record schema, in its order: every property but the version, and but the ids of a
 * reference the record also names (`tenantId` beside `tenant`, `topicIds` beside `topics`).
 */
export function exportColumns(record: TSchema): string[] {
  const keys = Object.keys((record as TObject).properties);
  const named = new Set(keys);
  return keys.filter(
    (key) =>
      key !== 'version' &&
      !(key.endsWith('Id') && named.has(key.slice(0, -2))) &&
      !(key.endsWith('Ids') && named.has(`${key.slice(0, -3)}s`)),
  );
}

const nameOf = (value: unknown) =>
  typeof value === 'object' && value !== null && 'name' in value ? String((value as { name: unknown }).name) : '';

/**
 * A separator some spreadsheet may split a line on (`;` in Italian and most EU locales, `,`, a tab, `|`) or a line
 * break, followed (after spaces or quotes) by a character that starts a formula. Read with another separator than the
 * file's, quoting no longer holds: `"a","x;=1+1;"` split on `;` gives a cell `=1+1`. Such a start gets the `'` prefix
 * too (`x;'=1+1;`), as the start of the value does (csv-stringify's `escape_formulas`).
 */
const formulaAfterSeparator = /([,;\t|\r\n])(?=[ "]*[=+\-@\t\r])/g;

/** One cell: references by name, lists of references by their names, booleans as Yes/No in the export's language. */
function cell(value: unknown, language: ExportLanguage): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return yesNo[language][value ? 0 : 1];
  if (typeof value === 'number') return value;
  const text = Array.isArray(value) ? value.map(nameOf).join('; ') : typeof value === 'object' ? nameOf(value) : String(value);
  return text.replace(formulaAfterSeparator, "$1'");
}

/**
 * The CSV of every record `readBatch` answers, batch after batch until a short one: a stream that reads the next batch
 * only when the client has taken the previous one (back-pressure), so a list of any length never sits in memory.
 * Cells starting with = + - @ (or a tab, a carriage return) are prefixed with ' (CSV injection, OWASP), and so is such
 * a start after a separator inside a value (`formulaAfterSeparator`); every cell, the header's and the empty ones too,
 * is quoted. A spreadsheet that splits on `;` (Excel in Italian and most EU locales) or any other separator then finds
 * no formula in a value such as `x;=1+1;`.
 */
export function csvExport(
  columns: string[],
  language: ExportLanguage,
  readBatch: (batch: number) => Promise<Record<string, unknown>[]>,
  done?: () => Promise<void>,
): Readable {
  async function* records() {
    try {
      for (let batch = 1; ; batch++) {
        const rows = await readBatch(batch);
        for (const row of rows) yield columns.map((column) => cell(row[column], language));
        if (rows.length < EXPORT_BATCH_SIZE) return;
      }
    } finally {
      // Before the file's end is sent (or when it is cut short): the export's bulk work turn and claim are given back.
      await done?.();
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => headers[language][column] ?? column),
    escape_formulas: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  });
  // A failed batch ends the stream with its error (the response is cut short, never a truncated file that looks whole).
  return pipeline(Readable.from(records()), csv, () => {});
}

/** The export's language: `lang` when given, else the best of Accept-Language, else English. */
export function exportLanguage(lang: string | undefined, accepted: string | false): ExportLanguage {
  const wanted = lang ?? (accepted || undefined);
  return exportLanguages.find((language) => language === wanted) ?? 'en';
}
