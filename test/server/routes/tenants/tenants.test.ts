import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../../../server/db/schema';
import { demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

describe('tenants', () => {
  let world: DemoWorld;
  let root: Api;
  let tenantAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
  });

  it('lets a GLOBAL admin create a tenant, storing empty optional texts as null', async () => {
    const response = await root.post('/api/tenants', {
      name: 'Initech Campus',
      url: 'https://initech.example.com/learn',
      domainName: '',
      description: null,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      name: 'Initech Campus',
      domainName: null,
      vinapseTenant: null,
      description: null,
      url: 'https://initech.example.com/learn',
    });
    const [created] = await auditEntriesFor(testApp.db, [response.json().id]);
    expect(created).toMatchObject({ action: 'CREATE', entity: 'tenant', tenantId: response.json().id, companyId: null });
  });

  it.each([
    ['no name', { url: 'https://a.example.com' }, { field: 'name', rule: 'required', message: 'is required' }],
    ['an ftp url', { name: 'Initech', url: 'ftp://initech.example.com' }, { field: 'url', rule: 'pattern', message: expect.any(String) }],
    [
      'a url without scheme',
      { name: 'Initech', url: 'initech.example.com' },
      { field: 'url', rule: 'format', params: { format: 'uri' }, message: expect.any(String) },
    ],
    [
      'a url that is not one',
      { name: 'Initech', url: 'http//initech' },
      { field: 'url', rule: 'format', params: { format: 'uri' }, message: expect.any(String) },
    ],
    ['an unknown field', { name: 'Initech', plan: 'gold' }, { field: 'plan', rule: 'notAllowed', message: 'is not allowed' }],
  ])('answers 400 for %s', async (_label, body, fieldError) => {
    const response = await root.post('/api/tenants', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([fieldError]);
  });

  it('updates with the loaded version, keeps omitted fields, and refuses a stale one', async () => {
    const { id } = (await root.post('/api/tenants', { name: 'Vandelay Learning', url: 'http://vandelay.example.com' })).json();

    const saved = await root.put(`/api/tenants/${id}`, { name: 'Vandelay Industries Learning', version: 1 });
    const stale = await root.put(`/api/tenants/${id}`, { name: 'Lost update', version: 1 });

    expect(saved.json()).toMatchObject({ name: 'Vandelay Industries Learning', url: 'http://vandelay.example.com', version: 2 });
    expect(stale.statusCode).toBe(409);
    const [stored] = await testApp.db.select().from(tenants).where(eq(tenants.id, id));
    expect(stored).toMatchObject({ name: 'Vandelay Industries Learning', version: 2 });
  });

  it('shows a TENANT admin its own tenant only, read-only', async () => {
    const list = (await tenantAdmin.get('/api/tenants')).json();
    const own = await tenantAdmin.get(`/api/tenants/${world.acme.id}`);
    const create = await tenantAdmin.post('/api/tenants', { name: 'Mine' });
    const update = await tenantAdmin.put(`/api/tenants/${world.acme.id}`, { name: 'Acme', version: 1 });

    expect(list).toMatchObject({ total: 1, items: [{ id: world.acme.id }] });
    expect(own.statusCode).toBe(200);
    expect([create.statusCode, update.statusCode]).toEqual([403, 403]);
  });

  it('searches the url too, and cannot be deleted', async () => {
    const found = (await root.get('/api/tenants?search=GLOBEX.example')).json();
    const deletion = await root.delete(`/api/tenants/${world.globex.id}`);

    expect(found.items.map((tenant: { name: string }) => tenant.name)).toEqual(['Globex Academy']);
    expect(deletion.statusCode).toBe(404);
  });
});
