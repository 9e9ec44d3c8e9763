-- Every API request starts by counting its rate-limit hits (`rate_limit_counters`, server/http/request-gate.ts): a
-- write, so its commit waited for the WAL to reach the disk (2 to 3 ms here, 0.4 ms without), once per batch of
-- requests, and the batches go one at a time per instance. What these tables hold may be lost without harm, and an
-- unlogged table's changes write no WAL, so a transaction that writes only them commits without waiting for a flush:
--
-- - rate_limit_counters: the current windows' hits. After a crash (not a clean restart) the windows start again.
-- - list_counts, list_boundaries: what lists learned (migration 0008), checked against table_write_versions (which
--   stays logged) before use; once emptied, lists count and seek again.
--
-- Unlogged tables are not copied to streaming replicas: a standby promoted to primary starts with them empty, which
-- is the same as after a crash. Their rows are still in pg_dump's output unless --no-unlogged-table-data is given.
ALTER TABLE rate_limit_counters SET UNLOGGED;
ALTER TABLE list_counts SET UNLOGGED;
ALTER TABLE list_boundaries SET UNLOGGED;
