import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../support/server/harness';
import { startMain, type MainProcess } from '../support/server/main-process';
import { uniqueName } from '../support/server/test-database';

/** The advisory lock `server/db/migrate.ts` takes: another instance migrating the same database holds it. */
const migrationLockKey = 7_262_019_001;

interface Probe {
  at: number;
  health: number | string;
  ready: number | string;
  readyCode?: string;
  login?: number | string;
  retryAfter?: string | null;
}

const statusOf = async (url: string, init?: RequestInit) => {
  try {
    const response = await fetch(url, init);
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return { status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    return { status: ((error as Error & { cause?: { code?: string } }).cause?.code ?? String(error)) as string, code: undefined };
  }
};

/** Health, readiness and a sign-in, again and again from the moment the server listens, until it is ready. */
async function probeUntilReady(origin: string, timeoutMs = 240_000): Promise<Probe[]> {
  const probes: Probe[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // In this order, one after the other: readiness only ever turns on, so a probe whose readiness still says 503
    // was answered by a server that was not ready when it took the sign-in before it (in parallel the two race).
    const health = await statusOf(`${origin}/api/health`);
    const login = await statusOf(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'Demo-2026!' }),
    });
    const ready = await statusOf(`${origin}/api/ready`);
    probes.push({
      at: Date.now(),
      health: health.status,
      ready: ready.status,
      readyCode: ready.code,
      login: login.status,
      retryAfter: login.retryAfter,
    });
    if (ready.status === 200 || Date.now() > deadline) return probes;
  }
}

describe('server/main.ts starting on a database still to migrate', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let main: MainProcess | undefined;
  afterAll(async () => {
    if (main && main.child.exitCode === null) main.child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('listens before it migrates: health 200, readiness and the API 503 until migrated and seeded, never a refused connection', async () => {
    const target = inject('testDatabase');
    let env: Record<string, string>;
    let lock: pg.Client | undefined;
    if (target.kind === 'postgres') {
      const empty = await createEmptyPostgresDatabase();
      cleanups.push(() => empty.destroy());
      // Another instance is migrating this database: the lock is held for a while, as its migrations would.
      lock = new pg.Client({ connectionString: empty.url });
      await lock.connect();
      cleanups.push(() => lock!.end());
      await lock.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
      env = { DATABASE_URL: empty.url, DATA_DIR: target.runDir };
    } else {
      // A new folder: PGlite creates it (before listening), then every migration and the demo data come after.
      const dataDir = path.join(target.runDir, uniqueName('start'));
      await mkdir(dataDir, { recursive: true });
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
    main = startMain({ ...env, DEMO_DATA: 'true', LOG_LEVEL: 'info' });
    await main.waitFor(() => main!.listeningAt() !== undefined);
    const origin = main.listeningAt()!;

    if (lock) {
      setTimeout(() => void lock!.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]), 3_000);
    }
    const probes = await probeUntilReady(origin);
    await main.waitFor((output) => output.includes('Admin console:'));
    const starting = probes.filter((probe) => probe.ready !== 200);

    expect(probes.at(-1)?.ready, main.output()).toBe(200);
    // While starting: the process is up, not ready, and the API says to come back (never a refused connection).
    expect(starting.length).toBeGreaterThan(0);
    for (const probe of starting) {
      expect(probe).toMatchObject({ health: 200, ready: 503, readyCode: 'STARTING', login: 503, retryAfter: '5' });
    }
    const signedIn = await statusOf(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'Demo-2026!' }),
    });
    expect(signedIn.status).toBe(200);
    expect(await main.stop()).toEqual({ code: 0, signal: null });
  }, 300_000);
});
