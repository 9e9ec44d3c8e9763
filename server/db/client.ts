import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

export function openDatabase(options: DatabaseOptions): Promise<DatabaseClient> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.onPoolError))
    : openPglite(pgliteDirectory(options.dataDir));
}

/** `logger` sees every statement the ORM sends (the benchmark records them). */
export async function openPglite(directory: string, logger?: Logger): Promise<DatabaseClient> {
  await mkdir(directory, { recursive: true });
  const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
  const connection: SqlConnection = {
    exec: async (statements) => {
      await pglite.exec(statements);
    },
    query: async <Row>(statement: string, params?: unknown[]) => (await pglite.query<Row>(statement, params)).rows,
  };
  return {
    db: drizzlePglite({ client: pglite, schema, logger }),
    kind: 'pglite',
    withConnection: (work) => work(connection),
    close: () => pglite.close(),
  };
}

export function openPostgres(
  connectionString: string,
  onPoolError = (error: Error) => console.error(error),
  logger?: Logger,
): DatabaseClient {
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 });
  pool.on('error', onPoolError);
  return {
    db: drizzlePostgres({ client: pool, schema, logger }),
    kind: 'postgres',
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (statements) => {
            await client.query(statements);
          },
          query: async <Row>(statement: string, params?: unknown[]) =>
            (await client.query<Row & pg.QueryResultRow>(statement, params)).rows,
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
