import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, users } from '../../../../server/db/schema';
import { demo, useTestApp } from '../../../support/server/harness';
import { allPages, demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';
import { createCatalogue, created, errorFields, newCompanyAdmin, type Catalogue } from '../../../support/server/catalogue';

const testApp = useTestApp();

interface Row {
  id: string;
  [field: string]: unknown;
}

const rowsOf = (api: Api, url: string) => allPages<Row>(api, url);

/** Issue 29: each list's filters (`contract/list-fields.ts`), validated as the sorts are and applied inside the caller's reach. */
describe('list filters', () => {
  let world: DemoWorld;
  let root: Api;
  let tenantAdmin: Api;
  let companyAdmin: Api;
  let foodsAdmin: Api;
  let catalogue: Catalogue;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    foodsAdmin = await newCompanyAdmin(testApp.app, testApp.db, world.acmeFoods);
    catalogue = await createCatalogue(companyAdmin, 'Filtered');
  });

  describe('users', () => {
    it('filters by status, scope, enabled and company, each alone and together', async () => {
      const all = await rowsOf(tenantAdmin, '/api/users');
      const pending = await rowsOf(tenantAdmin, '/api/users?status=PENDING');
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.map((user) => user.id).sort()).toEqual(
        all
          .filter((user) => user.status === 'PENDING')
          .map((user) => user.id)
          .sort(),
      );

      const companyScoped = await rowsOf(tenantAdmin, '/api/users?scope=COMPANY');
      expect(companyScoped.length).toBe(all.filter((user) => user.scope === 'COMPANY').length);
      expect(companyScoped.every((user) => user.scope === 'COMPANY')).toBe(true);

      const disabled = await rowsOf(tenantAdmin, '/api/users?enabled=false');
      expect(disabled.map((user) => user.id)).toContain(world.acmeFoodsAdmin.id);
      expect(disabled.every((user) => user.enabled === false)).toBe(true);

      const foods = await rowsOf(tenantAdmin, `/api/users?companyId=${world.acmeFoods.id}`);
      expect(foods.length).toBe(all.filter((user) => user.companyId === world.acmeFoods.id).length);

      const both = await rowsOf(tenantAdmin, `/api/users?status=ACTIVE&companyId=${world.acmeRobotics.id}&sortBy=name`);
      expect(both.length).toBeGreaterThan(0);
      expect(both.every((user) => user.status === 'ACTIVE' && user.companyId === world.acmeRobotics.id)).toBe(true);
      expect(both.length).toBe(all.filter((user) => user.status === 'ACTIVE' && user.companyId === world.acmeRobotics.id).length);
    });

    it("matches nothing for another tenant's company or another company's group, never their users", async () => {
      const foreign = await tenantAdmin.get(`/api/users?companyId=${world.globexConsulting.id}`);
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json()).toMatchObject({ items: [], total: 0 });

      const [learner] = await newLearners(testApp.db, world.acmeFoods, 1, 'Grouped');
      const [foodsGroup] = await testApp.db
        .insert(groups)
        .values({ name: 'Foods only', tenantId: world.acmeFoods.tenantId, companyId: world.acmeFoods.id })
        .returning();
      await testApp.db
        .insert(groupMembers)
        .values({ groupId: foodsGroup!.id, userId: learner!.id, tenantId: world.acmeFoods.tenantId, companyId: world.acmeFoods.id });

      expect((await foodsAdmin.get(`/api/users?groupId=${foodsGroup!.id}`)).json()).toMatchObject({
        items: [{ id: learner!.id }],
        total: 1,
      });
      expect((await companyAdmin.get(`/api/users?groupId=${foodsGroup!.id}`)).json()).toMatchObject({ items: [], total: 0 });
    });

    it("follows a group's members as they change (the count is not kept from before)", async () => {
      const group = created(await companyAdmin.post('/api/groups', { name: 'Filter followers' }));
      expect((await companyAdmin.get(`/api/users?groupId=${group.id}`)).json()).toMatchObject({ total: 0 });
      await testApp.db.insert(groupMembers).values({
        groupId: group.id,
        userId: world.learner.id,
        tenantId: world.acmeRobotics.tenantId,
        companyId: world.acmeRobotics.id,
      });
      expect((await companyAdmin.get(`/api/users?groupId=${group.id}`)).json()).toMatchObject({
        items: [{ id: world.learner.id }],
        total: 1,
      });
      await testApp.db.delete(groupMembers).where(eq(groupMembers.groupId, group.id));
      expect((await companyAdmin.get(`/api/users?groupId=${group.id}`)).json()).toMatchObject({ total: 0 });
    });

    it.each([
      ['status=BOGUS', 'status'],
      ['status=active', 'status'],
      ['scope=ROOT', 'scope'],
      ['enabled=yes', 'enabled'],
      ['enabled=1', 'enabled'],
      ['companyId=not-a-uuid', 'companyId'],
      [`companyId=${'f'.repeat(5000)}`, 'companyId'],
      ['groupId=%00', 'groupId'],
      ['status=%C3%84CTIVE', 'status'],
      ['status=ACTIVE%00', 'status'],
      ['favourite=1', 'favourite'],
      ['tenantId=00000000-0000-4000-8000-000000000000', 'tenantId'],
    ])('refuses ?%s with a 400 naming %s', async (query, field) => {
      const response = await tenantAdmin.get(`/api/users?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    });

    it('refuses a bad filter in the export as in the list', async () => {
      const response = await tenantAdmin.get('/api/users/export?status=NOPE');
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('status');
    });

    it('a bulk action on every matching row applies the filters, validated the same way', async () => {
      const learners = await newLearners(testApp.db, world.acmeFoods, 3, 'Bulkfilter');
      await testApp.db.update(users).set({ enabled: false }).where(eq(users.id, learners[0]!.id));
      const search = (await testApp.db.select({ surname: users.surname }).from(users).where(eq(users.id, learners[0]!.id)))[0]!.surname;

      const refused = await tenantAdmin.post('/api/users/bulk', { action: 'disable', query: { search, enabled: 'maybe' } });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('enabled');
      const unknown = await tenantAdmin.post('/api/users/bulk', { action: 'disable', query: { search, colour: 'red' } });
      expect(unknown.statusCode).toBe(400);

      const foreign = await tenantAdmin.post('/api/users/bulk', { action: 'disable', query: { companyId: world.globexEnergy.id } });
      expect(foreign.json()).toMatchObject({ requested: 0, succeeded: 0 });

      const done = await tenantAdmin.post('/api/users/bulk', {
        action: 'disable',
        query: { search, enabled: 'true', companyId: world.acmeFoods.id },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ requested: 2, succeeded: 2, skipped: [] });
    });
  });

  describe('contents', () => {
    it('filters by type, render type, status and topic', async () => {
      const all = await rowsOf(companyAdmin, '/api/contents');
      for (const [name, value] of [
        ['type', 'Article'],
        ['type', 'Video'],
        ['renderType', 'INLINE'],
        ['status', 'READY'],
      ] as const) {
        const rows = await rowsOf(companyAdmin, `/api/contents?${name}=${value}`);
        expect(rows.map((row) => row.id).sort()).toEqual(
          all
            .filter((row) => row[name] === value)
            .map((row) => row.id)
            .sort(),
        );
      }
      const byTopic = await rowsOf(companyAdmin, `/api/contents?topicId=${catalogue.topic.id}`);
      expect(byTopic.map((row) => row.id)).toEqual([catalogue.content.id]);
    });

    it("matches nothing for another company's topic; refuses values it does not know", async () => {
      expect((await foodsAdmin.get(`/api/contents?topicId=${catalogue.topic.id}`)).json()).toMatchObject({ items: [], total: 0 });
      for (const query of ['type=Book', 'renderType=inline', 'status=DONE', 'topicId=1', 'topic=x']) {
        const response = await companyAdmin.get(`/api/contents?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorFields(response).join() || response.body).toContain(query.split('=')[0]);
      }
    });
  });

  describe('topics, training plans, quizzes and companies', () => {
    it('filters topics, plans and quizzes by status', async () => {
      for (const [path, value] of [
        ['topics', 'PENDING'],
        ['topics', 'ACTIVE'],
        ['training-plans', 'DRAFT'],
        ['training-plans', 'PUBLISHED'],
        ['quizzes', 'READY'],
      ] as const) {
        const all = await rowsOf(companyAdmin, `/api/${path}`);
        const rows = await rowsOf(companyAdmin, `/api/${path}?status=${value}`);
        expect(rows.map((row) => row.id).sort(), path).toEqual(
          all
            .filter((row) => row.status === value)
            .map((row) => row.id)
            .sort(),
        );
      }
      expect((await companyAdmin.get('/api/training-plans?status=ARCHIVED')).statusCode).toBe(400);
      expect((await companyAdmin.get('/api/topics?status=%00')).statusCode).toBe(400);
    });

    it('filters companies by country, and by tenant for a GLOBAL admin', async () => {
      const all = await rowsOf(root, '/api/companies');
      const italian = await rowsOf(root, '/api/companies?countryCode=IT');
      expect(italian.length).toBeGreaterThan(0);
      expect(italian.map((row) => row.id).sort()).toEqual(
        all
          .filter((row) => row.countryCode === 'IT')
          .map((row) => row.id)
          .sort(),
      );
      const globex = await rowsOf(root, `/api/companies?tenantId=${world.globex.id}`);
      expect(globex.length).toBeGreaterThan(0);
      expect(globex.every((row) => row.tenantId === world.globex.id)).toBe(true);
      for (const query of ['countryCode=it', 'countryCode=ZZ', 'countryCode=ITA', 'tenantId=acme']) {
        expect((await root.get(`/api/companies?${query}`)).statusCode, query).toBe(400);
      }
    });

    it('offers no filter on tenants and groups', async () => {
      expect((await root.get('/api/tenants?status=ACTIVE')).statusCode).toBe(400);
      expect((await companyAdmin.get('/api/groups?status=ACTIVE')).statusCode).toBe(400);
    });
  });
});
