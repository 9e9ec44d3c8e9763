import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, sessions, tenants, users } from '../db/schema';
import type { AuthSession } from './auth-session';
import { hashSessionToken, newSessionToken } from './session-token';

export interface NewSession {
  userId: string;
  assumedTenantId: string | null;
  ttlHours: number;
}

export async function createSession(db: Database, { userId, assumedTenantId, ttlHours }: NewSession) {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    assumedTenantId,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

export async function findActiveSession(db: Database, token: string): Promise<AuthSession | null> {
  const [row] = await db
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
    .leftJoin(tenants, eq(tenants.id, sql`coalesce(${sessions.assumedTenantId}, ${users.tenantId})`))
    .leftJoin(companies, and(isNull(sessions.assumedTenantId), eq(companies.id, users.companyId)))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.enabled, true),
        eq(users.admin, true),
      ),
    )
    .limit(1);
  if (!row) return null;

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

export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
