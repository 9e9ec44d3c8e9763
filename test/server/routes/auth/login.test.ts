import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../../../server/db/schema';
import { demo, postLogin, signIn, useTestApp, errorBody } from '../../../support/server/harness';

const testApp = useTestApp({ videoServiceUrl: 'http://{tenant}.localhost:3001' });

describe('POST /api/auth/login', () => {
  it('signs a COMPANY admin in with the session shape of the contract', async () => {
    const response = await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['assumedBy', 'company', 'jwtTokens', 'tenant', 'token', 'user', 'vinapseConfig'].sort());
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: demo.companyAdmin,
      name: 'Carlo',
      surname: 'Ferrari',
      scope: 'COMPANY',
      admin: true,
      tenantId: body.tenant.id,
      companyId: body.company.id,
    });
    expect(body.tenant).toEqual({ id: expect.any(String), name: 'Acme Learning' });
    expect(body.company).toEqual({ id: expect.any(String), name: 'Acme Robotics S.p.A.' });
    expect(body.vinapseConfig).toEqual({
      enabled: true,
      tenantId: 'acme-robotics',
      courseId: body.company.id,
      serviceUrl: 'http://acme-robotics.localhost:3001',
    });
    expect(body.jwtTokens.vinapse).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
    expect(body.assumedBy).toBeNull();
  });

  it('never sends a password or token hash', async () => {
    const response = await postLogin(testApp.app, { email: demo.root, password: demo.password });

    expect(response.body).not.toMatch(/password|hash|argon2/i);
  });

  it('signs the GLOBAL admin in without tenant, company or video configuration', async () => {
    const body = (await postLogin(testApp.app, { email: demo.root, password: demo.password })).json();

    expect(body.user).toMatchObject({ scope: 'GLOBAL', tenantId: null, companyId: null });
    expect(body.tenant).toBeNull();
    expect(body.company).toBeNull();
    expect(body.vinapseConfig).toEqual({ enabled: false, tenantId: null, courseId: null, serviceUrl: null });
    expect(body.jwtTokens).toEqual({ vinapse: null });
  });

  it("uses the tenant's video tenant for a TENANT admin", async () => {
    const body = (await postLogin(testApp.app, { email: demo.tenantAdmin, password: demo.password })).json();

    expect(body.user).toMatchObject({ scope: 'TENANT', companyId: null });
    expect(body.company).toBeNull();
    expect(body.vinapseConfig).toEqual({ enabled: true, tenantId: 'acme', courseId: null, serviceUrl: 'http://acme.localhost:3001' });
  });

  it('matches the email case-insensitively', async () => {
    const response = await postLogin(testApp.app, { email: 'Company.Admin@EXAMPLE.com', password: demo.password });

    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await postLogin(testApp.app, { email: demo.companyAdmin, password: 'not-the-password' });
    const unknownEmail = await postLogin(testApp.app, { email: 'nobody@example.com', password: demo.password });

    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(errorBody(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it.each([
    ['a non-admin learner', demo.learner],
    ['a disabled admin', demo.disabledAdmin],
    ['a pending user without a password', demo.pendingLearner],
  ])('refuses %s with the wrong-credentials answer', async (_label, email) => {
    const response = await postLogin(testApp.app, { email, password: demo.password });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
  });

  it('stores passwords as argon2id hashes with the OWASP parameters', async () => {
    const [root] = await testApp.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, demo.root));

    expect(root?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('stores only the SHA-256 hash of the session token', async () => {
    const { token } = await signIn(testApp.app, demo.companyAdmin);

    const storedAsIs = await testApp.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    const sha256 = createHash('sha256').update(token).digest('hex');
    const storedHashed = await testApp.db.select().from(sessions).where(eq(sessions.tokenHash, sha256));
    expect(storedAsIs).toHaveLength(0);
    expect(storedHashed).toHaveLength(1);
  });

  it('writes a LOGIN audit entry with the actor and their organisation', async () => {
    const { user } = await signIn(testApp.app, demo.companyAdmin);

    const entries = await testApp.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    const login = entries.find((entry) => entry.action === 'LOGIN');
    expect(login).toMatchObject({ entity: 'session', assumedTenantId: null, tenantId: expect.any(String) });
    expect(login?.companyId).toEqual(expect.any(String));
  });
});
