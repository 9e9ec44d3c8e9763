-- The Learning Record Store's statements (issue 27, `routes/xapi/`): each company's statements are its own store,
-- written through its LRS credentials and read only by them.
--
-- id                  the statement's id (unique per store: the same id in two companies' stores is two statements).
-- seq                 the order they were stored in (a sequence): queries are ordered by it and the `more` cursor resumes after
--                     it, so a page turn is stable under new inserts (every new statement has a higher seq).
-- statement           as answered by GET: the statement sent, with `id`, `timestamp`, `stored`, `authority` and
--                     `version` set by the LRS.
-- submitted           as sent (with its id): what a repeat of the same id is compared with (jsonb equality, so the
--                     order of keys does not matter): the same → nothing stored again (204 for PUT); else 409.
-- actor_mbox, verb_id, object_activity_id, registration, timestamp: the columns the queries filter on.
-- voided              set by a voiding statement (verb http://adlnet.gov/expapi/verbs/voided naming it): a voided
--                     statement is found only by `voidedStatementId`.
CREATE TABLE xapi_statements (
  company_id uuid NOT NULL,
  id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  seq bigserial NOT NULL,
  stored timestamptz NOT NULL DEFAULT now(),
  credential_id uuid CONSTRAINT xapi_statements_credential_id_lrs_credentials_id_fk
    REFERENCES lrs_credentials (id) ON DELETE SET NULL,
  statement jsonb NOT NULL,
  submitted jsonb NOT NULL,
  actor_mbox text,
  verb_id text NOT NULL,
  object_activity_id text,
  registration uuid,
  timestamp timestamptz NOT NULL,
  voided boolean NOT NULL DEFAULT false,
  CONSTRAINT xapi_statements_pkey PRIMARY KEY (company_id, id),
  CONSTRAINT xapi_statements_seq_unique UNIQUE (seq),
  CONSTRAINT xapi_statements_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);
-- Every query reads one store in seq order; the filters narrow it.
CREATE INDEX xapi_statements_company_id_seq_idx ON xapi_statements (company_id, seq);
CREATE INDEX xapi_statements_company_id_actor_mbox_seq_idx ON xapi_statements (company_id, actor_mbox, seq);
CREATE INDEX xapi_statements_company_id_verb_id_seq_idx ON xapi_statements (company_id, verb_id, seq);
CREATE INDEX xapi_statements_company_id_object_activity_id_seq_idx ON xapi_statements (company_id, object_activity_id, seq);
CREATE INDEX xapi_statements_company_id_registration_seq_idx ON xapi_statements (company_id, registration, seq);
CREATE INDEX xapi_statements_company_id_stored_idx ON xapi_statements (company_id, stored);

-- The items of a plan a learner has done (issue 27): one row per enrolment and item, written by the statements that
-- complete it (`completed`, or `passed` for a QUIZ item); progress = items done ÷ items of the plan.
CREATE TABLE enrolment_items (
  enrolment_id uuid NOT NULL CONSTRAINT enrolment_items_enrolment_id_enrolments_id_fk REFERENCES enrolments (id) ON DELETE CASCADE,
  item_id uuid NOT NULL CONSTRAINT enrolment_items_item_id_training_plan_items_id_fk REFERENCES training_plan_items (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  done_at timestamptz NOT NULL,
  verb_id text NOT NULL,
  score_scaled double precision,
  CONSTRAINT enrolment_items_pkey PRIMARY KEY (enrolment_id, item_id),
  CONSTRAINT enrolment_items_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);
CREATE INDEX enrolment_items_item_id_idx ON enrolment_items (item_id);

CREATE POLICY xapi_statements_reach ON xapi_statements USING (console_reaches(tenant_id, company_id));
CREATE POLICY enrolment_items_reach ON enrolment_items USING (console_reaches(tenant_id, company_id));
ALTER TABLE xapi_statements ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE enrolment_items ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON xapi_statements, enrolment_items TO console_app;
-- The requests insert statements: their seq comes from the sequence.
GRANT USAGE ON SEQUENCE xapi_statements_seq_seq TO console_app;
