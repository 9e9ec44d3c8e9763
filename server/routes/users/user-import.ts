import { and, inArray, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import { recordAudits } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { companies, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { toFieldErrors } from '../../http/validation';
import { OneOf } from '../../../contract/common.schemas';
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

class DryRunRollback extends Error {}

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
 * pass are written in ONE transaction with their audit rows, so a batch is created whole or not at all. An email
 * already in use (any case, any tenant: the unique index decides, so parallel imports of one file cannot both create
 * it) makes the row skipped, not failed: running a file again creates nothing twice. `dryRun` does the same work and
 * rolls it back, so the preview says exactly what the import will do.
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

  if (checked.length > 0) {
    try {
      await db.transaction(async (tx) => {
        const created = await tx
          .insert(users)
          .values(checked.map(({ values }) => values))
          .onConflictDoNothing()
          .returning();
        const createdWith = new Map(created.map((row) => [row.email.toLowerCase(), row]));
        for (const { index, line, values } of checked) {
          const row = createdWith.get(values.email.toLowerCase());
          if (!row) {
            results.set(index, { line, outcome: 'skipped', field: 'email', rule: 'unique', message: 'already in use' });
            continue;
          }
          const invited = invitations.send && row.enabled;
          // The invitation and its mail are in the batch's transaction: a dry run rolls them back with the rest.
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
        if (dryRun) throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
  }
  return rows.map((_row, index) => results.get(index)!);
}

/** Cells are read as typed; the spaces around a value are never part of it, an empty optional cell is no value. */
function trimmed(row: UserImportRow): UserImportRow {
  const text = (value: string | undefined) => value?.trim();
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
