import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseClient } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/auth/password';
import { seedDemoData } from '../server/db/seed';

export interface BenchDatabase {
  client: DatabaseClient;
  description: string;
  destroy(): Promise<void>;
}

/** A fresh, migrated database with the demo data: its own PostgreSQL database when DATABASE_URL is set, else PGlite. */
export async function openBenchDatabase(logger: Logger): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  const opened = adminUrl ? await createPostgresDatabase(adminUrl, logger) : await createPgliteDatabase(logger);
  try {
    await migrate(opened.client);
    await seedDemoData(opened.client.db, hashPassword);
    return opened;
  } catch (error) {
    await opened.destroy();
    throw error;
  }
}

async function createPgliteDatabase(logger: Logger): Promise<BenchDatabase> {
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

async function createPostgresDatabase(adminUrl: string, logger: Logger): Promise<BenchDatabase> {
  const name = `admin_console_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = openPostgres(url.toString(), undefined, logger);
  const [server] = await client.withConnection((connection) =>
    connection.query<{ version: string }>("SELECT current_setting('server_version') AS version"),
  );
  return {
    client,
    description: `PostgreSQL ${server?.version} (database ${name}, dropped afterwards)`,
    destroy: async () => {
      await client.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
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
