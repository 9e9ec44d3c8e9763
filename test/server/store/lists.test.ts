import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { companies, contents, quizzes, tenants, topics, trainingPlans, users } from '../../../server/db/schema';
import { demo, useTestApp } from '../../support/server/harness';
import { apiAs, demoWorld, signedIn, type Api, type DemoWorld } from '../../support/server/resources';

const testApp = useTestApp();

/** Seven rows whose sortable fields are ordered differently from each other, with LIKE wildcards in some names. */
const fixtureRows = ['Delta', 'alpha', 'c_d', 'cYd', 'b%c', 'bXc', 'Echo'].map((label, index) => ({
  label,
  surname: ['Moro', 'Gatti', 'Villa', 'Sala', 'Neri', 'Ferri', 'Conte'][index]!,
  emailPrefix: ['k', 'q', 'a', 'z', 'm', 'c', 'f'][index]!,
  createdAt: new Date(Date.UTC(2020, 0, 1, 0, [4, 2, 6, 1, 5, 0, 3][index]!)),
  updatedAt: new Date(Date.UTC(2021, 0, 1, 0, [0, 6, 3, 5, 1, 4, 2][index]!)),
}));
type FixtureRow = (typeof fixtureRows)[number];

interface ListCase {
  path: string;
  sorts: string[];
  /** The searched field the fixture rows are named in. */
  nameField: 'name' | 'title';
  /** Fields of the record that are not allowed sorts (ignored like unknown ones). */
  notSorts?: string[];
  caller(world: DemoWorld): Promise<Api>;
  /** Inserts the rows with `marker` in their name, inside the caller's reach. */
  insert(world: DemoWorld, marker: string, rows: FixtureRow[]): Promise<void>;
}

