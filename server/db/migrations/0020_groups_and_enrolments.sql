-- Learning delivery (issue 27): groups of a company's users, assignments of training plans, learners' enrolments.
--
-- groups            a company's groups of users (name, description).
-- group_members     who is in a group: users of the group's company only (the API checks it; a user moved to another
--                   company leaves the groups of the old one, see users_left_company below).
-- plan_assignments  one row per target a plan was assigned to: a user, a group or the whole company, with an optional
--                   due date. Deleting the group or the user deletes the assignments naming it.
-- enrolments        one row per plan and learner reached by at least one of the plan's assignments, derived, never
--                   written by the API itself: sync_plan_enrolments() recomputes them in SQL, from the triggers of
--                   every table that changes who is reached (assignments, memberships, users), in the writer's
--                   transaction. Assigned twice = enrolled once, with the earliest due date (an assignment without one
--                   sets none). started_at, completed_at, progress and last_activity_at are for the learning records
--                   (xAPI statements) to fill.
--
-- Concurrency: every change of who a company's plans reach takes the company's transaction-level advisory lock
-- (lock_company_enrolments) before it recomputes, and the recompute reads after the lock. Two transactions changing
-- a membership and an assignment at once thus run their recomputes one after the other, and the second one (a new
-- statement under READ COMMITTED) sees what the first committed: no learner is left out or kept by a race. Row locks
-- come before it: the API locks the plan, groups and users a write names (FOR SHARE / FOR KEY SHARE) before its
-- inserts and deletes reach the triggers, as a delete of a group or user locks its row before its cascades do, so
-- the advisory lock is always the last one taken and two writers never wait for each other in a circle.

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  name text NOT NULL,
  description text,
  CONSTRAINT groups_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT groups_company_name_unique UNIQUE (company_id, name)
);
CREATE INDEX groups_tenant_id_idx ON groups (tenant_id);
-- Listed by COMPANY users only: one btree per allowed sort (and the default order, created_at) under company_id.
CREATE INDEX groups_company_id_id_idx ON groups (company_id, id);
CREATE INDEX groups_company_id_name_id_idx ON groups (company_id, name, id);
CREATE INDEX groups_company_id_created_at_id_idx ON groups (company_id, created_at, id);
CREATE INDEX groups_company_id_updated_at_id_idx ON groups (company_id, updated_at, id);
CREATE INDEX groups_name_trgm_idx ON groups USING gin (name gin_trgm_ops);
CREATE INDEX groups_description_trgm_idx ON groups USING gin (description gin_trgm_ops);
CREATE TRIGGER groups_set_updated_at BEFORE UPDATE ON groups FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE group_members (
  group_id uuid NOT NULL CONSTRAINT group_members_group_id_groups_id_fk REFERENCES groups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL CONSTRAINT group_members_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT group_members_pkey PRIMARY KEY (group_id, user_id),
  CONSTRAINT group_members_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT
);
CREATE INDEX group_members_user_id_idx ON group_members (user_id);
CREATE INDEX group_members_company_id_idx ON group_members (company_id);

CREATE TABLE plan_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  training_plan_id uuid NOT NULL CONSTRAINT plan_assignments_training_plan_id_training_plans_id_fk
    REFERENCES training_plans (id) ON DELETE CASCADE,
  target text NOT NULL,
  user_id uuid CONSTRAINT plan_assignments_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  group_id uuid CONSTRAINT plan_assignments_group_id_groups_id_fk REFERENCES groups (id) ON DELETE CASCADE,
  due_date timestamptz,
  CONSTRAINT plan_assignments_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT plan_assignments_target_check CHECK (target IN ('USER', 'GROUP', 'COMPANY')),
  CONSTRAINT plan_assignments_target_matches_check CHECK (
       (target = 'USER' AND user_id IS NOT NULL AND group_id IS NULL)
    OR (target = 'GROUP' AND group_id IS NOT NULL AND user_id IS NULL)
    OR (target = 'COMPANY' AND user_id IS NULL AND group_id IS NULL))
);
CREATE INDEX plan_assignments_training_plan_id_idx ON plan_assignments (training_plan_id);
CREATE INDEX plan_assignments_user_id_idx ON plan_assignments (user_id);
CREATE INDEX plan_assignments_group_id_idx ON plan_assignments (group_id);
CREATE INDEX plan_assignments_company_id_idx ON plan_assignments (company_id);

CREATE TABLE enrolments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  training_plan_id uuid NOT NULL CONSTRAINT enrolments_training_plan_id_training_plans_id_fk
    REFERENCES training_plans (id) ON DELETE CASCADE,
  user_id uuid NOT NULL CONSTRAINT enrolments_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  due_date timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  progress double precision NOT NULL DEFAULT 0,
  last_activity_at timestamptz,
  CONSTRAINT enrolments_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT enrolments_plan_user_unique UNIQUE (training_plan_id, user_id),
  CONSTRAINT enrolments_progress_check CHECK (progress >= 0 AND progress <= 1)
);
CREATE INDEX enrolments_user_id_idx ON enrolments (user_id);
CREATE INDEX enrolments_company_id_idx ON enrolments (company_id);
-- A plan's learners, in each allowed order.
CREATE INDEX enrolments_training_plan_id_created_at_id_idx ON enrolments (training_plan_id, created_at, id);
CREATE INDEX enrolments_training_plan_id_due_date_id_idx ON enrolments (training_plan_id, due_date, id);
CREATE INDEX enrolments_training_plan_id_progress_id_idx ON enrolments (training_plan_id, progress, id);
CREATE INDEX enrolments_training_plan_id_last_activity_at_id_idx ON enrolments (training_plan_id, last_activity_at, id);
CREATE TRIGGER enrolments_set_updated_at BEFORE UPDATE ON enrolments FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The company's lock on who its plans reach (see the top of this file).
CREATE FUNCTION lock_company_enrolments(company uuid) RETURNS void LANGUAGE sql
  AS $$ SELECT pg_advisory_xact_lock(hashtextextended('enrolments:' || company::text, 0)) $$;

