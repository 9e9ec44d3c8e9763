import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, SqlConnection } from './client';

/**
 * The job queue: pg-boss (10.x, the last major that runs on Node 20) in the schema `pgboss` of the same database,
 * on PGlite (through its worker thread's socket, like every other statement) and on PostgreSQL alike. Its tables are
 * created and upgraded by pg-boss itself, at every start, right after our SQL migrations (`installJobQueue`); jobs are
 * fetched with `FOR UPDATE SKIP LOCKED`, so several instances share a queue and no job is handed to two workers.
 */
export const jobQueueSchema = 'pgboss';

/** The queues, each with its dead-letter queue (a job that failed its last retry is copied there and left alone). */
export const queues = {
  /** A mail to send (its content sealed: `mail/`). */
  mail: 'mail',
  mailDeadLetter: 'mail.dead-letter',
  /** Work asked for by a request that must not wait for it (a password reset: the account is looked up here). */
  accountRequests: 'account-requests',
  accountRequestsDeadLetter: 'account-requests.dead-letter',
} as const;

/** pg-boss's way of sending SQL, over a Drizzle database or transaction: the job then commits with the caller's work. */
export function jobQueueConnection(db: Database): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await db.execute(withParameters(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's statement (`$1`, `$2`… placeholders) as a Drizzle statement with the same values: Drizzle numbers the
 * parameters again in the order they appear. Only for pg-boss's own job statements, which hold no `$` otherwise.
 */
function withParameters(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function connectionAsJobQueue(connection: SqlConnection): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await connection.query(text, values?.length ? values : undefined) }) };
}

/**
 * Installs or upgrades pg-boss's schema and creates the queues (idempotent; run by `migrate` under its lock). The
 * requests' role may add jobs (a request's transaction enqueues its mail with its own writes) but read no job.
 */
export async function installJobQueue(connection: SqlConnection) {
  const boss = new PgBoss({
    db: connectionAsJobQueue(connection),
    schema: jobQueueSchema,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const [name, deadLetter] of [
      [queues.mailDeadLetter, undefined],
      [queues.mail, queues.mailDeadLetter],
      [queues.accountRequestsDeadLetter, undefined],
      [queues.accountRequests, queues.accountRequestsDeadLetter],
    ] as const) {
      if (!existing.has(name)) await boss.createQueue(name, { name, ...(deadLetter && { deadLetter }) });
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
  const [role] = await connection.query<{ exists: boolean }>(
    "SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = 'console_app') AS exists",
  );
  if (role?.exists) {
    // INSERT … SELECT … FROM queue … RETURNING id: what `send` needs, and nothing that reads another job's data.
    await connection.exec(`
      GRANT USAGE ON SCHEMA ${jobQueueSchema} TO console_app;
      GRANT SELECT ON ${jobQueueSchema}.queue TO console_app;
      GRANT INSERT, SELECT (id) ON ${jobQueueSchema}.job TO console_app;`);
  }
}

/** A pg-boss instance that only adds jobs (no polling, no maintenance): what the API's routes enqueue through. */
export function jobSender(db: Database) {
  return new PgBoss({ db: jobQueueConnection(db), schema: jobQueueSchema, migrate: false, supervise: false, schedule: false });
}
