-- What a list learned about a query shape (its count, the sort keys at deep positions), valid while the listed table
-- is unchanged: every statement writing a listed table bumps the table's write version (statement-level triggers,
-- in the writer's transaction, so a reader sees the new version exactly when it sees the new rows) and drops what
-- was learned about it. Readers store what they learn with the version read in the same statement (same snapshot),
-- and only use entries of the current version. Shared by every instance through the database.

CREATE TABLE table_write_versions (
  table_name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);

-- shape: a hash of the list's condition (statement and parameters) and the exact-count limit.
CREATE TABLE list_counts (
  table_name text NOT NULL,
  shape text NOT NULL,
  version bigint NOT NULL,
  total integer NOT NULL,
  is_estimate boolean NOT NULL,
  CONSTRAINT list_counts_pkey PRIMARY KEY (table_name, shape)
);

-- shape: a hash of the condition and the order. `position` rows of the order come before the row after
-- (sort_value, row_id): a page at offset o >= position seeks past that key and skips o - position rows.
CREATE TABLE list_boundaries (
  table_name text NOT NULL,
  shape text NOT NULL,
  position integer NOT NULL,
  version bigint NOT NULL,
  sort_value text,
  row_id uuid NOT NULL,
  CONSTRAINT list_boundaries_pkey PRIMARY KEY (table_name, shape, position)
);

INSERT INTO table_write_versions (table_name)
VALUES ('tenants'), ('companies'), ('users'), ('topics'), ('contents'), ('training_plans');

-- SECURITY DEFINER: writes run as the request role (console_app, migration 0007), which may read the versions but
-- not change them; the bump itself is the owner's, whoever writes.
CREATE FUNCTION bump_table_write_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE table_write_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  DELETE FROM list_counts WHERE table_name = TG_TABLE_NAME;
  DELETE FROM list_boundaries WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

CREATE TRIGGER tenants_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER companies_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER users_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER topics_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON topics
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER contents_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER training_plans_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON training_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();

-- Requests (console_app) read the versions and keep what lists learn; the cached values hold no row, only counts and
-- sort keys of conditions that include the caller's reach.
GRANT SELECT ON table_write_versions TO console_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON list_counts, list_boundaries TO console_app;
