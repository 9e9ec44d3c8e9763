import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contents, trainingPlanItems, trainingPlanModules, trainingPlans } from '../../../../server/db/schema';
import { created, errorFields, itemsPath, modulesPath, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

type Stored = Record<string, unknown> & { id: string; version: number; order: number };
interface ListBody {
  items: Stored[];
  total: number;
}

describe('modules and items of a training plan', () => {
  let world: DemoWorld;
  let api: Api;
  let articleId: string;
  let foreignContentId: string;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    api = await signedIn(testApp.app, demo.companyAdmin);
    articleId = created<Stored>(await api.post('/api/contents', { title: 'Module reading', text: 'Text' })).id;
    const [foreign] = await testApp.db
      .insert(contents)
      .values({ tenantId: world.acme.id, companyId: world.acmeFoods.id, title: 'Acme Foods recipe', text: 'Secret', status: 'READY' })
      .returning();
    foreignContentId = foreign!.id;
  });

  const newPlan = async (status: 'DRAFT' | 'PUBLISHED' = 'DRAFT') =>
    created<Stored>(await api.post('/api/training-plans', { name: `Plan ${Math.random()}`, status }));
  const newModule = async (planId: string, title = 'Module') => created<Stored>(await api.post(modulesPath(planId), { title }));
  const newItem = async (planId: string, moduleId: string, body: object = { title: 'Item' }) =>
    created<Stored>(await api.post(itemsPath(planId, moduleId), body));
  const list = async (url: string) => created<ListBody>(await api.get(url), 200);
  const titles = async (url: string) => (await list(url)).items.map((item) => [item.title, item.order]);
  const planRow = async (id: string) => (await testApp.db.select().from(trainingPlans).where(eq(trainingPlans.id, id)))[0]!;
  const auditOf = (ids: string[]) =>
    testApp.db.select().from(auditLog).where(inArray(auditLog.entityId, ids)).orderBy(auditLog.at, auditLog.id);

  describe('modules', () => {
    it('appends each new module last, numbering the order from 1, and lists them in order with their item count', async () => {
      const plan = await newPlan();
      const first = await newModule(plan.id, 'Basics');
      const second = await newModule(plan.id, 'Advanced');
      await newItem(plan.id, second.id);
      await newItem(plan.id, second.id);

      const listed = await list(modulesPath(plan.id));

      expect(first).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        trainingPlanId: plan.id,
        title: 'Basics',
        order: 1,
        itemCount: 0,
      });
      expect(second.order).toBe(2);
      expect(listed.total).toBe(2);
      expect(listed.items.map((module) => [module.title, module.order, module.itemCount])).toEqual([
        ['Basics', 1, 0],
        ['Advanced', 2, 2],
      ]);
    });

    it('keeps the order without gaps or duplicates when modules are appended concurrently', async () => {
      const plan = await newPlan();

      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => api.post(modulesPath(plan.id), { title: `Parallel ${index}` })),
      );

      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
      expect(responses.map((response) => response.json().order).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await list(modulesPath(plan.id))).items.map((module) => module.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('accepts and ignores paging and sorting parameters: the list is always every module, in order', async () => {
      const plan = await newPlan();
      for (const title of ['A', 'B', 'C']) await newModule(plan.id, title);

      const listed = await titles(`${modulesPath(plan.id)}?page=2&pageSize=2&sortBy=title&sortOrder=desc`);

      expect(listed).toEqual([
        ['A', 1],
        ['B', 2],
        ['C', 3],
      ]);
    });

    it('updates the title with the version, bumps the plan’s updatedAt but not its version, and refuses a stale save', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id, 'Old title');
      const before = await planRow(plan.id);

      const renamed = await api.put(`${modulesPath(plan.id)}/${module.id}`, { title: 'New title', version: 1 });
      const stale = await api.put(`${modulesPath(plan.id)}/${module.id}`, { title: 'Lost', version: 1 });
      const invalid = await api.put(`${modulesPath(plan.id)}/${module.id}`, { title: '', version: 2 });

      expect(renamed.json()).toMatchObject({ title: 'New title', version: 2, order: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().errors).toEqual([{ field: 'version', rule: 'stale', message: 'changed by someone else' }]);
      expect(invalid.statusCode).toBe(400);
      const after = await planRow(plan.id);
      expect(after.version).toBe(before.version);
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
      expect((await api.put(planPath(plan.id), { name: 'Still editable', version: before.version })).statusCode).toBe(200);
    });

    it.each([
      ['no title', {}, ['title']],
      ['an unknown field', { title: 'M', order: 3 }, ['order']],
      ['a plan id', { title: 'M', trainingPlanId: '00000000-0000-4000-8000-000000000000' }, ['trainingPlanId']],
    ])('answers 400 for %s', async (_label, body, fields) => {
      const plan = await newPlan();

      const response = await api.post(modulesPath(plan.id), body);

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual(fields);
    });

    it('answers 404 for a module of another plan, and for an unknown plan', async () => {
      const plan = await newPlan();
      const otherPlan = await newPlan();
      const foreignModule = await newModule(otherPlan.id, 'Elsewhere');
      const unknown = '00000000-0000-4000-8000-000000000000';

      const answers = await Promise.all([
        api.get(`${modulesPath(plan.id)}/${foreignModule.id}`),
        api.put(`${modulesPath(plan.id)}/${foreignModule.id}`, { title: 'Taken', version: 1 }),
        api.delete(`${modulesPath(plan.id)}/${foreignModule.id}`),
        api.get(modulesPath(unknown)),
        api.post(modulesPath(unknown), { title: 'Nowhere' }),
      ]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect(answers[0]!.json().message).toBe('Module not found');
      expect(answers[3]!.json().message).toBe('Training plan not found');
      expect((await list(modulesPath(otherPlan.id))).items).toEqual([expect.objectContaining({ title: 'Elsewhere', version: 1 })]);
    });

    describe('reordering', () => {
      it('puts the modules in the order of the ids in one go, audits the moved ones and answers the list', async () => {
        const plan = await newPlan();
        const [a, b, c] = [await newModule(plan.id, 'A'), await newModule(plan.id, 'B'), await newModule(plan.id, 'C')];

        const response = await api.put(`${modulesPath(plan.id)}/order`, { moduleIds: [c!.id, a!.id, b!.id] });

        expect(response.statusCode).toBe(200);
        expect(response.json().items.map((module: Stored) => [module.title, module.order, module.version])).toEqual([
          ['C', 1, 1],
          ['A', 2, 1],
          ['B', 3, 1],
        ]);
        const moves = (await auditOf([a!.id, b!.id, c!.id])).filter((entry) => entry.action === 'UPDATE');
        expect(moves.map((entry) => [entry.entityId, entry.details])).toEqual(
          expect.arrayContaining([
            [a!.id, expect.objectContaining({ changed: ['order'] })],
            [b!.id, expect.objectContaining({ changed: ['order'] })],
            [c!.id, expect.objectContaining({ changed: ['order'] })],
          ]),
        );
      });

      it.each([
        ['a missing id', (ids: string[]) => ids.slice(0, 2), /every module/],
        ['a duplicate id', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!], /more than once/],
        ['a module of another plan', (ids: string[], foreign: string) => [ids[0]!, ids[1]!, foreign], /not in this plan/],
        ['an extra module of another plan', (ids: string[], foreign: string) => [...ids, foreign], /not in this plan/],
        ['an unknown id', (ids: string[]) => [...ids.slice(0, 2), '00000000-0000-4000-8000-000000000000'], /not in this plan/],
      ])('answers 400 on moduleIds for %s, and moves nothing', async (_label, idsOf, message) => {
        const plan = await newPlan();
        const ids = [(await newModule(plan.id, 'A')).id, (await newModule(plan.id, 'B')).id, (await newModule(plan.id, 'C')).id];
        const foreign = (await newModule((await newPlan()).id, 'Foreign')).id;

        const response = await api.put(`${modulesPath(plan.id)}/order`, { moduleIds: idsOf([ids[2]!, ids[1]!, ids[0]!], foreign) });

        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([{ field: 'moduleIds', rule: 'order', message: expect.stringMatching(message) }]);
        expect(await titles(modulesPath(plan.id))).toEqual([
          ['A', 1],
          ['B', 2],
          ['C', 3],
        ]);
      });
    });

    describe('deleting', () => {
      it('deletes a module of a DRAFT plan with its items, moves the later ones up, and audits it', async () => {
        const plan = await newPlan();
        const [, middle] = [await newModule(plan.id, 'A'), await newModule(plan.id, 'B'), await newModule(plan.id, 'C')];
        const item = await newItem(plan.id, middle!.id);

        const response = await api.delete(`${modulesPath(plan.id)}/${middle!.id}`);

        expect(response.statusCode).toBe(204);
        expect(await titles(modulesPath(plan.id))).toEqual([
          ['A', 1],
          ['C', 2],
        ]);
        expect(await testApp.db.select().from(trainingPlanItems).where(eq(trainingPlanItems.id, item.id))).toEqual([]);
        expect((await auditOf([middle!.id])).map((entry) => [entry.action, entry.entity, entry.companyId])).toEqual([
          ['CREATE', 'module', world.acmeRobotics.id],
          ['DELETE', 'module', world.acmeRobotics.id],
        ]);
        const module = await newModule(plan.id, 'D');
        expect(module.order).toBe(3);
      });

      it('refuses with 409 while the plan is PUBLISHED', async () => {
        const plan = await newPlan('PUBLISHED');
        const module = await newModule(plan.id);

        const response = await api.delete(`${modulesPath(plan.id)}/${module.id}`);

        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('Set the plan back to Draft before deleting its modules');
        expect((await list(modulesPath(plan.id))).total).toBe(1);
      });
    });
  });

  describe('items', () => {
    it('appends items last, CONTENT by default, answering the content’s id and title', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id);

      const reading = await newItem(plan.id, module.id, { title: 'Read', contentId: articleId });
      const quiz = await newItem(plan.id, module.id, { title: 'Check', type: 'QUIZ', contentId: null });
      const bare = await newItem(plan.id, module.id, { title: 'Nothing yet', contentId: '' });

      expect(reading).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        trainingPlanModuleId: module.id,
        title: 'Read',
        order: 1,
        type: 'CONTENT',
        contentId: articleId,
        content: { id: articleId, title: 'Module reading' },
        quizId: null,
        quiz: null,
        activityId: `tag:learning-admin-console,2026:item/${reading.id}`,
      });
      expect(quiz).toMatchObject({ order: 2, type: 'QUIZ', contentId: null, content: null });
      expect(bare).toMatchObject({ order: 3, type: 'CONTENT', contentId: null, content: null });
      expect((await list(modulesPath(plan.id))).items[0]).toMatchObject({ itemCount: 3 });
    });

    it('refuses a content of another company (400 contentId) and writes nothing', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id);
      const item = await newItem(plan.id, module.id, { title: 'Mine', contentId: articleId });
      const before = await planRow(plan.id);

      const onCreate = await api.post(itemsPath(plan.id, module.id), { title: 'Stolen', contentId: foreignContentId });
      const onUpdate = await api.put(`${itemsPath(plan.id, module.id)}/${item.id}`, {
        title: 'Mine',
        contentId: foreignContentId,
        version: 1,
      });
      const unknown = await api.post(itemsPath(plan.id, module.id), { title: 'Ghost', contentId: '00000000-0000-4000-8000-000000000000' });

      for (const response of [onCreate, onUpdate, unknown]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([{ field: 'contentId', rule: 'notFound', message: 'not found' }]);
      }
      expect((await list(itemsPath(plan.id, module.id))).items).toEqual([
        expect.objectContaining({ id: item.id, contentId: articleId, version: 1 }),
      ]);
      expect((await planRow(plan.id)).updatedAt).toEqual(before.updatedAt);
    });

    it('updates title, type and content, keeps omitted ones, refuses a stale version, and bumps module and plan updatedAt only', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id);
      const item = await newItem(plan.id, module.id, { title: 'First', contentId: articleId });
      const [planBefore, moduleBefore] = [await planRow(plan.id), (await list(modulesPath(plan.id))).items[0]!];
      const url = `${itemsPath(plan.id, module.id)}/${item.id}`;

      const quiz = await api.put(url, { title: 'Now a quiz', type: 'QUIZ', contentId: null, version: 1 });
      const renamed = await api.put(url, { title: 'Renamed quiz', version: 2 });
      const stale = await api.put(url, { title: 'Lost', version: 2 });

      expect(quiz.json()).toMatchObject({ title: 'Now a quiz', type: 'QUIZ', contentId: null, content: null, version: 2 });
      expect(renamed.json()).toMatchObject({ title: 'Renamed quiz', type: 'QUIZ', contentId: null, version: 3 });
      expect(stale.statusCode).toBe(409);
      const [planAfter, moduleAfter] = [await planRow(plan.id), (await list(modulesPath(plan.id))).items[0]!];
      expect(planAfter.version).toBe(planBefore.version);
      expect(planAfter.updatedAt.getTime()).toBeGreaterThan(planBefore.updatedAt.getTime());
      expect(moduleAfter.version).toBe(moduleBefore.version);
      expect(new Date(String(moduleAfter.updatedAt)).getTime()).toBeGreaterThan(new Date(String(moduleBefore.updatedAt)).getTime());
      const updates = (await auditOf([item.id])).filter((entry) => entry.action === 'UPDATE');
      expect(updates.map((entry) => (entry.details as { changed: string[] }).changed)).toEqual([['title', 'type', 'contentId'], ['title']]);
    });

    it('answers 404 for an item of another module, a module of another plan, and an unknown module', async () => {
      const plan = await newPlan();
      const [module, otherModule] = [await newModule(plan.id, 'Here'), await newModule(plan.id, 'There')];
      const foreignItem = await newItem(plan.id, otherModule.id, { title: 'There item' });
      const otherPlan = await newPlan();
      const otherPlanModule = await newModule(otherPlan.id);
      const unknown = '00000000-0000-4000-8000-000000000000';

      const answers = await Promise.all([
        api.get(`${itemsPath(plan.id, module.id)}/${foreignItem.id}`),
        api.put(`${itemsPath(plan.id, module.id)}/${foreignItem.id}`, { title: 'Taken', version: 1 }),
        api.delete(`${itemsPath(plan.id, module.id)}/${foreignItem.id}`),
        api.get(itemsPath(plan.id, otherPlanModule.id)),
        api.post(itemsPath(plan.id, otherPlanModule.id), { title: 'Wrong plan' }),
        api.get(itemsPath(plan.id, unknown)),
      ]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(answers[0]!.json().message).toBe('Item not found');
      expect(answers[3]!.json().message).toBe('Module not found');
      expect(await titles(itemsPath(plan.id, otherModule.id))).toEqual([['There item', 1]]);
      expect((await list(itemsPath(otherPlan.id, otherPlanModule.id))).total).toBe(0);
    });

    it('reorders the items of a module, refusing ids of another module', async () => {
      const plan = await newPlan();
      const [module, otherModule] = [await newModule(plan.id), await newModule(plan.id)];
      const [a, b] = [await newItem(plan.id, module.id, { title: 'a' }), await newItem(plan.id, module.id, { title: 'b' })];
      const elsewhere = await newItem(plan.id, otherModule.id, { title: 'elsewhere' });

      const refused = await api.put(`${itemsPath(plan.id, module.id)}/order`, { itemIds: [b.id, elsewhere.id] });
      const duplicate = await api.put(`${itemsPath(plan.id, module.id)}/order`, { itemIds: [b.id, b.id] });
      const reordered = await api.put(`${itemsPath(plan.id, module.id)}/order`, { itemIds: [b.id, a.id] });

      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'itemIds', rule: 'order', message: expect.stringMatching(/not in this module/) }]);
      expect(duplicate.statusCode).toBe(400);
      expect(reordered.json().items.map((item: Stored) => [item.title, item.order])).toEqual([
        ['b', 1],
        ['a', 2],
      ]);
      expect(await titles(itemsPath(plan.id, otherModule.id))).toEqual([['elsewhere', 1]]);
    });

    it('deletes an item of a DRAFT plan closing the gap, and refuses while the plan is PUBLISHED', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id);
      const items = [
        await newItem(plan.id, module.id, { title: 'x' }),
        await newItem(plan.id, module.id, { title: 'y' }),
        await newItem(plan.id, module.id, { title: 'z' }),
      ];

      const deleted = await api.delete(`${itemsPath(plan.id, module.id)}/${items[0]!.id}`);
      await api.put(planPath(plan.id), { name: 'Published now', status: 'PUBLISHED', version: 1 });
      const refused = await api.delete(`${itemsPath(plan.id, module.id)}/${items[1]!.id}`);

      expect(deleted.statusCode).toBe(204);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Set the plan back to Draft before deleting its items');
      expect(await titles(itemsPath(plan.id, module.id))).toEqual([
        ['y', 1],
        ['z', 2],
      ]);
      expect((await list(modulesPath(plan.id))).items[0]).toMatchObject({ itemCount: 2 });
      const [deletion] = await testApp.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, items[0]!.id), eq(auditLog.action, 'DELETE')));
      expect(deletion).toMatchObject({ entity: 'item', details: expect.objectContaining({ trainingPlanId: plan.id }) });
    });

    it('keeps a content from being deleted while an item uses it, and lets it go once the item points elsewhere', async () => {
      const plan = await newPlan();
      const module = await newModule(plan.id);
      const content = created<Stored>(await api.post('/api/contents', { title: 'Briefly used' }));
      const item = await newItem(plan.id, module.id, { title: 'Uses it', contentId: content.id });

      const refused = await api.delete(`/api/contents/${content.id}`);
      await api.put(`${itemsPath(plan.id, module.id)}/${item.id}`, { title: 'Uses nothing', contentId: null, version: 1 });
      const deleted = await api.delete(`/api/contents/${content.id}`);

      expect(refused.statusCode).toBe(409);
      expect(deleted.statusCode).toBe(204);
    });
  });

  it('has the demo plan with two modules and their items, one pointing at the welcome article', async () => {
    const [onboarding] = await testApp.db.select().from(trainingPlans).where(eq(trainingPlans.name, 'New hire onboarding'));
    const modules = await list(modulesPath(onboarding!.id));
    const welcomeItems = await list(itemsPath(onboarding!.id, modules.items[0]!.id));

    expect(modules.items.map((module) => [module.title, module.order, module.itemCount])).toEqual([
      ['Welcome', 1, 2],
      ['Safety first', 2, 2],
    ]);
    expect(welcomeItems.items.map((item) => [item.title, item.type, (item.content as { title: string } | null)?.title ?? null])).toEqual([
      ['Read the welcome article', 'CONTENT', 'Welcome to Acme Robotics'],
      ['Getting to know us', 'QUIZ', null],
    ]);
    const rows = await testApp.db.select().from(trainingPlanModules).where(eq(trainingPlanModules.trainingPlanId, onboarding!.id));
    expect(rows).toHaveLength(2);
  });
});
