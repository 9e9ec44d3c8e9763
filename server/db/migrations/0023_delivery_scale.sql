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
