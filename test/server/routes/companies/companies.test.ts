import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../../../server/db/schema';
import { demo, useTestApp } from '../../../support/server/harness';
import { allPages, assumed, auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

const validBody = { name: 'Bottega Verdi S.r.l.', taxId: 'IT12312312312', countryCode: 'IT' };

describe('companies', () => {
  let world: DemoWorld;
  let tenantAdmin: Api & { userId: string };
  let root: Api & { userId: string };
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    root = await signedIn(testApp.app, demo.root);
  });

  describe('POST /api/companies', () => {
    it("creates a company in the TENANT admin's tenant, storing empty optional texts as null", async () => {
      const response = await tenantAdmin.post('/api/companies', {
        ...validBody,
        domain: '',
        addressLine1: 'Via Verdi 3',
        email: 'info@verdi.example.com',
        phone: null,
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.any(String),
        version: 1,
        tenantId: world.acme.id,
        tenant: { id: world.acme.id, name: 'Acme Learning' },
        ...validBody,
        domain: null,
        vinapseTenant: null,
        addressLine1: 'Via Verdi 3',
        addressLine2: null,
        postalCode: null,
        city: null,
        region: null,
        phone: null,
        email: 'info@verdi.example.com',
      });
    });

    it('lets a GLOBAL admin choose the tenant, which is then required and must exist', async () => {
      const created = await root.post('/api/companies', { ...validBody, tenantId: world.globex.id });
      const missing = await root.post('/api/companies', validBody);
      const unknown = await root.post('/api/companies', { ...validBody, tenantId: '00000000-0000-4000-8000-000000000000' });

      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ tenantId: world.globex.id, tenant: { name: 'Globex Academy' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ field: 'tenantId', rule: 'required', message: 'is required' }]);
      expect(unknown.json().errors).toEqual([{ field: 'tenantId', rule: 'notFound', message: 'not found' }]);
    });

    it('refuses a tenantId from anyone but GLOBAL, even their own', async () => {
      const response = await tenantAdmin.post('/api/companies', { ...validBody, tenantId: world.acme.id });

      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'tenantId', rule: 'notAllowed', message: 'not allowed' }]);
    });

    it.each([
      ['missing required fields', {}, ['name', 'taxId', 'countryCode']],
      ['an unknown field', { ...validBody, vatRate: 22 }, ['vatRate']],
      ['a wrongly typed field', { ...validBody, name: 42 }, ['name']],
      ['a blank name', { ...validBody, name: '   ' }, ['name']],
      ['a malformed email', { ...validBody, email: 'info-at-verdi' }, ['email']],
      ['a lower-case country code', { ...validBody, countryCode: 'it' }, ['countryCode']],
      ['an unassigned country code', { ...validBody, countryCode: 'XX' }, ['countryCode']],
      ['a three-letter country code', { ...validBody, countryCode: 'ITA' }, ['countryCode']],
    ])('answers 400 with field errors for %s', async (_label, body, fields) => {
      const response = await tenantAdmin.post('/api/companies', body);

      expect(response.statusCode).toBe(400);
      expect([...new Set(response.json().errors.map((error: { field: string }) => error.field))]).toEqual(fields);
    });
  });

  describe('PUT /api/companies/:id', () => {
    it('saves the fields, bumps the version and audits the changed field names only', async () => {
      const { id } = (await tenantAdmin.post('/api/companies', { ...validBody, city: 'Parma' })).json();

      const response = await tenantAdmin.put(`/api/companies/${id}`, { ...validBody, name: 'Bottega Verdi S.p.A.', version: 1 });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Bottega Verdi S.p.A.', city: 'Parma', version: 2 });
      const [, updated] = await auditEntriesFor(testApp.db, [id]);
      expect(updated).toMatchObject({ action: 'UPDATE', entity: 'company', details: { changed: ['name'] } });
    });

    it('answers 409 on a stale version and writes nothing', async () => {
      const { id } = (await tenantAdmin.post('/api/companies', validBody)).json();
      await tenantAdmin.put(`/api/companies/${id}`, { ...validBody, city: 'Lecce', version: 1 });

      const stale = await tenantAdmin.put(`/api/companies/${id}`, { ...validBody, city: 'Bari', version: 1 });

      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ errors: [{ field: 'version', rule: 'stale', message: 'changed by someone else' }] });
      const [stored] = await testApp.db.select().from(companies).where(eq(companies.id, id));
      expect(stored).toMatchObject({ city: 'Lecce', version: 2 });
      expect((await auditEntriesFor(testApp.db, [id])).map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    });

    it('lets exactly one of two concurrent saves of the same version win', async () => {
      const { id } = (await tenantAdmin.post('/api/companies', validBody)).json();

      const saves = await Promise.all(
        ['Ancona', 'Pesaro'].map((city) => tenantAdmin.put(`/api/companies/${id}`, { ...validBody, city, version: 1 })),
      );

      expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 409]);
      const [stored] = await testApp.db.select().from(companies).where(eq(companies.id, id));
      expect(stored?.version).toBe(2);
    });

    it('lets a GLOBAL admin move a company to another tenant only while nothing depends on it', async () => {
      const empty = (await root.post('/api/companies', { ...validBody, tenantId: world.acme.id })).json();

      const moved = await root.put(`/api/companies/${empty.id}`, { ...validBody, tenantId: world.globex.id, version: 1 });
      const withUsers = await root.put(`/api/companies/${world.globexEnergy.id}`, {
        ...validBody,
        tenantId: world.acme.id,
        version: world.globexEnergy.version,
      });

      expect(moved.json()).toMatchObject({ tenantId: world.globex.id, version: 2 });
      expect(withUsers.statusCode).toBe(409);
      const [stored] = await testApp.db.select().from(companies).where(eq(companies.id, world.globexEnergy.id));
      expect(stored).toMatchObject({ tenantId: world.globex.id, version: world.globexEnergy.version });
    });

    it('requires the version', async () => {
      const response = await tenantAdmin.put(`/api/companies/${world.acmeRobotics.id}`, validBody);

      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'version', rule: 'required', message: 'is required' }]);
    });
  });

  describe('DELETE /api/companies/:id', () => {
    it('deletes a company without users, contents or plans, and audits it', async () => {
      const { id } = (await tenantAdmin.post('/api/companies', validBody)).json();

      const response = await tenantAdmin.delete(`/api/companies/${id}`);

      expect(response.statusCode).toBe(204);
      expect((await tenantAdmin.get(`/api/companies/${id}`)).statusCode).toBe(404);
      const [, deleted] = await auditEntriesFor(testApp.db, [id]);
      expect(deleted).toMatchObject({ action: 'DELETE', entity: 'company', tenantId: world.acme.id, companyId: id });
    });

    it('refuses with 409 while the company has users, and deletes nothing', async () => {
      const response = await tenantAdmin.delete(`/api/companies/${world.acmeFoods.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/users/);
      expect(await testApp.db.select().from(companies).where(eq(companies.id, world.acmeFoods.id))).toHaveLength(1);
      expect(await auditEntriesFor(testApp.db, [world.acmeFoods.id])).toEqual([]);
    });

    it('refuses with 409 while the company has contents or plans', async () => {
      const robotics = world.acmeRobotics.id;
      await testApp.db.delete(users).where(eq(users.companyId, robotics));

      const response = await root.delete(`/api/companies/${robotics}`);

      expect(response.statusCode).toBe(409);
    });
  });

  describe('GET /api/companies', () => {
    it('filters by tenant for GLOBAL and ignores the filter for a TENANT admin', async () => {
      const globexOnly = await allPages<{ tenantId: string }>(root, `/api/companies?tenantId=${world.globex.id}`);
      const tenantView = await allPages<{ tenantId: string }>(tenantAdmin, `/api/companies?tenantId=${world.globex.id}`);

      expect(globexOnly.length).toBeGreaterThan(0);
      expect(new Set(globexOnly.map((company) => company.tenantId))).toEqual(new Set([world.globex.id]));
      expect(new Set(tenantView.map((company) => company.tenantId))).toEqual(new Set([world.acme.id]));
    });

    it('searches the first address line too', async () => {
      const response = await tenantAdmin.get('/api/companies?search=corso%20vittorio');

      expect(response.json()).toMatchObject({ total: 1, items: [{ name: 'Acme Foods S.r.l.' }] });
    });

    it('has enough demo companies in the demo tenant to page', async () => {
      const firstPage = (await tenantAdmin.get('/api/companies')).json();

      expect(firstPage.items).toHaveLength(10);
      expect(firstPage.total).toBeGreaterThanOrEqual(12);
    });
  });

  it('records the real actor and the assumed tenant when a GLOBAL admin acts inside a tenant', async () => {
    const inAcme = await assumed(testApp.app, world.acme.id);

    const { id } = (await inAcme.post('/api/companies', validBody)).json();

    const [created] = await auditEntriesFor(testApp.db, [id]);
    expect(created).toMatchObject({
      action: 'CREATE',
      entity: 'company',
      actorUserId: world.root.id,
      assumedTenantId: world.acme.id,
      tenantId: world.acme.id,
      companyId: id,
      details: { changed: expect.arrayContaining(['name', 'taxId', 'countryCode', 'tenantId']) },
    });
  });
});
