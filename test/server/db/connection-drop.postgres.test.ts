import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, demo, type TestDatabase } from '../../support/server/harness';
import { startMain, type MainProcess } from '../../support/server/main-process';
import { withAdminConnection } from '../../support/server/test-database';

/** Ends every connection to the database, as a PostgreSQL restart or a failover does. */
async function killEveryConnection(database: string) {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  return withAdminConnection(target.adminUrl, async (admin) => {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((row) => row.ended).length;
  });
}

// Runs only in the server:postgres project: PGlite has no connections to drop.
describe('PostgreSQL ending every connection under writes', () => {
  let database: TestDatabase;
  let main: MainProcess;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    main = startMain({
      ...database.serverEnv,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_SESSION: '1000000',
      RATE_LIMIT_WRITES_PER_SESSION: '1000000',
      RATE_LIMIT_PER_CLIENT: '1000000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
      OVERLOAD_MAX_DATABASE_WAIT_MS: '0',
    });
    await main.waitFor((output) => output.includes('Admin console:'));
    origin = /Admin console: (http:\/\/127\.0\.0\.1:\d+)/.exec(main.output())![1]!;
  }, 240_000);
  afterAll(async () => {
    if (main && main.child.exitCode === null) await main.stop();
    await database?.destroy();
  });

  it('recovers at once, loses no acknowledged write, and logs each lost connection as one structured line', async () => {
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.companyAdmin, password: demo.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let writing = true;
    let sent = 0;
    const writers = Array.from({ length: 6 }, async () => {
      while (writing) {
        sent += 1;
        try {
          const response = await fetch(`${origin}/api/topics`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `Failover ${sent}` }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
          else refused.push(response.status);
        } catch {
          refused.push(0);
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const databaseName = new URL(database.serverEnv.DATABASE_URL).pathname.slice(1);
    const ended = [await killEveryConnection(databaseName)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    ended.push(await killEveryConnection(databaseName));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    writing = false;
    await Promise.all(writers);

    // At once afterwards: every read and write answers again.
    const after = await Promise.all([
      fetch(`${origin}/api/topics?pageSize=1`, { headers }),
      fetch(`${origin}/api/topics`, { method: 'POST', headers, body: JSON.stringify({ name: 'After the failover' }) }),
      fetch(`${origin}/api/ready`),
    ]);
    const stored = await withAdminConnection(database.serverEnv.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM topics WHERE id = ANY($1::uuid[])', [acknowledged]);
      return new Set(rows.map((row) => row.id));
    });

    expect(ended.every((count) => count > 0)).toBe(true);
    expect(
      after.map((response) => response.status),
      main.output(),
    ).toEqual([200, 201, 200]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Refused writes are only those whose connection was ended under them: an error answer, never a hang.
    expect(
      refused.filter((status) => status !== 500 && status !== 503),
      main.output(),
    ).toEqual([]);
    const lost = main.logLines().filter((line) => line.msg?.startsWith('a database connection was lost'));
    expect(lost.length, main.output()).toBeGreaterThan(0);
    // Each an error line; among them PostgreSQL's own word for it (57P01, administrator command), or the socket's when
    // the first connection to go was being written to as it closed (the others then say "terminated unexpectedly").
    expect(new Set(lost.map((line) => line.level)), main.output()).toEqual(new Set([50]));
    const codes = lost.map((line) => (line.err as { code?: unknown } | undefined)?.code);
    expect(
      codes.some((code) => code === '57P01' || code === 'ECONNRESET'),
      main.output(),
    ).toBe(true);
    // Nothing of the error object printed as it is (pg's DatabaseError spans some 40 lines when dumped).
    expect(main.errors()).not.toMatch(/terminating connection due to administrator command\n|^\s+severity: /m);
    expect(
      main
        .output()
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('{') && /error/i.test(line)),
    ).toEqual([]);
  }, 120_000);
});
