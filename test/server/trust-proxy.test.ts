import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { demo, useTestApp } from '../support/server/harness';

/**
 * Which client a request comes from, as each TRUST_PROXY setting makes the server see it: observed where it matters,
 * in the per-client sign-in limit (LOGIN_MAX_FAILURES failures from one client, then that client is refused).
 */
const maxFailures = 2;
const testApp = useTestApp();
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

let sprayCounter = 0;
async function appWith(TRUST_PROXY: string) {
  const { trustProxy, loginMaxFailures } = readServerConfig({ TRUST_PROXY, LOGIN_MAX_FAILURES: String(maxFailures) });
  const app = await buildApp({ db: testApp.db, trustProxy, loginMaxFailures });
  apps.push(app);
  const signIn = (remoteAddress: string, forwardedFor: string | undefined, password = 'wrong') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      // Failures go to accounts of their own, so only the client's limit is reached.
      payload: { email: password === 'wrong' ? `proxy-spray-${(sprayCounter += 1)}@example.com` : demo.root, password },
    });
  return {
    /** Uses up the client's failures, each time through `forwardedFor(attempt)`. */
    async exhaust(remoteAddress: string, forwardedFor: (attempt: number) => string | undefined) {
      for (let attempt = 0; attempt < maxFailures; attempt += 1) {
        expect((await signIn(remoteAddress, forwardedFor(attempt))).statusCode).toBe(401);
      }
    },
    /** The status of a right password from that client. */
    rightPassword: async (remoteAddress: string, forwardedFor?: string) =>
      (await signIn(remoteAddress, forwardedFor, demo.password)).statusCode,
  };
}

describe('TRUST_PROXY', () => {
  it('unset: the client is the connecting address; X-Forwarded-For is ignored', async () => {
    const app = await appWith('');
    await app.exhaust('198.51.100.1', (attempt) => `203.0.113.${attempt}`);

    expect(await app.rightPassword('198.51.100.1', '203.0.113.99')).toBe(429);
    expect(await app.rightPassword('198.51.100.2')).toBe(200);
  });

  it('a number: that many proxies hop, so distinct clients behind one proxy stay distinct and a forged entry changes nothing', async () => {
    const app = await appWith('1');
    const proxy = '192.0.2.1';
    // The client forges left-most entries; the proxy appends the address it saw.
    await app.exhaust(proxy, (attempt) => `10.9.9.${attempt}, 203.0.113.10`);

    expect(await app.rightPassword(proxy, '10.9.9.200, 203.0.113.10')).toBe(429);
    expect(await app.rightPassword(proxy, '203.0.113.11')).toBe(200);
  });

  it('two hops: the client is two entries back', async () => {
    const app = await appWith('2');
    await app.exhaust('192.0.2.2', (attempt) => `10.8.8.${attempt}, 203.0.113.20, 192.0.2.30`);

    expect(await app.rightPassword('192.0.2.2', '203.0.113.20, 192.0.2.31')).toBe(429);
    expect(await app.rightPassword('192.0.2.2', '203.0.113.21, 192.0.2.30')).toBe(200);
  });

  it('an address list: X-Forwarded-For counts only from a listed proxy', async () => {
    const app = await appWith('192.0.2.40, 10.0.0.0/8');
    await app.exhaust('10.1.2.3', () => '203.0.113.30');
    await app.exhaust('198.51.100.40', (attempt) => `203.0.113.${100 + attempt}`);

    expect(await app.rightPassword('192.0.2.40', '203.0.113.30')).toBe(429);
    expect(await app.rightPassword('192.0.2.40', '203.0.113.31')).toBe(200);
    // Not a listed proxy: its forged header is ignored, the connection itself is the client.
    expect(await app.rightPassword('198.51.100.40', '203.0.113.200')).toBe(429);
  });

  it('true: every proxy is trusted and the client is the left-most entry', async () => {
    const app = await appWith('true');
    await app.exhaust('192.0.2.50', () => '203.0.113.50, 192.0.2.51');

    expect(await app.rightPassword('192.0.2.60', '203.0.113.50')).toBe(429);
    expect(await app.rightPassword('192.0.2.50', '203.0.113.51, 192.0.2.51')).toBe(200);
  });
});
