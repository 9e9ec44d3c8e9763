-- Issue 29, structured filters: the users list filters by group (group_members) and the contents list by topic
-- (content_topics). What a list learned about a condition is valid while its table is unchanged (0008): a change of
-- these join tables changes what those conditions match, so it bumps the listed table's version too.

CREATE FUNCTION bump_listed_table_write_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE table_write_versions SET version = version + 1 WHERE table_name = TG_ARGV[0];
  DELETE FROM list_counts WHERE table_name = TG_ARGV[0];
  DELETE FROM list_boundaries WHERE table_name = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER group_members_users_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION bump_listed_table_write_version('users');
CREATE TRIGGER content_topics_contents_write_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_topics
  FOR EACH STATEMENT EXECUTE FUNCTION bump_listed_table_write_version('contents');
