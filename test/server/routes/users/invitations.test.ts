import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog, users } from '../../../../server/db/schema';
import { demo, postLogin, useTestApp } from '../../../support/server/harness';
import { linkToken, useMailPipeline } from '../../../support/server/mail';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();
const mail = useMailPipeline(testApp);

let tenantAdmin: Api;
let companyAdmin: Api;
let world: DemoWorld;
beforeAll(async () => {
  world = await demoWorld(testApp.db);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
  companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
});

const uniqueEmail = () => `invited.${randomBytes(4).toString('hex')}@example.com`;
const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload });
const verify = (token: string) => post('/api/auth/invitation/verify', { token });
const accept = (token: string, password: string) => post('/api/auth/invitation/accept', { token, password });

async function invite(api: Api, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const response = await api.post('/api/users', { name: 'Ivo', surname: 'Invitato', email, admin: true, sendInvitation: true, ...extra });
  return { email, response, id: response.json<{ id: string }>().id };
}

const versionOf = async (id: string) =>
  (await testApp.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0]!.version;
const expectLinkInvalid = (response: Awaited<ReturnType<typeof post>>) => {
  expect(response.statusCode).toBe(410);
  expect(response.json().code).toBe('LINK_INVALID');
};

describe('an invitation sent with a new user', () => {
  it('mails a link in the language given; choosing the password makes the user ACTIVE and able to sign in', async () => {
    const { email, response, id } = await invite(companyAdmin, { language: 'it' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'PENDING', email });

    const received = await mail.nextMail(email);
    expect(received.subject).toBe('Il tuo invito alla Console di amministrazione della formazione');
    expect(received.text).toContain('Ciao Ivo,');
    expect(received.text).toMatch(/Company Admin ha creato un account per te|ha creato un account per te/);
    expect(received.text).toContain('72 ore');
    const token = linkToken(received);
    expect(received.text).toContain(`http://localhost:3000/invitation#token=${token}`);

    const details = await verify(token);
    expect(details.json()).toEqual({ email, name: 'Ivo', surname: 'Invitato', expiresAt: expect.any(String) });
    const hoursLeft = (Date.parse(details.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(71.9);
    expect(hoursLeft).toBeLessThanOrEqual(72);

    const accepted = await accept(token, 'Chosen-By-Ivo-1');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email });
    expect((await companyAdmin.get(`/api/users/${id}`)).json()).toMatchObject({ status: 'ACTIVE' });
    expect((await postLogin(testApp.app, { email, password: 'Chosen-By-Ivo-1' })).statusCode).toBe(200);
    expectLinkInvalid(await accept(token, 'Chosen-Again-2'));

    const audit = await testApp.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.at);
    expect(audit.map((row) => [row.action, row.actorUserId, (row.details as { changed: string[] }).changed])).toEqual([
      ['CREATE', world.companyAdmin.id, expect.arrayContaining(['email', 'invitation'])],
      ['UPDATE', id, ['password', 'status']],
    ]);
  });

  it('is refused with a password, for a disabled user, and writes nothing', async () => {
    const withPassword = await invite(tenantAdmin, { password: 'Some-Password-9' });
    expect(withPassword.response.statusCode).toBe(400);
    expect(withPassword.response.json().errors[0]).toMatchObject({ field: 'sendInvitation', rule: 'notWithPassword' });

    const disabled = await invite(tenantAdmin, { enabled: false });
    expect(disabled.response.statusCode).toBe(409);
    expect(disabled.response.json().code).toBe('USER_DISABLED');
    const [{ count }] = (await testApp.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} in (${withPassword.email}, ${disabled.email})`)) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('is spent by exactly one of 100 parallel acceptances', async () => {
    const { email } = await invite(tenantAdmin, { scope: 'COMPANY', companyId: world.acmeRobotics.id });
    const token = linkToken(await mail.nextMail(email));

    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => accept(token, `Parallel-Choice-${index}`)));

    const winners = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 410)).toHaveLength(99);
    expect((await postLogin(testApp.app, { email, password: `Parallel-Choice-${winners[0]}` })).statusCode).toBe(200);
  }, 120_000);

  it('expires after 72 hours, and is void once the email or the account changes', async () => {
    const expiring = await invite(tenantAdmin);
    const expiringToken = linkToken(await mail.nextMail(expiring.email));
    await testApp.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, expiring.id));
    expectLinkInvalid(await verify(expiringToken));
    const account = (await tenantAdmin.get(`/api/users/${expiring.id}/account`)).json();
    expect(account.invitation).toMatchObject({ expired: true });

    const moved = await invite(tenantAdmin);
    const movedToken = linkToken(await mail.nextMail(moved.email));
    const newEmail = uniqueEmail();
    await tenantAdmin.put(`/api/users/${moved.id}`, {
      name: 'Ivo',
      surname: 'Invitato',
      email: newEmail,
      version: await versionOf(moved.id),
    });
    expectLinkInvalid(await verify(movedToken));

    const disabled = await invite(tenantAdmin);
    const disabledToken = linkToken(await mail.nextMail(disabled.email));
    await tenantAdmin.put(`/api/users/${disabled.id}`, {
      name: 'Ivo',
      surname: 'Invitato',
      email: disabled.email,
      enabled: false,
      version: await versionOf(disabled.id),
    });
    expectLinkInvalid(await accept(disabledToken, 'Too-Late-For-Me-3'));

    const givenPassword = await invite(tenantAdmin);
    const givenToken = linkToken(await mail.nextMail(givenPassword.email));
    await tenantAdmin.put(`/api/users/${givenPassword.id}`, {
      name: 'Ivo',
      surname: 'Invitato',
      email: givenPassword.email,
      password: 'Set-By-The-Admin-4',
      version: await versionOf(givenPassword.id),
    });
    expectLinkInvalid(await verify(givenToken));
  });

  it('works for its own user only, and is no reset link', async () => {
    const first = await invite(tenantAdmin);
    const second = await invite(tenantAdmin);
    const firstToken = linkToken(await mail.nextMail(first.email));
    await mail.nextMail(second.email);

    expectLinkInvalid(await post('/api/auth/password/reset', { token: firstToken, password: 'Reset-Not-Invite-5' }));
    expect((await accept(firstToken, 'First-Only-Choice-6')).statusCode).toBe(200);
    expect((await tenantAdmin.get(`/api/users/${second.id}`)).json().status).toBe('PENDING');
  });

  it('refuses a common password and keeps the link', async () => {
    const { email } = await invite(tenantAdmin);
    const token = linkToken(await mail.nextMail(email));
    const refused = await accept(token, 'qwertyuiop');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'password', rule: 'commonPassword' });
    expect((await verify(token)).statusCode).toBe(200);
  });
});

describe('resending invitations', () => {
  it('sends a new link that replaces the old one, and refuses a second within a minute', async () => {
    const { email, id } = await invite(tenantAdmin);
    const oldToken = linkToken(await mail.nextMail(email));
    await testApp.db
      .update(accountTokens)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(accountTokens.userId, id));

    const resent = await tenantAdmin.post(`/api/users/${id}/invitation`, {});
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ expiresAt: expect.any(String) });
    const newToken = linkToken(await mail.nextMail(email));
    expectLinkInvalid(await verify(oldToken));
    expect((await verify(newToken)).statusCode).toBe(200);

    const again = await tenantAdmin.post(`/api/users/${id}/invitation`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_RECENTLY_SENT');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    const account = (await tenantAdmin.get(`/api/users/${id}/account`)).json();
    expect(account).toEqual({
      language: 'en',
      twoFactor: { enabled: false, enabledAt: null, required: false },
      invitation: { sentAt: expect.any(String), expiresAt: resent.json().expiresAt, expired: false },
    });
    const [audit] = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit?.details).toMatchObject({ changed: ['invitation'] });
  });

  it('refuses an ACTIVE user and answers 404 outside the reach', async () => {
    const active = await tenantAdmin.post(`/api/users/${world.companyAdmin.id}/invitation`, {});
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('USER_ACTIVE');
    expect((await companyAdmin.post(`/api/users/${world.globexLearner.id}/invitation`, {})).statusCode).toBe(404);
  });

  it('invites many users at once, one result each, sending nothing twice when repeated', async () => {
    const pending = [await invite(tenantAdmin, { sendInvitation: false }), await invite(tenantAdmin, { sendInvitation: false })];
    const disabled = await invite(tenantAdmin, { sendInvitation: false, enabled: false });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const userIds = [pending[0]!.id, world.companyAdmin.id, disabled.id, world.globexLearner.id, unknown, pending[1]!.id];

    const first = await tenantAdmin.post('/api/users/invitations', { userIds });
    expect(first.statusCode).toBe(200);
    expect(first.json().results.map((result: { outcome: string; code?: string }) => [result.outcome, result.code])).toEqual([
      ['sent', undefined],
      ['skipped', 'USER_ACTIVE'],
      ['skipped', 'USER_DISABLED'],
      ['failed', 'USER_NOT_FOUND'],
      ['failed', 'USER_NOT_FOUND'],
      ['sent', undefined],
    ]);
    for (const { email } of pending) await mail.nextMail(email);

    const repeated = await tenantAdmin.post('/api/users/invitations', { userIds: [pending[0]!.id, pending[1]!.id] });
    expect(repeated.json().results.map((result: { code?: string }) => result.code)).toEqual([
      'INVITATION_RECENTLY_SENT',
      'INVITATION_RECENTLY_SENT',
    ]);

    for (const payload of [
      { userIds: [] },
      { userIds: [unknown, unknown] },
      { userIds: ['nope'] },
      { userIds: Array(501).fill(unknown) },
    ]) {
      expect((await tenantAdmin.post('/api/users/invitations', payload)).statusCode).toBe(400);
    }
  });
});

describe('an import that sends invitations', () => {
  it('invites the enabled users it creates, in the language asked, and a dry run sends nothing', async () => {
    const rows = [
      { line: 2, name: 'Ada', surname: 'Imported', email: uniqueEmail() },
      { line: 3, name: 'Bea', surname: 'Imported', email: uniqueEmail(), enabled: false },
    ];
    const dryRun = await companyAdmin.post('/api/users/import', { rows, dryRun: true, sendInvitations: true, language: 'it' });
    expect(dryRun.json().results.map((result: { invited?: boolean }) => result.invited)).toEqual([true, false]);

    const imported = await companyAdmin.post('/api/users/import', { rows, sendInvitations: true, language: 'it' });
    expect(imported.json().results.map((result: { outcome: string; invited?: boolean }) => [result.outcome, result.invited])).toEqual([
      ['created', true],
      ['created', false],
    ]);
    const received = await mail.nextMail(rows[0]!.email);
    expect(mail.mailsTo(rows[0]!.email)).toHaveLength(1);
    expect(received.subject).toMatch(/^Il tuo invito/);
    expect(mail.mailsTo(rows[1]!.email)).toEqual([]);
  });
});
