-- Sign-in throttling as one row per key (an account or a client address) instead of one row per failure: each attempt
-- is counted by one upsert that refuses while the key is blocked, so parallel attempts are counted one at a time and
-- none is evaluated beyond the limit. The account's delay grows with its failures (see server/auth/login-throttle.ts).
CREATE TABLE login_throttle (
  throttle_key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz
);
CREATE INDEX login_throttle_last_failed_at_idx ON login_throttle (last_failed_at);

-- Failures of the old scheme are a quarter of an hour's worth at most: they are not carried over.
DROP TABLE login_failures;
