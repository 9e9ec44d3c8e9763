import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog, users } from '../../../../server/db/schema';
import { bearer, demo, nextClientIp, postLogin, signIn, useTestApp } from '../../../support/server/harness';
import { linkToken, useMailPipeline } from '../../../support/server/mail';
import { demoWorld, signedIn, type Api } from '../../../support/server/resources';

const testApp = useTestApp();
const mail = useMailPipeline(testApp);

let root: Api;
let companyId: string;
beforeAll(async () => {
  root = await signedIn(testApp.app, demo.root);
  companyId = (await demoWorld(testApp.db)).acmeRobotics.id;
});

const oldPassword = 'Old-Password-2026';

/** An ACTIVE admin of its own, so that each test resets an account no other test uses. */
async function newAccount(options: { language?: 'it' | 'en'; admin?: boolean } = {}) {
  const email = `reset.${randomBytes(4).toString('hex')}@example.com`;
  const created = await root.post('/api/users', {
    name: 'Rosa',
    surname: 'Reset',
    email,
    password: oldPassword,
    admin: options.admin ?? true,
    scope: 'COMPANY',
    companyId,
    ...(options.language && { language: options.language }),
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  return { email, id: created.json<{ id: string }>().id };
}

const forgot = (email: string, remoteAddress = nextClientIp()) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress });
const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload });
const verify = (token: string) => post('/api/auth/password/reset/verify', { token });
const reset = (token: string, password: string) => post('/api/auth/password/reset', { token, password });

/** Asks for a reset link and reads it from the mail it sends. */
async function resetToken(email: string) {
  expect((await forgot(email)).statusCode).toBe(202);
  return linkToken(await mail.nextMail(email));
}

const expectLinkInvalid = (response: Awaited<ReturnType<typeof post>>) => {
  expect(response.statusCode).toBe(410);
  expect(response.json()).toMatchObject({ code: 'LINK_INVALID' });
};

