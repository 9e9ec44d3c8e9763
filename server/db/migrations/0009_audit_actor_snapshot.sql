-- Who acted, as the audit row was written: a record's History must name its actor for every reader, also when the
-- actor's own user row is outside the reader's reach (a GLOBAL admin seen by a TENANT admin, under row-level
-- security) or no longer exists. Never a secret: a display name, an email and the scope the actor had.
ALTER TABLE audit_log
  ADD COLUMN actor_name text,
  ADD COLUMN actor_email text,
  ADD COLUMN actor_scope text,
  ADD CONSTRAINT audit_log_actor_scope_check CHECK (actor_scope IN ('GLOBAL', 'TENANT', 'COMPANY'));

-- The rows written before: their actor as the users table still knows it (rows of deleted users keep no actor).
-- The policies are FORCEd; a migration run by a role that does not bypass them sees every row as GLOBAL does.
SELECT set_config('app.scope', 'GLOBAL', true);
UPDATE audit_log
   SET actor_name = users.name || ' ' || users.surname, actor_email = users.email, actor_scope = users.scope
  FROM users
 WHERE users.id = audit_log.actor_user_id;
SELECT set_config('app.scope', '', true);
