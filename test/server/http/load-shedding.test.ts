import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../server/app';
import type { LoadSheddingSettings } from '../../../server/http/load-shedding';
import { bearer, demo, signIn, useTestApp, errorBody } from '../../support/server/harness';

/** Waits, a bounded number of times, until the app's own measure says `expected`. */
async function untilUnderPressure(app: App, expected: boolean) {
  for (let attempt = 0; attempt < 500 && app.isUnderPressure() !== expected; attempt += 1) await sleep(20);
  expect(app.isUnderPressure()).toBe(expected);
}

/** Asks until the answer is 200, a bounded number of times: the machine's own load may lag the loop for a while. */
async function untilServed(ask: () => Promise<Response>) {
  let answer = await ask();
  for (let attempt = 0; attempt < 200 && answer.status !== 200; attempt += 1) {
    await sleep(50);
    answer = await ask();
  }
  expect(answer.status).toBe(200);
}

/** The real server on a free port, asked over HTTP. */
function listening(testApp: { app: App }) {
  const server = { origin: '' };
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    server.origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  return server;
}

/**
 * Asks until the answer is 503, a bounded number of times: the server sheds nothing in its first two samples after it
 * starts listening (they measure the start), which a fast run can still be in when the pressure shows.
 */
async function untilShed(ask: () => Promise<Response>) {
  let answer = await ask();
  for (let attempt = 0; attempt < 100 && answer.status !== 503; attempt += 1) {
    await sleep(50);
    answer = await ask();
  }
  return answer;
}

async function expectShed(answer: Response) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('7');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toEqual(errorBody(503, 'UNAVAILABLE', 'The server is overloaded. Try again later.'));
}

const settings = (overrides: Partial<LoadSheddingSettings>): LoadSheddingSettings => ({
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
  maxDatabaseWaitMs: 0,
  retryAfterSeconds: 7,
  sampleIntervalMs: 200,
  ...overrides,
});

// Thresholds that only a blocked loop passes: the loop below is kept blocked most of the time, 400 ms at a stretch.
describe.each([
  { measure: 'event-loop delay', thresholds: { maxEventLoopDelayMs: 150 } },
  { measure: 'event-loop utilisation', thresholds: { maxEventLoopUtilization: 0.9 } },
])('load shedding on $measure', ({ thresholds }) => {
  const testApp = useTestApp({ loadShedding: settings(thresholds) });
  const server = listening(testApp);
  let token: string;
  beforeAll(async () => {
    ({ token } = await signIn(testApp.app, demo.companyAdmin));
  });

  it('answers 503 with Retry-After while the loop lags, keeps the probes answering, and serves again after', async () => {
    const users = () => fetch(`${server.origin}/api/users?page=1&pageSize=10`, { headers: bearer(token) });
    await untilServed(users);
    const { token: leaving } = await signIn(testApp.app, demo.tenantAdmin);

    const blocker = setInterval(() => {
      const until = performance.now() + 400;
      while (performance.now() < until);
    }, 5);
    try {
      await untilUnderPressure(testApp.app, true);
      await expectShed(await untilShed(users));
      await expectShed(await fetch(`${server.origin}/api/no-such-route`));
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.origin}/api/ready`)).status).toBe(200);
      // Signing out is never shed: the session it names is revoked at once.
      const logout = await fetch(`${server.origin}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: leaving }),
      });
      expect(logout.status).toBe(204);
    } finally {
      clearInterval(blocker);
    }

    await untilServed(users);
    const afterLogout = await fetch(`${server.origin}/api/users?page=1&pageSize=10`, { headers: bearer(leaving) });
    expect(afterLogout.status).toBe(401);
  });
});

describe('load shedding on database wait', () => {
  const testApp = useTestApp({ loadShedding: settings({ maxDatabaseWaitMs: 1_000 }) });
  const server = listening(testApp);
  let token: string;
  beforeAll(async () => {
    ({ token } = await signIn(testApp.app, demo.companyAdmin));
  });

  it('answers 503 with Retry-After while every database connection is taken, and serves again once one is free', async () => {
    const users = () => fetch(`${server.origin}/api/users?page=1&pageSize=10`, { headers: bearer(token) });
    await untilServed(users);

    // Every connection of the app's pool held, as a flood of slow requests would hold them.
    const pool = (testApp.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      await untilUnderPressure(testApp.app, true);
      await expectShed(await untilShed(users));
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    } finally {
      for (const client of held) client.release();
    }

    await untilServed(users);
  });
});
