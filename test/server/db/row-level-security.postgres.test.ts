import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { leaveTenancyToTheDatabaseInTests } from '../../../server/auth/tenancy';
import { demoSeedServices } from '../../../server/demo-seed';
import { openPostgres, type Database, type DatabaseClient } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import type { RequestSettings } from '../../../server/db/request-context';
import { seedDemoData } from '../../../server/db/seed';
import { demo, signIn, useTestApp } from '../../support/server/harness';
import { apiAs, demoWorld, signedIn, type DemoWorld } from '../../support/server/resources';
import { databaseUrl, uniqueName, withAdminConnection } from '../../support/server/test-database';

// Runs only in the server:postgres project (see vite.config.ts): the embedded database is one superuser connection,
// which row-level security never filters. In this file the API's own tenancy filter is off, as in test/server/auth/isolation-rls.postgres.test.ts.
leaveTenancyToTheDatabaseInTests();

const tenantOwned = [
  'tenants',
  'companies',
  'users',
  'sessions',
  'topics',
  'contents',
  'content_topics',
  'training_plans',
  'training_plan_modules',
  'training_plan_items',
  'audit_log',
  // Quizzes (issue 28)
  'quizzes',
  'quiz_topics',
  'quiz_versions',
  'quiz_attempts',
  // Issue 30: one-time links, authenticators and recovery codes belong to their user.
  'account_tokens',
  'user_two_factor',
  'user_recovery_codes',
  // Learning delivery (issue 27)
  'groups',
  'group_members',
  'plan_assignments',
  'enrolments',
  // Their counts kept per plan for the reports (migration 0024).
  'enrolment_counts',
  'enrolment_completion_days',
  // The Learning Record Store (issue 27): each company's credentials, statements, their attachments and items done.
  'lrs_credentials',
  'xapi_statements',
  'xapi_attachments',
  'enrolment_items',
  // Saved views (issue 29): a user's own, within the tenant and company the user acts in.
  'saved_views',
];
/** Tables the API uses before it knows the caller, or for itself: no tenant in them, no access for requests. */
const ownerOnly = [
  'app_settings',
  'bulk_work_claims',
  'idempotency_keys',
  'login_throttle',
  'rate_limit_counters',
  'schema_migrations',
  'sign_in_challenges',
];
/** What lists learn (migration 0008): counts and sort keys of conditions that carry the caller's reach; no policy. */
const listCaches = ['list_boundaries', 'list_counts', 'table_write_versions'];

const testApp = useTestApp();
let client: DatabaseClient;
let world: DemoWorld;
let forRequest: (settings: RequestSettings) => Database;

beforeAll(async () => {
  client = await testApp.database.open();
  forRequest = client.forRequest!;
  world = await demoWorld(testApp.db);
  await signIn(testApp.app, demo.companyAdmin); // a session row
  // A learner's attempt at the seeded quiz (the demo data has none; the learner endpoints write them).
  await testApp.db.execute(sql`INSERT INTO quiz_attempts
      (tenant_id, company_id, quiz_id, quiz_version, learner_id, number, started_at, answers, result, score, max_score, scaled, passed)
    SELECT q.tenant_id, q.company_id, q.id, q.version, ${world.learner.id}, 1, now(), '[]', '{}', 0, 8, 0, false
      FROM quizzes q WHERE q.title = 'Workshop safety check'`);
  await withAccountRows();
});

/** Rows of the tables of issue 30, made through the API: an invitation, an authenticator and its recovery codes; a saved view (issue 29). */
async function withAccountRows() {
  const root = await signedIn(testApp.app, demo.root);
  const email = `rls.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Row-Level-Pass-1';
  const invited = await root.post('/api/users', {
    name: 'Rls',
    surname: 'Invited',
    email: `invited.${email}`,
    companyId: world.acmeRobotics.id,
    scope: 'COMPANY',
    sendInvitation: true,
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  await root.post('/api/users', {
    name: 'Rls',
    surname: 'Second',
    email,
    password,
    admin: true,
    scope: 'COMPANY',
    companyId: world.acmeRobotics.id,
  });
  const own = apiAs(testApp.app, (await signIn(testApp.app, email, password)).token);
  const { secret } = (await own.post('/api/users/me/two-factor/setup', {})).json();
  const confirmed = await own.post('/api/users/me/two-factor/confirm', { code: generateSync({ secret }) });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor setup failed: ${confirmed.body}`);
  const view = await own.post('/api/saved-views', { list: '/users', name: 'Row-level view', query: 'search=rls' });
  if (view.statusCode !== 201) throw new Error(`saved view failed: ${view.body}`);
}
afterAll(() => client?.close());

