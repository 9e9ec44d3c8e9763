CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  name text NOT NULL,
  domain_name text,
  vinapse_tenant text,
  description text,
  url text
);

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL CONSTRAINT companies_tenant_id_tenants_id_fk REFERENCES tenants (id) ON DELETE RESTRICT,
  name text NOT NULL,
  domain text,
  vinapse_tenant text,
  tax_id text NOT NULL,
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  region text,
  country_code text NOT NULL,
  phone text,
  email text,
  CONSTRAINT companies_id_tenant_id_key UNIQUE (id, tenant_id),
  CONSTRAINT companies_country_code_check CHECK (country_code ~ '^[A-Z]{2}$')
);
CREATE INDEX companies_tenant_id_idx ON companies (tenant_id);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid CONSTRAINT users_tenant_id_tenants_id_fk REFERENCES tenants (id) ON DELETE RESTRICT,
  company_id uuid,
  name text NOT NULL,
  surname text NOT NULL,
  email text NOT NULL,
  password_hash text,
  status text NOT NULL DEFAULT 'PENDING',
  enabled boolean NOT NULL DEFAULT true,
  scope text NOT NULL DEFAULT 'GLOBAL',
  admin boolean NOT NULL DEFAULT false,
  language text NOT NULL DEFAULT 'en',
  CONSTRAINT users_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT users_status_check CHECK (status IN ('ACTIVE', 'PENDING')),
  CONSTRAINT users_scope_check CHECK (scope IN ('GLOBAL', 'TENANT', 'COMPANY')),
  CONSTRAINT users_language_check CHECK (language IN ('it', 'en')),
  CONSTRAINT users_scope_membership_check CHECK (
       (scope = 'GLOBAL' AND tenant_id IS NULL AND company_id IS NULL)
    OR (scope = 'TENANT' AND tenant_id IS NOT NULL AND company_id IS NULL)
    OR (scope = 'COMPANY' AND tenant_id IS NOT NULL AND company_id IS NOT NULL)
  )
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_tenant_id_idx ON users (tenant_id);
CREATE INDEX users_company_id_idx ON users (company_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL CONSTRAINT sessions_token_hash_key UNIQUE,
  user_id uuid NOT NULL CONSTRAINT sessions_user_id_users_id_fk REFERENCES users (id) ON DELETE CASCADE,
  assumed_tenant_id uuid CONSTRAINT sessions_assumed_tenant_id_tenants_id_fk REFERENCES tenants (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_assumed_tenant_id_idx ON sessions (assumed_tenant_id);

CREATE TABLE login_failures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  throttle_key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_throttle_key_failed_at_idx ON login_failures (throttle_key, failed_at);
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);

CREATE TABLE topics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#000000',
  status text NOT NULL DEFAULT 'PENDING',
  CONSTRAINT topics_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT topics_color_check CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  CONSTRAINT topics_status_check CHECK (status IN ('ACTIVE', 'PENDING'))
);
CREATE INDEX topics_tenant_id_idx ON topics (tenant_id);
CREATE INDEX topics_company_id_idx ON topics (company_id);

CREATE TABLE contents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  title text NOT NULL,
  background text,
  type text NOT NULL DEFAULT 'Article',
  render_type text NOT NULL DEFAULT 'INLINE',
  text text,
  external_uuid text,
  status text NOT NULL DEFAULT 'DRAFT',
  CONSTRAINT contents_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT contents_type_check CHECK (type IN ('Article', 'Podcast', 'Video')),
  CONSTRAINT contents_render_type_check CHECK (render_type IN ('INLINE', 'REFERENCE')),
  CONSTRAINT contents_status_check CHECK (status IN ('DRAFT', 'PENDING_PROCESSING', 'READY', 'FAILED')),
  CONSTRAINT contents_text_only_inline_check CHECK (render_type = 'INLINE' OR text IS NULL),
  CONSTRAINT contents_video_is_reference_check CHECK (type <> 'Video' OR render_type = 'REFERENCE')
);
CREATE INDEX contents_tenant_id_idx ON contents (tenant_id);
CREATE INDEX contents_company_id_idx ON contents (company_id);
CREATE INDEX contents_external_uuid_idx ON contents (external_uuid);

CREATE TABLE content_topics (
  content_id uuid NOT NULL CONSTRAINT content_topics_content_id_contents_id_fk REFERENCES contents (id) ON DELETE CASCADE,
  topic_id uuid NOT NULL CONSTRAINT content_topics_topic_id_topics_id_fk REFERENCES topics (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT content_topics_pkey PRIMARY KEY (content_id, topic_id)
);
CREATE INDEX content_topics_topic_id_idx ON content_topics (topic_id);

CREATE TABLE training_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'DRAFT',
  freely_navigable boolean NOT NULL DEFAULT false,
  CONSTRAINT training_plans_company_fk FOREIGN KEY (company_id, tenant_id) REFERENCES companies (id, tenant_id) ON DELETE RESTRICT,
  CONSTRAINT training_plans_status_check CHECK (status IN ('DRAFT', 'PUBLISHED'))
);
CREATE INDEX training_plans_tenant_id_idx ON training_plans (tenant_id);
CREATE INDEX training_plans_company_id_idx ON training_plans (company_id);

CREATE TABLE training_plan_modules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  training_plan_id uuid NOT NULL CONSTRAINT training_plan_modules_training_plan_id_training_plans_id_fk REFERENCES training_plans (id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL,
  CONSTRAINT training_plan_modules_position_check CHECK (position >= 0)
);
CREATE INDEX training_plan_modules_training_plan_id_position_idx ON training_plan_modules (training_plan_id, position);

CREATE TABLE training_plan_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  module_id uuid NOT NULL CONSTRAINT training_plan_items_module_id_training_plan_modules_id_fk REFERENCES training_plan_modules (id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL,
  type text NOT NULL DEFAULT 'CONTENT',
  content_id uuid CONSTRAINT training_plan_items_content_id_contents_id_fk REFERENCES contents (id) ON DELETE RESTRICT,
  CONSTRAINT training_plan_items_position_check CHECK (position >= 0),
  CONSTRAINT training_plan_items_type_check CHECK (type IN ('CONTENT', 'QUIZ'))
);
CREATE INDEX training_plan_items_module_id_position_idx ON training_plan_items (module_id, position);
CREATE INDEX training_plan_items_content_id_idx ON training_plan_items (content_id);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid,
  assumed_tenant_id uuid,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id uuid,
  tenant_id uuid,
  company_id uuid,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  CONSTRAINT audit_log_action_check CHECK (action IN ('CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME'))
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_actor_user_id_idx ON audit_log (actor_user_id);
CREATE INDEX audit_log_tenant_id_idx ON audit_log (tenant_id);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER tenants_set_updated_at BEFORE UPDATE ON tenants FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER companies_set_updated_at BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER users_set_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER topics_set_updated_at BEFORE UPDATE ON topics FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER contents_set_updated_at BEFORE UPDATE ON contents FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER training_plans_set_updated_at BEFORE UPDATE ON training_plans FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER training_plan_modules_set_updated_at BEFORE UPDATE ON training_plan_modules FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER training_plan_items_set_updated_at BEFORE UPDATE ON training_plan_items FOR EACH ROW EXECUTE FUNCTION set_updated_at();
