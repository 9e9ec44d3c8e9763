-- Delivery at scale (issue 27, item 7: a million enrolments, ten million statements).
--
-- A voiding statement recomputes the enrolments the voided one moved from their learner's remaining statements
-- (`routes/xapi/enrolment-progress.ts`), found by the learner's mailbox in any case, as every statement is matched:
-- without this index that is a scan of the company's whole store.
CREATE INDEX xapi_statements_company_id_lower_actor_mbox_idx ON xapi_statements (company_id, lower(actor_mbox));

-- A plan's report counts its enrolments by status and its completions by day: with the columns of the status rule
-- (`store/enrolment-status.ts`) and of the row-level security policy beside the plan, both are index-only scans of
-- the plan's entries, not a visit of each row (EXPLAIN at 100 000 learners a plan: bench/README.md, "Delivery").
CREATE INDEX enrolments_training_plan_id_status_idx ON enrolments (training_plan_id)
  INCLUDE (tenant_id, company_id, started_at, completed_at, due_date);

-- Statements name their learner by mailbox in any case: the LRS finds the user by lower(email) (its unique index,
-- migration 0001). Under row-level security PostgreSQL applies a function before the policy only when it is
-- LEAKPROOF, so without this every batch read every user of the company (a sequential scan of 100 000 users: 126 ms
-- under the request role, against 0.07 ms through the index). lower(text) reveals nothing of a row it is not given,
-- like texticlike in migration 0010. Only a superuser may mark it: elsewhere a warning, and the scan.
DO $$
BEGIN
  ALTER FUNCTION lower(text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'statements under row-level security cannot find their learner by index: as a superuser, run ALTER FUNCTION lower(text) LEAKPROOF';
END;
$$;
