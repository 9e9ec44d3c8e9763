-- Two-factor sign-in (issue 30): a TOTP authenticator per user (RFC 6238), its secret sealed with AES-256-GCM
-- (server/auth/secret-box.ts), confirmed once a code from it was typed; the last time step accepted, so that a code
-- signs in once; ten recovery codes, kept as SHA-256 hashes, each spent once.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY CONSTRAINT user_two_factor_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL CONSTRAINT user_recovery_codes_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  CONSTRAINT user_recovery_codes_user_id_code_hash_key UNIQUE (user_id, code_hash)
);

-- The second step of a sign-in: after the password, a short-lived challenge that only a code (TWO_FACTOR) or the
-- authenticator's setup (TWO_FACTOR_SETUP) turns into a session. Used before the caller is known: the owner's alone.
CREATE TABLE sign_in_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL CONSTRAINT sign_in_challenges_token_hash_key UNIQUE,
  user_id uuid NOT NULL CONSTRAINT sign_in_challenges_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  step text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT sign_in_challenges_step_check CHECK (step IN ('TWO_FACTOR', 'TWO_FACTOR_SETUP'))
);
CREATE INDEX sign_in_challenges_user_id_idx ON sign_in_challenges (user_id);
CREATE INDEX sign_in_challenges_expires_at_idx ON sign_in_challenges (expires_at);

-- A GLOBAL admin may require two-factor sign-in of every admin of a tenant (the platform's own admins: app_settings).
ALTER TABLE tenants ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

CREATE POLICY user_two_factor_reach ON user_two_factor USING (
  console_scope() = 'GLOBAL' OR EXISTS (SELECT FROM users WHERE users.id = user_two_factor.user_id));
CREATE POLICY user_recovery_codes_reach ON user_recovery_codes USING (
  console_scope() = 'GLOBAL' OR EXISTS (SELECT FROM users WHERE users.id = user_recovery_codes.user_id));
ALTER TABLE user_two_factor ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE user_recovery_codes ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON user_two_factor, user_recovery_codes TO console_app;
