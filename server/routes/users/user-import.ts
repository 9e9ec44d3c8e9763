import { and, inArray, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import { recordAudit, recordAudits } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { companies, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { toFieldErrors } from '../../http/validation';
import { OneOf } from '../../../contract/common.schemas';
import { withoutByteOrderMarks } from './user-names';
import { userBody } from '../../../contract/users.schemas';
import type { UserImportResult, UserImportRow } from '../../../contract/user-import.schemas';
import { scopes, type Scope } from '../../../contract/values';
import { placeUser, type Placement } from './user-placement';
import type { StoreServices } from '../../store/resource';
import type { UserLanguage } from '../../../contract/values';
import { mailNotConfigured, sendInvitation } from './invitations';

/** Issue 30: invitations mailed to the users an import creates, and the language of their mails. */
export interface ImportInvitations {
  send: boolean;
  language: UserLanguage;
  services: StoreServices;
}

/** A row's own fields, with the rules of `POST /api/users` (the same schemas), the company aside. */
const rowRules = Compile(
  Type.Object({
    name: userBody.name,
    surname: userBody.surname,
    email: userBody.email,
    scope: Type.Optional(OneOf(scopes)),
    admin: userBody.admin,
    enabled: userBody.enabled,
  }),
);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields of `placeUser`'s errors as the import names them: the file has a company column, not an id. */
const importField: Record<string, string> = { companyId: 'company', tenantId: 'scope' };

interface Checked {
  line: number;
  values: typeof users.$inferInsert;
}

/** A refused row: the field at fault, the rule it broke (the codes of contract/errors.schemas.ts) and its words. */
const failed = (line: number, field: string, rule: string, message: string, params?: UserImportResult['params']): UserImportResult => ({
  line,
  outcome: 'failed',
  field,
  rule,
  message,
  ...(params && { params }),
});

/**
 * One batch of an import (`POST /api/users/import`): every row is checked on its own with the rules of a create (the
 * body's schema, the placement of `placeUser`: scope no wider than the caller's, a company in reach); the rows that
 * pass are written in ONE transaction with their audit rows, so a batch is created whole or not at all
 * (`writeBatch`). An email already in use makes the row skipped, not failed: running a file again creates nothing
 * twice. `dryRun` checks the same rows with reads only (`previewWrites`) and writes one audit row with its counts; it
 * answers what the import will do, but for addresses held outside the caller's reach, which it does not look at.
 */
export async function importUsers(
  db: Database,
  session: AuthSession,
  rows: UserImportRow[],
  dryRun: boolean,
  invitations: ImportInvitations,
): Promise<UserImportResult[]> {
  if (invitations.send && !invitations.services.mail.enabled) throw mailNotConfigured();
  const results = new Map<number, UserImportResult>();
  const candidates: Array<{ index: number; row: UserImportRow; companyId?: string }> = [];
  const seenEmails = new Map<string, number>();

  rows.forEach((raw, index) => {
    const row = trimmed(raw);
    const { line, company: _company, ...fields } = row;
    if (!rowRules.Check(fields)) {
      const [first] = toFieldErrors(rowRules.Errors(fields) as never, 'body');
      results.set(index, failed(line, first?.field ?? 'row', first?.rule ?? 'invalid', first?.message ?? 'is invalid', first?.params));
      return;
    }
    const email = row.email!.toLowerCase();
    const firstLine = seenEmails.get(email);
    if (firstLine !== undefined) {
      results.set(index, failed(line, 'email', 'duplicate', `appears more than once in the file (line ${firstLine})`, { line: firstLine }));
      return;
    }
    seenEmails.set(email, line);
    candidates.push({ index, row });
  });

  const companyIds = await companiesNamed(
    db,
    session,
    candidates.flatMap(({ row }) => (row.company ? [row.company] : [])),
  );
  const placements = new Map<string, Promise<Placement>>();
  const checked: Array<Checked & { index: number }> = [];
  for (const candidate of candidates) {
    const { row, index } = candidate;
    let companyId: string | undefined;
    if (row.company) {
      const found = companyIds.get(companyKey(row.company));
      if (found === undefined || found === 'ambiguous') {
        const result =
          found === 'ambiguous'
            ? failed(row.line, 'company', 'ambiguous', 'names more than one company: use its id')
            : failed(row.line, 'company', 'notFound', 'not found');
        results.set(index, result);
        continue;
      }
      companyId = found;
    }
    const scope = (row.scope as Scope | undefined) ?? (companyId ? 'COMPANY' : undefined);
    const key = `${scope ?? ''}|${companyId ?? ''}`;
    if (!placements.has(key)) placements.set(key, placeUser(db, session, { scope, companyId }));
    try {
      const placement = await placements.get(key)!;
      checked.push({
        index,
        line: row.line,
        values: {
          name: row.name!,
          surname: row.surname!,
          email: row.email!,
          enabled: row.enabled ?? true,
          admin: row.admin ?? false,
          status: 'PENDING',
          language: invitations.language,
          ...placement,
        },
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
      const [first] = error.errors ?? [];
      const field = first ? (importField[first.field] ?? first.field) : 'row';
      results.set(index, failed(row.line, field, first?.rule ?? 'invalid', first?.message ?? error.message, first?.params));
    }
  }

  if (dryRun) await previewWrites(db, session, checked, results, invitations.send);
  else if (checked.length > 0) await writeBatch(db, session, checked, results, invitations);
  if (dryRun) {
    // What the dry run answered, with how many of its addresses were found in use: a preview is audited like a write.
    const outcomes = [...results.values()];
    await recordAudit(db, session, {
      action: 'PREVIEW',
      entity: 'user',
      entityId: null,
      details: {
        import: true,
        rows: rows.length,
        conflicts: outcomes.filter((result) => result.outcome === 'skipped').length,
        failed: outcomes.filter((result) => result.outcome === 'failed').length,
      },
    });
  }
  return rows.map((_row, index) => results.get(index)!);
}

/** An email in use that the caller may see is said so; one outside its reach is not confirmed (see `writeBatch`). */
const inUse = (line: number): UserImportResult => ({ line, outcome: 'skipped', field: 'email', rule: 'unique', message: 'already in use' });
const unavailable = (line: number): UserImportResult => ({
  line,
  outcome: 'skipped',
  field: 'email',
  rule: 'unavailable',
  message: 'cannot be used for a new user',
});

/**
 * The emails of `emails` (any case) held by users in the caller's reach: the only conflicts an import tells apart. On
 * PostgreSQL the policies of the request's role hold the same reach a second time.
 */
async function emailsInReach(db: Database, session: AuthSession, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowerEmail = sql<string>`lower(${users.email})`;
  const found = await db
    .select({ email: lowerEmail })
    .from(users)
    .where(
      and(
        inArray(
          lowerEmail,
          emails.map((email) => email.toLowerCase()),
        ),
        reachOf(session, owners.users),
      ),
    );
  return new Set(found.map(({ email }) => email));
}

/**
 * A dry run's answer, from reads only (nothing inserted, nothing rolled back): a row whose email a user in the caller's
 * reach holds is skipped, every other checked row would be created. An address held outside the caller's reach is
 * never looked up, so the preview says nothing about it (the import itself may still skip it, `unavailable`): the dry
 * run is no way to learn whether an address exists on the platform.
 */
async function previewWrites(
  db: Database,
  session: AuthSession,
  checked: Array<Checked & { index: number }>,
  results: Map<number, UserImportResult>,
  invite: boolean,
) {
  const taken = await emailsInReach(
    db,
    session,
    checked.map(({ values }) => values.email),
  );
  for (const { index, line, values } of checked) {
    if (taken.has(values.email.toLowerCase())) results.set(index, inUse(line));
    else results.set(index, { line, outcome: 'created', ...(invite && { invited: values.enabled !== false }) });
  }
}

/**
 * The rows that passed, written in ONE transaction with their invitations and audit rows. An email already in use (any
 * case, any tenant: the unique index decides, so parallel imports of one file cannot both create it) skips its row:
 * `unique` when a user in the caller's reach holds it, else `unavailable`, words that do not confirm that the address
 * exists elsewhere on the platform.
 */
async function writeBatch(
  db: Database,
  session: AuthSession,
  checked: Array<Checked & { index: number }>,
  results: Map<number, UserImportResult>,
  invitations: ImportInvitations,
) {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(checked.map(({ values }) => values))
      .onConflictDoNothing()
      .returning();
    const createdWith = new Map(created.map((row) => [row.email.toLowerCase(), row]));
    const notCreated = checked.filter(({ values }) => !createdWith.has(values.email.toLowerCase()));
    const visible = await emailsInReach(
      tx,
      session,
      notCreated.map(({ values }) => values.email),
    );
    for (const { index, line, values } of checked) {
      const row = createdWith.get(values.email.toLowerCase());
      if (!row) {
        results.set(index, visible.has(values.email.toLowerCase()) ? inUse(line) : unavailable(line));
        continue;
      }
      const invited = invitations.send && row.enabled;
      if (invited) await sendInvitation(tx, session, invitations.services, row, false);
      results.set(index, { line, outcome: 'created', id: row.id, ...(invitations.send && { invited }) });
    }
    await recordAudits(
      tx,
      session,
      checked.flatMap(({ values }) => {
        const row = createdWith.get(values.email.toLowerCase());
        return row
          ? [
              {
                action: 'CREATE' as const,
                entity: 'user',
                entityId: row.id,
                owner: row,
                details: {
                  changed: [...changedFields(values), ...(invitations.send && row.enabled ? ['invitation'] : [])],
                  import: true,
                },
              },
            ]
          : [];
      }),
    );
  });
}

/**
 * Cells are read as typed; the spaces around a value are never part of it, an empty optional cell is no value, and a
 * U+FEFF (a byte-order mark a spreadsheet left inside a cell) is no character of it.
 */
function trimmed(row: UserImportRow): UserImportRow {
  const text = (value: string | undefined) => withoutByteOrderMarks(value)?.trim();
  const optional = (value: string | undefined) => text(value) || undefined;
  return {
    line: row.line,
    name: text(row.name) ?? '',
    surname: text(row.surname) ?? '',
    email: text(row.email) ?? '',
    company: optional(row.company),
    scope: optional(row.scope)?.toUpperCase(),
    ...(row.admin === undefined ? {} : { admin: row.admin }),
    ...(row.enabled === undefined ? {} : { enabled: row.enabled }),
  };
}

const changedFields = (values: typeof users.$inferInsert) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key]) => key);

const companyKey = (nameOrId: string) => nameOrId.trim().toLowerCase();

/**
 * The companies named by the rows, in the caller's reach only: by id, or by name ignoring case. A name two companies in
 * reach share is `ambiguous` (a GLOBAL admin sees every tenant's), so the row must give the id.
 */
async function companiesNamed(db: Database, session: AuthSession, named: string[]): Promise<Map<string, string | 'ambiguous'>> {
  const keys = [...new Set(named.map(companyKey))];
  const found = new Map<string, string | 'ambiguous'>();
  if (keys.length === 0) return found;
  const ids = keys.filter((key) => uuidPattern.test(key));
  const lowerName = sql<string>`lower(${companies.name})`;
  const matching = await db
    .select({ id: companies.id, key: lowerName })
    .from(companies)
    .where(
      and(
        ids.length > 0 ? or(inArray(lowerName, keys), inArray(companies.id, ids)) : inArray(lowerName, keys),
        reachOf(session, owners.companies),
      ),
    );
  for (const { id, key } of matching) {
    if (ids.includes(id)) found.set(id, id);
    if (keys.includes(key)) found.set(key, found.has(key) && found.get(key) !== id ? 'ambiguous' : id);
  }
  return found;
}
