import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainingPlanItems, trainingPlanModules, trainingPlans } from '../../../../server/db/schema';
import { created, errorFields, itemsPath, modulesPath, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { allPages, auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

const unknownId = '00000000-0000-4000-8000-000000000000';
type Stored = Record<string, unknown> & { id: string; version: number };
const storedPlan = async (id: string) => (await testApp.db.select().from(trainingPlans).where(eq(trainingPlans.id, id)))[0];

describe('training plans', () => {
  let world: DemoWorld;
  let companyAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });
  const post = async (body: object) => created<Stored>(await companyAdmin.post('/api/training-plans', body));

  it('creates a DRAFT plan, not freely navigable, without modules, in the caller’s company', async () => {
    const response = await companyAdmin.post('/api/training-plans', { name: 'Forklift licence' });

    expect(response.statusCode).toBe(201);
    const plan = response.json();
    expect(plan).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      name: 'Forklift licence',
      status: 'DRAFT',
      freelyNavigable: false,
      moduleCount: 0,
      companyId: world.acmeRobotics.id,
      tenantId: world.acme.id,
      activityId: `tag:learning-admin-console,2026:plan/${plan.id}`,
    });
    expect(await auditEntriesFor(testApp.db, [plan.id])).toEqual([
      expect.objectContaining({ action: 'CREATE', entity: 'training plan', companyId: world.acmeRobotics.id }),
    ]);
  });

  it.each([
    ['no name', {}, ['name']],
    ['a blank name', { name: ' ' }, ['name']],
    ['an unknown status', { name: 'P', status: 'ARCHIVED' }, ['status']],
    ['a freelyNavigable that is not a boolean', { name: 'P', freelyNavigable: 'yes' }, ['freelyNavigable']],
    ['a moduleCount', { name: 'P', moduleCount: 3 }, ['moduleCount']],
    ['an owner company', { name: 'P', companyId: unknownId }, ['companyId']],
  ])('answers 400 for %s', async (_label, body, fields) => {
    const response = await companyAdmin.post('/api/training-plans', body);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(fields);
  });

  it('updates name, status and freelyNavigable with the version, and answers 409 on a stale one', async () => {
    const plan = await post({ name: 'Draft plan' });

    const published = await companyAdmin.put(planPath(plan.id), {
      name: 'Published plan',
      status: 'PUBLISHED',
      freelyNavigable: true,
      version: 1,
    });
    const stale = await companyAdmin.put(planPath(plan.id), { name: 'Lost edit', version: 1 });
    const kept = await companyAdmin.put(planPath(plan.id), { name: 'Renamed', version: 2 });

    expect(published.json()).toMatchObject({ name: 'Published plan', status: 'PUBLISHED', freelyNavigable: true, version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([{ field: 'version', rule: 'stale', message: 'changed by someone else' }]);
    expect(kept.json()).toMatchObject({ name: 'Renamed', status: 'PUBLISHED', freelyNavigable: true, version: 3 });
    expect((await auditEntriesFor(testApp.db, [plan.id])).map((entry) => entry.details)).toEqual([
      expect.anything(),
      { changed: ['name', 'status', 'freelyNavigable'] },
      { changed: ['name'] },
    ]);
  });

  it('counts its modules', async () => {
    const plan = await post({ name: 'Counted' });
    for (const title of ['One', 'Two', 'Three']) created(await companyAdmin.post(modulesPath(plan.id), { title }));

    const listed = (await companyAdmin.get('/api/training-plans?search=Counted')).json();

    expect((await companyAdmin.get(planPath(plan.id))).json().moduleCount).toBe(3);
    expect(listed.items).toEqual([expect.objectContaining({ id: plan.id, moduleCount: 3 })]);
  });

  it('searches the name and the status', async () => {
    const marker = `Zq${Date.now()}`;
    const draft = await post({ name: `${marker} draft` });
    const published = await post({ name: `${marker} live`, status: 'PUBLISHED' });

    const byStatus = await allPages<Stored>(companyAdmin, '/api/training-plans?search=publ');
    const byName = (await companyAdmin.get(`/api/training-plans?search=${marker}`)).json();

    expect(byStatus.map((plan) => plan.id)).toContain(published.id);
    expect(byStatus.map((plan) => plan.id)).not.toContain(draft.id);
    expect(byStatus.every((plan) => plan.status === 'PUBLISHED' || String(plan.name).toLowerCase().includes('publ'))).toBe(true);
    expect(byName.total).toBe(2);
  });

  describe('deleting', () => {
    it('deletes a DRAFT plan with its modules and items, and audits the plan', async () => {
      const plan = await post({ name: 'To delete' });
      const module = created<Stored>(await companyAdmin.post(modulesPath(plan.id), { title: 'M' }));
      const item = created<Stored>(await companyAdmin.post(itemsPath(plan.id, module.id), { title: 'I', type: 'QUIZ' }));

      const response = await companyAdmin.delete(planPath(plan.id));

      expect(response.statusCode).toBe(204);
      expect(await storedPlan(plan.id)).toBeUndefined();
      expect(await testApp.db.select().from(trainingPlanModules).where(eq(trainingPlanModules.id, module.id))).toEqual([]);
      expect(await testApp.db.select().from(trainingPlanItems).where(eq(trainingPlanItems.id, item.id))).toEqual([]);
      expect((await auditEntriesFor(testApp.db, [plan.id])).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
    });

    it('refuses a PUBLISHED plan with 409 until it is set back to DRAFT', async () => {
      const plan = await post({ name: 'Live', status: 'PUBLISHED' });
      const module = created<Stored>(await companyAdmin.post(modulesPath(plan.id), { title: 'Kept' }));

      const refused = await companyAdmin.delete(planPath(plan.id));
      await companyAdmin.put(planPath(plan.id), { name: 'Live', status: 'DRAFT', version: 1 });
      const deleted = await companyAdmin.delete(planPath(plan.id));

      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Set the plan back to Draft before deleting it');
      expect(deleted.statusCode).toBe(204);
      expect(
        await testApp.db
          .select()
          .from(trainingPlanModules)
          .where(inArray(trainingPlanModules.id, [module.id])),
      ).toEqual([]);
    });

    it('refuses the PUBLISHED demo plan', async () => {
      const [onboarding] = await testApp.db.select().from(trainingPlans).where(eq(trainingPlans.name, 'New hire onboarding'));

      expect((await companyAdmin.delete(planPath(onboarding!.id))).statusCode).toBe(409);
      expect(await storedPlan(onboarding!.id)).toMatchObject({ status: 'PUBLISHED', version: 1 });
    });
  });
});