const rowsOf = async <Row>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const countIn = async (db: Database, table: string) =>
  (await rowsOf<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`))[0]!.count;
const tenantIdsIn = async (db: Database, table: string) =>
  new Set((await rowsOf<{ tenant_id: string }>(db, sql`SELECT tenant_id FROM ${sql.identifier(table)}`)).map((row) => row.tenant_id));

describe('the request role', () => {
  it('is console_app: no superuser, no BYPASSRLS, no login, and the requests run as it with their settings', async () => {
    const [role] = await rowsOf<Record<string, boolean>>(
      testApp.db,
      sql`SELECT rolsuper, rolbypassrls, rolcanlogin, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = 'console_app'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false, rolcreaterole: false, rolcreatedb: false });

    const db = forRequest({ scope: 'TENANT', tenantId: world.acme.id, companyId: null });
    const [seen] = await rowsOf(
      db,
      sql`SELECT current_user AS role, current_setting('app.scope') AS scope, current_setting('app.tenant_id') AS tenant,
                 current_setting('app.company_id') AS company, (SELECT rolbypassrls FROM pg_roles WHERE rolname = current_user) AS bypass`,
    );
    expect(seen).toEqual({ role: 'console_app', scope: 'TENANT', tenant: world.acme.id, company: '', bypass: false });
  });

  it('has forced policies on every tenant-owned table, and no access at all to the others', async () => {
    const tables = await rowsOf<{ name: string; rls: boolean; forced: boolean; policies: number; granted: boolean }>(
      testApp.db,
      sql`SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
                 (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
                 has_table_privilege('console_app', c.oid, 'SELECT, INSERT, UPDATE, DELETE') AS granted
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
    );
    // A new table must be classified here: tenant-owned ones get a policy, FORCE and the grant (see migration 0007).
    expect(tables.map((table) => table.name).sort()).toEqual([...tenantOwned, ...ownerOnly, ...listCaches].sort());
    for (const table of tables) {
      const owned = tenantOwned.includes(table.name);
      expect({ name: table.name, rls: table.rls, forced: table.forced, policies: table.policies > 0, granted: table.granted }).toEqual({
        name: table.name,
        rls: owned,
        forced: owned,
        policies: owned,
        granted: owned || listCaches.includes(table.name),
      });
    }
  });

  it('may not read the tables used before the caller is known', async () => {
    const db = forRequest({ scope: 'GLOBAL', tenantId: null, companyId: null });
    for (const table of ownerOnly) {
      const refused = await countIn(db, table).then(
        () => null,
        (error: Error) => error.cause as Error,
      );
      expect({ table, refused: refused?.message }).toEqual({ table, refused: `permission denied for table ${table}` });
    }
  });
});

describe('searches under the policies', () => {
  it('use the trigram indexes: ILIKE may run ahead of the policy (migration 0010 marks it LEAKPROOF)', async () => {
    const raw = new pg.Client({ connectionString: testApp.database.serverEnv.DATABASE_URL });
    await raw.connect();
    try {
      await raw.query("SELECT set_config('role', 'console_app', false), set_config('app.scope', 'GLOBAL', false)");
      // With sequential scans priced out, the planner takes an index whenever one may serve the condition: without
      // LEAKPROOF none may, as the policy must be checked first, and the plan stays a sequential scan.
      await raw.query('SET enable_seqscan = off');
      for (const column of ['name', 'surname', 'email']) {
        const { rows } = await raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM users WHERE ${column} ILIKE $1`, ['%robotics%']);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toContain(`Bitmap Index Scan on users_${column}_trgm_idx`);
      }
    } finally {
      await raw.end();
    }
  });

  it('find a statement’s learner by lower(email) through its index (migration 0023 marks lower LEAKPROOF)', async () => {
    const raw = new pg.Client({ connectionString: testApp.database.serverEnv.DATABASE_URL });
    await raw.connect();
    try {
      await raw.query("SELECT set_config('role', 'console_app', false), set_config('app.scope', 'GLOBAL', false)");
      await raw.query('SET enable_seqscan = off');
      const { rows } = await raw.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT id FROM users WHERE lower(email) = $1', ['a@example.com']);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_email_lower_key');
    } finally {
      await raw.end();
    }
  });
});

