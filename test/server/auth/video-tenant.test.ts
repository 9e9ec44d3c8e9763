import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, tenants } from '../../../server/db/schema';
import { demo, postLogin, signIn, useTestApp } from '../../support/server/harness';
import { apiAs, demoWorld, signedIn, type Api, type DemoWorld } from '../../support/server/resources';

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

/** The five writes that take a video tenant (a company created by each scope and updated, a tenant created and updated), with the company and tenant as they were before. */
async function writeEverywhere(value: unknown) {
  const company = await storedCompany(world.acmeFoods.id);
  const tenant = (await testApp.db.select().from(tenants).where(eq(tenants.id, world.globex.id)))[0]!;
  const answers = [
    await tenantAdmin.post('/api/companies', companyBody(value)),
    await root.post('/api/companies', { ...companyBody(value), tenantId: world.acme.id }),
    await tenantAdmin.put(`/api/companies/${company.id}`, { ...companyBody(value), version: company.version }),
    await root.post('/api/tenants', { name: 'Video Tenant', vinapseTenant: value }),
    await root.put(`/api/tenants/${tenant.id}`, { name: tenant.name, vinapseTenant: value, version: tenant.version }),
  ];
  return { company, tenant, answers };
}

describe('vinapseTenant of companies and tenants', () => {
  const named = (values: string[]) =>
    values.map((value) => [value.length > 20 ? `${value.slice(0, 8)}… (${value.length} characters)` : value, value]);

  it.each(named(hostile))('refuses %j on every write with a field error, storing nothing', async (_label, value) => {
    const { company, tenant, answers } = await writeEverywhere(value);

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
    // A new tenant takes a label of its own: the same one belongs to Acme now.
    const ownLabel = `t${value}`.slice(0, 63);
    const tenant = await root.post('/api/tenants', { name: `Tenant ${value.slice(0, 20)}`, vinapseTenant: ownLabel });

    expect(created.statusCode).toBe(201);
    expect(created.json().vinapseTenant).toBe(value);
    expect(tenant.statusCode).toBe(201);
    expect(tenant.json().vinapseTenant).toBe(ownLabel);
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

describe('a video tenant belongs to one tenant', () => {
  const taken = { field: 'vinapseTenant', rule: 'videoTenantTaken', message: 'is used by another tenant' };
  let globexAdmin: Api;
  beforeAll(async () => {
    globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
  });

  /** A tenant of its own with a TENANT admin signed in. */
  async function newTenant(label: string | null = null) {
    const suffix = randomBytes(4).toString('hex');
    const tenant = await root.post('/api/tenants', { name: `Video owner ${suffix}`, vinapseTenant: label });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const email = `video.owner.${suffix}@example.com`;
    const admin = await root.post('/api/users', {
      name: 'Video',
      surname: 'Owner',
      email,
      password: 'Video-Owner-1',
      admin: true,
      scope: 'TENANT',
      tenantId: tenant.json().id,
    });
    expect(admin.statusCode, admin.body).toBe(201);
    const { token } = await signIn(testApp.app, email, 'Video-Owner-1');
    return { id: tenant.json<{ id: string }>().id, api: apiAs(testApp.app, token) };
  }

  it("refuses another tenant's label, or one of its companies' labels, on every write (409, nothing stored)", async () => {
    const consulting = await storedCompany(world.globexConsulting.id);
    const globex = (await testApp.db.select().from(tenants).where(eq(tenants.id, world.globex.id)))[0]!;
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      tenant: _t,
      tenantId: _ti,
      ...fields
    } = (await globexAdmin.get(`/api/companies/${consulting.id}`)).json();

    const answers = [
      await globexAdmin.post('/api/companies', companyBody('acme')),
      await globexAdmin.post('/api/companies', companyBody('acme-robotics')),
      await globexAdmin.put(`/api/companies/${consulting.id}`, { ...fields, vinapseTenant: 'acme' }),
      await root.post('/api/companies', { ...companyBody('globex-consulting'), tenantId: world.acme.id }),
      await root.put(`/api/tenants/${globex.id}`, { name: globex.name, vinapseTenant: 'acme-robotics', version: globex.version }),
      await root.post('/api/tenants', { name: 'Squatter', vinapseTenant: 'globex' }),
    ];

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'ALREADY_IN_USE', errors: [taken] });
    }
    expect(await storedCompany(consulting.id)).toEqual(consulting);
    expect((await testApp.db.select().from(tenants).where(eq(tenants.id, globex.id)))[0]).toEqual(globex);
    const acmeLabelled = await testApp.db
      .select({ tenantId: companies.tenantId })
      .from(companies)
      .where(eq(companies.vinapseTenant, 'acme'));
    expect(acmeLabelled.every(({ tenantId }) => tenantId === world.acme.id)).toBe(true);
  });

  it("lets a company take its own tenant's label, a label of its tenant's companies, or a new one", async () => {
    const foods = (await tenantAdmin.get(`/api/companies/${world.acmeFoods.id}`)).json();
    const { id: _id, createdAt: _c, updatedAt: _u, tenant: _t, tenantId: _ti, ...fields } = foods;

    const tenantLabel = await tenantAdmin.put(`/api/companies/${world.acmeFoods.id}`, { ...fields, vinapseTenant: 'acme' });
    const siblingLabel = await tenantAdmin.put(`/api/companies/${world.acmeFoods.id}`, {
      ...fields,
      vinapseTenant: 'acme-robotics',
      version: fields.version + 1,
    });
    const fresh = await globexAdmin.post('/api/companies', companyBody(`globex-${randomBytes(3).toString('hex')}`));

    expect([tenantLabel.statusCode, siblingLabel.statusCode, fresh.statusCode]).toEqual([200, 200, 201]);
  });

  it('refuses a move of a company to another tenant while its label belongs to the company’s tenant', async () => {
    const created = await root.post('/api/companies', { ...companyBody('acme'), tenantId: world.acme.id });
    const moved = await root.put(`/api/companies/${created.json().id}`, {
      ...companyBody('acme'),
      tenantId: world.globex.id,
      version: 1,
    });

    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors).toEqual([taken]);
    expect((await storedCompany(created.json().id)).tenantId).toBe(world.acme.id);
  });

  it.each(['localhost', 'www', 'api', 'WWW'.toLowerCase(), 'admin', 'static'])(
    'refuses the reserved name %j on every write (400)',
    async (value) => {
      const { company, tenant, answers } = await writeEverywhere(value);

      for (const answer of answers) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json().errors).toEqual([
          { field: 'vinapseTenant', rule: 'videoTenantReserved', message: 'is reserved: choose another name' },
        ]);
      }
      expect(await storedCompany(company.id)).toEqual(company);
      expect((await testApp.db.select().from(tenants).where(eq(tenants.id, tenant.id)))[0]).toEqual(tenant);
    },
  );

  it('gives a label claimed by two tenants at once, 40 writes each in parallel, to one of them only', async () => {
    const [first, second] = await Promise.all([newTenant(), newTenant()]);
    const label = `race-${randomBytes(4).toString('hex')}`;
    const write = (owner: typeof first) => owner.api.post('/api/companies', companyBody(label));

    const answers = await Promise.all(Array.from({ length: 40 }, () => [write(first), write(second)]).flat());

    const labelled = await testApp.db.select({ tenantId: companies.tenantId }).from(companies).where(eq(companies.vinapseTenant, label));
    const owners = new Set(labelled.map(({ tenantId }) => tenantId));
    expect(owners.size).toBe(1);
    const winner = owners.has(first.id) ? first : second;
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(labelled.length);
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.statusCode)).toEqual(
      Array(80 - labelled.length).fill(409),
    );
    expect(labelled.length).toBeGreaterThanOrEqual(1);
    // The winner keeps adding companies with it; the other tenant never gets it, not even for its own tenant row.
    expect((await write(winner)).statusCode).toBe(201);
    const loser = winner === first ? second : first;
    expect((await write(loser)).statusCode).toBe(409);
    expect((await root.put(`/api/tenants/${loser.id}`, { name: 'Loser', vinapseTenant: label, version: 1 })).statusCode).toBe(409);
  });

  it('never uses a reserved label stored before the rule', async () => {
    const { id } = await newTenant();
    await testApp.db.update(tenants).set({ vinapseTenant: 'localhost' }).where(eq(tenants.id, id));
    const email = `reserved.${randomBytes(3).toString('hex')}@example.com`;
    await root.post('/api/users', { name: 'R', surname: 'S', email, password: 'Reserved-1-x', admin: true, scope: 'TENANT', tenantId: id });

    const login = await postLogin(testApp.app, { email, password: 'Reserved-1-x' });

    expect(login.json().vinapseConfig).toMatchObject({ enabled: false, tenantId: null, serviceUrl: null });
    expect(login.json().jwtTokens.vinapse).toBeNull();
  });
});
