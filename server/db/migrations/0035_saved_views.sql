-- Saved views (issue 29): a user's own names for a list's address (its sort, search and filters), found again from
-- the list's "Views" menu. Private to the user, and to the tenant the user acted in: a GLOBAL admin's views saved
-- while a tenant was assumed belong to that tenant (their filters name its records), the others to no tenant.
--
-- list   the list's path in the console (`/users`), the views of one list are listed together.
-- query  the address's query string without `?` and without its page (a view opens on page 1); read by the list like
--        any address, so a parameter that no longer holds is refused there as it would be in a typed address.
-- name   unique per user, tenant and list whatever its case: `lower(name)` in the index below.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid NOT NULL CONSTRAINT saved_views_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  tenant_id uuid CONSTRAINT saved_views_tenant_id_tenants_id_fk REFERENCES tenants (id) ON DELETE CASCADE,
  company_id uuid CONSTRAINT saved_views_company_id_companies_id_fk REFERENCES companies (id) ON DELETE CASCADE,
  list text NOT NULL,
  name text NOT NULL,
  query text NOT NULL
);
CREATE UNIQUE INDEX saved_views_owner_list_name_key ON saved_views (user_id, tenant_id, list, lower(name)) NULLS NOT DISTINCT;

-- The caller's tenant and company, as every tenant-owned table; the API adds the user (server/routes/saved-views).
CREATE POLICY saved_views_reach ON saved_views USING (console_reaches(tenant_id, company_id));
ALTER TABLE saved_views ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON saved_views TO console_app;
