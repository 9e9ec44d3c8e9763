import { STATUS_CODES } from 'node:http';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../../server/app';
import type { RateLimitSettings } from '../../../server/http/rate-limits';
import { openPglite, openPostgres, pgliteDirectory, type Database, type DatabaseClient } from '../../../server/db/client';
import { demoPassword } from '../../../server/db/seed';
import { databaseUrl, uniqueName, withAdminConnection } from './test-database';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** How server/main.ts reaches this database. */
  serverEnv: { DATA_DIR: string; DATABASE_URL: string };
  /** Opens a new connection to the same database, as a restarted server would; `logger` sees every statement sent. */
  open(logger?: Logger): Promise<DatabaseClient>;
  destroy(): Promise<void>;
}

/** A fresh copy of the migrated and seeded template prepared by global-setup.ts. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const dataDir = path.join(target.runDir, uniqueName('data'));
    const directory = pgliteDirectory(dataDir);
    await cp(target.templateDir, directory, { recursive: true });
    return {
      kind: 'pglite',
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: (logger) => openPglite(directory, logger),
      destroy: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = uniqueName(target.namePrefix);
  await withAdminConnection(target.adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.templateName}"`));
  const url = databaseUrl(target.adminUrl, name);
  return {
    kind: 'postgres',
    serverEnv: { DATA_DIR: target.runDir, DATABASE_URL: url },
    open: async (logger) => openPostgres(url, undefined, logger),
    destroy: async () => {
      await withAdminConnection(target.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** An empty PostgreSQL database (no migrations); only available in the server:postgres project. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; destroy(): Promise<void> }> {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('Empty databases are only created on PostgreSQL');
  const name = uniqueName(target.namePrefix);
  await withAdminConnection(target.adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  return {
    url: databaseUrl(target.adminUrl, name),
    destroy: async () => {
      await withAdminConnection(target.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export interface TestApp {
  app: App;
  db: Database;
  database: TestDatabase;
}

/** Limits no test of another feature reaches, so that every API test still counts its requests in the database. */
export const generousRateLimits: RateLimitSettings = {
  windowSeconds: 60,
  perSession: 1_000_000,
  writesPerSession: 1_000_000,
  perClient: 1_000_000,
};

/**
 * Gives the test file one app on its own fresh database, closed after the file's tests. `statementLogger` sees every
 * statement the app's database sends through the ORM (a test of the work a request does).
 */
export function useTestApp(options: Omit<AppOptions, 'db'> = {}, statementLogger?: Logger): TestApp {
  const context = {} as TestApp;
  let client: DatabaseClient | undefined;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    client = await context.database.open(statementLogger);
    context.db = client.db;
    context.app = await buildApp({ db: client.db, forRequest: client.forRequest, rateLimits: generousRateLimits, ...options });
  });
  // Closing waits for the requests still open (a video service's callback) and the embedded database's last writes,
  // which on a loaded machine took over the 60 s default once (CI, 7 December): a ceiling, not a speed target.
  afterAll(async () => {
    await context.app?.close();
    await client?.close();
    await context.database?.destroy();
  }, 240_000);
  return context;
}

export const demo = {
  password: demoPassword,
  root: 'root@example.com',
  tenantAdmin: 'tenant.admin@example.com',
  companyAdmin: 'company.admin@example.com',
  learner: 'mario.rossi@example.com',
  pendingLearner: 'giulia.bianchi@example.com',
  disabledAdmin: 'former.admin@example.com',
  globexAdmin: 'globex.admin@example.com',
  consultingAdmin: 'consulting.admin@example.com',
} as const;

let clientCounter = 0;
/** A distinct client address per call, so the per-client sign-in limit of one test does not leak into another. */
export const nextClientIp = () => `10.0.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

export function postLogin(app: App, body: unknown, remoteAddress = nextClientIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress });
}

/** The body of an error answer, as every route of the API sends one: the status, its name, a code and a message. */
export const errorBody = (statusCode: number, code: string, message: string) => ({
  statusCode,
  error: STATUS_CODES[statusCode],
  code,
  message,
});

/**
 * The answer of a throttled sign-in (login and password change alike): 429 and a Retry-After of at most `longestWait`
 * seconds (by default 15 minutes: the client window and the default longest account delay).
 */
export function expectLockedOut(response: Awaited<ReturnType<typeof postLogin>>, longestWait = 15 * 60) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(longestWait);
  expect(response.json()).toEqual(errorBody(429, 'LOGIN_THROTTLED', 'Too many failed sign-in attempts. Try again later.'));
}

export async function signIn(app: App, email: string, password: string = demo.password) {
  const response = await postLogin(app, { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string; user: { id: string } }>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A built console in a temporary folder: `index.html`, one fingerprinted asset (`assets/app-1234.js`) and `favicon.svg`. */
export async function writeConsoleFiles(): Promise<string> {
  const staticDir = await mkdtemp(path.join(tmpdir(), 'console-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return staticDir;
}
