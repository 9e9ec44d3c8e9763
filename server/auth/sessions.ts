import { and, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { companies, sessions, tenants, users } from '../db/schema';
import type { AuthSession } from './auth-session';
import { hashSessionToken, newSessionToken } from './session-token';

export interface NewSession {
  userId: string;
  assumedTenantId: string | null;
  /** For an assumed session: the GLOBAL session it was opened from. */
  assumedFromSessionId?: string | null;
  ttlHours: number;
}

export async function createSession(db: Database, { userId, assumedTenantId, assumedFromSessionId = null, ttlHours }: NewSession) {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    assumedTenantId,
    assumedFromSessionId,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

export const findActiveSession = (db: Database, token: string) => activeSession(byTokenHash(db).execute({ key: hashSessionToken(token) }));

/** A session read again by id (e.g. after its user changed), null once it is no longer valid. */
export const readActiveSession = (db: Database, sessionId: string) => activeSession(byId(db).execute({ key: sessionId }));

const assumedFrom = alias(sessions, 'assumed_from');

/** The lookup every authenticated request makes: one statement, built once per database, named on PostgreSQL. */
const statements = preparedOnce();
const byTokenHash = (db: Database) =>
  statements(db, 'token', () => activeSessionQuery(db, eq(sessions.tokenHash, sql.placeholder('key'))).prepare('session_by_token'));
const byId = (db: Database) =>
  statements(db, 'id', () => activeSessionQuery(db, eq(sessions.id, sql.placeholder('key'))).prepare('session_by_id'));

function activeSessionQuery(db: Database, which: SQL) {
  return db
    .select({
      sessionId: sessions.id,
      assumedTenantId: sessions.assumedTenantId,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        surname: users.surname,
        scope: users.scope,
        admin: users.admin,
        tenantId: users.tenantId,
        companyId: users.companyId,
      },
      tenant: { id: tenants.id, name: tenants.name, vinapseTenant: tenants.vinapseTenant },
      company: { id: companies.id, name: companies.name, vinapseTenant: companies.vinapseTenant },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenants, tenantJoin)
    .leftJoin(companies, companyJoin)
    .leftJoin(assumedFrom, assumedFromJoin)
    .where(active(which))
    .limit(1);
}

const tenantJoin = eq(tenants.id, sql`coalesce(${sessions.assumedTenantId}, ${users.tenantId})`);
const companyJoin = and(isNull(sessions.assumedTenantId), eq(companies.id, users.companyId));
const assumedFromJoin = eq(assumedFrom.id, sessions.assumedFromSessionId);

/** `which` sessions, if active: not revoked, not expired, of an enabled admin. */
const active = (which: SQL) =>
  and(
    which,
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    // An assumed session lives no longer than the GLOBAL session it was opened from.
    or(isNull(sessions.assumedFromSessionId), and(isNull(assumedFrom.revokedAt), gt(assumedFrom.expiresAt, sql`now()`))),
    eq(users.enabled, true),
    eq(users.admin, true),
  );

/** A found session as `activeSessionQuery` selects it. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof byId>['execute']>>[number];

/** An organisation of a left join as JSON: null when the join found none. */
const organisationJson = (table: typeof tenants | typeof companies) =>
  sql`case when ${table.id} is null then null else json_build_object('id', ${table.id}, 'name', ${table.name}, 'vinapseTenant', ${table.vinapseTenant}) end`;

/**
 * The active sessions of the token hashes in the placeholder `tokenHashes` (a text array), each as its token hash
 * and its `SessionRow` in JSON: the lookup that `http/request-gate.ts` folds into the statement every request starts
 * with.
 */
export function activeSessionsByTokenHashes(db: Database) {
  return db
    .select({
      tokenHash: sql<string>`${sessions.tokenHash}`.as('tokenHash'),
      session: sql<SessionRow>`json_build_object(
        'sessionId', ${sessions.id}, 'assumedTenantId', ${sessions.assumedTenantId},
        'user', json_build_object('id', ${users.id}, 'email', ${users.email}, 'name', ${users.name}, 'surname', ${users.surname},
          'scope', ${users.scope}, 'admin', ${users.admin}, 'tenantId', ${users.tenantId}, 'companyId', ${users.companyId}),
        'tenant', ${organisationJson(tenants)}, 'company', ${organisationJson(companies)})`.as('session'),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenants, tenantJoin)
    .leftJoin(companies, companyJoin)
    .leftJoin(assumedFrom, assumedFromJoin)
    .where(active(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`));
}

async function activeSession(found: ReturnType<ReturnType<typeof byId>['execute']>): Promise<AuthSession | null> {
  const [row] = await found;
  return row ? authSessionOf(row) : null;
}

/** The caller a found session row makes: a GLOBAL admin who assumed a tenant acts as a TENANT user there. */
export function authSessionOf(row: SessionRow): AuthSession {
  const { sessionId, assumedTenantId, user, tenant, company } = row;
  if (assumedTenantId === null) {
    return { sessionId, realUserId: user.id, assumedTenantId, user, tenant, company, assumedBy: null };
  }
  return {
    sessionId,
    realUserId: user.id,
    assumedTenantId,
    user: { ...user, scope: 'TENANT', tenantId: assumedTenantId, companyId: null },
    tenant,
    company: null,
    assumedBy: { id: user.id, name: `${user.name} ${user.surname}`, email: user.email },
  };
}

/** Revokes a session and the sessions assumed from it (logging out of a GLOBAL session ends its assumed tenants). */
export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(or(eq(sessions.id, sessionId), eq(sessions.assumedFromSessionId, sessionId)), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user (assumed ones included: they are the same user's); answers how many. */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * Revokes every session of the user except `keptSessionId` and, when that one is an assumed session, the GLOBAL
 * session it was opened from (the console keeps its token to go back to the root admin). Answers how many it revoked.
 */
export async function revokeOtherSessions(db: Database, userId: string, keptSessionId: string): Promise<number> {
  const assumedFrom = db.select({ id: sessions.assumedFromSessionId }).from(sessions).where(eq(sessions.id, keptSessionId));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.id, keptSessionId),
        sql`${sessions.id} is distinct from (${assumedFrom})`,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
