import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { RateLimitSettings } from '../../../server/http/rate-limits';
import { bearer, demo, nextClientIp, signIn, useTestApp, errorBody } from '../../support/server/harness';

const limits: RateLimitSettings = { windowSeconds: 60, perSession: 150, writesPerSession: 100, perClient: 400 };
const testApp = useTestApp({ rateLimits: limits });

type Answer = Awaited<ReturnType<App['inject']>>;

const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

/** A refused answer: 429 with the seconds until the window that refused it ends, and the usual headers. */
function expectRefused(answer: Answer, windowSeconds = limits.windowSeconds) {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toEqual(errorBody(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.'));
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

const refreshJwt = (app: App, token: string, remoteAddress = nextClientIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh-jwt', headers: bearer(token), remoteAddress });

describe('rate limits per session', () => {
  it('let exactly the allowed writes of one session through when 200 arrive at once, and refuse the rest', async () => {
    const { token } = await signIn(testApp.app, demo.companyAdmin);

    const answers = await Promise.all(Array.from({ length: 200 }, () => refreshJwt(testApp.app, token)));

    expect(statusCounts(answers)).toEqual({ 200: limits.writesPerSession, 429: 200 - limits.writesPerSession });
    expectRefused(answers.find((answer) => answer.statusCode === 429)!);
  });

  it('count every request of a session, reads included, and leave other sessions alone', async () => {
    const { token } = await signIn(testApp.app, demo.tenantAdmin);
    const other = await signIn(testApp.app, demo.root);

    const answers = await Promise.all(
      Array.from({ length: limits.perSession + 30 }, () =>
        testApp.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(token), remoteAddress: nextClientIp() }),
      ),
    );
    const ofOtherSession = await testApp.app.inject({ method: 'GET', url: '/api/tenants', headers: bearer(other.token) });

    expect(statusCounts(answers)).toEqual({ 200: limits.perSession, 429: 30 });
    expect(ofOtherSession.statusCode).toBe(200);
  });

  it('are shared by every instance on the database', async () => {
    const secondInstance = await buildApp({ db: testApp.db, rateLimits: limits });
    try {
      const { token } = await signIn(testApp.app, demo.globexAdmin);
      const answers = await Promise.all(
        Array.from({ length: 160 }, (_, index) => refreshJwt(index % 2 ? secondInstance : testApp.app, token)),
      );

      expect(answers.filter((answer) => answer.statusCode !== 429)).toHaveLength(limits.writesPerSession);
    } finally {
      await secondInstance.close();
    }
  });
});

describe('rate limits per client address', () => {
  it('count every API request of one address, signed in or not, 404s included, and leave other addresses alone', async () => {
    const clientIp = nextClientIp();
    const { token } = await signIn(testApp.app, demo.consultingAdmin);

    const answers = await Promise.all(
      Array.from({ length: limits.perClient + 50 }, (_, index) =>
        testApp.app.inject({
          method: 'GET',
          url: index % 3 === 0 ? '/api/no-such-route' : '/api/users/me',
          headers: index % 3 === 1 ? bearer(token) : {},
          remoteAddress: clientIp,
        }),
      ),
    );
    const fromElsewhere = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: nextClientIp() });

    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(50);
    expectRefused(answers.find((answer) => answer.statusCode === 429)!);
    expect(fromElsewhere.statusCode).toBe(404);
  });

  it('never refuse the health and readiness probes', async () => {
    const clientIp = nextClientIp();
    await Promise.all(
      Array.from({ length: limits.perClient + 1 }, () =>
        testApp.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: clientIp }),
      ),
    );

    const probes = await Promise.all(
      ['/api/health', '/api/ready', '/api/health?verbose'].map((url) =>
        testApp.app.inject({ method: 'GET', url, remoteAddress: clientIp }),
      ),
    );
    const api = await testApp.app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: clientIp });

    expect(probes.map((probe) => probe.statusCode)).toEqual([200, 200, 200]);
    expect(api.statusCode).toBe(429);
  });

  it("take the client's address from X-Forwarded-For behind a trusted proxy, and ignore it otherwise", async () => {
    const small: RateLimitSettings = { ...limits, perClient: 5 };
    const behindProxy = await buildApp({ db: testApp.db, rateLimits: small, trustProxy: true });
    const direct = await buildApp({ db: testApp.db, rateLimits: small });
    const proxyIp = nextClientIp();
    const send = (app: App, forwardedFor: string) =>
      app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: proxyIp, headers: { 'x-forwarded-for': forwardedFor } });
    try {
      const first = [];
      for (let request = 0; request < 6; request += 1) first.push((await send(behindProxy, '203.0.113.50')).statusCode);
      const anotherClient = await send(behindProxy, '203.0.113.51');
      const spoofed = [];
      for (let request = 0; request < 6; request += 1) spoofed.push((await send(direct, `198.51.100.${request}`)).statusCode);

      expect(first).toEqual([404, 404, 404, 404, 404, 429]);
      expect(anotherClient.statusCode).toBe(404);
      expect(spoofed).toEqual([404, 404, 404, 404, 404, 429]);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});

describe('the window of a rate limit', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ db: testApp.db, rateLimits: { windowSeconds: 1, perSession: 3, writesPerSession: 3, perClient: 3 } });
  });
  afterAll(() => app.close());

  it('lets requests through again once the Retry-After has passed', async () => {
    const clientIp = nextClientIp();
    const send = () => app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: clientIp });
    let refused: Answer | undefined;
    for (let request = 0; request < 4 && !refused; request += 1) {
      const answer = await send();
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused).toBeDefined();
    expectRefused(refused!, 1);

    await new Promise((resolve) => setTimeout(resolve, Number(refused!.headers['retry-after']) * 1000 + 100));

    expect((await send()).statusCode).toBe(404);
  });
});

describe('without rate limits', () => {
  it('an app built without them counts nothing', async () => {
    const unlimited = await buildApp({ db: testApp.db });
    try {
      const clientIp = nextClientIp();
      const answers = await Promise.all(
        Array.from({ length: limits.perClient + 10 }, () =>
          unlimited.inject({ method: 'GET', url: '/api/nothing', remoteAddress: clientIp }),
        ),
      );

      expect(statusCounts(answers)).toEqual({ 404: limits.perClient + 10 });
    } finally {
      await unlimited.close();
    }
  });
});
