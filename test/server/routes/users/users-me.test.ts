import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import { hashSessionToken } from '../../../../server/auth/session-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../server/auth/password';
import { auditLog, loginThrottle, sessions, users } from '../../../../server/db/schema';
import { bearer, demo, expectLockedOut, nextClientIp, postLogin, signIn, useTestApp } from '../../../support/server/harness';
import { apiAs, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const maxFailures = 3;
const testApp = useTestApp({ loginMaxFailures: maxFailures, videoServiceUrl: 'http://{tenant}.localhost:3001' });

type Session = Api & { userId: string };

const storedUser = async (id: string) => (await testApp.db.select().from(users).where(eq(users.id, id)))[0]!;
const otherUsers = (id: string) =>
  testApp.db
    .select({ id: users.id, name: users.name, surname: users.surname, version: users.version, updatedAt: users.updatedAt })
    .from(users)
    .where(ne(users.id, id))
    .orderBy(users.id);
const lastAuditOf = async (userId: string) =>
  (
    await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, 'UPDATE')))
      .orderBy(desc(auditLog.at))
      .limit(1)
  )[0];
const accountFailures = async (email: string) =>
  (
    await testApp.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.throttleKey, `account:${email}`))
  )[0]?.failures ?? 0;

const sessionFailures = async (api: Api) => {
  const [session] = await testApp.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(api.token)));
  const [key] = await testApp.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.throttleKey, `session:${session!.id}`));
  return key?.failures ?? 0;
};

const putMe = (api: Api, payload?: unknown) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(api.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const putPassword = (api: Api, payload: unknown, remoteAddress = nextClientIp()) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/users/me/password',
    headers: bearer(api.token),
    payload: payload as object,
    remoteAddress,
  });
/** The distinct fields a 400 names, sorted (one field may fail several rules). */
const fieldsOf = (body: { errors?: { field: string }[] }) => [...new Set((body.errors ?? []).map((error) => error.field))].sort();
const me = (api: Api) => api.get('/api/users/me');

async function assume(root: Api, tenantId: string): Promise<Api> {
  const response = await root.post('/api/auth/assume', { tenantId });
  if (response.statusCode !== 200) throw new Error(`assume failed: ${response.body}`);
  return apiAs(testApp.app, response.json<{ token: string }>().token);
}

let world: DemoWorld;
let root: Session;
beforeAll(async () => {
  world = await demoWorld(testApp.db);
  root = await signedIn(testApp.app, demo.root);
});

/** A session of a user created by `newAdmin`. */
async function signedInAs(admin: { email: string; password: string }): Promise<Session> {
  const { token, user } = await signIn(testApp.app, admin.email, admin.password);
  return { ...apiAs(testApp.app, token), userId: user.id };
}

/** A new admin with a password of its own, so that changing it leaves the demo accounts alone. */
async function newAdmin(scope: 'GLOBAL' | 'TENANT' | 'COMPANY', password = 'Initial-Pass-1') {
  const email = `settings.${randomBytes(4).toString('hex')}@example.com`;
  const placement = scope === 'GLOBAL' ? {} : scope === 'TENANT' ? { tenantId: world.acme.id } : { companyId: world.acmeRobotics.id };
  const created = await root.post('/api/users', { name: 'Set', surname: 'Tings', email, password, admin: true, scope, ...placement });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  return { email, password, id: created.json<{ id: string }>().id };
}

