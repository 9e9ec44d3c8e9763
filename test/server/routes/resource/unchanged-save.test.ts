import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, itemsPath, modulesPath, planPath, type Catalogue } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

/**
 * A save that changes nothing (the console sends the whole form back) writes nothing: the version stays, no
 * "Updated" history entry with no fields appears. A save that changes a field still writes both.
 */
describe('a save with no change', () => {
  let world: DemoWorld;
  let companyAdmin: Api;
  let tenantAdmin: Api;
  let catalogue: Catalogue;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    catalogue = await createCatalogue(companyAdmin, 'Unchanged');
  });

  const cases: [string, () => { api: Api; path: string; id: string; body: Record<string, unknown>; change: Record<string, unknown> }][] = [
    [
      'a topic',
      () => ({
        api: companyAdmin,
        path: `/api/topics/${catalogue.topic.id}`,
        id: catalogue.topic.id,
        body: { name: 'Unchanged topic', color: '#12ab34' },
        change: { name: 'Changed topic' },
      }),
    ],
    [
      'a content (its topics too)',
      () => ({
        api: companyAdmin,
        path: `/api/contents/${catalogue.content.id}`,
        id: catalogue.content.id,
        body: { title: 'Unchanged article', type: 'Article', text: 'Read me', topicIds: [catalogue.topic.id] },
        change: { topicIds: [] },
      }),
    ],
    [
      'a training plan',
      () => ({
        api: companyAdmin,
        path: planPath(catalogue.plan.id),
        id: catalogue.plan.id,
        body: { name: 'Unchanged plan' },
        change: { freelyNavigable: true },
      }),
    ],
    [
      "a plan's module (kept in order)",
      () => ({
        api: companyAdmin,
        path: `${modulesPath(catalogue.plan.id)}/${catalogue.module.id}`,
        id: catalogue.module.id,
        body: { title: 'Unchanged plan module' },
        change: { title: 'Changed module' },
      }),
    ],
    [
      "a module's item (kept in order)",
      () => ({
        api: companyAdmin,
        path: `${itemsPath(catalogue.plan.id, catalogue.module.id)}/${catalogue.item.id}`,
        id: catalogue.item.id,
        body: { title: 'Unchanged plan item', contentId: catalogue.content.id },
        change: { title: 'Changed item' },
      }),
    ],
    [
      'a company',
      () => ({
        api: tenantAdmin,
        path: `/api/companies/${world.acmeRobotics.id}`,
        id: world.acmeRobotics.id,
        body: { name: world.acmeRobotics.name, taxId: world.acmeRobotics.taxId, countryCode: world.acmeRobotics.countryCode },
        change: { city: 'Torino' },
      }),
    ],
    [
      'a user',
      () => ({
        api: tenantAdmin,
        path: `/api/users/${world.learner.id}`,
        id: world.learner.id,
        body: { name: world.learner.name, surname: world.learner.surname, email: world.learner.email, enabled: world.learner.enabled },
        change: { surname: 'Rossini' },
      }),
    ],
  ];

  it.each(cases)('of %s keeps the version and writes no history entry; a change writes both', async (_label, target) => {
    const { api, path, id, body, change } = target();
    const before = (await api.get(path)).json<{ version: number }>();
    const entriesBefore = (await auditEntriesFor(testApp.db, [id])).length;

    const unchanged = await api.put(path, { ...body, version: before.version });

    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().version).toBe(before.version);
    expect(await auditEntriesFor(testApp.db, [id])).toHaveLength(entriesBefore);

    const changed = await api.put(path, { ...body, ...change, version: before.version });

    expect(changed.statusCode).toBe(200);
    expect(changed.json().version).toBe(before.version + 1);
    const entries = await auditEntriesFor(testApp.db, [id]);
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries.at(-1)!.details).toMatchObject({ changed: Object.keys(change) });
  });
});
