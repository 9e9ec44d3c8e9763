-- A video tenant (`vinapse_tenant` of a tenant or a company: the video provider's subdomain, where the tenant's videos
-- are stored) belongs to one tenant. A tenant and its companies may share a label; a label another tenant (or one of
-- its companies) uses is refused, whoever writes it and however many write at once: the check takes a transaction
-- lock on the label, then looks at every tenant's rows (SECURITY DEFINER, app.scope GLOBAL for two queries, so that a request
-- under row-level security sees the other tenants' labels, and nothing else of them), in the writer's transaction.
-- The API answers the violation (SQLSTATE 23505, constraint video_tenant_owner) with 409 on vinapseTenant.
-- Labels stored before this migration are left as they are; a write that changes one is checked.
CREATE FUNCTION video_tenant_used_elsewhere(label text, owner uuid) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  caller_scope text := current_setting('app.scope', true);
  used boolean;
BEGIN
  -- Writers of one label wait for each other here; the queries below then see what the first one committed.
  PERFORM pg_advisory_xact_lock(7262019, hashtext(label));
  -- The policies are forced on the owner too: every tenant's rows for these two queries, then the caller's scope again
  -- (a SET clause on the function would need a superuser for a custom setting).
  PERFORM set_config('app.scope', 'GLOBAL', true);
  used := EXISTS (SELECT FROM tenants WHERE vinapse_tenant = label AND id <> owner)
       OR EXISTS (SELECT FROM companies WHERE vinapse_tenant = label AND tenant_id <> owner);
  PERFORM set_config('app.scope', coalesce(caller_scope, ''), true);
  RETURN used;
END;
$$;

CREATE FUNCTION claim_video_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  -- Each branch is planned only when it runs: tenants have no tenant_id.
  IF TG_TABLE_NAME = 'tenants' THEN
    owner := NEW.id;
  ELSE
    owner := NEW.tenant_id;
  END IF;
  IF coalesce(NEW.vinapse_tenant, '') <> '' AND video_tenant_used_elsewhere(NEW.vinapse_tenant, owner) THEN
    RAISE EXCEPTION 'video tenant "%" is used by another tenant', NEW.vinapse_tenant
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'video_tenant_owner', TABLE = TG_TABLE_NAME, COLUMN = 'vinapse_tenant';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER tenants_video_tenant_insert BEFORE INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION claim_video_tenant();
CREATE TRIGGER tenants_video_tenant_update BEFORE UPDATE OF vinapse_tenant ON tenants
  FOR EACH ROW WHEN (NEW.vinapse_tenant IS DISTINCT FROM OLD.vinapse_tenant) EXECUTE FUNCTION claim_video_tenant();
CREATE TRIGGER companies_video_tenant_insert BEFORE INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION claim_video_tenant();
CREATE TRIGGER companies_video_tenant_update BEFORE UPDATE OF vinapse_tenant, tenant_id ON companies
  FOR EACH ROW WHEN (NEW.vinapse_tenant IS DISTINCT FROM OLD.vinapse_tenant OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id)
  EXECUTE FUNCTION claim_video_tenant();