describe('PUT /api/users/me', () => {
  it.each([
    ['GLOBAL', demo.root],
    ['TENANT', demo.tenantAdmin],
    ['COMPANY', demo.companyAdmin],
  ])('lets a %s admin change its own name and surname, and no one else’s', async (scope, email) => {
    const self = await signedIn(testApp.app, email);
    const before = await storedUser(self.userId);
    const othersBefore = await otherUsers(self.userId);

    const response = await putMe(self, { name: `New ${scope}`, surname: 'Surname' });

    expect(response.statusCode).toBe(200);
    const shown = (await me(self)).json();
    expect(response.json()).toEqual(shown);
    expect(shown.user).toMatchObject({ id: self.userId, name: `New ${scope}`, surname: 'Surname', scope, email });
    expect(shown.assumedBy).toBeNull();
    const after = await storedUser(self.userId);
    expect(after).toMatchObject({ name: `New ${scope}`, surname: 'Surname', version: before.version + 1, email: before.email });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await otherUsers(self.userId)).toEqual(othersBefore);
    expect(await lastAuditOf(self.userId)).toMatchObject({
      actorUserId: self.userId,
      assumedTenantId: null,
      tenantId: before.tenantId,
      companyId: before.companyId,
      details: { changed: ['name', 'surname'] },
    });
  });

  it('answers the same shape as GET /users/me, video configuration included', async () => {
    const self = await signedIn(testApp.app, demo.companyAdmin);

    const response = await putMe(self, { name: 'Carla', surname: 'Conti' });

    expect(Object.keys(response.json()).sort()).toEqual(['assumedBy', 'company', 'tenant', 'user', 'vinapseConfig']);
    expect(response.json()).toMatchObject({
      company: { id: world.acmeRobotics.id },
      tenant: { id: world.acme.id },
      vinapseConfig: { enabled: true, serviceUrl: expect.stringMatching(/^http:\/\/.+\.localhost:3001$/) },
    });
  });

  it('changes the root admin for an assumed session, which stays assumed', async () => {
    const rootSession = await signedIn(testApp.app, demo.root);
    const assumedSession = await assume(rootSession, world.acme.id);
    const before = await storedUser(rootSession.userId);

    const response = await putMe(assumedSession, { name: 'Radice', surname: 'Amministratore' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual((await me(assumedSession)).json());
    expect(response.json()).toMatchObject({
      user: { id: rootSession.userId, name: 'Radice', surname: 'Amministratore', scope: 'TENANT', tenantId: world.acme.id },
      tenant: { id: world.acme.id, name: 'Acme Learning' },
      company: null,
      assumedBy: { id: rootSession.userId, name: 'Radice Amministratore', email: demo.root },
    });
    expect((await me(rootSession)).json()).toMatchObject({
      user: { id: rootSession.userId, name: 'Radice', surname: 'Amministratore', scope: 'GLOBAL' },
      assumedBy: null,
    });
    expect((await storedUser(rootSession.userId)).version).toBe(before.version + 1);
    expect(await lastAuditOf(rootSession.userId)).toMatchObject({
      actorUserId: rootSession.userId,
      assumedTenantId: world.acme.id,
      tenantId: null,
      companyId: null,
    });
  });

  it('stores the name and surname trimmed, and lists only changed fields in the audit', async () => {
    const self = await signedIn(testApp.app, demo.tenantAdmin);
    await putMe(self, { name: 'Tina', surname: 'Admin' });

    const response = await putMe(self, { name: '  Tina ', surname: ' Amministratrice  ' });

    expect(response.json().user).toMatchObject({ name: 'Tina', surname: 'Amministratrice' });
    expect(await lastAuditOf(self.userId)).toMatchObject({ details: { changed: ['surname'] } });
  });

  it.each([
    ['a missing surname', { name: 'Only' }, ['surname']],
    ['an empty body', {}, ['name', 'surname']],
    ['an extra field (another user’s id)', { name: 'A', surname: 'B', id: '00000000-0000-4000-8000-000000000000' }, ['id']],
    ['an email', { name: 'A', surname: 'B', email: 'other@example.com' }, ['email']],
    ['a blank name', { name: '   ', surname: 'B' }, ['name']],
    ['an empty surname', { name: 'A', surname: '' }, ['surname']],
    ['a number as name', { name: 5, surname: 'B' }, ['name']],
    ['a null surname', { name: 'A', surname: null }, ['surname']],
    ['a name over 100 characters', { name: 'n'.repeat(101), surname: 'B' }, ['name']],
  ])('answers 400 with field errors for %s, changing nothing', async (_case, payload, fields) => {
    const self = await signedIn(testApp.app, demo.companyAdmin);
    const before = await storedUser(self.userId);

    const response = await putMe(self, payload);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    expect(fieldsOf(response.json())).toEqual(fields);
    expect(await storedUser(self.userId)).toEqual(before);
  });

  it('says "is not allowed" for an extra field and "is required" for a missing one', async () => {
    const self = await signedIn(testApp.app, demo.companyAdmin);

    const response = await putMe(self, { name: 'A', id: '00000000-0000-4000-8000-000000000000' });

    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'surname', rule: 'required', message: 'is required' },
        { field: 'id', rule: 'notAllowed', message: 'is not allowed' },
      ]),
    );
  });

  it('answers 400 without a body and for a JSON array', async () => {
    const self = await signedIn(testApp.app, demo.companyAdmin);

    expect((await putMe(self)).statusCode).toBe(400);
    expect((await putMe(self, [])).statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const response = await testApp.app.inject({ method: 'PUT', url: '/api/users/me', payload: { name: 'A', surname: 'B' } });

    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/users/me/password', () => {
  it('changes the password (204): the new one signs in, the old one no longer, and the audit holds no password material', async () => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);
    const before = await storedUser(admin.id);

    const response = await putPassword(self, { currentPassword: admin.password, newPassword: 'Brand-New-Pass-2' });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await storedUser(admin.id);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(await verifyPassword(after.passwordHash, 'Brand-New-Pass-2')).toBe(true);
    expect(after.version).toBe(before.version + 1);
    expect((await postLogin(testApp.app, { email: admin.email, password: admin.password })).statusCode).toBe(401);
    expect((await postLogin(testApp.app, { email: admin.email, password: 'Brand-New-Pass-2' })).statusCode).toBe(200);
    const audit = await lastAuditOf(admin.id);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      assumedTenantId: null,
      tenantId: world.acme.id,
      companyId: world.acmeRobotics.id,
      details: { changed: ['password'], revokedSessions: 0 },
    });
    expect(JSON.stringify(audit)).not.toMatch(/Initial-Pass|Brand-New|argon2/);
  });

  it('revokes every other session of the user (401), keeping the current one', async () => {
    const admin = await newAdmin('TENANT');
    const current = await signedInAs(admin);
    const others = [await signedInAs(admin), await signedInAs(admin)];
    const bystander = await signedIn(testApp.app, demo.tenantAdmin);

    const response = await putPassword(current, { currentPassword: admin.password, newPassword: 'Another-Pass-3' });

    expect(response.statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(bystander)).statusCode).toBe(200);
    expect((await lastAuditOf(admin.id))?.details).toEqual({ changed: ['password'], revokedSessions: 2 });
  });

  it('from an assumed session: changes the root admin’s password, keeping this session and the root session it came from', async () => {
    const admin = await newAdmin('GLOBAL');
    const assumingRoot = await signedInAs(admin);
    const otherRoot = await signedInAs(admin);
    const current = await assume(assumingRoot, world.acme.id);
    const assumedElsewhere = await assume(otherRoot, world.globex.id);
    const assumedAgain = await assume(assumingRoot, world.globex.id);

    const response = await putPassword(current, { currentPassword: admin.password, newPassword: 'Root-Changed-4' });

    expect(response.statusCode).toBe(204);
    expect((await me(current)).json()).toMatchObject({ user: { scope: 'TENANT', tenantId: world.acme.id }, assumedBy: { id: admin.id } });
    expect((await me(assumingRoot)).json()).toMatchObject({ user: { id: admin.id, scope: 'GLOBAL' } });
    expect((await me(otherRoot)).statusCode).toBe(401);
    expect((await me(assumedElsewhere)).statusCode).toBe(401);
    expect((await me(assumedAgain)).statusCode).toBe(401);
    expect((await postLogin(testApp.app, { email: admin.email, password: 'Root-Changed-4' })).statusCode).toBe(200);
    expect(await lastAuditOf(admin.id)).toMatchObject({
      actorUserId: admin.id,
      assumedTenantId: world.acme.id,
      tenantId: null,
      companyId: null,
      details: { changed: ['password'], revokedSessions: 3 },
    });
  });

  it('from a root session: revokes the sessions assumed from it too', async () => {
    const admin = await newAdmin('GLOBAL');
    const current = await signedInAs(admin);
    const assumedFromCurrent = await assume(current, world.acme.id);

    const response = await putPassword(current, { currentPassword: admin.password, newPassword: 'Root-Changed-5' });

    expect(response.statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(assumedFromCurrent)).statusCode).toBe(401);
  });

  it('answers 400 on currentPassword for a wrong current password, counted against the session, not the account', async () => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);
    const other = await signedInAs(admin);
    const before = await storedUser(admin.id);

    const response = await putPassword(self, { currentPassword: 'not-my-password', newPassword: 'Whatever-Pass-6' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'currentPassword is incorrect',
      errors: [{ field: 'currentPassword', rule: 'incorrect', message: 'is incorrect' }],
    });
    expect(await accountFailures(admin.email)).toBe(0);
    expect(await sessionFailures(self)).toBe(1);
    expect(await storedUser(admin.id)).toEqual(before);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('ends the session at its sign-in limit of wrong current passwords (401, audited), and the owner signs in at once', async () => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);
    const other = await signedInAs(admin);
    for (let attempt = 0; attempt < maxFailures - 1; attempt += 1) {
      const wrong = await putPassword(self, { currentPassword: `wrong-${attempt}`, newPassword: 'Whatever-Pass-7' });
      expect(wrong.statusCode).toBe(400);
    }

    const last = await putPassword(self, { currentPassword: 'wrong-last', newPassword: 'Whatever-Pass-7' });
    const right = await putPassword(self, { currentPassword: admin.password, newPassword: 'Whatever-Pass-7' });
    const ownerSignsIn = await postLogin(testApp.app, { email: admin.email, password: admin.password });

    expect(last.statusCode).toBe(401);
    expect(last.json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect(right.statusCode).toBe(401);
    expect((await me(self)).statusCode).toBe(401);
    expect(ownerSignsIn.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect(await verifyPassword((await storedUser(admin.id)).passwordHash, admin.password)).toBe(true);
    const [ended] = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'session'), eq(auditLog.action, 'LOGOUT'), eq(auditLog.actorUserId, admin.id)));
    expect(ended?.details).toEqual({ reason: 'wrongCurrentPasswords' });
  });

  it('still throttles the client address that sends wrong current passwords (429 with Retry-After)', async () => {
    const admin = await newAdmin('COMPANY');
    const address = nextClientIp();
    for (let attempt = 0; attempt < maxFailures; attempt += 1) {
      // A new session each time, so that no session reaches its own limit first.
      const wrong = await putPassword(await signedInAs(admin), { currentPassword: `wrong-${attempt}`, newPassword: 'Whatever-7' }, address);
      expect(wrong.statusCode).toBe(400);
    }

    const locked = await putPassword(await signedInAs(admin), { currentPassword: admin.password, newPassword: 'Whatever-7' }, address);

    expectLockedOut(locked);
    expect(await accountFailures(admin.email)).toBe(0);
  });

  it('clears the account’s failed sign-ins when the owner changes the password with the right current one', async () => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);
    for (let attempt = 0; attempt < maxFailures - 1; attempt += 1) {
      expect((await postLogin(testApp.app, { email: admin.email, password: 'guess' })).statusCode).toBe(401);
    }

    const changed = await putPassword(self, { currentPassword: admin.password, newPassword: 'Cleared-Pass-8' });

    expect(changed.statusCode).toBe(204);
    expect(await accountFailures(admin.email)).toBe(0);
  });

  it('answers 400 on newPassword when it equals the current one, counting nothing and changing nothing', async () => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);
    const before = await storedUser(admin.id);

    const response = await putPassword(self, { currentPassword: admin.password, newPassword: admin.password });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'newPassword', message: 'must differ from the current password' }] });
    expect(await storedUser(admin.id)).toEqual(before);
    expect(await accountFailures(admin.email)).toBe(0);
  });

  it.each([
    ['a short new password', { currentPassword: 'x', newPassword: 'short7!' }, ['newPassword']],
    ['a new password over 1024 characters', { currentPassword: 'x', newPassword: 'p'.repeat(1025) }, ['newPassword']],
    ['an empty current password', { currentPassword: '', newPassword: 'Long-Enough-9' }, ['currentPassword']],
    ['a missing current password', { newPassword: 'Long-Enough-9' }, ['currentPassword']],
    ['an empty body', {}, ['currentPassword', 'newPassword']],
    ['a number as new password', { currentPassword: 'x', newPassword: 12345678 }, ['newPassword']],
    [
      'an extra field (another user’s id)',
      { currentPassword: 'x', newPassword: 'Long-Enough-9', userId: '00000000-0000-4000-8000-000000000000' },
      ['userId'],
    ],
  ])('answers 400 with field errors for %s, counting nothing', async (_case, payload, fields) => {
    const admin = await newAdmin('COMPANY');
    const self = await signedInAs(admin);

    const response = await putPassword(self, payload);

    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(fields);
    expect(await accountFailures(admin.email)).toBe(0);
  });

  it('requires a session', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: { currentPassword: demo.password, newPassword: 'Long-Enough-9' },
    });

    expect(response.statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('lists both routes under users with their bodies and error responses', () => {
    const document = testApp.app.swagger() as unknown as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses: Record<string, unknown> }>>;
    };
    const update = document.paths['/api/users/me']?.put;
    const password = document.paths['/api/users/me/password']?.put;

    expect(update).toMatchObject({ summary: expect.any(String), tags: ['users'] });
    expect(Object.keys(update!.responses).sort()).toEqual(['200', '400', '401']);
    expect(password).toMatchObject({ summary: expect.any(String), tags: ['users'] });
    expect(Object.keys(password!.responses).sort()).toEqual(['204', '400', '401', '429']);
  });
});
