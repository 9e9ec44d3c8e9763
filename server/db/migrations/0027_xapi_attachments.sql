-- The attachments of the Learning Record Store's statements (issue 27, `routes/xapi/attachments.ts`): the raw parts of
-- multipart/mixed statement posts, each company's its own, like its statements.
--
-- sha2          the SHA-2 hash (hex, lower case) the statement's attachment names and its part was checked against:
--               one row per content in a store, however many statements carry it.
-- content_type  the part's Content-Type, answered again with `GET /statements?attachments=true`.
-- content       the part's bytes (the LRS limits a request's size: `attachmentLimits`).
CREATE TABLE xapi_attachments (
  company_id uuid NOT NULL,
  sha2 text NOT NULL,
  tenant_id uuid NOT NULL,
  content_type text NOT NULL,
  length integer NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT xapi_attachments_pkey PRIMARY KEY (company_id, sha2),
  CONSTRAINT xapi_attachments_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);

CREATE POLICY xapi_attachments_reach ON xapi_attachments USING (console_reaches(tenant_id, company_id));
ALTER TABLE xapi_attachments ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON xapi_attachments TO console_app;
