-- The API's rate-limit counters: one fixed window per key, counted by one upsert so that every instance shares it.
CREATE TABLE rate_limit_counters (
  counter_key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at);
