-- Delivery at scale (issue 27, item 7: a million enrolments, ten million statements).
--
-- A voiding statement recomputes the enrolments the voided one moved from their learner's remaining statements
-- (`routes/xapi/enrolment-progress.ts`), found by the learner's mailbox in any case, as every statement is matched:
-- without this index that is a scan of the company's whole store.
CREATE INDEX xapi_statements_company_id_lower_actor_mbox_idx ON xapi_statements (company_id, lower(actor_mbox));
