import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { demo, expectLockedOut, nextClientIp, postLogin, useTestApp } from './harness';

const maxFailures = 3;
const testApp = useTestApp({ loginMaxFailures: maxFailures });

async function failSignIns(email: string, times: number, clientIp = () => nextClientIp()) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await postLogin(testApp.app, { email, password: 'wrong-password' }, clientIp());
    expect(response.statusCode).toBe(401);
  }
}

describe('sign-in rate limiting', () => {
  it('locks a known account after the maximum failures, even for the right password, from any client', async () => {
    await failSignIns(demo.tenantAdmin, maxFailures);

    const locked = await postLogin(testApp.app, { email: demo.tenantAdmin, password: demo.password });

    expectLockedOut(locked);
  });

  it('locks an unknown email the same way as a known one', async () => {
    await failSignIns('ghost@example.com', maxFailures);
    await failSignIns(demo.globexAdmin, maxFailures);

    const unknown = await postLogin(testApp.app, { email: 'Ghost@Example.com', password: 'whatever' });
    const known = await postLogin(testApp.app, { email: demo.globexAdmin, password: 'whatever' });

    expect(unknown.statusCode).toBe(429);
    expect(known.statusCode).toBe(429);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['retry-after']).toEqual(expect.any(String));
  });

  it('limits failures per client address across different emails', async () => {
    const clientIp = nextClientIp();
    for (let attempt = 0; attempt < maxFailures; attempt += 1) {
      await postLogin(testApp.app, { email: `spray-${attempt}@example.com`, password: 'guess' }, clientIp);
    }

    const fromSameClient = await postLogin(testApp.app, { email: demo.root, password: demo.password }, clientIp);
    const fromOtherClient = await postLogin(testApp.app, { email: demo.root, password: demo.password });

    expect(fromSameClient.statusCode).toBe(429);
    expect(fromSameClient.headers['retry-after']).toEqual(expect.any(String));
    expect(fromOtherClient.statusCode).toBe(200);
  });

  it('takes the client address from X-Forwarded-For when behind a trusted proxy', async () => {
    const behindProxy = await buildApp({ db: testApp.db, loginMaxFailures: maxFailures, trustProxy: true });
    const fromClient = (forwardedFor: string, email: string, password: string) =>
      behindProxy.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    try {
      for (let attempt = 0; attempt < maxFailures; attempt += 1) {
        await fromClient('203.0.113.7', `proxy-spray-${attempt}@example.com`, 'guess');
      }

      expect((await fromClient('203.0.113.7', demo.root, demo.password)).statusCode).toBe(429);
      expect((await fromClient('203.0.113.8', demo.root, demo.password)).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it("clears the account's failures after a successful sign-in", async () => {
    await failSignIns(demo.companyAdmin, maxFailures - 1);
    expect((await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password })).statusCode).toBe(200);

    await failSignIns(demo.companyAdmin, maxFailures - 1);

    expect((await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password })).statusCode).toBe(200);
  });
});