describe('forgot password', () => {
  it('answers 202 with the same body for an account and for an unknown address, and mails the account alone', async () => {
    const account = await newAccount({ language: 'it' });
    const unknown = `nobody.${randomBytes(4).toString('hex')}@example.com`;

    const known = await forgot(account.email.toUpperCase());
    const other = await forgot(unknown);

    expect(known.statusCode).toBe(202);
    expect(other.statusCode).toBe(202);
    expect(other.body).toBe(known.body);
    const headersOf = (response: typeof known) => Object.keys(response.headers).sort();
    expect(headersOf(other)).toEqual(headersOf(known));
    const received = await mail.nextMail(account.email);
    expect(received.subject).toBe('Reimposta la password');
    expect(received.text).toContain('http://localhost:3000/reset-password#token=');
    expect(received.html).toContain('Scegli una nuova password');
    await sleep(1500);
    expect(mail.mailsTo(unknown)).toEqual([]);
  });

  it('mails nothing to a disabled account', async () => {
    const account = await newAccount();
    const [row] = await testApp.db.select({ version: users.version }).from(users).where(eq(users.id, account.id));
    await root.put(`/api/users/${account.id}`, {
      name: 'Rosa',
      surname: 'Reset',
      email: account.email,
      enabled: false,
      version: row!.version,
    });

    expect((await forgot(account.email)).statusCode).toBe(202);
    await sleep(2000);
    expect(mail.mailsTo(account.email)).toEqual([]);
  });

  it('counts requests per address: of 100 parallel ones for one address from as many clients, exactly 3 are accepted', async () => {
    const account = await newAccount();
    const answers = await Promise.all(Array.from({ length: 100 }, () => forgot(account.email)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_RESET_THROTTLED' });
  });

  it('counts requests per client: of 100 parallel ones from one address for as many emails, exactly 10 are accepted', async () => {
    const client = nextClientIp();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => forgot(`someone.${index}@example.com`, client)));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(90);
  });

  it('refuses bad input with 400', async () => {
    for (const payload of [{}, { email: 'not an email' }, { email: 'a@b.c', extra: 1 }, { email: 'x'.repeat(300) + '@example.com' }]) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('a reset link', () => {
  it('names its account, sets a new password once, signs the account out everywhere and says so by mail', async () => {
    const account = await newAccount();
    const { token: session } = await signIn(testApp.app, account.email, oldPassword);
    const token = await resetToken(account.email);

    const details = await verify(token);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ email: account.email, name: 'Rosa', surname: 'Reset', expiresAt: expect.any(String) });
    const minutesLeft = (Date.parse(details.json().expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(55);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    const done = await reset(token, 'Brand-New-Secret-7');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: account.email });

    expect((await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session) })).statusCode).toBe(401);
    expect((await postLogin(testApp.app, { email: account.email, password: oldPassword })).statusCode).toBe(401);
    expect((await postLogin(testApp.app, { email: account.email, password: 'Brand-New-Secret-7' })).statusCode).toBe(200);
    expectLinkInvalid(await reset(token, 'Another-Secret-8'));
    expectLinkInvalid(await verify(token));
    expect((await mail.nextMail(account.email)).subject).toBe('Your password was changed');

    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, account.id))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      action: 'UPDATE',
      actorUserId: account.id,
      details: { changed: ['password'], via: 'passwordReset', revokedSessions: 1 },
    });
    expect(JSON.stringify(audit)).not.toMatch(/Brand-New|argon2|token/i);
  });

  it('is spent by exactly one of 100 parallel uses, and the password set is that one', async () => {
    const account = await newAccount();
    const token = await resetToken(account.email);

    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => reset(token, `Parallel-Secret-${index}`)));

    const winners = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 410)).toHaveLength(99);
    expect((await postLogin(testApp.app, { email: account.email, password: `Parallel-Secret-${winners[0]}` })).statusCode).toBe(200);
  }, 120_000);

  it('expires after an hour', async () => {
    const account = await newAccount();
    const token = await resetToken(account.email);
    await testApp.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, account.id));

    expectLinkInvalid(await verify(token));
    expectLinkInvalid(await reset(token, 'Too-Late-Secret-1'));
    expect((await postLogin(testApp.app, { email: account.email, password: oldPassword })).statusCode).toBe(200);
  });

  it("changes only its own account's password, and is no invitation", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const token = await resetToken(mine.email);

    expectLinkInvalid(await post('/api/auth/invitation/accept', { token, password: 'Not-An-Invite-1' }));
    expect((await reset(token, 'Only-Mine-Secret-2')).statusCode).toBe(200);
    expect((await postLogin(testApp.app, { email: theirs.email, password: oldPassword })).statusCode).toBe(200);
    expect((await postLogin(testApp.app, { email: theirs.email, password: 'Only-Mine-Secret-2' })).statusCode).toBe(401);
  });

  it('stops working when a newer one is sent, when the email changes, and when the password is changed otherwise', async () => {
    const account = await newAccount();
    const first = await resetToken(account.email);
    const second = await resetToken(account.email);
    expectLinkInvalid(await verify(first));
    expect((await verify(second)).statusCode).toBe(200);

    const [row] = await testApp.db.select({ version: users.version }).from(users).where(eq(users.id, account.id));
    const moved = `moved.${randomBytes(4).toString('hex')}@example.com`;
    expect(
      (await root.put(`/api/users/${account.id}`, { name: 'Rosa', surname: 'Reset', email: moved, version: row!.version })).statusCode,
    ).toBe(200);
    expectLinkInvalid(await verify(second));

    const third = await resetToken(moved);
    const own = await signIn(testApp.app, moved, oldPassword);
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(own.token),
      payload: { currentPassword: oldPassword, newPassword: 'Changed-In-Settings-3' },
    });
    expect(changed.statusCode).toBe(204);
    expectLinkInvalid(await verify(third));
  });

  it('refuses a common password or the email address, and still works afterwards', async () => {
    const account = await newAccount();
    const token = await resetToken(account.email);

    const common = await reset(token, 'Password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ field: 'password', rule: 'commonPassword', message: expect.stringMatching(/too common/) }]);
    const email = await reset(token, account.email.toUpperCase());
    expect(email.json().errors).toEqual([{ field: 'password', rule: 'isEmail', message: 'must not be the email address' }]);
    expect((await reset(token, 'x')).statusCode).toBe(400);

    expect((await reset(token, 'Finally-Good-Secret-4')).statusCode).toBe(200);
  });

  it('refuses tokens that are not tokens: unknown, malformed, huge, NUL', async () => {
    for (const token of ['A'.repeat(43), 'short', 'has spaces in it 0123456789', 'x'.repeat(10_000), 'abc\u0000defghijklmnopqrstuv']) {
      const response = await verify(token);
      expect([400, 410]).toContain(response.statusCode);
    }
    expectLinkInvalid(await verify(randomBytes(32).toString('base64url')));
  });
});

describe('sign-in options', () => {
  it('says mail is on and the password length rules', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ mail: true, password: { minLength: 8, maxLength: 1024 } });
  });
});
