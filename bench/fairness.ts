import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { positiveInteger, printTable } from './measure';
import { pgliteTarget, postgresTarget, signInAs, startServer, type OverloadTarget } from './overload';

/**
 * `npm run bench:fairness` (issue 26, point 3): one tenant's list latency while another tenant floods the API with bulk
 * work. The real server (`server/main.ts`, its bulk-work turns as configured, by default one per tenant) on each
 * database; Acme gets `BENCH_FAIRNESS_USERS` users by real imports; then Globex's admin lists its users (the first
 * page, 10 rows) one request after another, idle and while `BENCH_FAIRNESS_SESSIONS` sessions of Acme's admin each keep
 * a 500-row dry run and an export of Acme's users in flight, in a worker thread of their own. Prints the p50 of each and
 * their ratio (goal ≤ 3×), asserts nothing. Rate limits and row budgets are raised, so that the flood is served (turns
 * alone keep it fair) instead of being refused by the limits.
 */
const users = positiveInteger('BENCH_FAIRNESS_USERS', 10_000);
const sessions = positiveInteger('BENCH_FAIRNESS_SESSIONS', 4);
const floodSeconds = positiveInteger('BENCH_FAIRNESS_SECONDS', 15);
const idleRequests = positiveInteger('BENCH_FAIRNESS_IDLE_REQUESTS', 200);
const listPath = '/api/users?page=1&pageSize=10';

const raised = '1000000000';
const floodEnv = {
  RATE_LIMIT_WRITES_PER_SESSION: raised,
  BULK_IMPORT_ROWS_PER_SESSION: raised,
  BULK_IMPORT_ROWS_PER_TENANT: raised,
  BULK_EXPORT_ROWS_PER_SESSION: raised,
  BULK_EXPORT_ROWS_PER_TENANT: raised,
};

interface Result {
  target: string;
  idle: number;
  flood: number;
  listAnswers: Record<string, number>;
  bulkAnswers: Record<string, number>;
  load: string;
}

const row = (line: number, prefix: string) => ({
  line,
  name: 'Bench',
  surname: `User ${line}`,
  email: `${prefix}.${line}@acme.example.com`,
});

/** A setup request, sent again after `Retry-After` when the server sheds load (503) or limits it (429). */
async function post(origin: string, token: string, path: string, body: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (answer.ok) return answer.json();
    if ((answer.status !== 503 && answer.status !== 429) || attempt === 10) {
      throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    }
    await answer.arrayBuffer();
    await sleep(Number(answer.headers.get('retry-after') ?? 1) * 1000);
  }
}

/** Timed list requests one after another until `until()` is false; p50 in ms and the answers by status. */
async function timeLists(origin: string, token: string, count: number | (() => boolean)) {
  const samples: number[] = [];
  const answers: Record<string, number> = {};
  const more = typeof count === 'number' ? () => samples.length < count : count;
  while (more()) {
    const started = performance.now();
    const answer = await fetch(`${origin}${listPath}`, { headers: { authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    samples.push(performance.now() - started);
    answers[answer.status] = (answers[answer.status] ?? 0) + 1;
  }
  const sorted = samples.sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, answers };
}

/** The flood, in a worker thread so that its client work is not timed with the lists: plain JS, fetch only. */
const floodSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { origin, tokens, seconds } = workerData;
const answers = {};
const count = (status) => (answers[status] = (answers[status] || 0) + 1);
const rows = Array.from({ length: 500 }, (_, index) => ({ line: index + 2, name: 'Flood', surname: 'Row', email: 'flood.' + index + '@example.com' }));
const until = Date.now() + seconds * 1000;
async function loop(call) {
  while (Date.now() < until) {
    try { const answer = await call(); await answer.arrayBuffer(); count(answer.status); } catch (error) { count('error'); }
  }
}
const calls = tokens.flatMap((token) => {
  const headers = { authorization: 'Bearer ' + token };
  return [
    () => fetch(origin + '/api/users/import', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ dryRun: true, rows }) }),
    () => fetch(origin + '/api/users/export', { headers }),
  ];
});
Promise.all(calls.map(loop)).then(() => parentPort.postMessage(answers));
`;

async function measure(target: OverloadTarget): Promise<Result> {
  const server = await startServer({ ...target.env, ...floodEnv });
  try {
    const acme = await signInAs(server.origin, 'tenant.admin@example.com');
    for (let first = 0; first < users; first += 500) {
      const batch = Array.from({ length: Math.min(500, users - first) }, (_, index) => row(first + index + 2, 'bench'));
      await post(server.origin, acme, '/api/users/import', { rows: batch });
    }
    const globex = await signInAs(server.origin, 'globex.admin@example.com');
    await timeLists(server.origin, globex, 20);
    const idle = await timeLists(server.origin, globex, idleRequests);

    const tokens = await Promise.all(Array.from({ length: sessions }, () => signInAs(server.origin, 'tenant.admin@example.com')));
    const worker = new Worker(floodSource, { eval: true, workerData: { origin: server.origin, tokens, seconds: floodSeconds } });
    const bulkAnswers = new Promise<Record<string, number>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    let flooding = true;
    void bulkAnswers.finally(() => (flooding = false));
    await sleep(1000);
    const flood = await timeLists(server.origin, globex, () => flooding);
    await worker.terminate();
    return {
      target: target.name,
      idle: idle.p50,
      flood: flood.p50,
      listAnswers: flood.answers,
      bulkAnswers: await bulkAnswers,
      load: loadavg()
        .map((value) => value.toFixed(1))
        .join(' '),
    };
  } finally {
    await server.stop();
  }
}

const targets: OverloadTarget[] = [await pgliteTarget()];
const postgres = await postgresTarget(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
if (postgres) targets.push(postgres);

console.log(
  `\n## Another tenant's list under a flood of bulk calls\n\n` +
    `Acme: ${users} users imported, then ${sessions} sessions each keeping a 500-row dry run and an export of its users ` +
    `in flight for ${floodSeconds} s. Globex: GET ${listPath}, one after another (${idleRequests} idle, after 20 warm-up ones). ` +
    `Times in ms; the load average (1, 5, 15 min) at the end.\n`,
);
const results: Result[] = [];
for (const target of targets) {
  try {
    results.push(await measure(target));
  } finally {
    await target.cleanup();
  }
}
const answers = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
printTable(
  ['database', 'list p50 idle', 'list p50 under the flood', 'ratio', 'list answers in the flood', 'bulk answers', 'load'],
  results.map((result) => [
    result.target,
    result.idle.toFixed(1),
    result.flood.toFixed(1),
    `${(result.flood / result.idle).toFixed(1)}×`,
    answers(result.listAnswers),
    answers(result.bulkAnswers),
    result.load,
  ]),
);
for (const result of results) {
  const ratio = result.flood / result.idle;
  console.log(`${result.target}: list p50 under the flood is ${ratio.toFixed(1)}× idle (goal ≤ 3×: ${ratio <= 3 ? 'met' : 'NOT met'})`);
}
