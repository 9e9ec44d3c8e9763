import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { printTable } from './measure';

/**
 * `/api/health` while the list API is flooded: the real server (`server/main.ts`, its configured load shedding) in a
 * process of its own, a flood of many connections (autocannon, another process) asking for the first page of users,
 * and this process timing health checks one after another on one kept-alive connection, idle and then during the flood.
 */
export interface OverloadOptions {
  connections: number;
  floodSeconds: number;
  idleRequests: number;
}

export interface OverloadTarget {
  name: string;
  /** What server/main.ts is given to reach the database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

interface OverloadResult {
  target: string;
  idle: Percentiles;
  flood: Percentiles;
  floodAnswers: Record<string, number>;
  floodRate: number;
  floodP99: number;
}

interface Percentiles {
  count: number;
  p50: number;
  p99: number;
}

/** Rate limits well above the flood: one session, one client address, thousands of requests a second. */
const floodRateLimits = { RATE_LIMIT_PER_SESSION: '1000000000', RATE_LIMIT_PER_CLIENT: '1000000000' };
const listPath = '/api/users?page=1&pageSize=10';

/** Both databases (the PostgreSQL server of `postgresUrl` when one answers), the table, and the goal per database. */
export async function healthUnderFlood(options: { postgresUrl: string; connections: number; floodSeconds: number }) {
  const targets: OverloadTarget[] = [await pgliteTarget()];
  const postgres = await postgresTarget(options.postgresUrl);
  if (postgres) targets.push(postgres);
  const results = await runOverloadBench(targets, { ...options, idleRequests: 1000 });
  for (const result of results) {
    const ratio = result.flood.p99 / result.idle.p99;
    console.log(`${result.target}: health p99 under the flood is ${ratio.toFixed(1)}× idle (goal ≤ 5×: ${ratio <= 5 ? 'met' : 'NOT met'})`);
  }
  return results;
}

export async function runOverloadBench(targets: OverloadTarget[], options: OverloadOptions) {
  console.log(
    `\n## /api/health idle and under a list flood\n\n` +
      `server/main.ts in its own process (LOG_LEVEL=warn; load shedding as configured, by default; rate limits raised ` +
      `to ${floodRateLimits.RATE_LIMIT_PER_SESSION} for the flood: one session from one address would otherwise get ` +
      `429s). Idle: ${options.idleRequests} health checks one after another after 50 warm-up ones. Flood: autocannon, ` +
      `${options.connections} connections for ${options.floodSeconds} s on GET ${listPath} (signed in as root); ` +
      `health checks one after another from the 2nd second until the flood ends. Times in ms.\n`,
  );
  const results: OverloadResult[] = [];
  for (const target of targets) {
    try {
      results.push(await measureTarget(target, options));
    } finally {
      await target.cleanup();
    }
  }
  printTable(
    [
      'database',
      'health idle p50',
      'idle p99',
      'flood p50',
      'flood p99',
      'flood p99 ÷ idle p99',
      'list answers in the flood',
      'list req/s',
      'list p99',
    ],
    results.map((result) => [
      result.target,
      result.idle.p50.toFixed(2),
      result.idle.p99.toFixed(2),
      result.flood.p50.toFixed(2),
      result.flood.p99.toFixed(2),
      (result.flood.p99 / result.idle.p99).toFixed(1),
      Object.entries(result.floodAnswers)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', '),
      result.floodRate.toFixed(0),
      result.floodP99.toFixed(0),
    ]),
  );
  return results;
}

async function measureTarget(target: OverloadTarget, options: OverloadOptions): Promise<OverloadResult> {
  const server = await startServer(target.env);
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const token = await signInAsRoot(server.origin);
    const health = () => timedGet(agent, `${server.origin}/api/health`);
    for (let warmUp = 0; warmUp < 50; warmUp += 1) await health();
    const idle: number[] = [];
    for (let request = 0; request < options.idleRequests; request += 1) idle.push(await health());

    const flood = startFlood(`${server.origin}${listPath}`, token, options);
    await sleep(1000);
    const underFlood: number[] = [];
    while (!flood.done) underFlood.push(await health());
    const summary = await flood.result;
    agent.destroy();
    return {
      target: target.name,
      idle: percentiles(idle),
      flood: percentiles(underFlood),
      floodAnswers: summary.answers,
      floodRate: summary.rate,
      floodP99: summary.p99,
    };
  } finally {
    await server.stop();
  }
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

function timedGet(agent: http.Agent, url: string) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      })
      .on('error', reject);
  });
}

async function signInAsRoot(origin: string) {
  return signInAs(origin, 'root@example.com');
}

/** A new session of a demo account (`server/db/seed.ts`). */
export async function signInAs(origin: string, email: string) {
  const answer = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-2026!' }),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

interface FloodSummary {
  answers: Record<string, number>;
  rate: number;
  p99: number;
}

/** autocannon in a process of its own, so that its work is not timed with the health checks. */
function startFlood(url: string, token: string, options: OverloadOptions) {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const child = spawn(
    process.execPath,
    [cli, '--json', '-c', String(options.connections), '-d', String(options.floodSeconds), '-H', `authorization=Bearer ${token}`, url],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const state = { done: false, result: undefined as unknown as Promise<FloodSummary> };
  state.result = (async (): Promise<FloodSummary> => {
    const [code] = await once(child, 'exit');
    state.done = true;
    if (code !== 0) throw new Error(`autocannon exited with ${code}: ${stderr}`);
    const report = JSON.parse(stdout) as {
      statusCodeStats?: Record<string, { count: number }>;
      errors: number;
      timeouts: number;
      requests: { average: number };
      latency: { p99: number };
    };
    const answers = Object.fromEntries(Object.entries(report.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]));
    if (report.errors) answers.errors = report.errors;
    if (report.timeouts) answers.timeouts = report.timeouts;
    return { answers, rate: report.requests.average, p99: report.latency.p99 };
  })();
  state.result.catch(() => (state.done = true));
  return state;
}

/** `server/main.ts` in a process of its own on a free port, the demo data loaded, the flood's rate limits raised. */
export async function startServer(env: Record<string, string>) {
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      VIDEO_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      ...floodRateLimits,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 300_000;
  let origin: string | undefined;
  while (!(origin = /Admin console: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]) && server.exitCode === null && Date.now() < deadline) {
    await sleep(100);
  }
  if (!origin) {
    server.kill('SIGKILL');
    throw new Error(`server/main.ts did not start:\n${output}`);
  }
  return {
    origin,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh embedded database in a temporary folder. */
export async function pgliteTarget(): Promise<OverloadTarget> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-overload-'));
  return {
    name: 'PGlite (embedded, worker thread)',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A database created on the PostgreSQL server of `adminUrl` and dropped afterwards; undefined if none answers. */
export async function postgresTarget(adminUrl: string): Promise<OverloadTarget | undefined> {
  const name = `admin_console_overload_${randomBytes(6).toString('hex')}`;
  try {
    await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  } catch (error) {
    console.log(`No PostgreSQL for the overload benchmark at ${redacted(adminUrl)}: ${(error as Error).message}`);
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-console-overload-'));
  return {
    name: `PostgreSQL (database ${name}, dropped afterwards)`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

function redacted(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
