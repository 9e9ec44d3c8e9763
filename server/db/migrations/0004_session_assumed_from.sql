-- The session a GLOBAL admin assumed a tenant from: a password change revokes every other session of the user
-- but this one, which the console keeps to go back to the root admin.
ALTER TABLE sessions
  ADD COLUMN assumed_from_session_id uuid
    CONSTRAINT sessions_assumed_from_session_id_sessions_id_fk REFERENCES sessions (id) ON DELETE SET NULL;
CREATE INDEX sessions_assumed_from_session_id_idx ON sessions (assumed_from_session_id);
