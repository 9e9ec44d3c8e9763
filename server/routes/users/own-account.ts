import { eq, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AuthSession } from '../../auth/auth-session';
import { revokeAccountTokens } from '../../auth/account-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import { checkNewPassword } from '../../auth/password-policy';
import { readActiveSession, revokeOtherSessions } from '../../auth/sessions';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { invalidField, unauthorized } from '../../http/api-error';
import type { MeUpdateBody, PasswordChangeBody } from '../../../contract/account.schemas';
import { withoutByteOrderMarks } from './user-names';

/**
 * The signed-in user's own row: always the real user's (a GLOBAL admin who assumed a tenant changes the root
 * admin's row), never one named by the client, so there is no id to aim at another user. Each write runs in one
 * transaction with its audit row (real actor, assumed tenant, the user's own tenant and company) and bumps `version`.
 */
async function lockOwnRow(db: Database, session: AuthSession) {
  const [row] = await db
    .select({
      name: users.name,
      surname: users.surname,
      passwordHash: users.passwordHash,
      email: users.email,
      language: users.language,
      tenantId: users.tenantId,
      companyId: users.companyId,
    })
    .from(users)
    .where(eq(users.id, session.realUserId))
    .for('update');
  if (!row) throw unauthorized();
  return row;
}

const bumpedVersion = { version: sql`${users.version} + 1` };

/** Stores the trimmed name and surname (without byte-order marks: `user-names.ts`); answers the session read again, as `GET /users/me` would. */
export async function updateOwnName(db: Database, session: AuthSession, body: Static<typeof MeUpdateBody>) {
  const values = {
    name: withoutByteOrderMarks(body.name).trim(),
    surname: withoutByteOrderMarks(body.surname).trim(),
    ...(body.language && { language: body.language }),
  };
  return db.transaction(async (tx) => {
    const existing = await lockOwnRow(tx, session);
    await tx
      .update(users)
      .set({ ...values, ...bumpedVersion })
      .where(eq(users.id, session.realUserId));
    const changed = Object.entries(values)
      .filter(([key, value]) => existing[key as keyof typeof values] !== value)
      .map(([key]) => key);
    await recordAudit(tx, session, {
      action: 'UPDATE',
      entity: 'user',
      entityId: session.realUserId,
      owner: { tenantId: existing.tenantId, companyId: existing.companyId },
      details: { changed },
    });
    const updated = await readActiveSession(tx, session.sessionId);
    if (!updated) throw unauthorized();
    return updated;
  });
}

export type PasswordChange = { changed: true; revokedSessions: number } | { changed: false };

/**
 * Verifies the current password (argon2, as at sign-in) and stores the new one's hash, revoking every other
 * session of the user but the current one and the GLOBAL session it was assumed from. A wrong current password
 * answers `{ changed: false }` (the caller counts it as a failed sign-in, outside this transaction, which rolls back).
 */
export async function changeOwnPassword(
  db: Database,
  session: AuthSession,
  { currentPassword, newPassword }: Static<typeof PasswordChangeBody>,
): Promise<PasswordChange> {
  return db.transaction(async (tx) => {
    const existing = await lockOwnRow(tx, session);
    if (!(await verifyPassword(existing.passwordHash, currentPassword))) return { changed: false };
    if (newPassword === currentPassword) throw invalidField('newPassword', 'mustDiffer', 'must differ from the current password');
    checkNewPassword('newPassword', newPassword, existing.email);

    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), status: 'ACTIVE', ...bumpedVersion })
      .where(eq(users.id, session.realUserId));
    const revokedSessions = await revokeOtherSessions(tx, session.realUserId, session.sessionId);
    // A reset link still in a mailbox would undo the change.
    await revokeAccountTokens(tx, session.realUserId);
    await recordAudit(tx, session, {
      action: 'UPDATE',
      entity: 'user',
      entityId: session.realUserId,
      owner: { tenantId: existing.tenantId, companyId: existing.companyId },
      details: { changed: ['password'], revokedSessions },
    });
    return { changed: true, revokedSessions };
  });
}
