/**
 * The account views of issue 30, one chunk (`route-chunks.ts`: `accountScreens`) that only the users' and tenants'
 * screens fetch: a user's account panel, the security policies of a tenant and of the platform, and the users' list's
 * Resend invitations.
 */
export { UserAccountPanel } from './UserAccountPanel';
export { PlatformSecurityPanel, TenantSecurityPanel } from './SecurityPolicyPanel';
export { ResendInvitationsButton } from './ResendInvitationsButton';
