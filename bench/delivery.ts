import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { itemActivityId } from '../contract/activity-ids';
import { buildApp, type App } from '../server/app';
import { createSession } from '../server/auth/sessions';
import type { DatabaseClient, SqlConnection } from '../server/db/client';
import { users } from '../server/db/schema';
import { openPostgresBenchDatabase } from './bench-database';
import { best, inlined, loadHttp, pgbench, type Load } from './load';
import { positiveInteger, printTable } from './measure';
import { planOf } from './plans';
import { statementRecorder, type Statement } from './statements';

/**
 * The delivery part of `npm run bench` (issue 27, item 7), on PostgreSQL only: `BENCH_ENROLMENTS` enrolments
 * (1 000 000) in `BENCH_DELIVERY_PLANS` plans (10) of the demo company, and `BENCH_STATEMENTS` statements (10 000 000)
 * in its store, seeded set-based; then, through the real server at 10 connections, a plan's report (its summary) and
 * its first learners page, and statement ingest in batches of 50, each against the same SQL run directly by pgbench.
 */
const enrolmentCount = positiveInteger('BENCH_ENROLMENTS', 1_000_000);
const planCount = positiveInteger('BENCH_DELIVERY_PLANS', 10);
const statementCount = positiveInteger('BENCH_STATEMENTS', 10_000_000);
const seconds = positiveInteger('BENCH_SECONDS', 5);
const rounds = positiveInteger('BENCH_ROUNDS', 2);
const connections = 10;
const batchSize = 50;
const itemsPerPlan = 5;
const chunk = 1_000_000;
const verbs = ['launched', 'progressed', 'completed'].map((name) => `http://adlnet.gov/expapi/verbs/${name}`);

