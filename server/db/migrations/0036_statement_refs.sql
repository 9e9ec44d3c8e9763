-- The statement a statement targets (xAPI 1.0.3, Communication 2.1.3, "Filter Conditions for StatementRefs"): a query
-- with filters also answers the statements whose object is a StatementRef to a matching statement, and those that
-- target them in turn (`routes/xapi/xapi.routes.ts`, `targetingPage`). The target is a column, set on insert.
ALTER TABLE xapi_statements ADD COLUMN object_statement_ref uuid;

-- The statements stored before. The policies are FORCEd; a migration run by a role that does not bypass them sees
-- every row as GLOBAL does.
SELECT set_config('app.scope', 'GLOBAL', true);
UPDATE xapi_statements SET object_statement_ref = (statement #>> '{object,id}')::uuid
 WHERE statement #>> '{object,objectType}' = 'StatementRef';
SELECT set_config('app.scope', '', true);

-- A store's targeting statements are few (voiding statements and the like): two small partial indexes walk the chains.
-- Up from the matches: the statements that target a given one.
CREATE INDEX xapi_statements_company_id_object_statement_ref_idx ON xapi_statements (company_id, object_statement_ref)
  WHERE object_statement_ref IS NOT NULL;
-- Down from the targeting statements within a page's span of the store, in seq order: on 2 000 000 statements, 1 % of
-- them targeting, a verb matching a third of them answers its first page in 14 ms this way, 5 s walking up.
CREATE INDEX xapi_statements_company_id_targeting_seq_idx ON xapi_statements (company_id, seq)
  WHERE object_statement_ref IS NOT NULL;
