import type { AuthSession } from './auth-session';

/**
 * The actor of a write done without a session, by the user themself through a one-time link (an invitation accepted, a
 * password reset): the audit log keeps them as acting on their own account.
 */
export function selfActor(user: {
  userId: string;
  email: string;
  name: string;
  surname: string;
  scope: AuthSession['user']['scope'];
  admin: boolean;
  tenantId: string | null;
  companyId: string | null;
}): AuthSession {
  const { userId, ...rest } = user;
  return {
    sessionId: '',
    realUserId: userId,
    assumedTenantId: null,
    user: { id: userId, ...rest },
    tenant: null,
    company: null,
    assumedBy: null,
  };
}
