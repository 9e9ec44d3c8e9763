import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AuthSession } from '../../auth/auth-session';
import { issueAccountToken, tokenLifetimeHours } from '../../auth/account-tokens';
import { owners, reachOf } from '../../auth/tenancy';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import { accountTokens, users } from '../../db/schema';
import { ApiError, conflict } from '../../http/api-error';
import type { StoreServices } from '../../store/resource';
import type { UserLanguage } from '../../../contract/values';

/**
 * Invitations: a one-time link (72 hours) mailed to a user without a password, to choose one and become ACTIVE. Sent
 * when a user is created or imported with the flag, and again ("Resend invitation") for one user or many. The link and
 * its mail are written in the caller's transaction: the mail leaves only if the rest commits.
 */
export interface Invitee {
  id: string;
  email: string;
  name: string;
  surname: string;
  status: 'ACTIVE' | 'PENDING';
  enabled: boolean;
  language: UserLanguage;
  tenantId: string | null;
  companyId: string | null;
}

/** A second invitation to the same user within this many seconds is refused (a double click, a repeated bulk action). */
export const resendPauseSeconds = 60;

export const mailNotConfigured = () =>
  conflict('Mail is not configured on this server: set SMTP_URL to send invitations and password resets', 'MAIL_NOT_CONFIGURED');

/** Why this user cannot be invited now, or null. */
export function invitationRefusal(user: Pick<Invitee, 'status' | 'enabled'>): ApiError | null {
  if (user.status === 'ACTIVE')
    return conflict('The user already has a password: an invitation is only for users who have none', 'USER_ACTIVE');
  if (!user.enabled) return conflict('The user is disabled: enable the user before sending an invitation', 'USER_DISABLED');
  return null;
}

const actorName = (session: AuthSession) => session.assumedBy?.name ?? `${session.user.name} ${session.user.surname}`;

/**
 * Issues the user's invitation (revoking an earlier one) and queues its mail, in `db`'s transaction. `audit`: write
 * an UPDATE row naming `invitation` (a resend); a create lists `invitation` among the fields of its own row instead.
 */
export async function sendInvitation(db: Database, session: AuthSession, services: StoreServices, user: Invitee, audit: boolean) {
  if (!services.mail.enabled) throw mailNotConfigured();
  const { token, expiresAt } = await issueAccountToken(db, { userId: user.id, email: user.email, purpose: 'INVITATION' });
  await services.mail.send(db, {
    to: user.email,
    language: user.language,
    template: 'invitation',
    params: {
      name: user.name,
      link: services.links.invitation(token),
      invitedBy: actorName(session),
      hours: tokenLifetimeHours.INVITATION,
    },
  });
  if (audit) {
    await recordAudit(db, session, {
      action: 'UPDATE',
      entity: 'user',
      entityId: user.id,
      owner: { tenantId: user.tenantId, companyId: user.companyId },
      details: { changed: ['invitation'], expiresAt: expiresAt.toISOString() },
    });
  }
  return { expiresAt };
}

const inviteeColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  status: users.status,
  enabled: users.enabled,
  language: users.language,
  tenantId: users.tenantId,
  companyId: users.companyId,
  /** Seconds since the user's last invitation (the database's clock), null when none was sent. */
  sinceLastSent: sql<number | null>`(select extract(epoch from now() - max(${accountTokens.createdAt}))::float8 from ${accountTokens}
    where ${qualified(accountTokens.userId)} = ${qualified(users.id)} and ${accountTokens.purpose} = 'INVITATION')`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
};

export type InvitationOutcome =
  { id: string; outcome: 'sent'; expiresAt: Date } | { id: string; outcome: 'skipped' | 'failed'; error: ApiError };

/**
 * Sends invitations to the users of `ids` in the caller's reach, one transaction per user (a failure of one loses none
 * of the others): each locked, then refused (`skipped`: already ACTIVE, disabled, invited in the last minute) or
 * invited. Users outside the reach are `failed` with USER_NOT_FOUND, as unknown ones are.
 */
export async function sendInvitations(
  db: Database,
  session: AuthSession,
  services: StoreServices,
  ids: string[],
): Promise<InvitationOutcome[]> {
  if (!services.mail.enabled) throw mailNotConfigured();
  const outcomes: InvitationOutcome[] = [];
  for (const id of ids) {
    try {
      const sent = await db.transaction(async (tx) => {
        const [user] = await tx
          .select(inviteeColumns)
          .from(users)
          .where(and(eq(users.id, id), reachOf(session, owners.users)))
          .for('update');
        if (!user) return { id, outcome: 'failed', error: new ApiError(404, 'User not found', {}, undefined, 'USER_NOT_FOUND') } as const;
        const refusal = invitationRefusal(user) ?? recentlySent(user.sinceLastSent);
        if (refusal) return { id, outcome: 'skipped', error: refusal } as const;
        const { expiresAt } = await sendInvitation(tx, session, services, user, true);
        return { id, outcome: 'sent', expiresAt } as const;
      });
      outcomes.push(sent);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.push({ id, outcome: 'failed', error });
    }
  }
  return outcomes;
}

function recentlySent(sinceLastSent: number | null): ApiError | null {
  if (sinceLastSent === null) return null;
  const waitSeconds = Math.ceil(resendPauseSeconds - sinceLastSent);
  if (waitSeconds <= 0) return null;
  return new ApiError(
    409,
    `An invitation was sent to this user less than ${resendPauseSeconds} seconds ago`,
    { 'retry-after': String(waitSeconds) },
    undefined,
    'INVITATION_RECENTLY_SENT',
  );
}

/** The user's last invitation not yet accepted nor revoked (what the user's page shows), else null. */
export async function pendingInvitation(db: Database, userId: string) {
  const [row] = await db
    .select({
      sentAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
      expired: sql<boolean>`${accountTokens.expiresAt} <= now()`,
    })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'INVITATION'),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row ?? null;
}
