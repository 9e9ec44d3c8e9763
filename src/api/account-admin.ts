import type { KyInstance } from 'ky';
import type { BulkInvitationResult, InvitationSent, SecurityPolicy, UserAccount } from '../domain/account-security';
import { call } from './http';

/**
 * What an admin does to other accounts (issue 30): a user's account (its invitation and second factor), sending
 * invitations again, resetting a second factor, and the policies requiring two-factor sign-in.
 */
export function createAccountAdminApi(http: KyInstance) {
  return {
    account: (userId: string) => call<UserAccount>(http.get(`users/${encodeURIComponent(userId)}/account`)),
    sendInvitation: (userId: string) => call<InvitationSent>(http.post(`users/${encodeURIComponent(userId)}/invitation`)),
    sendInvitations: (userIds: readonly string[]) => call<BulkInvitationResult>(http.post('users/invitations', { json: { userIds } })),
    resetTwoFactor: async (userId: string) => {
      await call<unknown>(http.delete(`users/${encodeURIComponent(userId)}/two-factor`));
    },
    tenantPolicy: (tenantId: string) => call<SecurityPolicy>(http.get(`tenants/${encodeURIComponent(tenantId)}/security-policy`)),
    setTenantPolicy: (tenantId: string, body: SecurityPolicy) =>
      call<SecurityPolicy>(http.put(`tenants/${encodeURIComponent(tenantId)}/security-policy`, { json: body })),
    platformPolicy: () => call<SecurityPolicy>(http.get('platform/security-policy')),
    setPlatformPolicy: (body: SecurityPolicy) => call<SecurityPolicy>(http.put('platform/security-policy', { json: body })),
  };
}

export type AccountAdminApi = ReturnType<typeof createAccountAdminApi>;
