-- One-time links sent by mail (issue 30): an invitation (valid 72 hours) sets the first password of a PENDING user, a
-- password reset (valid 1 hour) sets a new one. Only a SHA-256 of the random token is kept; a token is spent once
-- (used_at), and void once revoked: when the user's email or access changes, when a newer link of the same purpose is
-- sent, and when the password is set some other way. `email` is the address the link was sent to: a link is honoured
-- only while the user still has it.
CREATE TABLE account_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL CONSTRAINT account_tokens_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash text NOT NULL CONSTRAINT account_tokens_token_hash_key UNIQUE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('INVITATION', 'PASSWORD_RESET'))
);
CREATE INDEX account_tokens_user_id_idx ON account_tokens (user_id);

-- Tenant-owned through its user, like sessions (migration 0007): an admin's request sends invitations to the users in
-- its reach, and no further.
CREATE POLICY account_tokens_reach ON account_tokens USING (
  console_scope() = 'GLOBAL' OR EXISTS (SELECT FROM users WHERE users.id = account_tokens.user_id));
ALTER TABLE account_tokens ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON account_tokens TO console_app;
