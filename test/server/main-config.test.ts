import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createEmptyPostgresDatabase, demo } from '../support/server/harness';

/**
 * server/main.ts on an empty database: demo data (accounts with a published password) is loaded only when asked for,
 * by default on the embedded database and never on a PostgreSQL server unless DEMO_DATA=true; and TRUST_PROXY=1 is one
 * proxy hop in front of the server, so clients behind it keep their own addresses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';

interface Started {
  output: () => string;
  baseUrl: string;
  stop(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh, empty database of the project's kind, as main.ts reaches it. */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (onPostgres) {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.destroy);
    return { DATABASE_URL: database.url, DATA_DIR: await temporaryFolder() };
  }
  return { DATABASE_URL: '', DATA_DIR: await temporaryFolder() };
}

async function temporaryFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'console-main-config-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function start(env: Record<string, string>): Promise<Started> {
  const { DEMO_DATA: _unset, ...inherited } = process.env;
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, PORT: '0', VIDEO_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  const deadline = Date.now() + 150_000;
  while (!/Video service: \S+/.test(output) && server.exitCode === null) {
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const baseUrl = /Admin console: (http:\/\/[^/\s]+)/.exec(output)?.[1];
  if (!baseUrl) throw new Error(`the server did not start:\n${output}`);
  return { output: () => output, baseUrl, stop };
}

const signIn = (server: Started, password: string, forwardedFor?: string, email: string = demo.root) =>
  fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ email, password }),
  });

describe('demo data', () => {
  const loaded = 'Demo data loaded. Demo accounts (password Demo-2026!)';
  const byDefault = onPostgres
    ? 'is not loaded with DATABASE_URL unless asked, and the start says so'
    : 'is loaded by default on the embedded database';
  const otherwise = onPostgres
    ? 'is loaded with DATABASE_URL and DEMO_DATA=true'
    : 'is not loaded with DEMO_DATA=false, and the start says so';

  /** The mail catcher's inbox, printed at start, receives the mail of a password reset (the whole path of npm start). */
  async function expectResetMailInTheInbox(server: Started) {
    const inbox = /Mail inbox: +(http:\/\/localhost:\d+\/)/.exec(server.output())?.[1];
    expect(inbox).toBeDefined();
    const asked = await fetch(`${server.baseUrl}/api/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.companyAdmin }),
    });
    expect(asked.status).toBe(202);
    const deadline = Date.now() + 60_000;
    let items: { subject: string }[] = [];
    while (items.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      items = (await (await fetch(`${inbox}api/messages?to=${demo.companyAdmin}`)).json()).items;
    }
    expect(items.map((mail) => mail.subject)).toEqual(['Reimposta la password']);
  }

  it(
    byDefault,
    async () => {
      const server = await start(await emptyDatabase());

      if (onPostgres) {
        expect(server.output()).toContain('No demo data loaded (DATABASE_URL is set and DEMO_DATA is not true)');
        expect(server.output()).not.toContain('Demo-2026!');
        expect(server.output()).toContain('Mail is off (DATABASE_URL is set and SMTP_URL is not)');
      } else {
        expect(server.output()).toContain(loaded);
        await expectResetMailInTheInbox(server);
      }
      expect((await signIn(server, demo.password)).status).toBe(onPostgres ? 401 : 200);
      await server.stop();
    },
    180_000,
  );

  it(
    otherwise,
    async () => {
      const server = await start({ ...(await emptyDatabase()), DEMO_DATA: onPostgres ? 'true' : 'false' });

      if (onPostgres) {
        expect(server.output()).toContain(loaded);
      } else {
        expect(server.output()).toContain('No demo data loaded (DEMO_DATA=false)');
        expect(server.output()).not.toContain('Demo-2026!');
      }
      expect((await signIn(server, demo.password)).status).toBe(onPostgres ? 200 : 401);
      await server.stop();
    },
    180_000,
  );
});

describe('TRUST_PROXY=1 on the real server', () => {
  it('keeps apart the clients of the one proxy in front of it', async () => {
    const server = await start({ ...(await emptyDatabase()), DEMO_DATA: 'true', TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '2' });

    // This test is the proxy (127.0.0.1): it appends the address each client connected from. The client guesses at other
    // accounts, with forged addresses of its own in front.
    for (const forged of ['10.0.0.1', '10.0.0.2']) {
      expect((await signIn(server, 'wrong', `${forged}, 203.0.113.70`, `spray.${forged}@example.com`)).status).toBe(401);
    }

    expect((await signIn(server, demo.password, '10.0.0.3, 203.0.113.70')).status).toBe(429);
    expect((await signIn(server, demo.password, '203.0.113.71')).status).toBe(200);
    await server.stop();
  }, 180_000);
});