describe('queries without the settings, or with hostile ones', () => {
  it('a raw connection that takes the request role without settings sees no tenant-owned row', async () => {
    const raw = new pg.Client({ connectionString: testApp.database.serverEnv.DATABASE_URL });
    await raw.connect();
    try {
      await raw.query('SET ROLE console_app');
      for (const table of tenantOwned) {
        const { rows } = await raw.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
        expect({ table, count: rows[0]!.count }).toEqual({ table, count: 0 });
      }
    } finally {
      await raw.end();
    }
  });

  it('the request database of a caller without a session sees no tenant-owned row, though every table has some', async () => {
    const anonymous = forRequest({ scope: null, tenantId: null, companyId: null });
    for (const table of tenantOwned) {
      expect({ table, count: await countIn(testApp.db, table) }).not.toEqual({ table, count: 0 });
      expect({ table, count: await countIn(anonymous, table) }).toEqual({ table, count: 0 });
    }
  });

  it('sees nothing with an unknown scope, a foreign company under a tenant, or a tenant that does not exist', async () => {
    const hostile: RequestSettings[] = [
      { scope: 'ROOT' as never, tenantId: world.acme.id, companyId: world.acmeRobotics.id },
      { scope: 'COMPANY', tenantId: world.acme.id, companyId: world.globexConsulting.id },
      { scope: 'COMPANY', tenantId: world.globex.id, companyId: world.acmeRobotics.id },
      { scope: 'TENANT', tenantId: '00000000-0000-4000-8000-000000000000', companyId: null },
      { scope: 'TENANT', tenantId: null, companyId: null },
    ];
    for (const settings of hostile) {
      const db = forRequest(settings);
      for (const table of tenantOwned) {
        expect({ settings, table, count: await countIn(db, table) }).toEqual({ settings, table, count: 0 });
      }
    }
  });

  it("another tenant's id shows that tenant's rows only: never the caller's, never a third one", async () => {
    const asGlobex = forRequest({ scope: 'TENANT', tenantId: world.globex.id, companyId: null });
    for (const table of ['companies', 'users', 'topics', 'contents', 'training_plans', 'audit_log']) {
      const seen = await tenantIdsIn(asGlobex, table);
      expect(
        [...seen].filter((tenantId) => tenantId !== world.globex.id),
        table,
      ).toEqual([]);
    }
    for (const table of ['companies', 'users']) {
      expect((await tenantIdsIn(testApp.db, table)).size, table).toBeGreaterThan(1);
      expect([...(await tenantIdsIn(asGlobex, table))], table).toEqual([world.globex.id]);
    }
  });

  it('refuses to write a row outside the settings, even when the statement names it', async () => {
    const asAcme = forRequest({ scope: 'TENANT', tenantId: world.acme.id, companyId: null });
    const refused = await asAcme
      .execute(sql`INSERT INTO companies (tenant_id, name, tax_id, country_code) VALUES (${world.globex.id}, 'Intruder', 'X1', 'IT')`)
      .then(
        () => null,
        (error: Error) => error.cause as Error & { code: string },
      );
    expect(refused?.code).toBe('42501');
    expect(refused?.message).toMatch(/row-level security/);
    const moved = await rowsOf(asAcme, sql`UPDATE companies SET name = 'Taken' WHERE id = ${world.globexConsulting.id} RETURNING id`);
    expect(moved).toEqual([]);
    const [company] = await rowsOf<{ name: string }>(testApp.db, sql`SELECT name FROM companies WHERE id = ${world.globexConsulting.id}`);
    expect(company!.name).toBe(world.globexConsulting.name);
  });

  it('keeps a transaction of the request database on one connection with its settings', async () => {
    const asAcme = forRequest({ scope: 'TENANT', tenantId: world.acme.id, companyId: null });
    // Other requests' settings on the pool's connections in between must not matter.
    await Promise.all([1, 2, 3].map(() => countIn(forRequest({ scope: 'GLOBAL', tenantId: null, companyId: null }), 'tenants')));
    const seen = await asAcme.transaction(async (tx) => {
      const first = await rowsOf<{ pid: number; tx: string }>(tx, sql`SELECT pg_backend_pid() AS pid, txid_current()::text AS tx`);
      await Promise.all([1, 2, 3].map(() => countIn(forRequest({ scope: 'GLOBAL', tenantId: null, companyId: null }), 'tenants')));
      const second = await rowsOf<{ pid: number; tx: string }>(tx, sql`SELECT pg_backend_pid() AS pid, txid_current()::text AS tx`);
      return { first: first[0], second: second[0], tenants: await countIn(tx, 'tenants') };
    });
    expect(seen.second).toEqual(seen.first);
    expect(seen.tenants).toBe(1);
  });
});

