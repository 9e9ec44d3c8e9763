import { beforeAll, describe, expect, it } from 'vitest';
import { created, planPath } from '../../support/server/catalogue';
import { demo, postLogin, useTestApp, errorBody } from '../../support/server/harness';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../support/server/resources';

const testApp = useTestApp();
const unknownId = '00000000-0000-4000-8000-000000000000';

/** Every error answer names its error with a stable code (clients translate it) and keeps English words as fallback. */
describe('error codes', () => {
  let world: DemoWorld;
  let root: Awaited<ReturnType<typeof signedIn>>;
  let companyAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });

  it('names wrong credentials INVALID_CREDENTIALS', async () => {
    const response = await postLogin(testApp.app, { email: demo.companyAdmin, password: 'not the password' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
  });

  it('names a missing session UNAUTHENTICATED and an unknown tenant TENANT_NOT_FOUND', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/companies' });
    const assume = await root.post('/api/auth/assume', { tenantId: unknownId });

    expect(anonymous.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect(assume.json()).toMatchObject({ statusCode: 404, code: 'TENANT_NOT_FOUND', message: 'Tenant not found' });
  });

  it('names each broken field rule, with what the rule needs to be said', async () => {
    const response = await root.post('/api/companies', {
      tenantId: world.acme.id,
      name: 'Rules',
      taxId: 'IT-RULES',
      countryCode: 'Italy',
      email: 'a@b@c',
      colour: 'red',
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'countryCode', rule: 'format', params: { format: 'iso-3166-alpha-2' } }),
        expect.objectContaining({ field: 'email', rule: 'format', params: { format: 'email' } }),
        expect.objectContaining({ field: 'colour', rule: 'notAllowed' }),
      ]),
    );
    expect(
      body.errors.every(
        (error: { rule?: unknown; message?: unknown }) => typeof error.rule === 'string' && typeof error.message === 'string',
      ),
    ).toBe(true);
  });

  it('names a missing field required and a too short one minLength with its limit', async () => {
    const missing = await root.post('/api/companies', { tenantId: world.acme.id, taxId: 'IT-NONAME', countryCode: 'IT' });
    const short = await companyAdmin.put('/api/users/me/password', { currentPassword: demo.password, newPassword: 'short' });

    expect(missing.json().errors).toContainEqual(expect.objectContaining({ field: 'name', rule: 'required' }));
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(short.json().errors).toContainEqual(
      expect.objectContaining({ field: 'newPassword', rule: 'minLength', params: { limit: expect.any(Number) } }),
    );
  });

  it('names the reasons a delete is refused', async () => {
    const plan = created(await companyAdmin.post('/api/training-plans', { name: 'Codes live', status: 'PUBLISHED' }));
    const published = await companyAdmin.delete(planPath(plan.id));
    const ownUser = await root.delete(`/api/users/${root.userId}`);
    const companyInUse = await root.delete(`/api/companies/${world.acmeRobotics.id}`);

    expect(published.json()).toMatchObject({ statusCode: 409, code: 'PLAN_NOT_DRAFT' });
    expect(ownUser.json()).toMatchObject({ statusCode: 409, code: 'OWN_USER' });
    expect(companyInUse.json()).toMatchObject({ statusCode: 409, code: 'COMPANY_IN_USE' });
  });

  it('names a stale version STALE_VERSION, a taken email ALREADY_IN_USE with the unique rule', async () => {
    const stale = await root.put(`/api/companies/${world.acmeRobotics.id}`, { name: 'Stale', taxId: 'X', countryCode: 'IT', version: 999 });
    const taken = await root.post('/api/users', {
      email: demo.companyAdmin,
      name: 'Twin',
      surname: 'Admin',
      scope: 'COMPANY',
      companyId: world.acmeRobotics.id,
      admin: false,
      password: 'long enough password',
    });

    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    expect(stale.json().errors).toContainEqual(expect.objectContaining({ field: 'version', rule: 'stale' }));
    expect(taken.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_USE' });
    expect(taken.json().errors).toContainEqual(expect.objectContaining({ field: 'email', rule: 'unique' }));
  });

  it('names unknown records, unknown routes and bad JSON', async () => {
    const unknownPlan = await companyAdmin.get(planPath(unknownId));
    const unknownRoute = await companyAdmin.get('/api/nowhere');
    const badJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });

    expect(unknownPlan.json()).toMatchObject({ statusCode: 404, code: 'TRAINING_PLAN_NOT_FOUND' });
    expect(unknownRoute.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    expect(badJson.json()).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
  });
});
