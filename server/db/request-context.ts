import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Scope } from '../../contract/values';
import type { Database } from './client';
import { reportLostConnections } from './lost-connections';
import * as schema from './schema';

/**
 * Row-level security on PostgreSQL (migration 0007, docs/operations.md): the work a request does for its caller runs
 * as the role `console_app`, which has no BYPASSRLS, with the caller's scope, tenant and company in the settings that
 * the tables' policies read. The owner role (the one of DATABASE_URL) keeps the work done before the caller is known
 * (sign-in, session lookup, throttle, rate limits, idempotency) and the migrations; its connections say
 * `app.scope = GLOBAL`, since the policies are forced on the owner too.
 */
export const requestRole = 'console_app';

/** What the policies of a request's statements see; a null scope (no session) sees no tenant-owned row at all. */
export interface RequestSettings {
  scope: Scope | null;
  tenantId: string | null;
  companyId: string | null;
}

export type RequestDatabase = (settings: RequestSettings) => Database;

/** The settings of the owner's connections (run once per new connection, see `openPostgres`). */
export const ownerConnectionSetup = "SELECT set_config('app.scope', 'GLOBAL', false)";

/** One statement, one round trip: the role and the three settings, for the rest of the connection's session. */
const requestSettingsStatement =
  "SELECT set_config('role', $1, false), set_config('app.scope', $2, false), " +
  "set_config('app.tenant_id', $3, false), set_config('app.company_id', $4, false)";

const settingsKey = (settings: RequestSettings) => `${settings.scope ?? ''}|${settings.tenantId ?? ''}|${settings.companyId ?? ''}`;

/** How many request databases (one per distinct settings) are kept for reuse; past it they are built again. */
const maxSharedDatabases = 1000;

/**
 * Connections per pool when nothing else is asked (DATABASE_POOL_SIZE). Few: every answer that comes back costs the
 * one event loop its rows and its reply, so the statements in flight bound the work of one turn of the loop and how
 * long a health check or any other request waits behind it under a flood (at 100 connections, `/api/health` p99
 * under a list flood was 11–16× idle with 10 connections per pool, 4× with 3; `bench/README.md`). Two cores of
 * PostgreSQL are kept busy by 3 statements at a time; a server with more cores, or slow statements, may want more.
 */
export const defaultPoolSize = 3;

/** The settings each pooled connection of the request pool holds now, so that they are sent only when they change. */
const heldSettings = new WeakMap<pg.PoolClient, string>();

/**
 * A pool as drizzle sees it (its name says Pool, so drizzle runs a transaction on one client from `connect()`), over
 * the shared request pool: every statement, and every transaction, runs on a connection that holds this request's
 * settings. Connections are never handed out without them: each checkout sets them unless it already holds them.
 */
class SettingsPool {
  readonly #pool: pg.Pool;
  readonly #values: string[];
  readonly #key: string;

  constructor(pool: pg.Pool, settings: RequestSettings) {
    this.#pool = pool;
    this.#values = [requestRole, settings.scope ?? '', settings.tenantId ?? '', settings.companyId ?? ''];
    this.#key = settingsKey(settings);
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.#pool.connect();
    if (heldSettings.get(client) === this.#key) return client;
    heldSettings.delete(client);
    try {
      await client.query(requestSettingsStatement, this.#values);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    heldSettings.set(client, this.#key);
    return client;
  }

  async query(...args: Parameters<pg.PoolClient['query']>) {
    const client = await this.connect();
    try {
      return await (client.query as (...values: unknown[]) => Promise<unknown>)(...args);
    } finally {
      client.release();
    }
  }
}

/**
 * The request databases of one PostgreSQL database: a pool of its own (its connections always carry some request's
 * role and settings, so they are never shared with the owner's work), and a Drizzle database per request over it.
 */
export function openRequestDatabases(
  connectionString: string,
  onPoolError: (error: Error) => void,
  logger?: Logger,
  poolSize = defaultPoolSize,
) {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 10_000, statement_timeout: 30_000 });
  reportLostConnections(pool, onPoolError);
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = {
    fullSchema: schema,
    schema: tables.tables as ExtractTablesWithRelations<typeof schema>,
    tableNamesMap: tables.tableNamesMap,
  };
  // A database holds nothing but its settings, so requests with the same ones share it (building one costs tens of µs).
  const databases = new Map<string, Database>();
  const forRequest: RequestDatabase = (settings) => {
    const key = settingsKey(settings);
    let db = databases.get(key);
    if (!db) {
      const client = new SettingsPool(pool, settings) as unknown as pg.Pool;
      db = new NodePgDatabase(dialect, new NodePgSession(client, dialect, relational, { logger }), relational) as Database;
      if (databases.size >= maxSharedDatabases) databases.clear();
      databases.set(key, db);
    }
    return db;
  };
  return { forRequest, close: () => pool.end() };
}
