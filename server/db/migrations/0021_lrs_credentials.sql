-- The Learning Record Store's credentials (issue 27): HTTP Basic key and secret a company's learning tools send with
-- their xAPI statements (`routes/xapi/`). Company-owned; created and revoked by the company's admins.
--
-- key          public, unique: finds the credential (the Basic user name).
-- secret_hash  SHA-256 of the secret (with the key, `lrs-credentials.ts`): the secret is 32 random bytes made by the
--              server, never a person's password, so a slow password hash would add nothing but work on every xAPI
--              request; it is shown once and never stored.
-- revoked_at   a revoked credential is refused (401) and stays listed.
CREATE TABLE lrs_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  label text NOT NULL,
  key text NOT NULL,
  secret_hash text NOT NULL,
  created_by uuid CONSTRAINT lrs_credentials_created_by_users_id_fk REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  last_used_at timestamptz,
  CONSTRAINT lrs_credentials_key_unique UNIQUE (key),
  CONSTRAINT lrs_credentials_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);
CREATE INDEX lrs_credentials_company_id_created_at_idx ON lrs_credentials (company_id, created_at);

CREATE POLICY lrs_credentials_reach ON lrs_credentials USING (console_reaches(tenant_id, company_id));
ALTER TABLE lrs_credentials ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON lrs_credentials TO console_app;
