import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../server/app';
import { createSession } from '../server/auth/sessions';
import type { DatabaseClient } from '../server/db/client';
import { users } from '../server/db/schema';
import { loggerOptions } from '../server/http/logger';
import { defaultLoadShedding } from '../server/http/load-shedding';
import { openBenchDatabase } from './bench-database';
import { positiveInteger, printTable } from './measure';
import { seedBenchUsers } from './seed-users';

/**
 * `npm run bench:cpu`: the deterministic cost of one request of each kind, which a loaded machine does not blur as
 * it does throughput: the Node.js CPU time per request and the statements (= round trips: node-postgres sends one
 * query at a time per connection) it sends. The app is served as `server/main.ts` serves it (logger at `info` into
 * a discarded stream, rate limits and load shedding on), requests go through `app.inject` one after the other.
 * On PGlite the CPU time includes the database's worker thread (`process.cpuUsage` counts the whole process); the
 * main thread's own share is the event loop's busy time (which a loaded machine inflates a little).
 */
const userCount = positiveInteger('BENCH_USERS', 20_000);
const iterations = positiveInteger('BENCH_REQUESTS', 400);

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...values: unknown[]) => unknown).apply(this, args);
} as typeof query;

const database = await openBenchDatabase({ logQuery: () => undefined });
let app: App | undefined;
try {
  const { client } = database;
  await client.withConnection((connection) => seedBenchUsers(connection, userCount));
  const limit = 1_000_000_000;
  app = await buildApp({
    db: client.db,
    forRequest: client.forRequest,
    logger: loggerOptions('info', { write: () => undefined }),
    rateLimits: { windowSeconds: 60, perSession: limit, writesPerSession: limit, perClient: limit },
    // Shedding on, as served, but its measures off: the database probe would add statements by the clock, and the
    // back-to-back requests here are not a flood.
    loadShedding: { ...defaultLoadShedding, maxDatabaseWaitMs: 0, maxEventLoopUtilization: 0 },
  });
  const token = await sessionOf(client, 'root@example.com');
  const [someone] = await client.db.select({ id: users.id }).from(users).where(eq(users.email, 'root@example.com'));
  const kinds = [
    { name: 'GET /api/health', url: '/api/health' },
    { name: 'page 1', url: '/api/users?page=1&pageSize=10' },
    { name: 'page 501, sortBy=surname', url: '/api/users?page=501&pageSize=10&sortBy=surname' },
    { name: "search 'ross'", url: '/api/users?search=ross&pageSize=10' },
    { name: 'one user', url: `/api/users/${someone!.id}` },
  ];
  console.log(`${database.description}, ${userCount} users, ${iterations} requests of each kind one after the other (app.inject)\n`);
  const rows: string[][] = [];
  for (const kind of kinds) {
    const call = async () => {
      const answer = await app!.inject({ method: 'GET', url: kind.url, headers: { authorization: `Bearer ${token}` } });
      if (answer.statusCode !== 200) throw new Error(`${kind.url}: ${answer.statusCode} ${answer.body}`);
    };
    for (let warmUp = 0; warmUp < 50; warmUp += 1) await call();
    statements = 0;
    const elu = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let request = 0; request < iterations; request += 1) await call();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(elu);
    rows.push([
      kind.name,
      ((used.user + used.system) / 1000 / iterations).toFixed(2),
      (busy.active / iterations).toFixed(2),
      (statements / iterations).toFixed(2),
      (wall / iterations).toFixed(2),
    ]);
  }
  printTable(['request', 'process CPU ms/req', 'main thread busy ms/req', 'statements/req', 'wall ms/req'], rows);
} finally {
  await app?.close();
  await database.destroy();
}

async function sessionOf(client: DatabaseClient, email: string) {
  const [user] = await client.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return createSession(client.db, { userId: user.id, assumedTenantId: null, ttlHours: 4 });
}
