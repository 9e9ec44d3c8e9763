import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, signInChallenges, userTwoFactor } from '../../../../server/db/schema';
import { jobQueueSchema, queues } from '../../../../server/db/job-queue';
import { bearer, demo, expectLockedOut, nextClientIp, postLogin, useTestApp } from '../../../support/server/harness';
import { apiAs, assumed, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const maxFailures = 3;
// Delays long enough that no burst of this file outlasts one, however loaded the machine.
const testApp = useTestApp({ loginMaxFailures: maxFailures, loginDelaySeconds: 600, loginMaxDelaySeconds: 3600 });

let root: Api;
let tenantAdmin: Api;
let world: DemoWorld;
beforeAll(async () => {
  world = await demoWorld(testApp.db);
  root = await signedIn(testApp.app, demo.root);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
});

const password = 'Two-Factor-Pass-1';
const code = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
const post = (url: string, payload: object, remoteAddress = nextClientIp()) =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress });

/** A new admin of Acme Robotics (or of another company), signed in. */
async function newAdmin(companyId = world.acmeRobotics.id, scope: 'COMPANY' | 'GLOBAL' = 'COMPANY') {
  const email = `second.${randomBytes(4).toString('hex')}@example.com`;
  const created = await root.post('/api/users', {
    name: 'Tina',
    surname: 'Totp',
    email,
    password,
    admin: true,
    scope,
    ...(scope === 'COMPANY' && { companyId }),
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const login = await postLogin(testApp.app, { email, password });
  return {
    email,
    id: created.json<{ id: string }>().id,
    api: login.statusCode === 200 ? apiAs(testApp.app, login.json().token) : undefined,
  };
}

/** A new admin with two-factor sign-in on: its secret and recovery codes. */
async function adminWithTwoFactor() {
  const admin = await newAdmin();
  const setup = (await admin.api!.post('/api/users/me/two-factor/setup', {})).json();
  const confirmed = await admin.api!.post('/api/users/me/two-factor/confirm', { code: code(setup.secret) });
  expect(confirmed.statusCode).toBe(200);
  return { ...admin, secret: setup.secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function challengeOf(email: string, secret = password) {
  const login = await postLogin(testApp.app, { email, password: secret });
  expect(login.statusCode).toBe(202);
  return login.json<{ step: string; challenge: string; expiresAt: string }>();
}

describe('turning two-factor sign-in on', () => {
  it('gives a key, its URI and a QR code, takes a code of it, and answers ten recovery codes; the key is sealed at rest', async () => {
    const admin = await newAdmin();
    const setup = await admin.api!.post('/api/users/me/two-factor/setup', {});
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Learning%20Admin%20Console:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Learning%20Admin%20Console`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [stored] = await testApp.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, admin.id));
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(secret);

    const wrong = await admin.api!.post('/api/users/me/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', rule: 'incorrect', message: 'is incorrect' }]);
    expect((await admin.api!.get('/api/users/me/two-factor')).json()).toMatchObject({ enabled: false });

    const confirmed = await admin.api!.post('/api/users/me/two-factor/confirm', { code: code(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await admin.api!.get('/api/users/me/two-factor')).json()).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await admin.api!.post('/api/users/me/two-factor/setup', {})).json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password; a code signs in once, the next one too', async () => {
    const admin = await adminWithTwoFactor();
    const first = await challengeOf(admin.email);
    expect(first).toEqual({ step: 'TWO_FACTOR', challenge: expect.stringMatching(/^[\w-]{43}$/), expiresAt: expect.any(String) });
    expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const used = code(admin.secret, 1);
    const signedInWithCode = await post('/api/auth/two-factor', { challenge: first.challenge, code: used });
    expect(signedInWithCode.statusCode).toBe(200);
    expect(signedInWithCode.json()).toMatchObject({ token: expect.any(String), user: { email: admin.email } });
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(signedInWithCode.json().token) })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/two-factor', { challenge: first.challenge, code: used })).json().code).toBe('SIGN_IN_EXPIRED');

    const second = await challengeOf(admin.email);
    const replayed = await post('/api/auth/two-factor', { challenge: second.challenge, code: used });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('INVALID_CODE');

    const logins = await testApp.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.actorUserId} = ${admin.id} and ${auditLog.action} = 'LOGIN'`)
      .orderBy(auditLog.at);
    // The first sign-in, before two-factor was on; then the one with a code.
    expect(logins.map((login) => login.details)).toEqual([{}, { secondFactor: 'totp' }]);
  });

  it('takes each recovery code once, whatever its case and spacing', async () => {
    const admin = await adminWithTwoFactor();
    const recovery = admin.recoveryCodes[3]!;
    const typed = ` ${recovery.toUpperCase().replace('-', ' - ')} `;
    expect((await post('/api/auth/two-factor', { challenge: (await challengeOf(admin.email)).challenge, code: typed })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/two-factor', { challenge: (await challengeOf(admin.email)).challenge, code: recovery })).statusCode).toBe(
      401,
    );
    expect((await admin.api!.get('/api/users/me/two-factor')).json().recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge, a challenge of the other step, and a made-up one', async () => {
    const admin = await adminWithTwoFactor();
    const { challenge } = await challengeOf(admin.email);
    await testApp.db
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInChallenges.userId, admin.id));
    expect((await post('/api/auth/two-factor', { challenge, code: code(admin.secret) })).json().code).toBe('SIGN_IN_EXPIRED');
    expect((await post('/api/auth/two-factor/setup', { challenge: (await challengeOf(admin.email)).challenge })).json().code).toBe(
      'SIGN_IN_EXPIRED',
    );
    expect((await post('/api/auth/two-factor', { challenge: randomBytes(32).toString('base64url'), code: '123456' })).statusCode).toBe(401);
    for (const payload of [
      { challenge, code: '' },
      { challenge: 'a b', code: '123456' },
      { challenge, code: 'x'.repeat(40) },
      { challenge, code: '12\u00003456' },
    ]) {
      expect((await post('/api/auth/two-factor', payload)).statusCode).toBe(400);
    }
  });

  it(`evaluates only ${maxFailures} of 100 parallel guessed codes from as many clients; the right code then waits too`, async () => {
    const admin = await adminWithTwoFactor();
    const { challenge } = await challengeOf(admin.email);

    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => post('/api/auth/two-factor', { challenge, code: String(100000 + index) })),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(maxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - maxFailures);
    expectLockedOut(
      guesses.find((guess) => guess.statusCode === 429)!,
      3600,
    );
    expectLockedOut(await post('/api/auth/two-factor', { challenge, code: code(admin.secret) }), 3600);
  }, 120_000);

  it("keeps the codes' failures when the password is right again", async () => {
    const admin = await adminWithTwoFactor();
    let { challenge } = await challengeOf(admin.email);
    for (let attempt = 0; attempt < maxFailures - 1; attempt += 1) {
      expect((await post('/api/auth/two-factor', { challenge, code: '000000' })).statusCode).toBe(401);
    }
    ({ challenge } = await challengeOf(admin.email));
    expect((await post('/api/auth/two-factor', { challenge, code: '000000' })).statusCode).toBe(401);
    expectLockedOut(await post('/api/auth/two-factor', { challenge, code: code(admin.secret) }), 3600);
  });
});

describe('managing one’s own second factor', () => {
  it('turns it off with a code (a wrong one is refused) and signs in with the password alone again', async () => {
    const admin = await adminWithTwoFactor();
    expect((await admin.api!.post('/api/users/me/two-factor/disable', { code: '000000' })).statusCode).toBe(400);
    // The code of the confirmation was spent: the next time step's (the authenticator's code half a minute later).
    expect((await admin.api!.post('/api/users/me/two-factor/disable', { code: code(admin.secret) })).statusCode).toBe(400);
    expect((await admin.api!.post('/api/users/me/two-factor/disable', { code: code(admin.secret, 1) })).statusCode).toBe(204);
    expect((await admin.api!.get('/api/users/me/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect((await postLogin(testApp.app, { email: admin.email, password })).statusCode).toBe(200);
    expect((await admin.api!.post('/api/users/me/two-factor/disable', { code: code(admin.secret) })).json().code).toBe(
      'TWO_FACTOR_NOT_ENABLED',
    );
  });

  it('replaces the recovery codes, with a code', async () => {
    const admin = await adminWithTwoFactor();
    const renewed = await admin.api!.post('/api/users/me/two-factor/recovery-codes', { code: admin.recoveryCodes[0] });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh.filter((recovery) => admin.recoveryCodes.includes(recovery))).toEqual([]);
    expect(
      (await post('/api/auth/two-factor', { challenge: (await challengeOf(admin.email)).challenge, code: admin.recoveryCodes[1] }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/auth/two-factor', { challenge: (await challengeOf(admin.email)).challenge, code: fresh[1] })).statusCode).toBe(
      200,
    );
  });
});

describe('requiring two-factor sign-in', () => {
  afterAll(async () => {
    await root.put('/api/platform/security-policy', { requireTwoFactor: false });
    await root.put(`/api/tenants/${world.globex.id}/security-policy`, { requireTwoFactor: false });
  });

  it("sends a tenant's admin without an authenticator to set one up right after the password, and keeps it on", async () => {
    expect((await tenantAdmin.put(`/api/tenants/${world.acme.id}/security-policy`, { requireTwoFactor: true })).statusCode).toBe(403);
    const set = await root.put(`/api/tenants/${world.globex.id}/security-policy`, { requireTwoFactor: true });
    expect(set.json()).toEqual({ requireTwoFactor: true });
    expect((await tenantAdmin.get(`/api/tenants/${world.globex.id}/security-policy`)).statusCode).toBe(404);
    expect((await tenantAdmin.get(`/api/tenants/${world.acme.id}/security-policy`)).json()).toEqual({ requireTwoFactor: false });

    const email = `required.${randomBytes(4).toString('hex')}@example.com`;
    await root.post('/api/users', {
      name: 'Rita',
      surname: 'Required',
      email,
      password,
      admin: true,
      scope: 'COMPANY',
      companyId: world.globexConsulting.id,
    });
    const { step, challenge } = await challengeOf(email);
    expect(step).toBe('TWO_FACTOR_SETUP');
    expect((await post('/api/auth/two-factor', { challenge, code: '123456' })).json().code).toBe('SIGN_IN_EXPIRED');

    const setup = await post('/api/auth/two-factor/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    expect((await post('/api/auth/two-factor/setup/confirm', { challenge, code: '000000' })).statusCode).toBe(400);
    const done = await post('/api/auth/two-factor/setup/confirm', { challenge, code: code(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), user: { email }, recoveryCodes: expect.any(Array) });
    expect(done.json().recoveryCodes).toHaveLength(10);

    const own = apiAs(testApp.app, done.json().token);
    expect((await own.get('/api/users/me/two-factor')).json()).toMatchObject({ enabled: true, required: true });
    const refused = await own.post('/api/users/me/two-factor/disable', { code: code(secret, 1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TWO_FACTOR_REQUIRED');
    expect((await challengeOf(email)).step).toBe('TWO_FACTOR');
  });

  it("requires it of the platform's GLOBAL admins, set by a GLOBAL admin only", async () => {
    const assumedRoot = await assumed(testApp.app, world.acme.id);
    expect((await assumedRoot.put('/api/platform/security-policy', { requireTwoFactor: true })).statusCode).toBe(403);
    expect((await tenantAdmin.get('/api/platform/security-policy')).statusCode).toBe(403);
    expect((await root.put('/api/platform/security-policy', { requireTwoFactor: true })).json()).toEqual({ requireTwoFactor: true });
    expect((await root.get('/api/platform/security-policy')).json()).toEqual({ requireTwoFactor: true });

    const [audit] = await testApp.db.select().from(auditLog).where(eq(auditLog.entity, 'platform'));
    expect(audit).toMatchObject({ action: 'UPDATE', actorUserId: world.root.id, details: { changed: ['requireTwoFactor'] } });
    expect((await challengeOf(demo.root, demo.password)).step).toBe('TWO_FACTOR_SETUP');
    const companyAdminLogin = await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password });
    expect(companyAdminLogin.statusCode).toBe(200);
  });
});

describe("an admin resetting another user's second factor", () => {
  it('removes it within reach, tells the user by mail, and audits it', async () => {
    const admin = await adminWithTwoFactor();
    expect((await tenantAdmin.get(`/api/users/${admin.id}/account`)).json().twoFactor).toMatchObject({ enabled: true });
    const globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
    expect((await globexAdmin.delete(`/api/users/${admin.id}/two-factor`)).statusCode).toBe(404);
    const mailsBefore = await mailJobs();

    expect((await tenantAdmin.delete(`/api/users/${admin.id}/two-factor`)).statusCode).toBe(204);

    expect(await mailJobs()).toBe(mailsBefore + 1);
    expect((await postLogin(testApp.app, { email: admin.email, password })).statusCode).toBe(200);
    expect((await tenantAdmin.delete(`/api/users/${admin.id}/two-factor`)).json().code).toBe('TWO_FACTOR_NOT_ENABLED');
    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, admin.id))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit).toMatchObject({ action: 'UPDATE', actorUserId: world.tenantAdmin.id, details: { changed: ['twoFactor'], reset: true } });
    expect((await tenantAdmin.delete(`/api/users/${world.tenantAdmin.id}/two-factor`)).json().code).toBe('OWN_TWO_FACTOR');
  });
});

async function mailJobs() {
  const result = (await testApp.db.execute(
    sql`select count(*)::int as count from ${sql.raw(jobQueueSchema)}.job where name = ${queues.mail}`,
  )) as unknown as {
    rows: { count: number }[];
  };
  return result.rows[0]!.count;
}
