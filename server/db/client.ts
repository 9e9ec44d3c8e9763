import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { reportLostConnections } from './lost-connections';
import { startPgliteWorker } from './pglite-worker';
import { defaultPoolSize, openRequestDatabases, ownerConnectionSetup, type RequestDatabase } from './request-context';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface SqlConnection {
  exec(statements: string): Promise<void>;
  query<Row>(statement: string, params?: unknown[]): Promise<Row[]>;
}

export interface DatabaseClient {
  db: Database;
  kind: 'pglite' | 'postgres';
  withConnection<T>(work: (connection: SqlConnection) => Promise<T>): Promise<T>;
  /** PostgreSQL: the database of one request, under row-level security (see request-context.ts). */
  forRequest?: RequestDatabase;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: connections each of the instance's two pools (the owner's, the requests') may open. */
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}

export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

export function openDatabase(options: DatabaseOptions): Promise<DatabaseClient> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.onPoolError, undefined, options.poolSize))
    : openPglite(pgliteDirectory(options.dataDir), undefined, options.onPoolError);
}

/**
 * The embedded database, run in a worker thread (see `pglite-worker.ts`) and reached with node-postgres like a
 * PostgreSQL server. `logger` sees every statement the ORM sends (the benchmark records them).
 */
export async function openPglite(directory: string, logger?: Logger, onError?: (error: Error) => void): Promise<DatabaseClient> {
  const worker = await startPgliteWorker(directory, onError);
  return {
    db: drizzlePostgres({ client: worker.pool, schema, logger }),
    kind: 'pglite',
    withConnection: (work) => withPoolConnection(worker.pool, work),
    close: () => worker.close(),
  };
}

async function withPoolConnection<T>(pool: pg.Pool, work: (connection: SqlConnection) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work({
      exec: async (statements) => {
        await client.query(statements);
      },
      query: async <Row>(statement: string, params?: unknown[]) => (await client.query(statement, params)).rows as Row[],
    });
  } finally {
    client.release();
  }
}

/** Without a handler given: one line on standard error per lost connection, never the error object dumped. */
const defaultPoolError = (error: Error): void => {
  process.stderr.write(`a database connection was lost: ${error.message} (${(error as { code?: string }).code ?? error.name})\n`);
};

export function openPostgres(
  connectionString: string,
  onPoolError = defaultPoolError,
  logger?: Logger,
  poolSize = defaultPoolSize,
): DatabaseClient {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 30_000,
    onConnect: async (client) => {
      await client.query(ownerConnectionSetup);
    },
  });
  reportLostConnections(pool, onPoolError);
  const requests = openRequestDatabases(connectionString, onPoolError, logger, poolSize);
  return {
    db: drizzlePostgres({ client: pool, schema, logger }),
    kind: 'postgres',
    forRequest: requests.forRequest,
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (statements) => {
            await client.query(statements);
          },
          query: async <Row>(statement: string, params?: unknown[]) => (await client.query(statement, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), requests.close()]);
    },
  };
}
