import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { verifyPassword } from '../../../server/auth/password';
import { loginThrottle, users } from '../../../server/db/schema';
import { bearer, demo, expectLockedOut, nextClientIp, postLogin, signIn, useTestApp } from '../../support/server/harness';
import { demoWorld, signedIn, type Api } from '../../support/server/resources';

const maxFailures = 3;
const firstDelay = 600;
const maxDelay = 3600;
// Delays long enough that no burst of this file outlasts one, however loaded the machine.
const testApp = useTestApp({ loginMaxFailures: maxFailures, loginDelaySeconds: firstDelay, loginMaxDelaySeconds: maxDelay });

const parallel = 150;
let root: Api;
let companyId: string;
beforeAll(async () => {
  root = await signedIn(testApp.app, demo.root);
  companyId = (await demoWorld(testApp.db)).acmeRobotics.id;
});

/** An admin of its own, so that each test throttles an account no other test uses. */
async function newAccount() {
  const email = `throttle.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Right-Password-1';
  const created = await root.post('/api/users', {
    name: 'Thr',
    surname: 'Ottle',
    email,
    password,
    admin: true,
    scope: 'COMPANY',
    companyId,
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  return { email, password, id: created.json<{ id: string }>().id };
}

async function failSignIns(email: string, times: number, clientIp = () => nextClientIp()) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await postLogin(testApp.app, { email, password: `wrong-${attempt}` }, clientIp());
    expect(response.statusCode).toBe(401);
  }
}

/** The time a key must wait has passed (the database's clock moved on, as far as the key can tell). */
async function waitIsOver(key: string) {
  await testApp.db
    .update(loginThrottle)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginThrottle.throttleKey, key));
}

const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);
const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

describe('sign-in throttling per account', () => {
  it(`evaluates only ${maxFailures} of ${parallel} parallel wrong guesses from as many clients; the rest wait, the right password too`, async () => {
    const account = await newAccount();

    const guesses = await Promise.all(
      Array.from({ length: parallel }, (_, index) => postLogin(testApp.app, { email: account.email, password: `guess-${index}` })),
    );
    const right = await postLogin(testApp.app, { email: account.email, password: account.password });

    expect(statusCounts(guesses)).toEqual({ 401: maxFailures, 429: parallel - maxFailures });
    for (const refused of guesses.filter((response) => response.statusCode === 429)) expectLockedOut(refused);
    expectLockedOut(right);
  });

  it(`refuses the right password sent among ${parallel} parallel guesses once the account must wait`, async () => {
    const account = await newAccount();
    await failSignIns(account.email, maxFailures);

    const attempts = await Promise.all(
      Array.from({ length: parallel }, (_, index) =>
        postLogin(testApp.app, { email: account.email, password: index === parallel / 2 ? account.password : `guess-${index}` }),
      ),
    );

    expect(statusCounts(attempts)).toEqual({ 429: parallel });
  });

  it('makes the account wait longer after each failure beyond the limit, up to the maximum delay', async () => {
    const account = await newAccount();
    const key = `account:${account.email}`;
    await failSignIns(account.email, maxFailures);

    const waits = [];
    for (let failure = 0; failure < 5; failure += 1) {
      const refused = await postLogin(testApp.app, { email: account.email, password: account.password });
      expectLockedOut(refused, maxDelay);
      waits.push(retryAfter(refused));
      await waitIsOver(key);
      await failSignIns(account.email, 1);
    }

    // Retry-After is whole seconds rounded up from a delay that started a moment earlier.
    expect(waits.map((seconds) => Math.round(seconds / 10) * 10)).toEqual([600, 1200, 2400, 3600, 3600]);
  });

  it('lets the owner in once the short wait is over, however many failures others caused, and then starts afresh', async () => {
    const account = await newAccount();
    const key = `account:${account.email}`;
    await failSignIns(account.email, maxFailures);
    const refused = await postLogin(testApp.app, { email: account.email, password: account.password });
    await waitIsOver(key);

    const owner = await postLogin(testApp.app, { email: account.email, password: account.password });

    expect(retryAfter(refused)).toBeLessThanOrEqual(firstDelay);
    expect(owner.statusCode).toBe(200);
    await failSignIns(account.email, maxFailures);
    expect((await postLogin(testApp.app, { email: account.email, password: 'one-more' })).statusCode).toBe(429);
  });

  it('forgets the failures of an account after a day without one', async () => {
    const account = await newAccount();
    await failSignIns(account.email, maxFailures);
    await testApp.db
      .update(loginThrottle)
      .set({ lastFailedAt: sql`now() - interval '25 hours'`, blockedUntil: sql`now() - interval '1 day'` })
      .where(eq(loginThrottle.throttleKey, `account:${account.email}`));

    await failSignIns(account.email, maxFailures);

    expect((await postLogin(testApp.app, { email: account.email, password: account.password })).statusCode).toBe(429);
  });

  it('throttles an unknown email the same way as a known one', async () => {
    const known = await newAccount();
    const unknownEmail = `ghost.${randomBytes(4).toString('hex')}@example.com`;
    await failSignIns(unknownEmail, maxFailures);
    await failSignIns(known.email, maxFailures);

    const unknown = await postLogin(testApp.app, { email: unknownEmail.toUpperCase(), password: 'whatever' });
    const knownAnswer = await postLogin(testApp.app, { email: known.email, password: 'whatever' });

    expectLockedOut(unknown);
    expectLockedOut(knownAnswer);
    expect(unknown.json()).toEqual(knownAnswer.json());
  });

  it("clears the account's failures after a successful sign-in", async () => {
    const account = await newAccount();
    await failSignIns(account.email, maxFailures - 1);
    expect((await postLogin(testApp.app, { email: account.email, password: account.password })).statusCode).toBe(200);

    await failSignIns(account.email, maxFailures - 1);

    expect((await postLogin(testApp.app, { email: account.email, password: account.password })).statusCode).toBe(200);
  });
});

describe('sign-in throttling per client address', () => {
  it(`evaluates only ${maxFailures} of ${parallel} parallel guesses from one client at as many accounts; then that client waits`, async () => {
    const clientIp = nextClientIp();
    const account = await newAccount();

    const guesses = await Promise.all(
      Array.from({ length: parallel }, (_, index) =>
        postLogin(testApp.app, { email: `spray-${randomBytes(3).toString('hex')}-${index}@example.com`, password: 'guess' }, clientIp),
      ),
    );
    const fromSameClient = await Promise.all(
      Array.from({ length: parallel }, (_, index) =>
        postLogin(testApp.app, { email: account.email, password: index === 0 ? account.password : `guess-${index}` }, clientIp),
      ),
    );
    const fromOtherClient = await postLogin(testApp.app, { email: account.email, password: account.password });

    expect(statusCounts(guesses)).toEqual({ 401: maxFailures, 429: parallel - maxFailures });
    expect(statusCounts(fromSameClient)).toEqual({ 429: parallel });
    const waits = fromSameClient.map(retryAfter);
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
    expect(fromOtherClient.statusCode).toBe(200);
  });

  it('lets the client try again when its 15-minute window is over', async () => {
    const clientIp = nextClientIp();
    await failSignIns(`window-${randomBytes(3).toString('hex')}@example.com`, maxFailures, () => clientIp);
    expect((await postLogin(testApp.app, { email: demo.root, password: demo.password }, clientIp)).statusCode).toBe(429);

    await testApp.db
      .update(loginThrottle)
      .set({ windowStartedAt: sql`now() - interval '15 minutes'`, blockedUntil: sql`now()` })
      .where(eq(loginThrottle.throttleKey, `client:${clientIp}`));

    expect((await postLogin(testApp.app, { email: demo.root, password: demo.password }, clientIp)).statusCode).toBe(200);
  });

  it('does not count a successful sign-in against the client', async () => {
    const clientIp = nextClientIp();
    await failSignIns(`ok-${randomBytes(3).toString('hex')}@example.com`, maxFailures - 1, () => clientIp);

    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postLogin(testApp.app, { email: demo.tenantAdmin, password: demo.password }, clientIp)).statusCode).toBe(200);
    }
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
});

describe('password change throttling', () => {
  it(`evaluates only ${maxFailures} of ${parallel} parallel wrong current passwords of one session, then ends that session, not the account`, async () => {
    const account = await newAccount();
    const { token } = await signIn(testApp.app, account.email, account.password);
    const other = await signIn(testApp.app, account.email, account.password);
    const putPassword = (currentPassword: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'Taken-Over-123' },
        remoteAddress: nextClientIp(),
      });

    const guesses = await Promise.all(Array.from({ length: parallel }, (_, index) => putPassword(`guess-${index}`)));
    const right = await putPassword(account.password);
    const ownerSignsIn = await postLogin(testApp.app, { email: account.email, password: account.password });

    // The wrong ones before the limit are told so; the one reaching it, and every other, find the session ended.
    expect(statusCounts(guesses)).toEqual({ 400: maxFailures - 1, 401: parallel - maxFailures + 1 });
    expect(right.statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    // The owner is not kept out: it signs in at once, and its other session goes on.
    expect(ownerSignsIn.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other.token) })).statusCode).toBe(200);
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, account.id));
    expect(await verifyPassword(stored!.passwordHash, account.password)).toBe(true);
    const [accountKey] = await testApp.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.throttleKey, `account:${account.email}`));
    expect(accountKey).toBeUndefined();
  });
});
