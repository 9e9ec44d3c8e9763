import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseClient } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { demoSeedServices } from '../server/demo-seed';
import { seedDemoData } from '../server/db/seed';

export interface BenchDatabase {
  client: DatabaseClient;
  description: string;
  /** False when a kept database (BENCH_DATABASE) was seeded by an earlier run: no seed is needed. */
  fresh: boolean;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database with the demo data: its own PostgreSQL database when DATABASE_URL is set, else PGlite.
 * With DATABASE_URL and BENCH_DATABASE, that database of the server instead, kept afterwards: created and seeded by
 * the first run, used as it is by the next ones (seeding a million users takes minutes; measure in a quiet moment).
 */
export async function openBenchDatabase(logger: Logger): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  const kept = process.env.BENCH_DATABASE;
  if (adminUrl && kept) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error('BENCH_DATABASE: a lower-case PostgreSQL name, please');
    const exists = await withAdmin(
      adminUrl,
      async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept])).rowCount === 1,
    );
    if (exists) return { ...(await postgresDatabase(adminUrl, kept, logger, 'kept')), fresh: false };
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${kept}"`));
    return prepared(await postgresDatabase(adminUrl, kept, logger, 'kept'));
  }
  return prepared(adminUrl ? await createPostgresDatabase(adminUrl, logger) : await createPgliteDatabase(logger));
}

/**
 * A database of the PostgreSQL server at `adminUrl`, migrated with the demo data: `kept` (created and prepared when
 * missing, else used as it is, `fresh` false), or a new one dropped afterwards.
 */
export async function openPostgresBenchDatabase(adminUrl: string, logger: Logger, kept?: string): Promise<BenchDatabase> {
  if (!kept) return prepared(await createPostgresDatabase(adminUrl, logger));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error('A kept bench database: a lower-case PostgreSQL name, please');
  const exists = await withAdmin(
    adminUrl,
    async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept])).rowCount === 1,
  );
  if (exists) {
    // Seeded by an earlier run: brought to the current migrations (a new one fills what it adds from the rows there).
    const opened = await postgresDatabase(adminUrl, kept, logger, 'kept');
    await migrate(opened.client);
    return { ...opened, fresh: false };
  }
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${kept}"`));
  return prepared(await postgresDatabase(adminUrl, kept, logger, 'kept'));
}

async function prepared(opened: Omit<BenchDatabase, 'fresh'>): Promise<BenchDatabase> {
  try {
    await migrate(opened.client);
    await seedDemoData(opened.client.db, demoSeedServices);
    return { ...opened, fresh: true };
  } catch (error) {
    await opened.destroy();
    throw error;
  }
}

async function createPgliteDatabase(logger: Logger): Promise<Omit<BenchDatabase, 'fresh'>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'admin-console-bench-'));
  const client = await openPglite(directory, logger);
  return {
    client,
    description: 'PGlite (embedded)',
    destroy: async () => {
      await client.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string, logger: Logger): Promise<Omit<BenchDatabase, 'fresh'>> {
  const name = `admin_console_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  return postgresDatabase(adminUrl, name, logger, 'dropped');
}

async function postgresDatabase(adminUrl: string, name: string, logger: Logger, after: 'kept' | 'dropped') {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = openPostgres(url.toString(), undefined, logger);
  const [server] = await client.withConnection((connection) =>
    connection.query<{ version: string }>("SELECT current_setting('server_version') AS version"),
  );
  return {
    client,
    description: `PostgreSQL ${server?.version} (database ${name}, ${after} afterwards)`,
    destroy: async () => {
      await client.close();
      if (after === 'dropped') await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
