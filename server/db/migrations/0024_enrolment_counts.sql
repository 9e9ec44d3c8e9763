-- A plan's report without reading its enrolments (issue 27, item 7: p99 <= 100 ms at 100 000 learners a plan).
--
-- enrolment_counts            per plan, the number of its enrolments by stored state (NOT_STARTED: not started,
--                             IN_PROGRESS: started, COMPLETED: completed) and due date ('infinity' for none). OVERDUE
--                             is not stored: it depends on the time of the question (store/enrolment-status.ts), so
--                             the report counts the rows whose due date has passed from these few rows, at its minute.
-- enrolment_completion_days   per plan, the number of its enrolments completed on each day (UTC), the report's chart.
--
-- Both are kept by statement-level triggers on enrolments, in the writer's transaction, whatever writes them: the
-- assignments', memberships' and users' triggers (migration 0020), the statements' progress and voiding
-- (routes/xapi/enrolment-progress.ts), and cascades. Each changing statement adds, per key, its inserted rows and
-- subtracts its deleted ones (an update both: old row out, new row in), as one upsert in key order, so that two
-- writers of the same plan take the count rows' locks in the same order. A key emptied by a delete is removed.
-- test/server/routes/training-plans/enrolment-counts.test.ts compares them with a recount.

CREATE TABLE enrolment_counts (
  training_plan_id uuid NOT NULL,
  state text NOT NULL,
  due_date timestamptz NOT NULL,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  enrolments integer NOT NULL,
  CONSTRAINT enrolment_counts_pkey PRIMARY KEY (training_plan_id, state, due_date),
  CONSTRAINT enrolment_counts_state_check CHECK (state IN ('NOT_STARTED', 'IN_PROGRESS', 'COMPLETED'))
);

CREATE TABLE enrolment_completion_days (
  training_plan_id uuid NOT NULL,
  day date NOT NULL,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  completions integer NOT NULL,
  CONSTRAINT enrolment_completion_days_pkey PRIMARY KEY (training_plan_id, day)
);

-- The stored state of an enrolment (the status rule without its time: OVERDUE is judged when asked).
CREATE FUNCTION enrolment_state(started_at timestamptz, completed_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN completed_at IS NOT NULL THEN 'COMPLETED' WHEN started_at IS NOT NULL THEN 'IN_PROGRESS' ELSE 'NOT_STARTED' END $$;

-- One statement's changes, added: its rows in (+1) and out (-1), from the transition tables of its event.
CREATE FUNCTION enrolments_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS delta FROM new_rows n'
    WHEN 'UPDATE' THEN 'SELECT n.*, 1 AS delta FROM new_rows n UNION ALL SELECT o.*, -1 FROM old_rows o'
    ELSE 'SELECT o.*, -1 AS delta FROM old_rows o' END;
BEGIN
  EXECUTE format($sql$
    WITH changes AS (%s), counted AS (
      INSERT INTO enrolment_counts AS c (training_plan_id, state, due_date, tenant_id, company_id, enrolments)
      SELECT training_plan_id, enrolment_state(started_at, completed_at), coalesce(due_date, 'infinity'), tenant_id, company_id, sum(delta)
      FROM changes GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (training_plan_id, state, due_date) DO UPDATE SET enrolments = c.enrolments + excluded.enrolments
    )
    INSERT INTO enrolment_completion_days AS d (training_plan_id, day, tenant_id, company_id, completions)
    SELECT training_plan_id, (completed_at AT TIME ZONE 'UTC')::date, tenant_id, company_id, sum(delta)
    FROM changes WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (training_plan_id, day) DO UPDATE SET completions = d.completions + excluded.completions$sql$, changes);
  IF TG_OP = 'DELETE' THEN
    -- Rows deleted may have emptied a key: it goes (a plan deleted leaves nothing). An update's emptied keys stay, as
    -- zeros, for the next learner moving through them (at most a plan's due dates × 3 rows).
    DELETE FROM enrolment_counts WHERE enrolments = 0 AND training_plan_id IN (SELECT DISTINCT training_plan_id FROM old_rows);
    DELETE FROM enrolment_completion_days
      WHERE completions = 0 AND training_plan_id IN (SELECT DISTINCT training_plan_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER enrolments_count_insert AFTER INSERT ON enrolments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolments_count();
CREATE TRIGGER enrolments_count_update AFTER UPDATE ON enrolments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolments_count();
CREATE TRIGGER enrolments_count_delete AFTER DELETE ON enrolments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrolments_count();

-- The enrolments already there.
INSERT INTO enrolment_counts (training_plan_id, state, due_date, tenant_id, company_id, enrolments)
SELECT training_plan_id, enrolment_state(started_at, completed_at), coalesce(due_date, 'infinity'), tenant_id, company_id, count(*)
FROM enrolments GROUP BY 1, 2, 3, 4, 5;
INSERT INTO enrolment_completion_days (training_plan_id, day, tenant_id, company_id, completions)
SELECT training_plan_id, (completed_at AT TIME ZONE 'UTC')::date, tenant_id, company_id, count(*)
FROM enrolments WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3, 4;

-- Row-level security (migration 0007): the enrolments' reach.
CREATE POLICY enrolment_counts_reach ON enrolment_counts USING (console_reaches(tenant_id, company_id));
CREATE POLICY enrolment_completion_days_reach ON enrolment_completion_days USING (console_reaches(tenant_id, company_id));
ALTER TABLE enrolment_counts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE enrolment_completion_days ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON enrolment_counts, enrolment_completion_days TO console_app;