-- Brings the enrolments of one plan in line with its assignments, for the given learners (every learner when NULL):
-- a learner reached by an assignment (named, in an assigned group, or of an assigned company) and still of the plan's
-- company is enrolled once, with the earliest due date of the assignments reaching them; the others are not.
CREATE FUNCTION sync_plan_enrolments(plan uuid, learners uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner record;
BEGIN
  SELECT tenant_id, company_id INTO owner FROM training_plans WHERE id = plan;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM lock_company_enrolments(owner.company_id);
  WITH reached AS (
    SELECT r.user_id, min(r.due_date) AS due_date
    FROM (
      SELECT a.user_id, a.due_date FROM plan_assignments a WHERE a.training_plan_id = plan AND a.target = 'USER'
      UNION ALL
      SELECT m.user_id, a.due_date FROM plan_assignments a JOIN group_members m ON m.group_id = a.group_id
        WHERE a.training_plan_id = plan AND a.target = 'GROUP'
      UNION ALL
      SELECT u.id, a.due_date FROM plan_assignments a JOIN users u ON u.company_id = a.company_id
        WHERE a.training_plan_id = plan AND a.target = 'COMPANY'
    ) r
    JOIN users u ON u.id = r.user_id AND u.company_id = owner.company_id
    WHERE learners IS NULL OR r.user_id = ANY (learners)
    GROUP BY r.user_id
  ), gone AS (
    DELETE FROM enrolments e
    WHERE e.training_plan_id = plan AND (learners IS NULL OR e.user_id = ANY (learners))
      AND NOT EXISTS (SELECT FROM reached WHERE reached.user_id = e.user_id)
  )
  INSERT INTO enrolments (tenant_id, company_id, training_plan_id, user_id, due_date)
  SELECT owner.tenant_id, owner.company_id, plan, reached.user_id, reached.due_date FROM reached
  ON CONFLICT (training_plan_id, user_id) DO UPDATE SET due_date = excluded.due_date
    WHERE enrolments.due_date IS DISTINCT FROM excluded.due_date;
END;
$$;

-- An assignment added or removed: its plan's learners it reaches (all of them for a group or the company).
CREATE FUNCTION plan_assignments_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed plan_assignments;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM sync_plan_enrolments(changed.training_plan_id,
    CASE WHEN changed.target = 'USER' THEN ARRAY[changed.user_id] ELSE NULL END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER plan_assignments_sync AFTER INSERT OR DELETE ON plan_assignments
  FOR EACH ROW EXECUTE FUNCTION plan_assignments_sync();

-- A member joining or leaving a group: that learner, in every plan assigned to the group.
CREATE FUNCTION group_members_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed group_members;
  plan uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM lock_company_enrolments(changed.company_id);
  FOR plan IN SELECT DISTINCT training_plan_id FROM plan_assignments WHERE group_id = changed.group_id LOOP
    PERFORM sync_plan_enrolments(plan, ARRAY[changed.user_id]);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER group_members_sync AFTER INSERT OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_members_sync();

-- A user created in a company, or moved to another one: it leaves the old company's groups and enrolments, and is
-- enrolled in the plans assigned to its new company as a whole.
CREATE FUNCTION users_company_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plan uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT NULL THEN
    PERFORM lock_company_enrolments(OLD.company_id);
    DELETE FROM group_members WHERE user_id = NEW.id AND company_id = OLD.company_id;
    DELETE FROM enrolments WHERE user_id = NEW.id AND company_id = OLD.company_id;
  END IF;
  IF NEW.company_id IS NOT NULL THEN
    PERFORM lock_company_enrolments(NEW.company_id);
    FOR plan IN SELECT DISTINCT training_plan_id FROM plan_assignments
        WHERE company_id = NEW.company_id AND target = 'COMPANY' LOOP
      PERFORM sync_plan_enrolments(plan, ARRAY[NEW.id]);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_company_sync_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.company_id IS NOT NULL) EXECUTE FUNCTION users_company_sync();
CREATE TRIGGER users_company_sync_update AFTER UPDATE OF company_id ON users
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION users_company_sync();

-- The lists of groups and of a plan's enrolments learn counts and sort keys like the other lists (migration 0008).
INSERT INTO table_write_versions (table_name) VALUES ('groups'), ('enrolments');
CREATE TRIGGER groups_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();
CREATE TRIGGER enrolments_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_write_version();

-- Row-level security (migration 0007): the same reach as the API's tenancy filter, FORCEd, granted to the requests.
CREATE POLICY groups_reach ON groups USING (console_reaches(tenant_id, company_id));
CREATE POLICY group_members_reach ON group_members USING (console_reaches(tenant_id, company_id));
CREATE POLICY plan_assignments_reach ON plan_assignments USING (console_reaches(tenant_id, company_id));
CREATE POLICY enrolments_reach ON enrolments USING (console_reaches(tenant_id, company_id));
ALTER TABLE groups ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE group_members ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE plan_assignments ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE enrolments ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON groups, group_members, plan_assignments, enrolments TO console_app;
