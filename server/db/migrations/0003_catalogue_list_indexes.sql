-- Topics, contents and training plans are listed by COMPANY users only, so every list filters on company_id:
-- one btree per allowed sort (and the default order, created_at) under company_id, each ending with id
-- (company_id, id serves the sort by id and the company's foreign key), and a trigram index on the searched name/title.
-- A plan search also matches its status, one of two values, checked on the company's rows the index found.

DROP INDEX topics_company_id_idx;
CREATE INDEX topics_company_id_id_idx ON topics (company_id, id);
CREATE INDEX topics_company_id_name_id_idx ON topics (company_id, name, id);
CREATE INDEX topics_company_id_status_id_idx ON topics (company_id, status, id);
CREATE INDEX topics_company_id_created_at_id_idx ON topics (company_id, created_at, id);
CREATE INDEX topics_name_trgm_idx ON topics USING gin (name gin_trgm_ops);

DROP INDEX contents_company_id_idx;
CREATE INDEX contents_company_id_id_idx ON contents (company_id, id);
CREATE INDEX contents_company_id_title_id_idx ON contents (company_id, title, id);
CREATE INDEX contents_company_id_created_at_id_idx ON contents (company_id, created_at, id);
CREATE INDEX contents_company_id_updated_at_id_idx ON contents (company_id, updated_at, id);
CREATE INDEX contents_title_trgm_idx ON contents USING gin (title gin_trgm_ops);

DROP INDEX training_plans_company_id_idx;
CREATE INDEX training_plans_company_id_id_idx ON training_plans (company_id, id);
CREATE INDEX training_plans_company_id_name_id_idx ON training_plans (company_id, name, id);
CREATE INDEX training_plans_company_id_created_at_id_idx ON training_plans (company_id, created_at, id);
CREATE INDEX training_plans_company_id_updated_at_id_idx ON training_plans (company_id, updated_at, id);
CREATE INDEX training_plans_name_trgm_idx ON training_plans USING gin (name gin_trgm_ops);
