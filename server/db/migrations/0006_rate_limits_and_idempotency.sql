-- The API's rate-limit counters: one fixed window per key, counted by one upsert so that every instance shares it.
CREATE TABLE rate_limit_counters (
  counter_key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at);

-- The first answer to a create sent with an Idempotency-Key, per caller, kept at least a day.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response_body text,
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, idempotency_key)
);
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
