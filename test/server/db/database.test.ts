import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseClient } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import * as schema from '../../../server/db/schema';
import { users } from '../../../server/db/schema';
import { demoSeedServices } from '../../../server/demo-seed';
import { seedDemoData } from '../../../server/db/seed';
import { createTestDatabase, type TestDatabase } from '../../support/server/harness';

async function rows<Row>(client: DatabaseClient, statement: string, params: unknown[] = []) {
  return client.withConnection((connection) => connection.query<Row>(statement, params));
}

describe('migrations and seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('applies nothing and seeds nothing again when the server restarts', async () => {
    for (let restart = 0; restart < 2; restart += 1) {
      const client = await database.open();
      try {
        expect(await migrate(client)).toEqual([]);
        expect(await seedDemoData(client.db, demoSeedServices)).toBe(false);
        const applied = await rows<{ name: string }>(client, 'SELECT name FROM schema_migrations ORDER BY name');
        expect(applied.map((row) => row.name)).toEqual([
          '0001_initial.sql',
          '0002_list_indexes.sql',
          '0003_catalogue_list_indexes.sql',
          '0004_session_assumed_from.sql',
          '0005_login_throttle.sql',
          '0006_rate_limits_and_idempotency.sql',
          '0007_row_level_security.sql',
          '0008_list_counts_and_boundaries.sql',
          '0009_audit_actor_snapshot.sql',
          '0010_leakproof_search.sql',
          '0011_unlogged_counters.sql',
          '0012_video_tenant_owner.sql',
          '0013_video_processing_since.sql',
          '0014_bulk_work.sql',
          '0020_groups_and_enrolments.sql',
          '0021_lrs_credentials.sql',
          '0022_xapi_statements.sql',
          '0023_delivery_scale.sql',
          '0024_enrolment_counts.sql',
          '0027_xapi_attachments.sql',
          '0030_account_tokens.sql',
          '0031_two_factor.sql',
          '0032_list_filter_versions.sql',
          '0035_saved_views.sql',
          '0036_statement_refs.sql',
          '0050_quizzes.sql',
        ]);
        const [count] = await client.db.select({ users: sql<number>`count(*)::int` }).from(users);
        expect(count?.users).toBe(20);
      } finally {
        await client.close();
      }
    }
  });

  it('keeps only counters, bulk work claims and list caches out of the WAL; everything else survives a crash', async () => {
    const client = await database.open();
    try {
      const tables = await rows<{ name: string; persistence: string }>(
        client,
        `SELECT c.relname AS name, c.relpersistence AS persistence FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
      );
      const unlogged = tables
        .filter((table) => table.persistence === 'u')
        .map((table) => table.name)
        .sort();
      expect(unlogged).toEqual(['bulk_work_claims', 'list_boundaries', 'list_counts', 'rate_limit_counters']);
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'idempotency_keys', 'login_throttle', 'table_write_versions']),
      );
      expect(tables.filter((table) => table.persistence === 'p')).toHaveLength(tables.length - unlogged.length);
    } finally {
      await client.close();
    }
  });

  it('has the pg_trgm extension for trigram search', async () => {
    const client = await database.open();
    try {
      const [similarity] = await rows<{ value: number }>(client, "SELECT similarity('acme', 'acne') AS value");
      expect(similarity?.value).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe('the Drizzle schema matches the SQL migrations', () => {
  let client: DatabaseClient;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = await database.open();
  });
  afterAll(async () => {
    await client.close();
    await database.destroy();
  });

  const tables = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table));

  it('has the same tables', async () => {
    const inDatabase = await rows<{ name: string }>(
      client,
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations'",
    );

    expect(inDatabase.map((row) => row.name).sort()).toEqual(tables.map((table) => table.name).sort());
  });

  it.each(tables.map((table) => [table.name, table] as const))('%s has the same columns', async (name, table) => {
    const inDatabase = await rows<{ name: string; type: string; not_null: boolean; has_default: boolean }>(
      client,
      `SELECT column_name AS name, data_type AS type, is_nullable = 'NO' AS not_null, column_default IS NOT NULL AS has_default
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [name],
    );
    const declared = table.columns.map((column) => ({
      name: column.name,
      type: column.getSQLType(),
      not_null: column.notNull,
      has_default: column.hasDefault,
    }));

    expect(sortByName(inDatabase)).toEqual(sortByName(declared));
  });

  it.each(tables.map((table) => [table.name, table] as const))('%s has the same constraints and indexes', async (name, table) => {
    const constraints = await rows<{ name: string; kind: string; definition: string }>(
      client,
      `SELECT conname AS name, contype AS kind, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid WHERE t.relname = $1`,
      [name],
    );
    const indexes = await rows<{ name: string }>(
      client,
      `SELECT i.relname AS name FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        WHERE t.relname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
      [name],
    );
    const byKind = (kind: string) =>
      constraints
        .filter((constraint) => constraint.kind === kind)
        .map((c) => c.name)
        .sort();
    const onDeleteOf = (definition: string) =>
      /ON DELETE (RESTRICT|CASCADE|SET NULL|SET DEFAULT)/.exec(definition)?.[1]?.toLowerCase() ?? 'no action';

    const declaredUniques = [
      ...table.uniqueConstraints.map((unique) => unique.getName()),
      ...table.columns.filter((column) => column.isUnique).map((column) => column.uniqueName!),
    ];
    expect(byKind('u')).toEqual(declaredUniques.sort());
    expect(byKind('c')).toEqual(table.checks.map((check) => check.name).sort());
    expect(indexes.map((index) => index.name).sort()).toEqual(table.indexes.map((index) => index.config.name).sort());
    expect(
      constraints
        .filter((constraint) => constraint.kind === 'f')
        .map((constraint) => ({ name: constraint.name, onDelete: onDeleteOf(constraint.definition) }))
        .sort(byName),
    ).toEqual(
      table.foreignKeys.map((foreignKey) => ({ name: foreignKey.getName(), onDelete: foreignKey.onDelete ?? 'no action' })).sort(byName),
    );
  });
});

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const sortByName = <T extends { name: string }>(list: T[]) => [...list].sort(byName);
