import { beforeAll, describe, expect, it } from 'vitest';
import { demo, signIn, useTestApp } from '../../../support/server/harness';
import { apiAs, assumed, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

/** The statements the app sends: the page of the log reads its records' names in its own query. */
const statements: string[] = [];
const testApp = useTestApp({}, { logQuery: (query) => void statements.push(query) });

interface Entry {
  id: string;
  at: string;
  action: string;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  actor: { id: string; name: string; email: string; scope: string } | null;
  system: string | null;
  assumedTenant: { id: string; name: string } | null;
  tenant: { id: string; name: string } | null;
  company: { id: string; name: string } | null;
  changed: string[];
}

const page = async (api: Api, query: string) => {
  const response = await api.get(`/api/activity?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Entry[]; total: number }>();
};

describe('GET /api/activity', () => {
  let world: DemoWorld;
  let root: Api & { userId: string };
  let tenantAdmin: Api & { userId: string };
  let globexAdmin: Api & { userId: string };
  let companyAdmin: Api & { userId: string };
  let companyId: string;

  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    globexAdmin = await signedIn(testApp.app, demo.globexAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    const created = await tenantAdmin.post('/api/companies', { name: 'History Srl', taxId: 'IT1', countryCode: 'IT' });
    companyId = created.json<{ id: string }>().id;
    const renamed = await tenantAdmin.put(`/api/companies/${companyId}`, {
      name: 'History Spa',
      taxId: 'IT1',
      countryCode: 'IT',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const asAcme = await assumed(testApp.app, world.acme.id);
    const again = await asAcme.put(`/api/companies/${companyId}`, {
      city: 'Torino',
      name: 'History Spa',
      taxId: 'IT1',
      countryCode: 'IT',
      version: 2,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("tells a record's history, newest first: who, what fields, when, and the tenant a GLOBAL admin assumed", async () => {
    const history = await page(tenantAdmin, `entity=company&entityId=${companyId}`);

    expect(history.total).toBe(3);
    expect(history.items.map((entry) => [entry.action, entry.changed])).toEqual([
      ['UPDATE', ['city']],
      ['UPDATE', ['name']],
      ['CREATE', expect.arrayContaining(['name', 'taxId', 'countryCode', 'tenantId'])],
    ]);
    expect(history.items[0]).toMatchObject({
      actor: { id: root.userId, name: `${world.root.name} ${world.root.surname}`, email: demo.root, scope: 'GLOBAL' },
      assumedTenant: { id: world.acme.id, name: 'Acme Learning' },
      tenant: { id: world.acme.id, name: 'Acme Learning' },
      company: { id: companyId, name: 'History Spa' },
    });
    expect(history.items[1]).toMatchObject({
      actor: { id: tenantAdmin.userId, email: demo.tenantAdmin, scope: 'TENANT' },
      assumedTenant: null,
    });
    const times = history.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  // The GLOBAL admin's user row is outside a TENANT admin's reach (row-level security): the row keeps its actor.
  it("names a GLOBAL admin who assumed the tenant to that tenant's admin, and to the GLOBAL admin assuming it again", async () => {
    const asAcme = await assumed(testApp.app, world.acme.id);
    const seenByTenant = (await page(tenantAdmin, `entity=company&entityId=${companyId}&action=UPDATE`)).items[0]!;
    const seenAssuming = (await page(asAcme, `entity=company&entityId=${companyId}&action=UPDATE`)).items[0]!;
    const rootUsers = await tenantAdmin.get(`/api/users/${root.userId}`);

    expect([403, 404], 'the GLOBAL admin is not a user the tenant admin may see').toContain(rootUsers.statusCode);
    for (const entry of [seenByTenant, seenAssuming]) {
      expect(entry).toMatchObject({
        actor: { id: root.userId, name: `${world.root.name} ${world.root.surname}`, email: demo.root, scope: 'GLOBAL' },
        assumedTenant: { id: world.acme.id, name: 'Acme Learning' },
        system: null,
      });
    }
    // Found by the name it had, which the tenant admin could not look up in users.
    expect(
      (await page(tenantAdmin, `search=${encodeURIComponent(`${world.root.name} ${world.root.surname}`)}&entityId=${companyId}`)).total,
    ).toBe(1);
  });

  it('still names an actor after the user is deleted, as they were when they acted', async () => {
    const email = `history.${Date.now()}@example.com`;
    const created = await tenantAdmin.post('/api/users', {
      name: 'Gone',
      surname: 'Later',
      email,
      password: 'Gone-Later-2026!',
      scope: 'TENANT',
      admin: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const gone = apiAs(testApp.app, (await signIn(testApp.app, email, 'Gone-Later-2026!')).token);
    const company = await gone.post('/api/companies', { name: 'Left Behind Srl', taxId: 'IT2', countryCode: 'IT' });
    expect(company.statusCode, company.body).toBe(201);
    const deleted = await tenantAdmin.delete(`/api/users/${created.json<{ id: string }>().id}`);
    expect(deleted.statusCode).toBe(204);

    const history = await page(tenantAdmin, `entity=company&entityId=${company.json<{ id: string }>().id}`);

    expect(history.items).toHaveLength(1);
    expect(history.items[0]!.actor).toEqual({ id: created.json<{ id: string }>().id, name: 'Gone Later', email, scope: 'TENANT' });
  });

  it('never shows a password or its hash, only that it changed', async () => {
    const created = await tenantAdmin.post('/api/users', {
      name: 'Pat',
      surname: 'Secret',
      email: 'pat.secret@example.com',
      password: 'Very-Secret-2026!',
      scope: 'TENANT',
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await tenantAdmin.get(`/api/activity?entity=user&entityId=${created.json<{ id: string }>().id}`);

    expect(response.json<{ items: Entry[] }>().items[0]!.changed).toContain('password');
    expect(response.body).not.toMatch(/Very-Secret|argon2|passwordHash/);
  });

  it('keeps a TENANT admin inside its tenant and a COMPANY admin inside its company; GLOBAL sees everything', async () => {
    const globex = await page(globexAdmin, `entity=company&entityId=${companyId}`);
    const everything = await page(globexAdmin, 'pageSize=100');
    const rootView = await page(root, `entity=company&entityId=${companyId}`);
    const ownUser = await companyAdmin.post('/api/users', {
      name: 'Own',
      surname: 'Learner',
      email: 'own.learner@example.com',
      scope: 'COMPANY',
    });
    expect(ownUser.statusCode, ownUser.body).toBe(201);
    const company = await page(companyAdmin, `entity=user&entityId=${ownUser.json<{ id: string }>().id}`);
    const foreignRecord = await page(companyAdmin, `entity=company&entityId=${companyId}`);

    expect(globex.total).toBe(0);
    expect(everything.items.every((entry) => entry.tenant?.id === world.globex.id)).toBe(true);
    expect(rootView.total).toBe(3);
    expect(company.items.map((entry) => [entry.action, entry.company?.id])).toEqual([['CREATE', world.acmeRobotics.id]]);
    expect(foreignRecord.total).toBe(0);
  });

  // The Activity page is for GLOBAL and TENANT admins; a COMPANY admin reads one record's History at a time.
  it('names every audited record that has a name, in the one query of the page, and none once it is deleted', async () => {
    // The catalogue and delivery are a company's: its admin writes them; the tenant's admin reads the log.
    const created = async (path: string, body: object, api: Api = companyAdmin) => {
      const response = await api.post(`/api/${path}`, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const ids = {
      user: await created(
        'users',
        {
          name: 'Nadia',
          surname: 'Named',
          email: 'nadia.named@example.com',
          password: 'Named-in-the-log-1',
          scope: 'TENANT',
        },
        tenantAdmin,
      ),
      topic: await created('topics', { name: 'Named topic' }),
      group: await created('groups', { name: 'Named group' }),
      'training plan': await created('training-plans', { name: 'Named plan' }),
    };
    const gone = await created('topics', { name: 'Gone topic' });
    expect((await companyAdmin.delete(`/api/topics/${gone}`)).statusCode).toBe(204);

    statements.length = 0;
    const log = await page(tenantAdmin, 'action=CREATE&pageSize=100');
    const named = (entity: string, id: string) => log.items.find((entry) => entry.entity === entity && entry.entityId === id)?.entityName;
    expect(named('user', ids.user)).toBe('Nadia Named');
    expect(named('topic', ids.topic)).toBe('Named topic');
    expect(named('group', ids.group)).toBe('Named group');
    expect(named('training plan', ids['training plan'])).toBe('Named plan');
    expect(named('company', companyId)).toBe('History Spa');
    expect(named('topic', gone)).toBeNull();
    expect(statements.filter((statement) => /\bfrom "audit_log"/i.test(statement) && !/count\(/i.test(statement))).toHaveLength(1);
  });

  it('refuses a COMPANY admin the whole log: 403 without an entity and its id', async () => {
    const whole = await companyAdmin.get('/api/activity');
    const entityOnly = await companyAdmin.get('/api/activity?entity=user');
    const idOnly = await companyAdmin.get(`/api/activity?entityId=${companyAdmin.userId}`);

    expect([whole.statusCode, entityOnly.statusCode, idOnly.statusCode]).toEqual([403, 403, 403]);
    expect(whole.json()).toMatchObject({ code: 'ACTIVITY_RECORD_REQUIRED' });
  });

  it('filters by entity and action together, as the Activity page asks', async () => {
    const companyUpdates = await page(tenantAdmin, 'entity=company&action=UPDATE&pageSize=100');
    const userCreates = await page(tenantAdmin, 'entity=user&action=CREATE&pageSize=100');
    const sessions = await page(tenantAdmin, 'entity=session&pageSize=100');

    expect(companyUpdates.items.length).toBeGreaterThanOrEqual(2);
    expect(companyUpdates.items.every((entry) => entry.entity === 'company' && entry.action === 'UPDATE')).toBe(true);
    expect(companyUpdates.items.map((entry) => entry.entityId)).toContain(companyId);
    expect(userCreates.items.length).toBeGreaterThan(0);
    expect(userCreates.items.every((entry) => entry.entity === 'user' && entry.action === 'CREATE')).toBe(true);
    expect(sessions.items.every((entry) => entry.entity === 'session' && ['LOGIN', 'LOGOUT', 'ASSUME'].includes(entry.action))).toBe(true);
    expect(sessions.total).toBeGreaterThan(0);
  });

  it("filters by part of the actor's name or email as the row kept it, wildcards taken literally", async () => {
    const byEmail = await page(tenantAdmin, `actor=${encodeURIComponent('root@example')}&entityId=${companyId}`);
    const byName = await page(tenantAdmin, `actor=${encodeURIComponent(world.tenantAdmin.name)}&entity=company&entityId=${companyId}`);
    const wildcard = await page(tenantAdmin, `actor=${encodeURIComponent('%')}&entityId=${companyId}`);

    expect(byEmail.items.map((entry) => entry.actor?.email)).toEqual([demo.root]);
    expect(byName.items.every((entry) => entry.actor?.email === demo.tenantAdmin)).toBe(true);
    expect(byName.total).toBe(2);
    expect(wildcard.total).toBe(0);
  });

  it('keeps a date range: from inclusive, to exclusive', async () => {
    const all = await page(tenantAdmin, `entity=company&entityId=${companyId}`);
    const [newest, middle] = all.items;
    const range = `from=${encodeURIComponent(middle!.at)}&to=${encodeURIComponent(newest!.at)}`;

    const inRange = await page(tenantAdmin, `entity=company&entityId=${companyId}&${range}`);

    expect(inRange.items.map((entry) => entry.id)).toEqual([middle!.id]);
  });

  it('filters by actor, action and date range, and searches by actor', async () => {
    const byRoot = await page(tenantAdmin, `actorId=${root.userId}&entity=company&pageSize=100`);
    const creates = await page(tenantAdmin, `action=CREATE&entityId=${companyId}`);
    const future = await page(tenantAdmin, `from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    const past = await page(tenantAdmin, `to=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    const searched = await page(tenantAdmin, `search=tenant.admin&entityId=${companyId}`);

    expect(byRoot.items.map((entry) => entry.entityId)).toEqual([companyId]);
    expect(creates.items.map((entry) => entry.action)).toEqual(['CREATE']);
    expect([future.total, past.total]).toEqual([0, 0]);
    expect(searched.items.map((entry) => entry.changed)).toEqual([['name'], expect.any(Array)]);
  });

  it('answers 401 unsigned and 400 with a code and the field for bad filters, never 500', async () => {
    const unsigned = await testApp.app.inject({ method: 'GET', url: '/api/activity' });
    const bad = {
      action: await tenantAdmin.get('/api/activity?action=EXPLODE'),
      entity: await tenantAdmin.get('/api/activity?entity=spaceship'),
      from: await tenantAdmin.get('/api/activity?from=yesterday'),
      to: await tenantAdmin.get('/api/activity?to=2026-13-45T00:00:00Z'),
      entityId: await tenantAdmin.get('/api/activity?entityId=42'),
      range: await tenantAdmin.get(
        `/api/activity?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
      ),
    };

    expect(unsigned.statusCode).toBe(401);
    const answers = Object.entries(bad).map(([name, response]) => {
      const body = response.json<{ code: string; errors?: { field: string; rule: string }[] }>();
      return [name, response.statusCode, body.code, body.errors?.some((error) => error.field.endsWith(name === 'range' ? 'to' : name))];
    });
    expect(answers).toEqual(Object.keys(bad).map((name) => [name, 400, 'VALIDATION_FAILED', true]));
    expect(bad.range.json<{ errors: { rule: string }[] }>().errors[0]!.rule).toBe('afterFrom');
  });
});
