import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, tenants } from '../../../server/db/schema';
import { demo, postLogin, useTestApp } from '../../support/server/harness';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../support/server/resources';

/**
 * `vinapseTenant` names the video provider's subdomain, which the uploader's origin is built from: only a DNS label
 * (`^[a-z0-9](-?[a-z0-9])*$`, at most 63 characters) is accepted, on every write of companies and tenants, and a bad
 * value already stored is never used to build a URL or a token.
 */
const testApp = useTestApp({ videoServiceUrl: 'http://{tenant}.localhost:3001' });

const hostile = [
  '127.0.0.1:3299/x#',
  'evil.example.com',
  'acme/../x',
  'acme:8080',
  'user@acme',
  'acme?x=1',
  'acme#x',
  'Acme',
  '-acme',
  'acme-',
  'ac--me',
  'ac_me',
  ' acme',
  'àcme',
  'acme\u200b',
  'a'.repeat(64),
  'a'.repeat(10_000),
];
const accepted = ['a', '0', 'acme', 'acme-robotics', 'a1-b2-c3', 'a'.repeat(63)];

let world: DemoWorld;
let root: Api;
let tenantAdmin: Api;
beforeAll(async () => {
  world = await demoWorld(testApp.db);
  root = await signedIn(testApp.app, demo.root);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
});

const companyBody = (vinapseTenant: unknown) => ({ name: 'Video Tenant S.r.l.', taxId: 'IT555', countryCode: 'IT', vinapseTenant });
const storedCompany = async (id: string) => (await testApp.db.select().from(companies).where(eq(companies.id, id)))[0]!;

describe('vinapseTenant of companies and tenants', () => {
  const named = (values: string[]) =>
    values.map((value) => [value.length > 20 ? `${value.slice(0, 8)}… (${value.length} characters)` : value, value]);

  it.each(named(hostile))('refuses %j on every write with a field error, storing nothing', async (_label, value) => {
    const company = await storedCompany(world.acmeFoods.id);
    const tenant = (await testApp.db.select().from(tenants).where(eq(tenants.id, world.globex.id)))[0]!;

    const answers = [
      await tenantAdmin.post('/api/companies', companyBody(value)),
      await root.post('/api/companies', { ...companyBody(value), tenantId: world.acme.id }),
      await tenantAdmin.put(`/api/companies/${company.id}`, { ...companyBody(value), version: company.version }),
      await root.post('/api/tenants', { name: 'Video Tenant', vinapseTenant: value }),
      await root.put(`/api/tenants/${tenant.id}`, { name: tenant.name, vinapseTenant: value, version: tenant.version }),
    ];

    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      // Too long breaks the length rule (with its limit), anything else the DNS-label rule.
      const tooLong = value.length > 63;
      expect(answer.json().errors).toEqual([
        tooLong
          ? { field: 'vinapseTenant', rule: 'maxLength', params: { limit: 63 }, message: 'must not have more than 63 characters' }
          : { field: 'vinapseTenant', rule: 'videoTenant', message: expect.stringMatching(/^must be a DNS label/) },
      ]);
    }
    expect(await storedCompany(company.id)).toEqual(company);
    expect((await testApp.db.select().from(tenants).where(eq(tenants.id, tenant.id)))[0]).toEqual(tenant);
  });

  it('refuses a NUL character in it like in any text', async () => {
    const answer = await tenantAdmin.post('/api/companies', companyBody('acme\u0000'));

    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0]).toEqual({ field: 'vinapseTenant', rule: 'nul', message: expect.stringContaining('NUL') });
  });

  it.each(named(accepted))('accepts the DNS label %j', async (_label, value) => {
    const created = await tenantAdmin.post('/api/companies', companyBody(value));
    const tenant = await root.post('/api/tenants', { name: `Tenant ${value.slice(0, 20)}`, vinapseTenant: value });

    expect(created.statusCode).toBe(201);
    expect(created.json().vinapseTenant).toBe(value);
    expect(tenant.statusCode).toBe(201);
    expect(tenant.json().vinapseTenant).toBe(value);
  });

  it.each(['', null])('stores %j as no video tenant', async (value) => {
    const created = await tenantAdmin.post('/api/companies', companyBody(value));

    expect(created.statusCode).toBe(201);
    expect(created.json().vinapseTenant).toBeNull();
  });

  it('holds only DNS labels in the demo data', async () => {
    const values = [
      ...(await testApp.db.select({ value: companies.vinapseTenant }).from(companies)),
      ...(await testApp.db.select({ value: tenants.vinapseTenant }).from(tenants)),
    ].flatMap(({ value }) => (value === null ? [] : [value]));

    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => !/^[a-z0-9](-?[a-z0-9])*$/.test(value) || value.length > 63)).toEqual([]);
  });
});

describe('a bad video tenant stored before the rule', () => {
  it('is never used for the service URL or a token, is reported clearly, and must be corrected to save the company', async () => {
    await testApp.db.update(companies).set({ vinapseTenant: '127.0.0.1:3299/x#' }).where(eq(companies.id, world.acmeRobotics.id));

    const login = await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password });
    const company = await signedIn(testApp.app, demo.companyAdmin);
    const refresh = await company.post('/api/auth/refresh-jwt', undefined);
    const stored = (await tenantAdmin.get(`/api/companies/${world.acmeRobotics.id}`)).json();
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, tenant: _tenant, tenantId: _tenantId, ...fields } = stored;
    const resaved = await tenantAdmin.put(`/api/companies/${world.acmeRobotics.id}`, fields);

    expect(login.statusCode).toBe(200);
    expect(login.json().vinapseConfig).toEqual({ enabled: false, tenantId: null, courseId: world.acmeRobotics.id, serviceUrl: null });
    expect(login.json().jwtTokens.vinapse).toBeNull();
    expect(login.body).not.toContain('127.0.0.1:3299');
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json()).toMatchObject({ success: false, message: expect.stringContaining('not valid') });
    expect(stored.vinapseTenant).toBe('127.0.0.1:3299/x#');
    expect(resaved.statusCode).toBe(400);
    expect(resaved.json().errors).toEqual([{ field: 'vinapseTenant', rule: 'videoTenant', message: expect.stringContaining('DNS label') }]);

    const corrected = await tenantAdmin.put(`/api/companies/${world.acmeRobotics.id}`, { ...fields, vinapseTenant: 'acme-robotics' });
    const after = await postLogin(testApp.app, { email: demo.companyAdmin, password: demo.password });
    expect(corrected.statusCode).toBe(200);
    expect(after.json().vinapseConfig).toMatchObject({
      enabled: true,
      tenantId: 'acme-robotics',
      serviceUrl: 'http://acme-robotics.localhost:3001',
    });
  });
});
