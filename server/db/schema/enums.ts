/** Allowed values of columns that never travel on the wire; those that do are in `contract/values.ts`. */
export const languages = ['it', 'en'] as const;
export { auditActions, type AuditAction } from '../../../contract/values';
/** What a one-time link sent by mail does (issue 30). */
export const accountTokenPurposes = ['INVITATION', 'PASSWORD_RESET'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];
/** The second step of a sign-in: a code from the authenticator, or setting one up first. */
export { signInSteps, type SignInStep } from '../../../contract/values';
