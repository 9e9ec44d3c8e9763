-- Every list page is an index scan: one btree per allowed sort and scope filter (none for GLOBAL,
-- tenant_id for TENANT, company_id for COMPANY), each ending with id, the tiebreak of every order.
-- Searches are ILIKE '%…%' served by trigram GIN indexes.

CREATE INDEX tenants_name_id_idx ON tenants (name, id);
CREATE INDEX tenants_created_at_id_idx ON tenants (created_at, id);
CREATE INDEX tenants_updated_at_id_idx ON tenants (updated_at, id);
CREATE INDEX tenants_name_trgm_idx ON tenants USING gin (name gin_trgm_ops);
CREATE INDEX tenants_url_trgm_idx ON tenants USING gin (url gin_trgm_ops);

DROP INDEX companies_tenant_id_idx;
CREATE INDEX companies_name_id_idx ON companies (name, id);
CREATE INDEX companies_created_at_id_idx ON companies (created_at, id);
CREATE INDEX companies_updated_at_id_idx ON companies (updated_at, id);
CREATE INDEX companies_tenant_id_id_idx ON companies (tenant_id, id);
CREATE INDEX companies_tenant_id_name_id_idx ON companies (tenant_id, name, id);
CREATE INDEX companies_tenant_id_created_at_id_idx ON companies (tenant_id, created_at, id);
CREATE INDEX companies_tenant_id_updated_at_id_idx ON companies (tenant_id, updated_at, id);
CREATE INDEX companies_name_trgm_idx ON companies USING gin (name gin_trgm_ops);
CREATE INDEX companies_address_line1_trgm_idx ON companies USING gin (address_line1 gin_trgm_ops);

DROP INDEX users_tenant_id_idx;
DROP INDEX users_company_id_idx;
CREATE INDEX users_name_id_idx ON users (name, id);
CREATE INDEX users_surname_id_idx ON users (surname, id);
CREATE INDEX users_email_id_idx ON users (email, id);
CREATE INDEX users_created_at_id_idx ON users (created_at, id);
CREATE INDEX users_updated_at_id_idx ON users (updated_at, id);
CREATE INDEX users_tenant_id_id_idx ON users (tenant_id, id);
CREATE INDEX users_tenant_id_name_id_idx ON users (tenant_id, name, id);
CREATE INDEX users_tenant_id_surname_id_idx ON users (tenant_id, surname, id);
CREATE INDEX users_tenant_id_email_id_idx ON users (tenant_id, email, id);
CREATE INDEX users_tenant_id_created_at_id_idx ON users (tenant_id, created_at, id);
CREATE INDEX users_tenant_id_updated_at_id_idx ON users (tenant_id, updated_at, id);
CREATE INDEX users_company_id_id_idx ON users (company_id, id);
CREATE INDEX users_company_id_name_id_idx ON users (company_id, name, id);
CREATE INDEX users_company_id_surname_id_idx ON users (company_id, surname, id);
CREATE INDEX users_company_id_email_id_idx ON users (company_id, email, id);
CREATE INDEX users_company_id_created_at_id_idx ON users (company_id, created_at, id);
CREATE INDEX users_company_id_updated_at_id_idx ON users (company_id, updated_at, id);
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_surname_trgm_idx ON users USING gin (surname gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
