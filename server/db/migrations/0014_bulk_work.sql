-- Issue 26, points 2 and 3: bulk work (imports, their dry runs, exports) is weighed by its rows and run one at a time
-- per session (server/http/bulk-work.ts).
--
-- bulk_work_claims: the import batch or export a session has in flight, one of each kind. A claim is taken by one
-- upsert that only succeeds while no live claim of the key exists, so parallel requests on any instance cannot both
-- hold it; it is deleted when the answer ends, and one left by an instance that died expires. Like the rate-limit
-- counters, losing it in a crash does no harm: unlogged.
CREATE UNLOGGED TABLE bulk_work_claims (
  claim_key text PRIMARY KEY,
  claimed_until timestamptz NOT NULL
);
CREATE INDEX bulk_work_claims_claimed_until_idx ON bulk_work_claims (claimed_until);

-- A dry run of an import writes nothing but its audit row: who previewed how many rows, with how many conflicts.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME', 'PREVIEW'));
