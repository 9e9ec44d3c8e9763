import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedViewsPerList } from '../../../../contract/saved-view-rules';
import { auditLog, savedViews } from '../../../../server/db/schema';
import { demo, useTestApp } from '../../../support/server/harness';
import { assumed, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// Saved views (issue 29): each user's own names for a list's address.
const testApp = useTestApp();
let world: DemoWorld;
let tenantAdmin: Api;
let companyAdmin: Api;
let root: Api;

interface View {
  id: string;
  list: string;
  name: string;
  query: string;
}

const viewsOf = async (api: Api, list: string) => {
  const answer = await api.get(`/api/saved-views?list=${encodeURIComponent(list)}`);
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: View[] }>().items;
};

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
  companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  root = await signedIn(testApp.app, demo.root);
});

describe('saved views', () => {
  it('saves a list address under a trimmed name, without its page, lists it by name, renames it and deletes it', async () => {
    const saved = await tenantAdmin.post('/api/saved-views', {
      list: '/users',
      name: '  Disabled of Robotics  ',
      query: '?page=4&sortBy=surname&sortOrder=desc&search=caf%C3%A9+bar&companyId=c1&unknown=kept',
    });
    expect(saved.statusCode).toBe(201);
    const view = saved.json<View>();
    expect(view).toEqual({
      id: expect.any(String),
      list: '/users',
      name: 'Disabled of Robotics',
      query: 'sortBy=surname&sortOrder=desc&search=caf%C3%A9+bar&companyId=c1&unknown=kept',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new URLSearchParams(view.query).get('search')).toBe('café bar');
    await tenantAdmin.post('/api/saved-views', { list: '/users', name: 'active', query: 'search=a' });
    await tenantAdmin.post('/api/saved-views', { list: '/companies', name: 'Other list', query: '' });

    expect((await viewsOf(tenantAdmin, '/users')).map((item) => item.name)).toEqual(['active', 'Disabled of Robotics']);
    expect((await viewsOf(tenantAdmin, '/companies')).map((item) => item.name)).toEqual(['Other list']);
    // Without a list: every view of the caller, by list then name.
    const every = await tenantAdmin.get('/api/saved-views');
    expect(every.statusCode).toBe(200);
    expect(every.json<{ items: View[] }>().items.map((item) => `${item.list} ${item.name}`)).toEqual([
      '/companies Other list',
      '/users active',
      '/users Disabled of Robotics',
    ]);

    const renamed = await tenantAdmin.put(`/api/saved-views/${view.id}`, { name: 'Robotics, disabled', query: 'page=2&search=x' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: view.id, name: 'Robotics, disabled', query: 'search=x' });

    expect((await tenantAdmin.delete(`/api/saved-views/${view.id}`)).statusCode).toBe(204);
    expect((await tenantAdmin.delete(`/api/saved-views/${view.id}`)).json()).toMatchObject({
      statusCode: 404,
      code: 'SAVED_VIEW_NOT_FOUND',
    });
    expect((await viewsOf(tenantAdmin, '/users')).map((item) => item.name)).toEqual(['active']);
  });

  it('refuses a name the list already has, whatever its case or spaces, with a clear 409; another list may use it', async () => {
    const first = await companyAdmin.post('/api/saved-views', { list: '/topics', name: 'Drafts', query: 'status=DRAFT' });
    expect(first.statusCode).toBe(201);
    const again = await companyAdmin.post('/api/saved-views', { list: '/topics', name: ' drafts ', query: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SAVED_VIEW_NAME_TAKEN',
      message: 'A view named "drafts" already exists for this list: choose another name',
      errors: [{ field: 'name', rule: 'unique' }],
    });
    expect((await companyAdmin.post('/api/saved-views', { list: '/contents', name: 'Drafts', query: '' })).statusCode).toBe(201);

    const other = (await companyAdmin.post('/api/saved-views', { list: '/topics', name: 'Published', query: '' })).json<View>();
    const rename = await companyAdmin.put(`/api/saved-views/${other.id}`, { name: 'DRAFTS' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ code: 'SAVED_VIEW_NAME_TAKEN' });
    // Its own name in another case is no clash.
    expect((await companyAdmin.put(`/api/saved-views/${other.id}`, { name: 'published' })).statusCode).toBe(200);
  });

  it.each([
    ['an empty name', { list: '/users', name: '   ', query: '' }, 'name'],
    ['a name too long', { list: '/users', name: 'x'.repeat(101), query: '' }, 'name'],
    ['a list that is no path', { list: 'users', name: 'x', query: '' }, 'list'],
    ['a list with a query', { list: '/users?x=1', name: 'x', query: '' }, 'list'],
    ['a list going up', { list: '/users/../tenants', name: 'x', query: '' }, 'list'],
    ['a huge query', { list: '/users', name: 'x', query: `search=${'a'.repeat(2001)}` }, 'query'],
    ['a control character in the query', { list: '/users', name: 'x', query: 'search=a\u0007b' }, 'query'],
    ['a NUL in the name', { list: '/users', name: 'a\u0000b', query: '' }, 'name'],
    ['no query', { list: '/users', name: 'x' }, 'query'],
    ['an unknown field', { list: '/users', name: 'x', query: '', userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const answer = await tenantAdmin.post('/api/saved-views', body);
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(field);
  });

  it('keeps a unicode name as typed', async () => {
    const answer = await tenantAdmin.post('/api/saved-views', { list: '/tenants', name: 'Società 🇮🇹 «nuove»', query: 'search=%E2%9C%93' });
    expect(answer.statusCode).toBe(201);
    expect((await viewsOf(tenantAdmin, '/tenants')).map((view) => view.name)).toContain('Società 🇮🇹 «nuove»');
  });

  it(`keeps at most ${savedViewsPerList} views per list, counted under 100 parallel saves`, async () => {
    const learnerList = '/groups';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        companyAdmin.post('/api/saved-views', { list: learnerList, name: `view ${index}`, query: '' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(savedViewsPerList);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100 - savedViewsPerList);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      code: 'SAVED_VIEW_LIMIT',
      message: `This list has ${savedViewsPerList} saved views already: delete one to save another`,
    });
    expect(await viewsOf(companyAdmin, learnerList)).toHaveLength(savedViewsPerList);
    // Another list has its own room.
    expect((await companyAdmin.post('/api/saved-views', { list: '/quizzes', name: 'view 0', query: '' })).statusCode).toBe(201);
  });

  it('saves one view of a name under 100 parallel saves of it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        root.post('/api/saved-views', { list: '/activity', name: index % 2 ? 'Logins' : 'LOGINS', query: '' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().code === 'SAVED_VIEW_NAME_TAKEN')).toBe(
      true,
    );
    expect(await viewsOf(root, '/activity')).toHaveLength(1);
  });

  it("is private: another user's view is not found, not listed, not renamed, not deleted", async () => {
    const mine = (await tenantAdmin.post('/api/saved-views', { list: '/contents', name: 'Mine', query: 'search=x' })).json<View>();
    const otherTenantAdmin = await signedIn(testApp.app, demo.globexAdmin);

    for (const other of [companyAdmin, root, otherTenantAdmin]) {
      expect((await viewsOf(other, '/contents')).map((view) => view.id)).not.toContain(mine.id);
      expect((await other.put(`/api/saved-views/${mine.id}`, { name: 'Taken over' })).statusCode).toBe(404);
      expect((await other.delete(`/api/saved-views/${mine.id}`)).statusCode).toBe(404);
    }
    const [stored] = await testApp.db.select().from(savedViews).where(eq(savedViews.id, mine.id));
    expect(stored).toMatchObject({ name: 'Mine', userId: world.tenantAdmin.id });
  });

  it("keeps a GLOBAL admin's views of an assumed tenant with that tenant", async () => {
    const inAcme = await assumed(testApp.app, world.acme.id);
    const saved = (
      await inAcme.post('/api/saved-views', { list: '/companies', name: 'Acme companies', query: 'search=acme' })
    ).json<View>();
    const [stored] = await testApp.db.select().from(savedViews).where(eq(savedViews.id, saved.id));
    expect(stored).toMatchObject({ userId: world.root.id, tenantId: world.acme.id, companyId: null });

    expect((await viewsOf(inAcme, '/companies')).map((view) => view.name)).toEqual(['Acme companies']);
    expect((await viewsOf(root, '/companies')).map((view) => view.name)).toEqual([]);
    expect((await viewsOf(await assumed(testApp.app, world.globex.id), '/companies')).map((view) => view.name)).toEqual([]);
    expect((await viewsOf(tenantAdmin, '/companies')).map((view) => view.name)).not.toContain('Acme companies');
  });

  it('writes nothing to the audit log: a view is a preference, which changes no record', async () => {
    const view = (await tenantAdmin.post('/api/saved-views', { list: '/tenants', name: 'Unaudited', query: '' })).json<View>();
    await tenantAdmin.put(`/api/saved-views/${view.id}`, { name: 'Still unaudited' });
    await tenantAdmin.delete(`/api/saved-views/${view.id}`);
    expect(await testApp.db.select().from(auditLog).where(eq(auditLog.entityId, view.id))).toEqual([]);
  });

  it('refuses the signed out (401) and an empty update (400)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/saved-views?list=/users' })).statusCode).toBe(401);
    const view = (await tenantAdmin.post('/api/saved-views', { list: '/topics', name: 'Empty update', query: '' })).json<View>();
    expect((await tenantAdmin.put(`/api/saved-views/${view.id}`, {})).statusCode).toBe(400);
    expect((await tenantAdmin.get('/api/saved-views?list=users')).statusCode).toBe(400);
  });
});
