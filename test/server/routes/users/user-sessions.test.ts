import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../server/auth/password';
import { hashSessionToken } from '../../../../server/auth/session-token';
import { sessions, users } from '../../../../server/db/schema';
import { demo, signIn, useTestApp } from '../../../support/server/harness';
import { apiAs, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

/**
 * A change of who a user is or may be (password, enabled, admin, scope, tenant, company) or their deletion ends every
 * session of that user at once; a user's own password is changed only where the current one is asked for.
 */
const testApp = useTestApp();

type Session = Api & { userId: string };
const storedUser = async (id: string) => (await testApp.db.select().from(users).where(eq(users.id, id)))[0]!;
const stillSignedIn = async (api: Api) => (await api.get('/api/users/me')).statusCode === 200;

let world: DemoWorld;
let root: Session;
let tenantAdmin: Session;
beforeAll(async () => {
  world = await demoWorld(testApp.db);
  root = await signedIn(testApp.app, demo.root);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
});

/** A COMPANY admin of Acme Robotics with a password of its own, signed in `sessionCount` times. */
async function companyAdminWithSessions(sessionCount = 2) {
  const email = `sessions.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Initial-Pass-1';
  const created = await root.post('/api/users', {
    name: 'Ses',
    surname: 'Sions',
    email,
    password,
    admin: true,
    scope: 'COMPANY',
    companyId: world.acmeRobotics.id,
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const user = created.json<{ id: string; version: number; name: string; surname: string; email: string }>();
  const sessions: Api[] = [];
  for (let count = 0; count < sessionCount; count += 1)
    sessions.push(apiAs(testApp.app, (await signIn(testApp.app, email, password)).token));
  return { user, email, password, sessions };
}

const updateBody = (user: { name: string; surname: string; email: string }, version: number, changes: Record<string, unknown>) => ({
  name: user.name,
  surname: user.surname,
  email: user.email,
  version,
  ...changes,
});

describe('PUT /api/users/{own id}', () => {
  it.each([
    ['GLOBAL', demo.root],
    ['TENANT', demo.tenantAdmin],
    ['COMPANY', demo.companyAdmin],
  ])('refuses a new password for the %s caller’s own record, pointing to the settings, and changes nothing', async (_scope, email) => {
    const self = await signedIn(testApp.app, email);
    const other = await signedIn(testApp.app, email);
    const before = await storedUser(self.userId);

    const response = await self.put(`/api/users/${self.userId}`, updateBody(before, before.version, { password: 'Taken-Over-123' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'password', rule: 'notHere', message: expect.stringContaining('/api/users/me/password') },
    ]);
    const after = await storedUser(self.userId);
    expect(after.version).toBe(before.version);
    expect(await verifyPassword(after.passwordHash, 'Taken-Over-123')).toBe(false);
    expect(await verifyPassword(after.passwordHash, demo.password)).toBe(true);
    expect(await stillSignedIn(other)).toBe(true);
    expect(await stillSignedIn(self)).toBe(true);
  });

  it('still lets a caller change the rest of its own record', async () => {
    const self = await signedIn(testApp.app, demo.companyAdmin);
    const before = await storedUser(self.userId);

    const response = await self.put(`/api/users/${self.userId}`, updateBody(before, before.version, { surname: 'Renamed' }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ surname: 'Renamed', version: before.version + 1 });
    expect(await stillSignedIn(self)).toBe(true);
    await self.put(`/api/users/${self.userId}`, updateBody(before, before.version + 1, {}));
  });
});

describe('sessions of a changed user', () => {
  it.each([
    ['a new password', () => ({ password: 'Set-By-Admin-1' })],
    ['a scope change', () => ({ scope: 'TENANT', tenantId: null, companyId: null })],
    ['a company change', () => ({ companyId: world.acmeFoods.id })],
    ['the admin flag removed', () => ({ admin: false })],
  ])('ends every session of the user after %s by an administrator, none of the administrator’s', async (_label, changes) => {
    const target = await companyAdminWithSessions();

    const response = await tenantAdmin.put(`/api/users/${target.user.id}`, updateBody(target.user, target.user.version, changes()));

    expect(response.statusCode, response.body).toBe(200);
    for (const session of target.sessions) expect(await stillSignedIn(session)).toBe(false);
    expect(await stillSignedIn(tenantAdmin)).toBe(true);
  });

  it('does not bring old sessions back when a disabled user is enabled again, nor an admin flag given back', async () => {
    const target = await companyAdminWithSessions();
    const put = async (changes: Record<string, unknown>) => {
      const { version } = await storedUser(target.user.id);
      const response = await tenantAdmin.put(`/api/users/${target.user.id}`, updateBody(target.user, version, changes));
      expect(response.statusCode, response.body).toBe(200);
    };

    await put({ enabled: false });
    await put({ enabled: true });
    await put({ admin: false });
    await put({ admin: true });

    for (const session of target.sessions) expect(await stillSignedIn(session)).toBe(false);
    const fresh = apiAs(testApp.app, (await signIn(testApp.app, target.email, target.password)).token);
    expect(await stillSignedIn(fresh)).toBe(true);
  });

  it('keeps the sessions of a user whose name or email changes', async () => {
    const target = await companyAdminWithSessions();

    const response = await tenantAdmin.put(
      `/api/users/${target.user.id}`,
      updateBody(target.user, target.user.version, { name: 'Renamed', surname: 'User', enabled: true, admin: true }),
    );

    expect(response.statusCode).toBe(200);
    for (const session of target.sessions) expect(await stillSignedIn(session)).toBe(true);
  });

  it('ends every session of a deleted user', async () => {
    const target = await companyAdminWithSessions();

    expect((await tenantAdmin.delete(`/api/users/${target.user.id}`)).statusCode).toBe(204);

    for (const session of target.sessions) expect(await stillSignedIn(session)).toBe(false);
  });

  it('ends all 100 sessions of a user at once: none of 100 parallel requests after the change gets through', async () => {
    const target = await companyAdminWithSessions(100);

    const response = await tenantAdmin.put(
      `/api/users/${target.user.id}`,
      updateBody(target.user, target.user.version, { password: 'Set-By-Admin-2' }),
    );
    const answers = await Promise.all(target.sessions.map((session) => session.get('/api/users/me')));

    expect(response.statusCode).toBe(200);
    expect(answers.map((answer) => answer.statusCode)).toEqual(target.sessions.map(() => 401));
  });
});

describe('logout of a GLOBAL session', () => {
  async function assumeFrom(rootSession: Api) {
    const response = await rootSession.post('/api/auth/assume', { tenantId: world.acme.id });
    if (response.statusCode !== 200) throw new Error(`assume failed: ${response.body}`);
    return apiAs(testApp.app, response.json<{ token: string }>().token);
  }
  const logout = (token: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token } });

  it('ends the sessions assumed from it, not those assumed from another session', async () => {
    const globalSession = await signedIn(testApp.app, demo.root);
    const otherGlobal = await signedIn(testApp.app, demo.root);
    const assumedOnce = await assumeFrom(globalSession);
    const assumedTwice = await assumeFrom(globalSession);
    const assumedElsewhere = await assumeFrom(otherGlobal);

    expect((await logout(globalSession.token)).statusCode).toBe(204);

    expect(await stillSignedIn(globalSession)).toBe(false);
    expect(await stillSignedIn(assumedOnce)).toBe(false);
    expect(await stillSignedIn(assumedTwice)).toBe(false);
    expect(await stillSignedIn(otherGlobal)).toBe(true);
    expect(await stillSignedIn(assumedElsewhere)).toBe(true);
  });

  it('ends an assumed session with its GLOBAL session, however that one ends', async () => {
    const expiring = await signedIn(testApp.app, demo.root);
    const revoked = await signedIn(testApp.app, demo.root);
    const assumedFromExpiring = await assumeFrom(expiring);
    const assumedFromRevoked = await assumeFrom(revoked);
    expect(await stillSignedIn(assumedFromExpiring)).toBe(true);

    await testApp.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashSessionToken(expiring.token)));
    await testApp.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashSessionToken(revoked.token)));

    expect(await stillSignedIn(assumedFromExpiring)).toBe(false);
    expect(await stillSignedIn(assumedFromRevoked)).toBe(false);
  });

  it('keeps the GLOBAL session when only the assumed one logs out (back to the root admin)', async () => {
    const globalSession = await signedIn(testApp.app, demo.root);
    const assumedSession = await assumeFrom(globalSession);

    expect((await logout(assumedSession.token)).statusCode).toBe(204);

    expect(await stillSignedIn(assumedSession)).toBe(false);
    expect(await stillSignedIn(globalSession)).toBe(true);
  });
});
