import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseClient } from './client';
import { installJobQueue } from './job-queue';

const migrationsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const migrationLockKey = 7_262_019_001;

export async function migrate(client: DatabaseClient): Promise<string[]> {
  const files = (await readdir(migrationsDirectory)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  return client.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await connection.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const applied = new Set((await connection.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
      const pending = files.filter((file) => !applied.has(file));
      for (const file of pending) {
        const statements = await readFile(path.join(migrationsDirectory, file), 'utf8');
        await connection.exec('BEGIN');
        try {
          await connection.exec(statements);
          await connection.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await connection.exec('COMMIT');
        } catch (error) {
          await connection.exec('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
      }
      // The job queue's own schema (pg-boss installs and upgrades it), after ours: its grants name our request role.
      await installJobQueue(connection);
      return pending;
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  });
}
