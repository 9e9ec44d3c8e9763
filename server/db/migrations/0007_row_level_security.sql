-- Defence in depth: PostgreSQL itself keeps each request inside its caller's tenant or company, even if the API's
-- own filter (server/auth/tenancy.ts) were missing from a query. See docs/operations.md, "Row-level security".
--
-- Every tenant-owned table gets one policy keyed on three settings that the API gives the connection of each request
-- (server/db/request-context.ts):
--   app.scope      GLOBAL | TENANT | COMPANY (anything else, or unset: no row at all)
--   app.tenant_id  the caller's tenant (TENANT, COMPANY), or the tenant a GLOBAL admin assumed
--   app.company_id the caller's company (COMPANY)
-- The policies are FORCEd, so they hold for the tables' owner too: only a superuser or a BYPASSRLS role skips them.
-- Requests run as console_app (NOLOGIN, no BYPASSRLS), which may read and write these tables and nothing else.

-- console_app is a cluster-wide role: created once (by this migration when the connecting role may create roles,
-- otherwise beforehand by an administrator), then granted to the role that runs the migrations so it can SET ROLE.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'console_app') THEN
    BEGIN
      CREATE ROLE console_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL; -- created meanwhile by the migration of another database
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION 'role console_app does not exist and % may not create it', current_user
          USING HINT = 'As a superuser: CREATE ROLE console_app NOLOGIN; GRANT console_app TO ' || current_user || ';';
    END;
  END IF;
  IF (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = 'console_app') THEN
    RAISE EXCEPTION 'role console_app must be neither superuser nor BYPASSRLS';
  END IF;
  BEGIN
    EXECUTE format('GRANT console_app TO %I', current_user);
  EXCEPTION WHEN insufficient_privilege THEN
    IF NOT pg_has_role(current_user, 'console_app', 'MEMBER') THEN
      RAISE EXCEPTION '% is not a member of console_app and may not grant it', current_user
        USING HINT = 'As a superuser: GRANT console_app TO ' || current_user || ';';
    END IF;
  END;
END;
$$;

-- The settings, read once per statement (STABLE); an unset or empty setting is NULL, which matches no row.
CREATE FUNCTION console_scope() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT current_setting('app.scope', true) $$;
CREATE FUNCTION console_tenant_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
CREATE FUNCTION console_company_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;

-- Tables owned through their own tenant and company columns: the same reach as reachOf() in server/auth/tenancy.ts.
-- A row of a tenant and a company: GLOBAL reaches all, TENANT its tenant's, COMPANY its company's (under its tenant).
-- A plain SQL expression, inlined by the planner into each policy.
CREATE FUNCTION console_reaches(row_tenant_id uuid, row_company_id uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT CASE console_scope() WHEN 'GLOBAL' THEN true
      WHEN 'TENANT' THEN row_tenant_id = console_tenant_id()
      WHEN 'COMPANY' THEN row_company_id = console_company_id() AND row_tenant_id = console_tenant_id()
      ELSE false END
  $$;

-- A tenant: its own row for TENANT, and for COMPANY the tenant of the caller's company (the companies' policy shows
-- only the caller's company, and only under this tenant).
CREATE POLICY tenants_reach ON tenants USING (
  CASE console_scope() WHEN 'GLOBAL' THEN true
    WHEN 'TENANT' THEN id = console_tenant_id()
    WHEN 'COMPANY' THEN id = console_tenant_id() AND EXISTS (SELECT FROM companies WHERE companies.tenant_id = tenants.id)
    ELSE false END);
CREATE POLICY companies_reach ON companies USING (console_reaches(tenant_id, id));
CREATE POLICY users_reach ON users USING (console_reaches(tenant_id, company_id));
CREATE POLICY topics_reach ON topics USING (console_reaches(tenant_id, company_id));
CREATE POLICY contents_reach ON contents USING (console_reaches(tenant_id, company_id));
CREATE POLICY training_plans_reach ON training_plans USING (console_reaches(tenant_id, company_id));
CREATE POLICY audit_log_reach ON audit_log USING (console_reaches(tenant_id, company_id));

-- Tables owned through their parent: a row is reachable when its parents are (the subqueries are themselves
-- filtered by the parents' policies).
CREATE POLICY sessions_reach ON sessions USING (
  console_scope() = 'GLOBAL' OR EXISTS (SELECT FROM users WHERE users.id = sessions.user_id));
CREATE POLICY content_topics_reach ON content_topics USING (
  console_scope() = 'GLOBAL' OR (
        EXISTS (SELECT FROM contents WHERE contents.id = content_topics.content_id)
    AND EXISTS (SELECT FROM topics WHERE topics.id = content_topics.topic_id)));
CREATE POLICY training_plan_modules_reach ON training_plan_modules USING (
  console_scope() = 'GLOBAL' OR EXISTS (
    SELECT FROM training_plans WHERE training_plans.id = training_plan_modules.training_plan_id));
CREATE POLICY training_plan_items_reach ON training_plan_items USING (
  console_scope() = 'GLOBAL' OR (
        EXISTS (SELECT FROM training_plan_modules WHERE training_plan_modules.id = training_plan_items.module_id)
    AND (content_id IS NULL OR EXISTS (SELECT FROM contents WHERE contents.id = training_plan_items.content_id))));

ALTER TABLE tenants ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE companies ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE users ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE topics ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE contents ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE content_topics ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE training_plans ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE training_plan_modules ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE training_plan_items ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;

-- What a request may do: read and write the tenant-owned tables (through their policies). Not the tables the API
-- uses before it knows the caller (login_throttle, rate_limit_counters, idempotency_keys), nor app_settings (the
-- video-token secret) or schema_migrations: those stay with the owner role. A later migration that adds a
-- tenant-owned table grants it here and gives it a policy (test/server/postgres/row-level-security.test.ts checks).
GRANT USAGE ON SCHEMA public TO console_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON tenants, companies, users, sessions, topics, contents, content_topics,
  training_plans, training_plan_modules, training_plan_items, audit_log TO console_app;
