import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, contentTopics, topics } from '../../../../server/db/schema';
import { created } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { assumed, auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

describe('topics', () => {
  let world: DemoWorld;
  let companyAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });

  it("creates a topic in the COMPANY admin's company, PENDING and black by default, and audits it", async () => {
    const response = await companyAdmin.post('/api/topics', { name: 'Quality' });

    expect(response.statusCode).toBe(201);
    const topic = response.json();
    expect(topic).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      name: 'Quality',
      color: '#000000',
      status: 'PENDING',
      companyId: world.acmeRobotics.id,
      tenantId: world.acme.id,
    });
    const [entry] = await auditEntriesFor(testApp.db, [topic.id]);
    expect(entry).toMatchObject({
      action: 'CREATE',
      entity: 'topic',
      companyId: world.acmeRobotics.id,
      tenantId: world.acme.id,
      details: { changed: expect.arrayContaining(['name', 'companyId', 'tenantId']) },
    });
  });

  it('stores the colour in upper case', async () => {
    const topic = created(await companyAdmin.post('/api/topics', { name: 'Ethics', color: '#a1b2c3', status: 'ACTIVE' }));

    expect(topic).toMatchObject({ color: '#A1B2C3', status: 'ACTIVE' });
  });

  it.each([
    ['no name', { color: '#000000' }, ['name']],
    ['a blank name', { name: '  ' }, ['name']],
    ['a colour name', { name: 'Red', color: 'red' }, ['color']],
    ['a short hex colour', { name: 'Red', color: '#f00' }, ['color']],
    ['a colour that is not hex', { name: 'Red', color: '#GG0000' }, ['color']],
    ['an unknown status', { name: 'Red', status: 'ARCHIVED' }, ['status']],
    ['an owner company', { name: 'Red', companyId: '00000000-0000-4000-8000-000000000000' }, ['companyId']],
    ['an owner tenant', { name: 'Red', tenantId: '00000000-0000-4000-8000-000000000000' }, ['tenantId']],
  ])('answers 400 for %s', async (_label, body, fields) => {
    const response = await companyAdmin.post('/api/topics', body);

    expect(response.statusCode).toBe(400);
    expect([...new Set(response.json().errors.map((error: { field: string }) => error.field))]).toEqual(fields);
  });

  it('updates with the version the form loaded, keeps omitted optional fields, and refuses a stale version', async () => {
    const topic = created(await companyAdmin.post('/api/topics', { name: 'Sales', color: '#00FF00', status: 'ACTIVE' }));

    const renamed = await companyAdmin.put(`/api/topics/${topic.id}`, { name: 'Sales & marketing', version: 1 });
    const stale = await companyAdmin.put(`/api/topics/${topic.id}`, { name: 'Marketing', version: 1 });
    const withoutName = await companyAdmin.put(`/api/topics/${topic.id}`, { color: '#FF0000', version: 2 });

    expect(renamed.json()).toMatchObject({ name: 'Sales & marketing', color: '#00FF00', status: 'ACTIVE', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([{ field: 'version', rule: 'stale', message: 'changed by someone else' }]);
    expect(withoutName.statusCode).toBe(400);
    const [stored] = await testApp.db.select().from(topics).where(eq(topics.id, topic.id));
    expect(stored).toMatchObject({ name: 'Sales & marketing', version: 2 });
    expect((await auditEntriesFor(testApp.db, [topic.id])).map((entry) => [entry.action, entry.details])).toEqual([
      ['CREATE', expect.anything()],
      ['UPDATE', { changed: ['name'] }],
    ]);
  });

  it('deletes a topic, removing it from its contents but never the contents', async () => {
    const topic = created(await companyAdmin.post('/api/topics', { name: 'Short-lived' }));
    const content = created(await companyAdmin.post('/api/contents', { title: 'Tagged', topicIds: [topic.id] }));

    const response = await companyAdmin.delete(`/api/topics/${topic.id}`);

    expect(response.statusCode).toBe(204);
    expect((await companyAdmin.get(`/api/topics/${topic.id}`)).statusCode).toBe(404);
    expect(await testApp.db.select().from(contentTopics).where(eq(contentTopics.topicId, topic.id))).toEqual([]);
    expect(await testApp.db.select().from(contents).where(eq(contents.id, content.id))).toHaveLength(1);
    expect((await companyAdmin.get(`/api/contents/${content.id}`)).json()).toMatchObject({ topicIds: [], topics: [] });
    expect((await auditEntriesFor(testApp.db, [topic.id])).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
  });

  it('lists the demo topics with their colours, searching by name', async () => {
    const all = (await companyAdmin.get('/api/topics?sortBy=name&pageSize=100')).json();
    const searched = (await companyAdmin.get('/api/topics?search=SAF')).json();

    expect(all.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Safety', color: '#D32F2F', status: 'ACTIVE' }),
        expect.objectContaining({ name: 'Leadership', color: '#388E3C', status: 'PENDING' }),
      ]),
    );
    expect(searched).toMatchObject({ total: 1, items: [{ name: 'Safety' }] });
  });

  it.each([
    ['a GLOBAL', () => signedIn(testApp.app, demo.root)],
    ['a TENANT', () => signedIn(testApp.app, demo.tenantAdmin)],
    ['an assumed TENANT', () => assumed(testApp.app, world.acme.id)],
  ])('is forbidden to %s session, which has no company', async (_label, session) => {
    const api = await session();

    expect((await api.get('/api/topics')).statusCode).toBe(403);
    expect((await api.post('/api/topics', { name: 'Nope' })).statusCode).toBe(403);
  });
});
