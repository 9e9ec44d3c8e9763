import type { Static } from 'typebox';
import type * as account from '../../contract/account.schemas';
import type * as accountSecurity from '../../contract/account-security.schemas';
import type * as auth from '../../contract/auth.schemas';
import type * as common from '../../contract/common.schemas';
import type * as session from '../../contract/session.schemas';

export { scopes, type Scope } from '../../contract/values';

export type SessionUser = Static<typeof session.SessionUser>;
export type NamedRef = Static<typeof common.NamedRef>;
export type VinapseConfig = Static<typeof session.VinapseConfig>;
/** `expiresAt` is ISO 8601. */
export type VinapseToken = Static<typeof session.VideoToken>;
export type AssumedBy = Static<typeof session.AssumedBy>;
export type LoginResponse = Static<typeof session.LoginResponse>;
export type JwtTokens = LoginResponse['jwtTokens'];
export type MeResponse = Static<typeof session.MeResponse>;

/**
 * What the browser keeps as `session_state`: the login answer less the token. (A session stored before
 * `vinapseConfig.serviceUrl` existed has none: the video token's reader treats a missing one as null.)
 */
export type SessionState = Omit<LoginResponse, 'token'>;

export interface StoredSession {
  token: string;
  state: SessionState;
}

/** `PUT users/me`: the signed-in user's own name (answered with the {@link MeResponse} after the change). */
export type ProfileChange = Static<typeof account.MeUpdateBody>;

/** `PUT users/me/password`. */
export type PasswordChange = Static<typeof account.PasswordChangeBody>;

export type Credentials = Static<typeof auth.LoginBody>;

/** `POST auth/login` answers 202 with this when a second step comes before the session (docs/api-contract.md, issue 30). */
export type SignInChallenge = Static<typeof accountSecurity.SignInChallenge>;

/** A new authenticator: the key to type by hand, its `otpauth://` URI and the URI as a QR code (an SVG data URL). */
export type TwoFactorSetup = Static<typeof accountSecurity.TwoFactorSetup>;

/** A sign-in ended by setting up an authenticator: the session and the ten recovery codes, shown once. */
export type LoginWithRecoveryCodes = Static<typeof accountSecurity.LoginWithRecoveryCodes>;

/** The signed-in user's two-factor sign-in: on or not, required or not, recovery codes left. */
export type TwoFactorStatus = Static<typeof accountSecurity.TwoFactorStatus>;

/** What the sign-in's password step answers: the session, or the second step to take. */
export type SignInAnswer = LoginResponse | SignInChallenge;

export const isChallenge = (answer: SignInAnswer): answer is SignInChallenge => 'step' in answer && 'challenge' in answer;
