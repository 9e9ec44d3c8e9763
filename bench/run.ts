import { performance } from 'node:perf_hooks';
import { and, eq, like } from 'drizzle-orm';
import { buildApp, type App } from '../server/app';
import { createSession } from '../server/auth/sessions';
import type { DatabaseClient } from '../server/db/client';
import { tenants, users } from '../server/db/schema';
import { openBenchDatabase } from './bench-database';
import { measure, printTable } from './measure';
import { planOf, type PlanSummary } from './plans';
import { seedBenchUsers } from './seed-users';
import { isSessionLookup, run, statementRecorder, type Statement } from './statements';

const userCount = positiveInteger('BENCH_USERS', 100_000);
const iterations = positiveInteger('BENCH_ITERATIONS', 200);
const exactCountLimit = 10_000;

const recorder = statementRecorder();
const database = await openBenchDatabase(recorder.logger);
let app: App | undefined;
try {
  const { client } = database;
  console.log(`Database: ${database.description}`);
  const seedStarted = performance.now();
  await client.withConnection((connection) => seedBenchUsers(connection, userCount));
  console.log(`Seeded ${userCount} users in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  app = await buildApp({ db: client.db, forRequest: client.forRequest, exactCountLimit });
  const globalToken = await sessionOf(client, 'root@example.com');
  const tenantToken = await sessionOf(client, await benchTenantAdmin(client));
  const scenarios = [
    { name: 'GLOBAL page 1, default sort', token: globalToken, url: '/api/users?page=1&pageSize=10' },
    { name: 'GLOBAL surname desc, page 500', token: globalToken, url: '/api/users?sortBy=surname&sortOrder=desc&page=500' },
    { name: "GLOBAL search 'ross'", token: globalToken, url: '/api/users?search=ross&pageSize=10' },
    { name: 'TENANT page 1, default sort', token: tenantToken, url: '/api/users?page=1&pageSize=10' },
  ];

  console.log(`\n${iterations} sequential requests per column, after 20 warm-up runs; rates in requests per second.\n`);
  const rows: string[][] = [];
  const plans: { name: string; statement: Statement; plan: PlanSummary }[] = [];
  for (const scenario of scenarios) {
    const call = listCaller(app, scenario.token);
    const withoutTotal = `${scenario.url}&withTotal=false`;
    const first = await call(scenario.url);
    const listStatements = (await recorder.record(() => call(scenario.url))).filter((s) => !isSessionLookup(s));
    const pageStatements = (await recorder.record(() => call(withoutTotal))).filter((s) => !isSessionLookup(s));

    const api = await measure(iterations, () => call(scenario.url));
    const apiPage = await measure(iterations, () => call(withoutTotal));
    const direct = await measure(iterations, () => replayLikeTheApi(client, listStatements));
    const directPage = await measure(iterations, () => replayLikeTheApi(client, pageStatements));
    rows.push([
      scenario.name,
      `${first.total}${first.totalIsEstimate ? ' (estimate)' : ''}`,
      api.perSecond.toFixed(0),
      apiPage.perSecond.toFixed(0),
      direct.perSecond.toFixed(0),
      directPage.perSecond.toFixed(0),
      (direct.perSecond / api.perSecond).toFixed(2),
      (directPage.perSecond / apiPage.perSecond).toFixed(2),
    ]);
    for (const statement of listStatements.filter((s) => !s.query.startsWith('EXPLAIN'))) {
      const plan = await client.withConnection((connection) => planOf(connection, statement, exactCountLimit + 1));
      plans.push({ name: scenario.name, statement, plan });
    }
  }

  printTable(
    ['request', 'total', 'API', 'API no total', 'SQL', 'SQL page only', 'API÷SQL time', 'no total: API÷SQL time'],
    rows,
  );
  console.log('\nPlans (scans of each statement the API ran, EXPLAIN on the same parameters):');
  for (const { name, statement, plan } of plans) {
    const kind = /count\(\*\)/.test(statement.query) ? 'count' : /order by/.test(statement.query) ? 'page' : 'lookup';
    console.log(`  ${name} — ${kind}: ${plan.scans.join(', ')}`);
  }
  const seqScans = plans.filter(({ plan }) => plan.unboundedSeqScanOnUsers);
  if (seqScans.length) {
    console.log(`\nUnbounded Seq Scan on users in: ${seqScans.map(({ name }) => name).join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nNo plan reads users with an unbounded Seq Scan: pages are index scans; a count may read the first ` +
        `${exactCountLimit + 1} rows in table order, the cheapest way to know there are more than ${exactCountLimit}.`,
    );
  }
} finally {
  await app?.close();
  await database.destroy();
}

function listCaller(app: App, token: string) {
  return async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ total?: number; totalIsEstimate?: boolean }>();
  };
}

/** As the list helper runs them: search lookups together, then the page query alongside the count (and estimate). */
async function replayLikeTheApi(client: DatabaseClient, statements: Statement[]) {
  const pageIndex = statements.findIndex((statement) => /order by/.test(statement.query));
  const [page, ...count] = statements.slice(pageIndex);
  await Promise.all(statements.slice(0, pageIndex).map((lookup) => client.withConnection((c) => run(c, lookup))));
  await Promise.all([
    client.withConnection((connection) => run(connection, page!)),
    client.withConnection(async (connection) => {
      for (const statement of count) await run(connection, statement);
    }),
  ]);
}

async function sessionOf(client: DatabaseClient, email: string) {
  const [user] = await client.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return createSession(client.db, { userId: user.id, assumedTenantId: null, ttlHours: 1 });
}

/** A TENANT user of the first bench tenant, made an administrator so that it can sign in. */
async function benchTenantAdmin(client: DatabaseClient) {
  const [user] = await client.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.scope, 'TENANT'), like(tenants.name, 'Bench Tenant 01')))
    .limit(1);
  if (!user) throw new Error('The bench tenant has no TENANT user');
  await client.db.update(users).set({ admin: true }).where(eq(users.id, user.id));
  return user.email;
}

function positiveInteger(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
