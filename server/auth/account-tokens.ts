import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountTokens, users } from '../db/schema';
import type { AccountTokenPurpose } from '../db/schema/enums';
import { hashSessionToken, newSessionToken } from './session-token';

/**
 * One-time links sent by mail: 32 random bytes (base64url) in the link, a SHA-256 of them in `account_tokens`. A token
 * works once (`used_at`, set by one conditional update, so of parallel uses exactly one succeeds), until it expires,
 * and only while its user is enabled and still has the address it was sent to. A newer link of the same purpose, a
 * change of the user's email or access, and a password set another way revoke it.
 */
export const tokenLifetimeHours: Record<AccountTokenPurpose, number> = { INVITATION: 72, PASSWORD_RESET: 1 };

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A new link for the user, revoking the ones of the same purpose not yet used. */
export async function issueAccountToken(
  db: Database,
  { userId, email, purpose }: { userId: string; email: string; purpose: AccountTokenPurpose },
): Promise<IssuedToken> {
  await revokeAccountTokens(db, userId, [purpose]);
  const token = newSessionToken();
  const [row] = await db
    .insert(accountTokens)
    .values({
      userId,
      purpose,
      tokenHash: hashSessionToken(token),
      email: email.trim().toLowerCase(),
      expiresAt: sql`now() + make_interval(hours => ${tokenLifetimeHours[purpose]})`,
    })
    .returning({ expiresAt: accountTokens.expiresAt });
  return { token, expiresAt: row!.expiresAt };
}

/** Revokes the user's links not yet used (of the purposes given, else all); answers how many. */
export async function revokeAccountTokens(db: Database, userId: string, purposes?: AccountTokenPurpose[]): Promise<number> {
  const revoked = await db
    .update(accountTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
        purposes ? inArray(accountTokens.purpose, purposes) : undefined,
      ),
    )
    .returning({ id: accountTokens.id });
  return revoked.length;
}

/** A token that still works: not used, not revoked, not expired, its user enabled and still at the same address. */
const working = (tokenHash: string, purpose: AccountTokenPurpose) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    isNull(accountTokens.revokedAt),
    gt(accountTokens.expiresAt, sql`now()`),
    eq(users.enabled, true),
    eq(sql`lower(${users.email})`, accountTokens.email),
  );

export interface TokenHolder {
  userId: string;
  email: string;
  name: string;
  surname: string;
  status: 'ACTIVE' | 'PENDING';
  scope: 'GLOBAL' | 'TENANT' | 'COMPANY';
  admin: boolean;
  language: 'it' | 'en';
  tenantId: string | null;
  companyId: string | null;
  expiresAt: Date;
}

const holderColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  status: users.status,
  scope: users.scope,
  admin: users.admin,
  language: users.language,
  tenantId: users.tenantId,
  companyId: users.companyId,
  expiresAt: accountTokens.expiresAt,
};

/** The user a working token belongs to, without spending it (the page of the link greets them), else null. */
export async function findAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<TokenHolder | null> {
  const [holder] = await db
    .select(holderColumns)
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(working(hashSessionToken(token), purpose));
  return holder ?? null;
}

/**
 * Spends a working token, in the caller's transaction (which then sets the password): one conditional update, whose
 * row lock makes parallel uses of one token wait for each other and find it spent. Answers its user, else null.
 */
export async function spendAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<TokenHolder | null> {
  const tokenHash = hashSessionToken(token);
  const [spent] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(and(eq(users.id, accountTokens.userId), working(tokenHash, purpose)))
    .returning(holderColumns);
  return spent ?? null;
}
