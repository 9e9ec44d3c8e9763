import { Type } from 'typebox';
import { Email, OneOf, Uuid } from './common.schemas';
import { LoginResponse } from './session.schemas';
import { passwordRules } from './users.schemas';
import { signInSteps, userLanguages } from './values';

/**
 * Accounts that run themselves (issue 30): invitations and password resets by mail, two-factor sign-in, and the
 * security policy that requires it. See docs/api-contract.md, "Invitations, password resets, two-factor sign-in".
 */

const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);
/** A one-time link's token or a sign-in challenge: 32 random bytes, base64url (43 characters). */
const OpaqueToken = Type.String({ minLength: 16, maxLength: 256, pattern: '^[A-Za-z0-9_-]+$' });
/** A new password: the schema's length here, the common-password list and the email rule on the server. */
const NewPassword = Type.String({ ...passwordRules, description: 'Not a common password, not the email address' });
/** A 6-digit code of the authenticator, or a recovery code (`xxxxx-xxxxx`; case, spaces and dashes ignored). */
const SecondFactorCode = Type.String({
  minLength: 6,
  maxLength: 32,
  description: 'A 6-digit code of the authenticator, or a recovery code',
});

/** What the sign-in page may offer: "Forgot password?" only when the server can send mail. */
export const AuthOptions = Type.Object(
  {
    mail: Type.Boolean({ description: 'Mail is configured: password resets and invitations can be sent' }),
    password: Type.Object({ minLength: Type.Integer(), maxLength: Type.Integer() }),
  },
  { title: 'AuthOptions' },
);

// --- One-time links (public: the link's token is the credential) ---

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false, title: 'ForgotPasswordBody' });

export const LinkTokenBody = Type.Object({ token: OpaqueToken }, { additionalProperties: false, title: 'LinkTokenBody' });

/** Who a working link is for: the page of the link greets the user and shows the address. */
export const LinkDetails = Type.Object(
  { email: Type.String(), name: Type.String(), surname: Type.String(), expiresAt: DateTime },
  { title: 'LinkDetails' },
);

export const SetPasswordBody = Type.Object(
  { token: OpaqueToken, password: NewPassword },
  { additionalProperties: false, title: 'SetPasswordBody' },
);

/** After an invitation is accepted or a password reset: the address to sign in with. */
export const PasswordSet = Type.Object({ email: Type.String() }, { title: 'PasswordSet' });

// --- Two-factor sign-in ---

/** `POST /api/auth/login` answers 202 with this when a second step is needed before a session exists. */
export const SignInChallenge = Type.Object(
  {
    step: OneOf(signInSteps, {
      description:
        'TWO_FACTOR: send a code (POST /api/auth/two-factor); TWO_FACTOR_SETUP: set up an authenticator first (POST /api/auth/two-factor/setup)',
    }),
    challenge: Type.String({ description: 'Short-lived (5 minutes for a code, 15 for a setup); good for this step only' }),
    expiresAt: DateTime,
  },
  { title: 'SignInChallenge' },
);

export const ChallengeBody = Type.Object({ challenge: OpaqueToken }, { additionalProperties: false, title: 'ChallengeBody' });
export const ChallengeCodeBody = Type.Object(
  { challenge: OpaqueToken, code: SecondFactorCode },
  { additionalProperties: false, title: 'ChallengeCodeBody' },
);
export const CodeBody = Type.Object({ code: SecondFactorCode }, { additionalProperties: false, title: 'CodeBody' });

/** A new authenticator: its key to type, its `otpauth://` URI, and the URI as a QR code (an SVG data URL). */
export const TwoFactorSetup = Type.Object(
  {
    secret: Type.String({ description: 'The key in base32, for typing into the authenticator by hand' }),
    otpauthUri: Type.String(),
    qrCode: Type.String({ description: 'data:image/svg+xml;base64,… of otpauthUri' }),
  },
  { title: 'TwoFactorSetup' },
);

const RecoveryCodeList = Type.Array(Type.String(), {
  minItems: 10,
  maxItems: 10,
  description: 'Ten one-time recovery codes, shown this once: only their hashes are kept',
});

export const RecoveryCodes = Type.Object({ recoveryCodes: RecoveryCodeList }, { title: 'RecoveryCodes' });

/** A sign-in finished by setting up an authenticator: the session, and the recovery codes to keep. */
export const LoginWithRecoveryCodes = Type.Object(
  { ...LoginResponse.properties, recoveryCodes: RecoveryCodeList },
  { title: 'LoginWithRecoveryCodes' },
);

export const TwoFactorStatus = Type.Object(
  {
    enabled: Type.Boolean(),
    enabledAt: NullableDateTime,
    recoveryCodesLeft: Type.Integer({ minimum: 0 }),
    required: Type.Boolean({
      description: "The account's tenant (or the platform, for GLOBAL admins) requires it: it cannot be turned off",
    }),
  },
  { title: 'TwoFactorStatus' },
);

export const SecurityPolicy = Type.Object(
  { requireTwoFactor: Type.Boolean({ description: 'Every admin must sign in with a second factor' }) },
  { title: 'SecurityPolicy' },
);
export const SecurityPolicyBody = Type.Object(SecurityPolicy.properties, { additionalProperties: false, title: 'SecurityPolicyBody' });

// --- A user's account, as an admin sees and acts on it ---

export const UserAccount = Type.Object(
  {
    language: OneOf(userLanguages, { description: "The language of the user's mails" }),
    twoFactor: Type.Object({ enabled: Type.Boolean(), enabledAt: NullableDateTime, required: Type.Boolean() }),
    invitation: Type.Union([Type.Object({ sentAt: DateTime, expiresAt: DateTime, expired: Type.Boolean() }), Type.Null()], {
      description: 'The last invitation not yet accepted nor revoked; null when none',
    }),
  },
  { title: 'UserAccount' },
);

export const InvitationSent = Type.Object({ expiresAt: DateTime }, { title: 'InvitationSent' });

/** Rows one bulk invitation carries at most. */
export const invitationBatchLimit = 500;

export const BulkInvitationBody = Type.Object(
  { userIds: Type.Array(Uuid, { minItems: 1, maxItems: invitationBatchLimit, uniqueItems: true }) },
  { additionalProperties: false, title: 'BulkInvitationBody' },
);

export const invitationOutcomes = ['sent', 'skipped', 'failed'] as const;

export const BulkInvitationResult = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        id: Uuid,
        outcome: OneOf(invitationOutcomes),
        expiresAt: Type.Optional(DateTime),
        code: Type.Optional(
          Type.String({
            description: 'Why a user was skipped or failed: USER_ACTIVE, USER_DISABLED, INVITATION_RECENTLY_SENT, USER_NOT_FOUND',
          }),
        ),
        message: Type.Optional(Type.String()),
      }),
    ),
  },
  { title: 'BulkInvitationResult' },
);
