import type pg from 'pg';

/**
 * A pooled connection PostgreSQL ends (a restart, a failover, `pg_terminate_backend`) fails the statement running on
 * it, and the pool opens another for the next one. Its error is reported once per connection to `onError`: while it
 * waits in the pool the pool emits it, and while it is checked out (between the statements of a transaction) the
 * connection itself does, which without a listener would end the process. A socket error after PostgreSQL's own is
 * the same loss, not reported again.
 */
export function reportLostConnections(pool: pg.Pool, onError: (error: Error) => void) {
  const reported = new WeakSet<object>();
  const report = (client: object, error: Error) => {
    if (reported.has(client)) return;
    reported.add(client);
    onError(error);
  };
  pool.on('connect', (client) => client.on('error', (error) => report(client, error)));
  pool.on('error', (error, client) => report(client, error));
}
