import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Scope, SignInStep } from '../../contract/values';
import type { Database } from '../db/client';
import { appSettings, signInChallenges, tenants, userRecoveryCodes, userTwoFactor } from '../db/schema';
import type { SecretBoxLoader } from './secret-box';
import { hashSessionToken, newSessionToken } from './session-token';

/**
 * Two-factor sign-in: a TOTP authenticator (RFC 6238: SHA-1, 6 digits, 30 s; otplib), codes accepted one step either
 * side of now and each time step once (replays refused), and ten one-time recovery codes. The secret is sealed at rest
 * (`secret-box.ts`, bound to its user). QR codes are SVG data URLs drawn on the server (qrcode).
 */
export const issuer = 'Learning Admin Console';
export const recoveryCodeCount = 10;
/** One 30 s step before and after the server's clock: a phone a little off still signs in. */
const tolerance = 30;
const secretContext = (userId: string) => `totp:${userId}`;

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/** Starts (or starts again) the setup of an authenticator: a new secret, not yet confirmed. Null when one is on. */
export async function startTwoFactorSetup(
  db: Database,
  box: SecretBoxLoader,
  user: { id: string; email: string },
): Promise<TwoFactorSetup | null> {
  const secret = generateSecret();
  const sealed = (await box()).seal(secret, secretContext(user.id));
  const stored = await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: sealed, lastTimeStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTwoFactor.confirmedAt),
    })
    .returning({ userId: userTwoFactor.userId });
  if (stored.length === 0) return null;
  const otpauthUri = generateURI({ issuer, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** A 6-digit TOTP code, else a recovery code (letters and digits; spaces and dashes ignored). */
const totpPattern = /^\d{6}$/;
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalisedRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalisedRecoveryCode(code)).digest('hex');

function newRecoveryCode() {
  const characters = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** Ten new recovery codes in place of the old ones; the plain codes are answered once and kept only as hashes. */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Accepts a TOTP code of the user's authenticator (confirmed, or `pending` during setup) at most once: the time step
 * it belongs to is stored by one conditional update (`last_time_step` only grows), so the same code sent twice, in
 * parallel or not, passes once. Answers whether it passed.
 */
async function acceptTotp(db: Database, box: SecretBoxLoader, userId: string, code: string, pending: boolean): Promise<boolean> {
  const [row] = await db
    .select({ secret: userTwoFactor.secret, lastTimeStep: userTwoFactor.lastTimeStep })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), pending ? isNull(userTwoFactor.confirmedAt) : isNotNull(userTwoFactor.confirmedAt)));
  if (!row || !totpPattern.test(code)) return false;
  const secret = (await box()).open(row.secret, secretContext(userId));
  const result = await verify({
    secret,
    token: code,
    epochTolerance: tolerance,
    ...(row.lastTimeStep !== null && { afterTimeStep: row.lastTimeStep }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const accepted = await db
    .update(userTwoFactor)
    .set({ lastTimeStep: result.timeStep, ...(pending && { confirmedAt: sql`now()` }) })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        pending ? isNull(userTwoFactor.confirmedAt) : isNotNull(userTwoFactor.confirmedAt),
        or(isNull(userTwoFactor.lastTimeStep), lt(userTwoFactor.lastTimeStep, result.timeStep)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return accepted.length === 1;
}

/** Confirms the authenticator being set up with a code from it; answers its ten recovery codes, or null for a wrong code. */
export async function confirmTwoFactor(db: Database, box: SecretBoxLoader, userId: string, code: string): Promise<string[] | null> {
  if (!(await acceptTotp(db, box, userId, code.replace(/\s/g, ''), true))) return null;
  return replaceRecoveryCodes(db, userId);
}

export type SecondFactor = 'totp' | 'recovery';

/** Checks a code of the user's confirmed authenticator, or spends one of its recovery codes; null when neither. */
export async function verifySecondFactor(db: Database, box: SecretBoxLoader, userId: string, code: string): Promise<SecondFactor | null> {
  const compact = code.replace(/\s/g, '');
  if (totpPattern.test(compact)) return (await acceptTotp(db, box, userId, compact, false)) ? 'totp' : null;
  const enabled = await twoFactorEnabled(db, userId);
  if (!enabled) return null;
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(compact)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return spent.length === 1 ? 'recovery' : null;
}

async function twoFactorEnabled(db: Database, userId: string) {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)));
  return row !== undefined;
}

/** Removes the user's authenticator (set up or not) and recovery codes; answers whether one was on. */
export async function removeTwoFactor(db: Database, userId: string): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const removed = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ confirmedAt: userTwoFactor.confirmedAt });
  return removed.some((row) => row.confirmedAt !== null);
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Database, userId: string): Promise<TwoFactorState> {
  const [row] = await db
    .select({
      enabledAt: userTwoFactor.confirmedAt,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${userRecoveryCodes}
        where ${userRecoveryCodes.userId} = ${userId} and ${userRecoveryCodes.usedAt} is null)`,
    })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)));
  return row
    ? { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: row.recoveryCodesLeft }
    : { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
}

/** The platform's own admins (GLOBAL) must use two-factor sign-in: a setting of `app_settings`. */
const platformSettingKey = 'require_two_factor_platform';

export async function platformRequiresTwoFactor(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, platformSettingKey));
  return row?.value === 'true';
}

export async function setPlatformRequiresTwoFactor(db: Database, required: boolean) {
  await db
    .insert(appSettings)
    .values({ key: platformSettingKey, value: String(required) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(required) } });
}

/** Whether an account must sign in with a second factor: admins of a tenant that requires it, or GLOBAL admins when the platform does. */
export async function twoFactorRequired(db: Database, user: { admin: boolean; scope: Scope; tenantId: string | null }): Promise<boolean> {
  if (!user.admin) return false;
  if (user.scope === 'GLOBAL' || user.tenantId === null) return platformRequiresTwoFactor(db);
  const [tenant] = await db.select({ required: tenants.requireTwoFactor }).from(tenants).where(eq(tenants.id, user.tenantId));
  return tenant?.required ?? false;
}

/** How long the second step of a sign-in may wait: a code, or setting up an authenticator. */
export const challengeLifetimeMinutes: Record<SignInStep, number> = { TWO_FACTOR: 5, TWO_FACTOR_SETUP: 15 };

export async function issueSignInChallenge(db: Database, userId: string, step: SignInStep) {
  const token = newSessionToken();
  // Challenges of the user not taken up are dropped: one sign-in in progress at a time, and the table stays small.
  await db
    .delete(signInChallenges)
    .where(or(eq(signInChallenges.userId, userId), lt(signInChallenges.expiresAt, sql`now() - interval '1 day'`)));
  const [row] = await db
    .insert(signInChallenges)
    .values({
      tokenHash: hashSessionToken(token),
      userId,
      step,
      expiresAt: sql`now() + make_interval(mins => ${challengeLifetimeMinutes[step]})`,
    })
    .returning({ expiresAt: signInChallenges.expiresAt });
  return { challenge: token, expiresAt: row!.expiresAt };
}

/** A challenge still open (not used, not expired) for `step`, locked when `lock` (the caller's transaction then spends it). */
export async function openSignInChallenge(db: Database, token: string, step: SignInStep, lock = false) {
  const query = db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashSessionToken(token)),
        eq(signInChallenges.step, step),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function spendSignInChallenge(db: Database, id: string) {
  await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(eq(signInChallenges.id, id));
}
