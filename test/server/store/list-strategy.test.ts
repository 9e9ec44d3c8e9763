import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { listBoundaries, listCounts, tableWriteVersions, tenants, users } from '../../../server/db/schema';
import { tenantsResource } from '../../../server/routes/tenants/tenants.resource';
import { boundaryStep, listPage, type ListParams } from '../../../server/store/list-page';
import type { Bind } from '../../../server/db/prepared';
import { demo, useTestApp } from '../../support/server/harness';
import { apiAs, demoWorld, signedIn, type Api, type DemoWorld } from '../../support/server/resources';

const testApp = useTestApp();

/** The answer of a plain ORDER BY … LIMIT … OFFSET on the same rows, what every page must equal. */
async function offsetAnswer(
  where: SQL,
  order: { column: AnyPgColumn; id: AnyPgColumn; descending: boolean },
  page: number,
  pageSize: number,
) {
  const direction = order.descending ? desc : asc;
  const table = order.id === users.id ? users : tenants;
  const rows = await testApp.db
    .select({ id: order.id })
    .from(table)
    .where(where)
    .orderBy(...(order.column === order.id ? [direction(order.id)] : [direction(order.column), direction(order.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map((row) => row.id as string);
}

const pagesBeyondTheStep = (pageSize: number, count: number) => {
  const last = Math.ceil(count / pageSize);
  const first = Math.floor(boundaryStep / pageSize) + 1;
  return [...new Set([1, first - 1, first, first + 1, last - 1, last, last + 1, Math.ceil((first + last) / 2)])];
};

describe('deep pages of a list (2 600 users with ties)', () => {
  const count = 2600;
  const marker = `QzDeep${randomBytes(3).toString('hex')}`;
  let world: DemoWorld;
  let api: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    api = await signedIn(testApp.app, demo.companyAdmin);
    await testApp.db.insert(users).values(
      Array.from({ length: count }, (_, index) => ({
        scope: 'COMPANY' as const,
        tenantId: world.acme.id,
        companyId: world.acmeRobotics.id,
        name: `${marker} ${['Anna', 'Bruno', 'Carla'][index % 3]}`,
        surname: ['Rossi', 'Bianchi', 'Verdi', 'Neri', 'Gialli'][index % 5]!,
        email: `${marker.toLowerCase()}.${index}@example.com`,
        // Groups of 7 users created at the same instant: the order within a group is the id's.
        createdAt: new Date(Date.UTC(2019, 0, 1, 0, 0, Math.floor(index / 7))),
      })),
    );
  });

  const inCompany = () => eq(users.companyId, world.acmeRobotics.id);

  it.each([
    ['default order', '', { column: users.createdAt, descending: false }],
    ['surname asc', '&sortBy=surname&sortOrder=asc', { column: users.surname, descending: false }],
    ['surname desc', '&sortBy=surname&sortOrder=desc', { column: users.surname, descending: true }],
    ['createdAt desc', '&sortBy=createdAt&sortOrder=desc', { column: users.createdAt, descending: true }],
    ['id desc', '&sortBy=id&sortOrder=desc', { column: users.id, descending: true }],
  ] as const)('answers every page as OFFSET would, %s, seeking from recorded sort keys', async (_name, query, order) => {
    const pageSize = 100;
    const listed = await api.get(`/api/users?pageSize=${pageSize}`);
    const total = listed.json<{ total: number }>().total;
    // Twice: the first visit of a deep page records its boundary, the second seeks from it.
    for (const round of [1, 2]) {
      for (const page of pagesBeyondTheStep(pageSize, total)) {
        const response = await api.get(`/api/users?pageSize=${pageSize}&page=${page}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        const ids = response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
        expect(ids, `page ${page}, round ${round}`).toEqual(await offsetAnswer(inCompany(), { ...order, id: users.id }, page, pageSize));
      }
    }
    const recorded = await testApp.db.select().from(listBoundaries).where(eq(listBoundaries.tableName, 'users'));
    expect(recorded.length).toBeGreaterThan(0);
  });

  it('answers a page between two recorded boundaries, and after a write, as OFFSET would', async () => {
    const pageSize = 7;
    for (const page of [150, 300, 151, 299, 360]) {
      const ids = (await api.get(`/api/users?pageSize=${pageSize}&page=${page}&sortBy=name`)).json<{ items: { id: string }[] }>();
      expect(ids.items.map((item) => item.id)).toEqual(
        await offsetAnswer(inCompany(), { column: users.name, id: users.id, descending: false }, page, pageSize),
      );
    }
    await testApp.db.delete(users).where(and(inCompany(), like(users.email, `${marker.toLowerCase()}.1%`)));
    const after = (await api.get(`/api/users?pageSize=${pageSize}&page=300&sortBy=name`)).json<{ items: { id: string }[] }>();
    expect(after.items.map((item) => item.id)).toEqual(
      await offsetAnswer(inCompany(), { column: users.name, id: users.id, descending: false }, 300, pageSize),
    );
  });

  it('finds a rare match among many rows, in order, like OFFSET', async () => {
    const where = and(inCompany(), sql`${users.email} ilike ${`%${marker.toLowerCase()}.25%`}`)!;
    const [rare] = await testApp.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    const response = await api.get(`/api/users?search=${marker.toLowerCase()}.25&pageSize=5&page=2&sortBy=email&sortOrder=desc`);

    expect(rare!.count).toBeGreaterThan(10);
    expect(response.json()).toMatchObject({ total: rare!.count, totalIsEstimate: false });
    expect(response.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual(
      await offsetAnswer(where, { column: users.email, id: users.id, descending: true }, 2, 5),
    );
  });
});

describe('deep pages sorted by a column with NULLs', () => {
  const marker = `QzNull${randomBytes(3).toString('hex')}`;
  const count = 2300;
  beforeAll(async () => {
    await testApp.db.insert(tenants).values(
      Array.from({ length: count }, (_, index) => ({
        name: `${marker} ${index}`,
        // One in three without a URL, the others sharing eleven URLs.
        url: index % 3 === 0 ? null : `https://t${index % 11}.example.com`,
      })),
    );
  });

  const source = { ...tenantsResource, id: tenants.id, createdAt: tenants.createdAt, sorts: { url: tenants.url } };
  const filter = (bind: Bind) => like(tenants.name, bind('marker', `${marker} %`));

  it.each([false, true])('answers every page as OFFSET would (descending: %s), NULLs where PostgreSQL sorts them', async (descending) => {
    const pageSize = 100;
    for (const round of [1, 2]) {
      for (const page of [...pagesBeyondTheStep(pageSize, count), 17, 12]) {
        const params = { page, pageSize, sortBy: 'url', sortOrder: descending ? 'desc' : 'asc', withTotal: true } as ListParams;
        const { items } = await listPage(testApp.db, source, params, filter, 10_000);
        expect(
          items.map((item) => item.id),
          `page ${page}, round ${round}`,
        ).toEqual(
          await offsetAnswer(like(tenants.name, `${marker} %`), { column: tenants.url, id: tenants.id, descending }, page, pageSize),
        );
      }
    }
  });
});

describe('the count of a list', () => {
  const marker = `QzCounted${randomBytes(3).toString('hex')}`;
  let root: Api;
  let otherInstance: App;
  beforeAll(async () => {
    root = await signedIn(testApp.app, demo.root);
    otherInstance = await buildApp({ db: testApp.db });
    await testApp.db.insert(tenants).values([1, 2, 3].map((index) => ({ name: `${marker} ${index}` })));
  });
  afterAll(() => otherInstance.close());

  const storedCount = async () => {
    const rows = await testApp.db
      .select({ total: listCounts.total, version: listCounts.version, current: tableWriteVersions.version })
      .from(listCounts)
      .innerJoin(tableWriteVersions, eq(tableWriteVersions.tableName, listCounts.tableName))
      .where(eq(listCounts.tableName, 'tenants'));
    return rows.filter((row) => row.version === row.current);
  };

  it('is counted once per condition and table version, shared through the database, and counted again after a write', async () => {
    const first = await root.get(`/api/tenants?search=${marker}`);
    expect(first.json()).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(await storedCount()).toEqual([expect.objectContaining({ total: 3 })]);

    // Another instance answers the stored count (changed behind the API's back, so a recount would show).
    await testApp.db.execute(sql`UPDATE list_counts SET total = 42 WHERE table_name = 'tenants'`);
    const otherRoot = apiAs(otherInstance, root.token);
    expect((await otherRoot.get(`/api/tenants?search=${marker}&pageSize=1`)).json()).toMatchObject({ total: 42 });

    await testApp.db.insert(tenants).values({ name: `${marker} 4` });
    expect(await storedCount()).toEqual([]);
    expect((await otherRoot.get(`/api/tenants?search=${marker}`)).json()).toMatchObject({ total: 4, totalIsEstimate: false });
    expect((await root.get(`/api/tenants?search=${marker}`)).json()).toMatchObject({ total: 4, totalIsEstimate: false });
  });

  it('bumps the table version on every kind of write, through the API too', async () => {
    const version = async () =>
      (await testApp.db.select().from(tableWriteVersions).where(eq(tableWriteVersions.tableName, 'tenants')))[0]!.version;
    const before = await version();
    const created = await root.post('/api/tenants', { name: `${marker} api` });
    expect(created.statusCode, created.body).toBe(201);
    const afterCreate = await version();
    await testApp.db
      .update(tenants)
      .set({ description: 'x' })
      .where(like(tenants.name, `${marker} %`));
    const afterUpdate = await version();
    await testApp.db.delete(tenants).where(eq(tenants.name, `${marker} 4`));

    expect([afterCreate > before, afterUpdate > afterCreate, (await version()) > afterUpdate]).toEqual([true, true, true]);
    expect((await root.get(`/api/tenants?search=${marker}`)).json()).toMatchObject({ total: 4, totalIsEstimate: false });
  });
});