const listCases: ListCase[] = [
  {
    path: '/api/companies',
    sorts: ['id', 'name', 'createdAt', 'updatedAt'],
    nameField: 'name',
    caller: () => signedIn(testApp.app, demo.tenantAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(companies).values(
        rows.map((row) => ({
          tenantId: world.acme.id,
          name: `${marker} ${row.label}`,
          taxId: 'IT00000000000',
          countryCode: 'IT',
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
  {
    path: '/api/tenants',
    sorts: ['id', 'name', 'createdAt', 'updatedAt'],
    nameField: 'name',
    caller: () => signedIn(testApp.app, demo.root),
    insert: async (_world, marker, rows) => {
      await testApp.db
        .insert(tenants)
        .values(rows.map((row) => ({ name: `${marker} ${row.label}`, createdAt: row.createdAt, updatedAt: row.updatedAt })));
    },
  },
  {
    path: '/api/users',
    sorts: ['id', 'name', 'surname', 'email', 'createdAt', 'updatedAt'],
    nameField: 'name',
    caller: () => signedIn(testApp.app, demo.companyAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(users).values(
        rows.map((row) => ({
          scope: 'COMPANY' as const,
          tenantId: world.acme.id,
          companyId: world.acmeRobotics.id,
          name: `${marker} ${row.label}`,
          surname: row.surname,
          email: `${row.emailPrefix}.${marker}@example.com`.toLowerCase(),
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
  {
    path: '/api/topics',
    sorts: ['name', 'status'],
    nameField: 'name',
    notSorts: ['id', 'createdAt', 'updatedAt', 'color', 'companyId'],
    caller: () => signedIn(testApp.app, demo.companyAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(topics).values(
        rows.map((row, index) => ({
          tenantId: world.acme.id,
          companyId: world.acmeRobotics.id,
          name: `${marker} ${row.label}`,
          status: index % 3 === 0 ? ('ACTIVE' as const) : ('PENDING' as const),
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
  {
    path: '/api/contents',
    sorts: ['id', 'title', 'createdAt', 'updatedAt'],
    nameField: 'title',
    notSorts: ['type', 'status', 'text', 'topicIds'],
    caller: () => signedIn(testApp.app, demo.companyAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(contents).values(
        rows.map((row) => ({
          tenantId: world.acme.id,
          companyId: world.acmeRobotics.id,
          title: `${marker} ${row.label}`,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
  {
    path: '/api/training-plans',
    sorts: ['id', 'name', 'createdAt', 'updatedAt'],
    nameField: 'name',
    notSorts: ['status', 'moduleCount', 'freelyNavigable'],
    caller: () => signedIn(testApp.app, demo.companyAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(trainingPlans).values(
        rows.map((row) => ({
          tenantId: world.acme.id,
          companyId: world.acmeRobotics.id,
          name: `${marker} ${row.label}`,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
  // Quizzes (issue 28)
  {
    path: '/api/quizzes',
    sorts: ['id', 'title', 'status', 'createdAt', 'updatedAt'],
    nameField: 'title',
    notSorts: ['passMark', 'questionCount', 'totalPoints', 'description'],
    caller: () => signedIn(testApp.app, demo.companyAdmin),
    insert: async (world, marker, rows) => {
      await testApp.db.insert(quizzes).values(
        rows.map((row) => ({
          tenantId: world.acme.id,
          companyId: world.acmeRobotics.id,
          title: `${marker} ${row.label}`,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        })),
      );
    },
  },
];

type Item = Record<string, string>;
const isSorted = (values: string[], order: 'asc' | 'desc') => {
  const sorted = [...values].sort();
  return values.join('\n') === (order === 'asc' ? sorted : sorted.reverse()).join('\n');
};

describe.each(listCases)('GET $path', (listCase) => {
  const marker = `QzList${randomBytes(3).toString('hex')}`;
  const search = marker.toLowerCase();
  let api: Api;
  let list: (query: string) => Promise<{ items: Item[]; total: number; totalIsEstimate: boolean }>;

  beforeAll(async () => {
    const world = await demoWorld(testApp.db);
    api = await listCase.caller(world);
    await listCase.insert(world, marker, fixtureRows);
    list = async (query) => {
      const response = await api.get(`${listCase.path}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
  });

  it('searches case-insensitively, trimmed, and pages through every match with a stable order', async () => {
    const everything = await list(`search=${encodeURIComponent(`  ${search}  `)}&pageSize=100`);
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await list(`search=${search}&pageSize=2&page=${page}`));

    expect(everything).toMatchObject({ total: fixtureRows.length, totalIsEstimate: false });
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(everything.items.map((item) => item.id));
  });

  it('answers an empty page past the end, with the real total', async () => {
    const pastTheEnd = await list(`search=${search}&pageSize=2&page=5`);

    expect(pastTheEnd).toEqual({ items: [], total: fixtureRows.length, totalIsEstimate: false });
  });

  it('orders by createdAt then id without a sort, and ignores a sortBy outside the allowed list', async () => {
    const byDefault = await list(`search=${search}`);
    const unknownSorts = await Promise.all(
      ['password', 'passwordHash', 'tenantId', 'constructor', 'name;drop', ...(listCase.notSorts ?? [])].map((sortBy) =>
        list(`search=${search}&sortBy=${encodeURIComponent(sortBy)}&sortOrder=desc`),
      ),
    );

    expect(
      isSorted(
        byDefault.items.map((item) => item.createdAt!),
        'asc',
      ),
    ).toBe(true);
    for (const unknown of unknownSorts) expect(unknown.items).toEqual(byDefault.items);
  });

  it.each(listCase.sorts.flatMap((sortBy) => [[sortBy, 'asc'] as const, [sortBy, 'desc'] as const]))(
    'sorts by %s %s',
    async (sortBy, sortOrder) => {
      const sorted = await list(`search=${search}&sortBy=${sortBy}&sortOrder=${sortOrder}`);

      expect(sorted.items).toHaveLength(fixtureRows.length);
      expect(
        isSorted(
          sorted.items.map((item) => item[sortBy]!),
          sortOrder,
        ),
      ).toBe(true);
    },
  );

  it('matches % and _ typed in a search as themselves', async () => {
    const percent = await list(`search=${encodeURIComponent(`${marker} b%c`)}`);
    const underscore = await list(`search=${encodeURIComponent(`${marker} c_d`)}`);

    expect(percent.items.map((item) => item[listCase.nameField])).toEqual([`${marker} b%c`]);
    expect(underscore.items.map((item) => item[listCase.nameField])).toEqual([`${marker} c_d`]);
  });

  it('leaves out the total when asked to', async () => {
    const pageOnly = await list(`search=${search}&pageSize=2&withTotal=false`);

    expect(Object.keys(pageOnly)).toEqual(['items']);
    expect(pageOnly.items).toHaveLength(2);
  });

  it.each([
    ['page=0', 'page', 'minimum'],
    ['page=two', 'page', 'type'],
    ['pageSize=0', 'pageSize', 'minimum'],
    ['pageSize=101', 'pageSize', 'maximum'],
    ['sortOrder=up', 'sortOrder', 'oneOf'],
    [`search=${'x'.repeat(101)}`, 'search', 'maxLength'],
    ['withTotal=maybe', 'withTotal', 'type'],
    ['extra=1', 'extra', 'notAllowed'],
  ])('answers 400 for %s, naming the field and its rule', async (query, field, rule) => {
    const response = await api.get(`${listCase.path}?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors).toEqual([expect.objectContaining({ field, rule, message: expect.any(String) })]);
  });
});

describe('counting beyond the exact limit', () => {
  let app: App;
  const marker = `QzCount${randomBytes(3).toString('hex')}`;
  beforeAll(async () => {
    app = await buildApp({ db: testApp.db, exactCountLimit: 3 });
    await listCases[1]!.insert(await demoWorld(testApp.db), marker, fixtureRows);
  });
  afterAll(() => app.close());

  it("answers the planner's estimate, flagged, when more rows match than the exact limit", async () => {
    const root = apiAs(app, (await signedIn(app, demo.root)).token);

    const many = (await root.get(`/api/tenants?search=${marker}&pageSize=2`)).json();
    const few = (await root.get(`/api/tenants?search=${encodeURIComponent(`${marker} Delta`)}`)).json();

    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(3);
    expect(many.items).toHaveLength(2);
    expect(few).toMatchObject({ total: 1, totalIsEstimate: false });
  });
});