describe('the API with its own filter off', () => {
  it('leaks without row-level security (the switch works) and answers 404 with it', async () => {
    const withoutRls = await buildApp({ db: testApp.db });
    try {
      const { token } = await signIn(withoutRls, demo.tenantAdmin);
      const foreign = `/api/companies/${world.globexConsulting.id}`;
      expect((await apiAs(withoutRls, token).get(foreign)).statusCode).toBe(200);
      expect((await apiAs(testApp.app, token).get(foreign)).statusCode).toBe(404);
      const listed = (await apiAs(testApp.app, token).get('/api/companies?pageSize=100')).json<{ items: { tenantId: string }[] }>();
      expect(listed.items.length).toBeGreaterThan(0);
      expect(new Set(listed.items.map((item) => item.tenantId))).toEqual(new Set([world.acme.id]));
    } finally {
      await withoutRls.close();
    }
  });

  it('is switched off by nothing in the server but the test-only function', async () => {
    const callers = execFileSync('grep', ['-rl', '--include=*.ts', 'leaveTenancyToTheDatabaseInTests', 'server'], { encoding: 'utf8' });
    expect(callers.trim().split('\n')).toEqual(['server/auth/tenancy.ts']);
    expect(await readFile('server/auth/tenancy.ts', 'utf8')).toContain('if (!process.env.VITEST) throw');
  });
});

describe('an owner role that is neither superuser nor BYPASSRLS', () => {
  const target = inject('testDatabase');
  const owner = uniqueName('console_owner');
  const password = randomBytes(12).toString('hex');
  let ownerUrl = '';
  let ownerClient: DatabaseClient | undefined;

  beforeAll(async () => {
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    await withAdminConnection(target.adminUrl, async (admin) => {
      // What docs/operations.md asks of an administrator: the login role, its database, and console_app granted to it.
      await admin.query(`CREATE ROLE ${owner} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS`);
      await admin.query(`CREATE DATABASE ${owner} OWNER ${owner}`);
      await admin.query(`GRANT console_app TO ${owner}`);
    });
    const url = new URL(databaseUrl(target.adminUrl, owner));
    url.username = owner;
    url.password = password;
    ownerUrl = url.toString();
  });
  afterAll(async () => {
    await ownerClient?.close();
    if (target.kind !== 'postgres') return;
    await withAdminConnection(target.adminUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${owner} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${owner}`);
    });
  });

  it('migrates, seeds and serves; its own connections without app.scope see no tenant row (FORCE)', async () => {
    ownerClient = openPostgres(ownerUrl);
    await migrate(ownerClient);
    expect(await seedDemoData(ownerClient.db, demoSeedServices)).toBe(true);

    const app = await buildApp({ db: ownerClient.db, forRequest: ownerClient.forRequest });
    try {
      const tenantAdmin = await signedIn(app, demo.tenantAdmin);
      const companies = await tenantAdmin.get('/api/companies');
      expect(companies.statusCode).toBe(200);
      expect(companies.json<{ total: number }>().total).toBeGreaterThan(0);
      const root = await signedIn(app, demo.root);
      expect((await root.get('/api/tenants')).json<{ total: number }>().total).toBeGreaterThan(1);
    } finally {
      await app.close();
    }

    const raw = new pg.Client({ connectionString: ownerUrl });
    await raw.connect();
    try {
      const { rows } = await raw.query<{ count: number }>('SELECT count(*)::int AS count FROM tenants');
      expect(rows[0]!.count).toBe(0);
      await raw.query("SET app.scope = 'GLOBAL'");
      const all = await raw.query<{ count: number }>('SELECT count(*)::int AS count FROM tenants');
      expect(all.rows[0]!.count).toBeGreaterThan(1);
    } finally {
      await raw.end();
    }
  });
});
