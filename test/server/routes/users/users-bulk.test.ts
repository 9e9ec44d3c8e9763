import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_ROWS } from '../../../../contract/bulk.schemas';
import { users } from '../../../../server/db/schema';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, newLearners, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

const enabledOf = async (ids: string[]) =>
  Object.fromEntries(
    (await testApp.db.select({ id: users.id, enabled: users.enabled }).from(users).where(inArray(users.id, ids))).map((row) => [
      row.id,
      row.enabled,
    ]),
  );

/** `POST /api/users/bulk` (issue 29): one request disables, enables or deletes many users, with a per-row report. */
describe('bulk actions on users', () => {
  let world: DemoWorld;
  let tenantAdmin: Api & { userId: string };
  let companyAdmin: Api & { userId: string };
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });

  it('disables the users named, audits each, and reports them all as succeeded', async () => {
    const learners = await newLearners(testApp.db, world.acmeRobotics, 3, 'Bulk');
    const ids = learners.map(({ id }) => id);

    const response = await companyAdmin.post('/api/users/bulk', { action: 'disable', ids });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ action: 'disable', requested: 3, succeeded: 3, skipped: [] });
    expect(Object.values(await enabledOf(ids))).toEqual([false, false, false]);
    const audit = await auditEntriesFor(testApp.db, ids);
    expect(audit.map((entry) => [entry.entityId, entry.action, entry.details])).toEqual(
      expect.arrayContaining(ids.map((id) => [id, 'UPDATE', { changed: ['enabled'] }])),
    );
    expect(audit).toHaveLength(3);
  });

  it('skips, and says why, the users already disabled, the caller itself and ids outside its reach', async () => {
    const [fresh, already] = await newLearners(testApp.db, world.acmeRobotics, 2, 'Bulk');
    await testApp.db.update(users).set({ enabled: false }).where(eq(users.id, already!.id));
    const foreign = world.globexLearner.id;
    const otherCompany = world.acmeFoodsAdmin.id;
    const ids = [fresh!.id, already!.id, companyAdmin.userId, foreign, otherCompany];

    const response = await companyAdmin.post('/api/users/bulk', { action: 'disable', ids });

    expect(response.statusCode).toBe(200);
    const { requested, succeeded, skipped } = response.json<{
      requested: number;
      succeeded: number;
      skipped: { id: string; code: string }[];
    }>();
    expect({ requested, succeeded }).toEqual({ requested: 5, succeeded: 1 });
    expect(skipped.map(({ id, code }) => [id, code])).toEqual([
      [already!.id, 'UNCHANGED'],
      [companyAdmin.userId, 'OWN_USER'],
      [foreign, 'USER_NOT_FOUND'],
      [otherCompany, 'USER_NOT_FOUND'],
    ]);
    // Nothing written to the rows outside the caller's reach, nor to its own.
    const stored = await enabledOf([foreign, companyAdmin.userId]);
    expect(stored).toEqual({ [foreign]: true, [companyAdmin.userId]: true });
    expect(await auditEntriesFor(testApp.db, [foreign, otherCompany, already!.id])).toEqual([]);
  });

  it('acts on every user the list query matches, not on ids', async () => {
    const learners = await newLearners(testApp.db, world.acmeRobotics, 4, 'Querybulk');
    const surname = (await testApp.db.select().from(users).where(eq(users.id, learners[0]!.id)))[0]!.surname;

    const response = await tenantAdmin.post('/api/users/bulk', { action: 'disable', query: { search: surname } });

    expect(response.json()).toMatchObject({ requested: 4, succeeded: 4, skipped: [] });
    expect(Object.values(await enabledOf(learners.map(({ id }) => id)))).toEqual([false, false, false, false]);
    const again = await tenantAdmin.post('/api/users/bulk', { action: 'enable', query: { search: surname } });
    expect(again.json()).toMatchObject({ requested: 4, succeeded: 4 });
  });

  it('deletes with the one-row rules: the caller itself is skipped', async () => {
    const [learner] = await newLearners(testApp.db, world.acmeRobotics, 1, 'Bulkdelete');

    const response = await companyAdmin.post('/api/users/bulk', { action: 'delete', ids: [learner!.id, companyAdmin.userId] });

    expect(response.json()).toMatchObject({ requested: 2, succeeded: 1, skipped: [{ id: companyAdmin.userId, code: 'OWN_USER' }] });
    expect(await enabledOf([learner!.id, companyAdmin.userId])).toEqual({ [companyAdmin.userId]: true });
    expect((await auditEntriesFor(testApp.db, [learner!.id])).map((entry) => entry.action)).toEqual(['DELETE']);
  });

  it('answers a query matching more rows than the limit 413, writing nothing', async () => {
    const learners = await newLearners(testApp.db, world.acmeRobotics, MAX_BULK_ROWS + 1, 'Toomany');
    const surname = (await testApp.db.select().from(users).where(eq(users.id, learners[0]!.id)))[0]!.surname;

    const response = await companyAdmin.post('/api/users/bulk', { action: 'disable', query: { search: surname } });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'TOO_MANY_ROWS' });
    expect(Object.values(await enabledOf(learners.slice(0, 5).map(({ id }) => id)))).toEqual([true, true, true, true, true]);
  }, 120_000);

  it.each([
    ['more ids than the limit', { action: 'disable', ids: Array.from({ length: MAX_BULK_ROWS + 1 }, () => crypto.randomUUID()) }, 'ids'],
    ['ids and a query', { action: 'disable', ids: [crypto.randomUUID()], query: {} }, 'ids'],
    ['neither ids nor a query', { action: 'disable' }, 'ids'],
    ['an action the resource has not', { action: 'publish', ids: [crypto.randomUUID()] }, 'action'],
    ['an id that is no uuid', { action: 'disable', ids: ['1; drop table users'] }, 'ids.0'],
    ['a query field the list has not', { action: 'disable', query: { sortBy: 'name' } }, 'query.sortBy'],
    ['a NUL in the search', { action: 'disable', query: { search: 'a\u0000b' } }, 'query.search'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const response = await companyAdmin.post('/api/users/bulk', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('answers parallel duplicates with one Idempotency-Key once: one audit entry per user', async () => {
    const learners = await newLearners(testApp.db, world.acmeRobotics, 3, 'Bulkonce');
    const ids = learners.map(({ id }) => id);
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/bulk',
        headers: { ...bearer(companyAdmin.token), 'idempotency-key': `bulk-${ids[0]}` },
        payload: { action: 'disable', ids },
      });

    const responses = await Promise.all([send(), send(), send()]);

    const answered = responses.filter((response) => response.statusCode === 200);
    expect(answered.length).toBeGreaterThan(0);
    for (const response of answered) expect(response.json()).toMatchObject({ succeeded: 3 });
    for (const response of responses.filter((response) => response.statusCode !== 200)) expect(response.statusCode).toBe(409);
    expect(await auditEntriesFor(testApp.db, ids)).toHaveLength(3);
  });

  it('disables a user once under 100 parallel requests without a key: one succeeded, the rest UNCHANGED, one audit entry', async () => {
    const [learner] = await newLearners(testApp.db, world.acmeRobotics, 1, 'Bulkrace');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => companyAdmin.post('/api/users/bulk', { action: 'disable', ids: [learner!.id] })),
    );

    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((response) => response.json<{ succeeded: number }>().succeeded === 1)).toHaveLength(1);
    expect(await enabledOf([learner!.id])).toEqual({ [learner!.id]: false });
    expect((await auditEntriesFor(testApp.db, [learner!.id])).filter((entry) => entry.action === 'UPDATE')).toHaveLength(1);
  });
});

/** The same route on another resource: a bulk delete skips, saying why, what the one-row delete refuses. */
describe('bulk delete of companies', () => {
  it('deletes an unused company and skips one still in use with its reason', async () => {
    const world = await demoWorld(testApp.db);
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    const made = await tenantAdmin.post('/api/companies', {
      name: `Bulk ${crypto.randomUUID()}`,
      taxId: 'IT11111111111',
      countryCode: 'IT',
    });
    expect(made.statusCode).toBe(201);

    const response = await tenantAdmin.post('/api/companies/bulk', { action: 'delete', ids: [made.json().id, world.acmeRobotics.id] });

    expect(response.json()).toMatchObject({
      requested: 2,
      succeeded: 1,
      skipped: [{ id: world.acmeRobotics.id, code: 'COMPANY_IN_USE' }],
    });
    expect((await tenantAdmin.get(`/api/companies/${made.json().id}`)).statusCode).toBe(404);
    expect((await tenantAdmin.post('/api/companies/bulk', { action: 'disable', ids: [made.json().id] })).statusCode).toBe(400);
  });
});
