import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tenants } from '../../../../server/db/schema';
import { bearer, demo, signIn, useTestApp } from '../../../support/server/harness';

const testApp = useTestApp({ videoServiceUrl: 'http://{tenant}.localhost:3001' });

const assume = (token: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/assume', headers: bearer(token), payload: payload as object });

describe('POST /api/auth/assume', () => {
  let acmeId: string;
  beforeAll(async () => {
    const [acme] = await testApp.db.select().from(tenants).where(eq(tenants.name, 'Acme Learning'));
    acmeId = acme!.id;
  });

  it('opens a TENANT session for a GLOBAL admin, naming the root user in assumedBy', async () => {
    const root = await signIn(testApp.app, demo.root);

    const response = await assume(root.token, { tenantId: acmeId });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).not.toBe(root.token);
    expect(body.user).toMatchObject({ id: root.user.id, scope: 'TENANT', tenantId: acmeId, companyId: null, admin: true });
    expect(body.tenant).toEqual({ id: acmeId, name: 'Acme Learning' });
    expect(body.company).toBeNull();
    expect(body.assumedBy).toEqual({ id: root.user.id, name: 'Root Admin', email: demo.root });
    expect(body.vinapseConfig).toEqual({ enabled: true, tenantId: 'acme', courseId: null, serviceUrl: 'http://acme.localhost:3001' });
    expect(body.jwtTokens.vinapse).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
  });

  it('shows the assumed identity on /users/me and keeps the root session valid', async () => {
    const root = await signIn(testApp.app, demo.root);
    const assumed = (await assume(root.token, { tenantId: acmeId })).json();

    const me = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(assumed.token) });
    const rootMe = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(root.token) });

    expect(me.json()).toMatchObject({
      user: { scope: 'TENANT', tenantId: acmeId },
      tenant: { id: acmeId, name: 'Acme Learning' },
      assumedBy: { id: root.user.id, email: demo.root },
    });
    expect(rootMe.json()).toMatchObject({ user: { scope: 'GLOBAL' }, assumedBy: null });
  });

  it('records the real actor and the assumed tenant in the audit log', async () => {
    const root = await signIn(testApp.app, demo.root);
    await assume(root.token, { tenantId: acmeId });

    const entries = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, root.user.id), eq(auditLog.action, 'ASSUME')));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ entity: 'tenant', entityId: acmeId, assumedTenantId: acmeId, tenantId: acmeId });
  });

  it.each([
    ['TENANT', demo.tenantAdmin],
    ['COMPANY', demo.companyAdmin],
  ])('forbids a %s admin (403)', async (_scope, email) => {
    const { token } = await signIn(testApp.app, email);

    const response = await assume(token, { tenantId: acmeId });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('forbids assuming again from an assumed session, whose effective scope is TENANT', async () => {
    const root = await signIn(testApp.app, demo.root);
    const assumed = (await assume(root.token, { tenantId: acmeId })).json();

    expect((await assume(assumed.token, { tenantId: acmeId })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
    const { token } = await signIn(testApp.app, demo.root);

    const unknown = await assume(token, { tenantId: '00000000-0000-4000-8000-000000000000' });
    const malformed = await assume(token, { tenantId: 'acme' });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([
      { field: 'tenantId', rule: 'format', params: { format: 'uuid' }, message: expect.any(String) },
    ]);
  });

  it('requires a session', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/assume', payload: { tenantId: acmeId } });

    expect(response.statusCode).toBe(401);
  });
});