export async function deliveryBench(adminUrl: string) {
  const recorder = statementRecorder();
  const database = await openPostgresBenchDatabase(adminUrl, recorder.logger, process.env.BENCH_DELIVERY_DATABASE || undefined);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database.description.match(/database (\S+),/)![1]}`;
  let app: App | undefined;
  try {
    const { client } = database;
    console.log(
      `\nDelivery (issue 27): ${database.description}; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    if (database.fresh) await client.withConnection(seed);
    else console.log('Seeded by an earlier run (BENCH_DELIVERY_DATABASE): the BENCH_* sizes are the ones it was seeded with');
    const { plan, items } = await client.withConnection(async (connection) => {
      const [row] = await connection.query<{ id: string }>(
        `SELECT p.id FROM training_plans p JOIN enrolments e ON e.training_plan_id = p.id
         WHERE p.name LIKE 'Bench plan %' GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
      );
      const itemRows = await connection.query<{ id: string }>(
        `SELECT it.id FROM training_plan_items it JOIN training_plan_modules mo ON mo.id = it.module_id
         WHERE mo.training_plan_id = $1 ORDER BY it.position`,
        [row!.id],
      );
      return { plan: row!.id, items: itemRows.map((item) => item.id) };
    });

    const limit = 1_000_000_000;
    app = await buildApp({
      db: client.db,
      forRequest: client.forRequest,
      rateLimits: { windowSeconds: 60, perSession: limit, writesPerSession: limit, perClient: limit },
    });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await sessionOf(client, 'company.admin@example.com');
    const bearer = { authorization: `Bearer ${token}` };

    const rows: string[][] = [];
    const goals: { goal: string; pass: boolean }[] = [];
    const plans: string[] = [];
    for (const scenario of [
      { name: "a plan's report (summary)", url: `/api/training-plans/${plan}/enrolments/summary` },
      { name: 'its first learners page', url: `/api/training-plans/${plan}/enrolments?page=1&pageSize=10` },
    ]) {
      const call = () => fetch(`${baseUrl}${scenario.url}`, { headers: bearer });
      for (let warmUp = 0; warmUp < 5; warmUp += 1) await (await call()).arrayBuffer();
      const statements = await recorder.record(async () => (await call()).arrayBuffer());
      const script = statements.map((statement) => `${inlined(statement)};\n`).join('');
      const api: Load[] = [];
      const direct: Load[] = [];
      for (let round = 0; round < rounds; round += 1) {
        api.push(await loadHttp({ url: `${baseUrl}${scenario.url}`, headers: bearer, connections, seconds }));
        direct.push(await pgbench(databaseUrl.toString(), script, connections, seconds));
      }
      rows.push(row(scenario.name, statements.length, best(api), best(direct), 'req/s'));
      goals.push({ goal: `${scenario.name}: API p99 ≤ 100 ms (${best(api).p99.toFixed(1)} ms)`, pass: best(api).p99 <= 100 });
      for (const statement of statements) {
        const explained = await client.withConnection((connection) => planOf(connection, statement, 0));
        plans.push(
          `  ${scenario.name} — ${statement.query.replace(/\s+/g, ' ').slice(0, 60)}…: ${explained.scans.join(', ') || 'no table scan'}`,
        );
      }
    }

    // Ingest: one body of 50 `completed` statements per connection, each naming 50 other learners of the plan (no ids:
    // every post stores 50 new statements and moves 50 enrolments), so the connections do not queue on each other's rows.
    const credential = (await (
      await fetch(`${baseUrl}/api/lrs-credentials`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ label: `Bench ${Date.now()}` }),
      })
    ).json()) as { key: string; secret: string };
    const xapiHeaders = {
      authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
      'x-experience-api-version': '1.0.3',
      'content-type': 'application/json',
    };
    const learners = await client.withConnection((connection) =>
      connection.query<{ email: string }>(
        `SELECT u.email FROM enrolments e JOIN users u ON u.id = e.user_id WHERE e.training_plan_id = $1 ORDER BY e.id LIMIT $2`,
        [plan, connections * batchSize],
      ),
    );
    const bodies = Array.from({ length: connections }, (_, connection) =>
      JSON.stringify(
        learners.slice(connection * batchSize, (connection + 1) * batchSize).map((learner, index) => ({
          actor: { objectType: 'Agent', mbox: `mailto:${learner.email}` },
          verb: { id: verbs[2], display: { 'en-US': 'completed' } },
          object: { objectType: 'Activity', id: itemActivityId(items[index % items.length]!) },
        })),
      ),
    );
    const statementsUrl = `${baseUrl}/api/xapi/statements`;
    const scripts: string[] = [];
    for (const body of bodies) {
      let ids: string[] = [];
      const statements = await recorder.record(async () => {
        ids = (await (await fetch(statementsUrl, { method: 'POST', headers: xapiHeaders, body })).json()) as string[];
      });
      scripts.push(ingestScript(statements, ids));
    }
    const api: Load[] = [];
    const direct: Load[] = [];
    for (let round = 0; round < rounds; round += 1) {
      api.push(await ingest(statementsUrl, xapiHeaders, bodies));
      direct.push(await pgbench(databaseUrl.toString(), scripts, connections, seconds));
    }
    const perStatement = (load: Load) => ({ ...load, perSecond: load.perSecond * batchSize });
    rows.push(
      row(
        `ingest, batches of ${batchSize}`,
        scripts[0]!.split(';\n').length - 1,
        perStatement(best(api)),
        perStatement(best(direct)),
        'statements/s',
      ),
    );
    goals.push({
      goal: `ingest ≥ 1 000 statements/s in batches of ${batchSize} (${(best(api).perSecond * batchSize).toFixed(0)})`,
      pass: best(api).perSecond * batchSize >= 1000,
    });

    console.log(
      `\n${connections} connections, ${rounds} × ${seconds} s per column, best round; the API through HTTP (autocannon), the SQL it` +
        ` sent replayed by pgbench (ingest: in one transaction, new statement ids); load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}\n`,
    );
    printTable(['request', 'statements', 'API /s', 'API p50 / p99 ms', 'SQL /s', 'SQL p50 / p99 ms', 'API ÷ SQL'], rows);
    console.log('\nGoals:');
    for (const { goal, pass } of goals) console.log(`  ${pass ? 'PASS' : 'MISS'}  ${goal}`);
    console.log('\nPlans of the statements one request sent (EXPLAIN on the same values):');
    for (const line of plans) console.log(line);
  } finally {
    await app?.close();
    await database.destroy();
  }
}

function row(name: string, statements: number, api: Load, direct: Load, unit: string) {
  return [
    name,
    String(statements),
    `${api.perSecond.toFixed(0)} ${unit}`,
    `${api.p50.toFixed(1)} / ${api.p99.toFixed(1)}`,
    `${direct.perSecond.toFixed(0)} ${unit}`,
    `${direct.p50.toFixed(1)} / ${direct.p99.toFixed(1)}`,
    (api.perSecond / direct.perSecond).toFixed(2),
  ];
}

/** One autocannon connection per body, all at once: requests per second summed, the worst p50 and p99. */
async function ingest(url: string, headers: Record<string, string>, bodies: string[]): Promise<Load> {
  const loads = await Promise.all(bodies.map((body) => loadHttp({ url, headers, method: 'POST', body, connections: 1, seconds })));
  return {
    perSecond: loads.reduce((sum, load) => sum + load.perSecond, 0),
    p50: Math.max(...loads.map((load) => load.p50)),
    p99: Math.max(...loads.map((load) => load.p99)),
  };
}

/** A post's statements as one transaction, its statement ids made anew on each run (a repeat would store nothing). */
function ingestScript(statements: Statement[], ids: string[]) {
  const body = statements
    .filter((statement) => !/^\s*(begin|commit|rollback)\b/i.test(statement.query))
    .map((statement) => ids.reduce((text, id) => text.replaceAll(`'${id}'`, 'gen_random_uuid()'), inlined(statement)));
  return ['BEGIN', ...body, 'COMMIT'].map((line) => `${line};\n`).join('');
}

async function sessionOf(client: DatabaseClient, email: string) {
  const [user] = await client.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return createSession(client.db, { userId: user.id, assumedTenantId: null, ttlHours: 4 });
}

/** The set-based seed, each step timed. */
async function seed(connection: SqlConnection) {
  const started = performance.now();
  await connection.query('SET statement_timeout = 0');
  const step = async (name: string, text: string, params: unknown[] = []) => {
    const at = performance.now();
    const result = await connection.query(text, params);
    console.log(`  ${name}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    return result;
  };
  const [acme] = await connection.query<{ id: string; tenant_id: string }>(
    `SELECT c.id, c.tenant_id FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = 'company.admin@example.com'`,
  );
  const [content] = await connection.query<{ id: string }>(`SELECT id FROM contents WHERE company_id = $1 LIMIT 1`, [acme!.id]);
  const learners = Math.ceil(enrolmentCount / planCount);
  console.log(
    `Seeding ${learners} learners × ${planCount} plans = ${learners * planCount} enrolments (BENCH_ENROLMENTS, BENCH_DELIVERY_PLANS)` +
      ` and ${statementCount} statements (BENCH_STATEMENTS):`,
  );
  await step(
    'learners',
    `INSERT INTO users (tenant_id, company_id, name, surname, email, status, scope)
     SELECT $2, $1, 'Learner', 'Bench' || g, 'bench.learner.' || g || '@example.com', 'ACTIVE', 'COMPANY' FROM generate_series(1, $3::int) g`,
    [acme!.id, acme!.tenant_id, learners],
  );
  await step(
    'plans, modules, items',
    `WITH p AS (
       INSERT INTO training_plans (tenant_id, company_id, name, status)
       SELECT $2, $1, 'Bench plan ' || g, 'PUBLISHED' FROM generate_series(1, $3::int) g RETURNING id
     ), m AS (
       INSERT INTO training_plan_modules (training_plan_id, title, position) SELECT id, 'Module', 0 FROM p RETURNING id
     )
     INSERT INTO training_plan_items (module_id, title, position, type, content_id)
     SELECT m.id, 'Item ' || g, g, 'CONTENT', $4 FROM m, generate_series(0, $5::int - 1) g`,
    [acme!.id, acme!.tenant_id, planCount, content!.id, itemsPerPlan],
  );
  await step(
    'assignments to the whole company (the enrolments, by their trigger)',
    `INSERT INTO plan_assignments (tenant_id, company_id, training_plan_id, target, due_date)
     SELECT tenant_id, company_id, id, 'COMPANY', now() + interval '30 days' FROM training_plans WHERE name LIKE 'Bench plan %'`,
  );
  // Their shape: a quarter not started, a third in progress, a third completed over 60 days, a tenth overdue.
  await step(
    'progress of the enrolments',
    `UPDATE enrolments e SET
       started_at = CASE WHEN h.b >= 25 THEN now() - (h.b % 60 + 1) * interval '1 day' END,
       last_activity_at = CASE WHEN h.b >= 25 THEN now() - (h.b % 30) * interval '1 day' END,
       progress = CASE WHEN h.b >= 60 AND h.b < 90 THEN 1 WHEN h.b >= 25 THEN (h.b % 5) / 5.0 ELSE 0 END,
       completed_at = CASE WHEN h.b >= 60 AND h.b < 90 THEN now() - (h.b % 60) * interval '1 day' END,
       due_date = CASE WHEN h.b >= 90 THEN now() - interval '1 day' ELSE e.due_date END
     FROM (SELECT id, abs(hashtext(id::text)) % 100 AS b FROM enrolments) h
     WHERE h.id = e.id AND e.training_plan_id IN (SELECT id FROM training_plans WHERE name LIKE 'Bench plan %')`,
  );
  await step(
    'numbered learners (a work table)',
    `CREATE UNLOGGED TABLE bench_enrolment_numbers AS
       SELECT (row_number() OVER (ORDER BY e.id) - 1)::int AS n, 'mailto:' || u.email AS mbox,
         'tag:learning-admin-console,2026:plan/' || e.training_plan_id AS activity
       FROM enrolments e JOIN users u ON u.id = e.user_id JOIN training_plans p ON p.id = e.training_plan_id
       WHERE p.name LIKE 'Bench plan %';
     CREATE UNIQUE INDEX ON bench_enrolment_numbers (n); ANALYZE bench_enrolment_numbers`,
  );
  for (let from = 0; from < statementCount; from += chunk) {
    const to = Math.min(statementCount, from + chunk) - 1;
    await step(
      `statements ${from + 1}–${to + 1}`,
      `INSERT INTO xapi_statements (company_id, tenant_id, id, stored, statement, submitted, actor_mbox, verb_id, object_activity_id, timestamp)
       SELECT $1, $2, s.id, s.at,
         s.body || jsonb_build_object('stored', s.at, 'version', '1.0.0', 'authority', jsonb_build_object('objectType', 'Agent', 'name', 'Bench')),
         s.body, b.mbox, s.verb, b.activity, s.at
       FROM generate_series($3::int, $4::int) i
       JOIN bench_enrolment_numbers b ON b.n = i % (SELECT count(*) FROM bench_enrolment_numbers)
       CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id, now() - (i % 86400) * interval '1 minute' AS at,
                                  ($5::text[])[i % 3 + 1] AS verb) v
       CROSS JOIN LATERAL (SELECT v.id, v.at, v.verb, jsonb_build_object('id', v.id, 'actor', jsonb_build_object('objectType', 'Agent', 'mbox', b.mbox),
                                  'verb', jsonb_build_object('id', v.verb), 'object', jsonb_build_object('id', b.activity), 'timestamp', v.at) AS body) s`,
      [acme!.id, acme!.tenant_id, from, to, verbs],
    );
  }
  await connection.query('DROP TABLE bench_enrolment_numbers');
  await step('vacuum and analyze', 'VACUUM ANALYZE enrolments, enrolment_items, xapi_statements, users');
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
