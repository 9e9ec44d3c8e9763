import type { Static } from 'typebox';
import type * as accountSecurity from '../../contract/account-security.schemas';

/** Who a working invitation or reset link is for (`POST auth/{invitation,password/reset}/verify`). */
export type LinkDetails = Static<typeof accountSecurity.LinkDetails>;
/** After a link set the password: the address to sign in with. */
export type PasswordSet = Static<typeof accountSecurity.PasswordSet>;
/** A user's account as an admin sees it (`GET users/{id}/account`). */
export type UserAccount = Static<typeof accountSecurity.UserAccount>;
export type InvitationSent = Static<typeof accountSecurity.InvitationSent>;
export type BulkInvitationResult = Static<typeof accountSecurity.BulkInvitationResult>;
export type SecurityPolicy = Static<typeof accountSecurity.SecurityPolicy>;
