import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import {
  companies,
  contents,
  groupMembers,
  groups,
  idempotencyKeys,
  planAssignments,
  quizzes,
  savedViews,
  tenants,
  topics,
  trainingPlanItems,
  trainingPlanModules,
  trainingPlans,
  users,
} from '../../../server/db/schema';
import { created, itemsPath, modulesPath } from '../../support/server/catalogue';
import { bearer, demo, useTestApp } from '../../support/server/harness';
import { packageTitled } from '../../support/server/qti-packages';
import { auditEntriesFor, signedIn, type Api } from '../../support/server/resources';

const testApp = useTestApp();

type Answer = Awaited<ReturnType<App['inject']>>;

const newKey = () => randomUUID();
const label = () => randomBytes(4).toString('hex');

function postWithKey(api: Api, url: string, body: unknown, key: string | undefined) {
  // A QTI package goes as a zip; everything else as JSON.
  const zipped = Buffer.isBuffer(body) ? { 'content-type': 'application/zip' } : {};
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(api.token), ...zipped, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}

/** One create route: who may call it, a body naming a new record, and how many records bear that name. */
interface CreateRoute {
  route: string;
  caller: () => Api;
  url: () => string;
  body: (name: string) => Record<string, unknown> | Promise<Buffer | Record<string, unknown>>;
  rows: (db: Database, name: string) => Promise<number>;
  /** The status of a first answer, when not 201 (an import answers 200 with a result per row). */
  status?: number;
  /** The id of the record created, in the answer; its `id` unless said. */
  idOf?: (answer: Answer) => string;
}

const rowsWhere = async (db: Database, table: PgTable, column: AnyPgColumn, name: string) => {
  const [row] = await db.select({ rows: count() }).from(table).where(eq(column, name));
  return row?.rows ?? 0;
};

/** The company resources with a bulk delete, and a body creating one record of a name. */
const catalogueBulkDeletes: [string, (name: string) => Record<string, unknown>][] = [
  ['topics', (name) => ({ name, color: '#12ab34' })],
  ['contents', (name) => ({ title: name, type: 'Article', text: 'Read me' })],
  ['training-plans', (name) => ({ name })],
  ['quizzes', (name) => ({ title: name, questions: [{ type: 'TRUE_FALSE', text: 'Sure?', correctAnswer: true }] })],
  ['groups', (name) => ({ name })],
];

describe('Idempotency-Key on every create', () => {
  const callers = {} as { root: Api; tenant: Api; company: Api; otherCompanyAdmin: Api };
  let planId: string;
  let moduleId: string;
  // Learning delivery (issue 27): a group and a PUBLISHED plan, and a user of the company per name.
  let groupId: string;
  let publishedPlanId: string;
  let companyOf: { tenantId: string; companyId: string };
  const learners = new Map<string, string>();
  const learnerNamed = async (name: string) => {
    if (!learners.has(name)) {
      const [row] = await testApp.db
        .insert(users)
        .values({ scope: 'COMPANY', ...companyOf, name, surname: 'Key', email: `${name}@example.com` })
        .returning({ id: users.id });
      learners.set(name, row!.id);
    }
    return learners.get(name)!;
  };
  // A company of the TENANT admin per name, made through the API (a bulk delete's target).
  const companiesNamed = new Map<string, string>();
  const companyNamed = async (name: string) => {
    if (!companiesNamed.has(name)) {
      const answer = await callers.tenant.post('/api/companies', { name, taxId: 'IT123', countryCode: 'IT' });
      companiesNamed.set(name, answer.json<{ id: string }>().id);
    }
    return companiesNamed.get(name)!;
  };
  // A record of the company per resource and name, made through the API (a bulk delete's target).
  const recordsNamed = new Map<string, string>();
  const recordNamed = async (resource: string, body: Record<string, unknown>) => {
    const key = `${resource} ${String(body.name ?? body.title)}`;
    if (!recordsNamed.has(key)) recordsNamed.set(key, created(await callers.company.post(`/api/${resource}`, body)).id);
    return recordsNamed.get(key)!;
  };
  const rowsOfLearner = async (db: Database, table: typeof groupMembers | typeof planAssignments, name: string) => {
    const [row] = await db.select({ rows: count() }).from(table).innerJoin(users, eq(users.id, table.userId)).where(eq(users.name, name));
    return row?.rows ?? 0;
  };

  beforeAll(async () => {
    callers.root = await signedIn(testApp.app, demo.root);
    callers.tenant = await signedIn(testApp.app, demo.tenantAdmin);
    callers.company = await signedIn(testApp.app, demo.companyAdmin);
    callers.otherCompanyAdmin = await signedIn(testApp.app, demo.consultingAdmin);
    planId = created(await callers.company.post('/api/training-plans', { name: `plan ${label()}` })).id;
    moduleId = created(await callers.company.post(modulesPath(planId), { title: 'module' })).id;
    groupId = created(await callers.company.post('/api/groups', { name: `group ${label()}` })).id;
    publishedPlanId = created(await callers.company.post('/api/training-plans', { name: `plan ${label()}`, status: 'PUBLISHED' })).id;
    const [admin] = await testApp.db
      .select({ tenantId: users.tenantId, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, demo.companyAdmin));
    companyOf = { tenantId: admin!.tenantId!, companyId: admin!.companyId! };
  });

  const routes: CreateRoute[] = [
    {
      route: 'POST /api/tenants',
      caller: () => callers.root,
      url: () => '/api/tenants',
      body: (name) => ({ name }),
      rows: (db, name) => rowsWhere(db, tenants, tenants.name, name),
    },
    {
      route: 'POST /api/companies',
      caller: () => callers.tenant,
      url: () => '/api/companies',
      body: (name) => ({ name, taxId: 'IT123', countryCode: 'IT' }),
      rows: (db, name) => rowsWhere(db, companies, companies.name, name),
    },
    {
      route: 'POST /api/users',
      caller: () => callers.tenant,
      url: () => '/api/users',
      body: (name) => ({ name, surname: 'Key', email: `${name}@example.com`, scope: 'TENANT' }),
      rows: (db, name) => rowsWhere(db, users, users.name, name),
    },
    {
      route: 'POST /api/topics',
      caller: () => callers.company,
      url: () => '/api/topics',
      body: (name) => ({ name, color: '#112233' }),
      rows: (db, name) => rowsWhere(db, topics, topics.name, name),
    },
    {
      route: 'POST /api/contents',
      caller: () => callers.company,
      url: () => '/api/contents',
      body: (name) => ({ title: name, type: 'Article', text: 'Read me' }),
      rows: (db, name) => rowsWhere(db, contents, contents.title, name),
    },
    {
      route: 'POST /api/training-plans',
      caller: () => callers.company,
      url: () => '/api/training-plans',
      body: (name) => ({ name }),
      rows: (db, name) => rowsWhere(db, trainingPlans, trainingPlans.name, name),
    },
    {
      route: 'POST /api/training-plans/{planId}/modules',
      caller: () => callers.company,
      url: () => modulesPath(planId),
      body: (name) => ({ title: name }),
      rows: (db, name) => rowsWhere(db, trainingPlanModules, trainingPlanModules.title, name),
    },
    {
      route: 'POST /api/training-plans/{planId}/modules/{moduleId}/items',
      caller: () => callers.company,
      url: () => itemsPath(planId, moduleId),
      body: (name) => ({ title: name }),
      rows: (db, name) => rowsWhere(db, trainingPlanItems, trainingPlanItems.title, name),
    },
    // Quizzes (issue 28): a quiz, and a QTI package imported as one (the body is the zip itself).
    {
      route: 'POST /api/quizzes',
      caller: () => callers.company,
      url: () => '/api/quizzes',
      body: (name) => ({ title: name, questions: [{ type: 'TRUE_FALSE', text: 'True?', correctAnswer: true }] }),
      rows: (db, name) => rowsWhere(db, quizzes, quizzes.title, name),
    },
    {
      route: 'POST /api/quizzes/qti',
      caller: () => callers.company,
      url: () => '/api/quizzes/qti',
      body: (name) => packageTitled(name),
      rows: (db, name) => rowsWhere(db, quizzes, quizzes.title, name),
      idOf: (answer) => answer.json().quiz.id,
    },
    // Learning delivery (issue 27): members added to a group (200), a plan assigned.
    {
      route: 'POST /api/groups',
      caller: () => callers.company,
      url: () => '/api/groups',
      body: (name) => ({ name }),
      rows: (db, name) => rowsWhere(db, groups, groups.name, name),
    },
    {
      route: 'POST /api/groups/{id}/members',
      caller: () => callers.company,
      url: () => `/api/groups/${groupId}/members`,
      body: async (name) => ({ userIds: [await learnerNamed(name)] }),
      rows: (db, name) => rowsOfLearner(db, groupMembers, name),
      status: 200,
      idOf: (answer) => answer.json().added.join(',') || answer.json().groupId,
    },
    {
      route: 'POST /api/training-plans/{id}/assignments',
      caller: () => callers.company,
      url: () => `/api/training-plans/${publishedPlanId}/assignments`,
      body: async (name) => ({ userIds: [await learnerNamed(name)], dueDate: '2099-01-01T00:00:00.000Z' }),
      rows: (db, name) => rowsOfLearner(db, planAssignments, name),
    },
    // Bulk actions (issue 29): a repeat answers the first report; without the key it would say UNCHANGED or NOT_FOUND.
    {
      route: 'POST /api/users/bulk',
      caller: () => callers.company,
      url: () => '/api/users/bulk',
      body: async (name) => ({ action: 'disable', ids: [await learnerNamed(name)] }),
      rows: async (db, name) =>
        learners.has(name) ? (await auditEntriesFor(db, [learners.get(name)!])).filter((entry) => entry.action === 'UPDATE').length : 0,
      status: 200,
      idOf: (answer) => JSON.stringify(answer.json()),
    },
    {
      route: 'POST /api/companies/bulk',
      caller: () => callers.tenant,
      url: () => '/api/companies/bulk',
      body: async (name) => ({ action: 'delete', ids: [await companyNamed(name)] }),
      rows: async (db, name) =>
        companiesNamed.has(name)
          ? (await auditEntriesFor(db, [companiesNamed.get(name)!])).filter((entry) => entry.action === 'DELETE').length
          : 0,
      status: 200,
      idOf: (answer) => JSON.stringify(answer.json()),
    },
    // Bulk delete of the company's catalogue (issue 29): a repeat answers the first report, the record deleted once.
    ...catalogueBulkDeletes.map(([resource, body]) => ({
      route: `POST /api/${resource}/bulk`,
      caller: () => callers.company,
      url: () => `/api/${resource}/bulk`,
      body: async (name: string) => ({ action: 'delete', ids: [await recordNamed(resource, body(name))] }),
      rows: async (db: Database, name: string) => {
        const id = recordsNamed.get(`${resource} ${name}`);
        return id ? (await auditEntriesFor(db, [id])).filter((entry) => entry.action === 'DELETE').length : 0;
      },
      status: 200,
      idOf: (answer: Answer) => JSON.stringify(answer.json()),
    })),
    {
      route: 'POST /api/users/import',
      caller: () => callers.tenant,
      url: () => '/api/users/import',
      body: (name) => ({ rows: [{ line: 2, name, surname: 'Imported', email: `${name}@example.com` }] }),
      rows: (db, name) => rowsWhere(db, users, users.name, name),
      status: 200,
      idOf: (answer) => answer.json().results[0].id,
    },
    // Saved views (issue 29): each user's own; the name is unique per list, so a repeat without a key is a 409.
    {
      route: 'POST /api/saved-views',
      caller: () => callers.tenant,
      url: () => '/api/saved-views',
      body: (name) => ({ list: '/users', name, query: `search=${name}` }),
      rows: (db, name) => rowsWhere(db, savedViews, savedViews.name, name),
    },
  ];

  it('is offered by exactly these routes: every POST of the API but sign-in, sessions, account steps, the video service’s calls and previews', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const posts = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.post ? [{ route: `POST ${path}`, parameters: operations.post.parameters ?? [] }] : [],
    );
    const withKey = posts.filter(({ parameters }) =>
      parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'),
    );

    expect(withKey.map(({ route }) => route).sort()).toEqual(routes.map(({ route }) => route).sort());
    expect(
      posts
        .filter((post) => !withKey.includes(post))
        .map(({ route }) => route)
        .sort(),
    ).toEqual([
      'POST /api/auth/assume',
      // Steps of signing in or recovering an account, before there is a session whose keys they could be.
      'POST /api/auth/invitation/accept',
      'POST /api/auth/invitation/verify',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password/forgot',
      'POST /api/auth/password/reset',
      'POST /api/auth/password/reset/verify',
      'POST /api/auth/refresh-jwt',
      'POST /api/auth/two-factor',
      'POST /api/auth/two-factor/setup',
      'POST /api/auth/two-factor/setup/confirm',
      // The CSV of a selection (its ids in the body, too many for an address): a read, it creates nothing.
      'POST /api/companies/export',
      'POST /api/contents/export',
      'POST /api/groups/export',
      // A learner's quiz attempt (LRS credentials, not a session whose keys they could be): each is a new attempt.
      'POST /api/learner/quizzes/{id}/attempts',
      // An LRS credential's answer carries its secret, shown once: a replay would have to keep it (issue 27).
      'POST /api/lrs-credentials',
      'POST /api/quizzes/export',
      // A preview scores answers and records nothing: there is nothing to create twice.
      'POST /api/quizzes/{id}/preview',
      'POST /api/tenants/export',
      'POST /api/topics/export',
      'POST /api/training-plans/export',
      'POST /api/users/export',
      // Sending an invitation creates nothing to repeat: a send within a minute of the last is refused (or skipped).
      'POST /api/users/invitations',
      // One's own second factor: each step replaces the one before, so a repeat is harmless or refused.
      'POST /api/users/me/two-factor/confirm',
      'POST /api/users/me/two-factor/disable',
      'POST /api/users/me/two-factor/recovery-codes',
      'POST /api/users/me/two-factor/setup',
      'POST /api/users/{id}/invitation',
      'POST /api/video-callbacks/processed',
      'POST /api/video-callbacks/session-status',
      // xAPI statements are idempotent by their own ids, as the specification says (a repeat is not stored twice).
      'POST /api/xapi/statements',
    ]);
  });

  describe.each(routes.map((route) => [route.route, route] as const))('%s', (_, route) => {
    const idOf = (answer: Answer) => (route.idOf ? route.idOf(answer) : answer.json<{ id: string }>().id);
    it('answers a repeat of the same request with the first answer, and creates once', async () => {
      const name = `idem-${label()}`;
      const key = newKey();

      const first = await postWithKey(route.caller(), route.url(), await route.body(name), key);
      const repeat = await postWithKey(route.caller(), route.url(), await route.body(name), key);

      expect(first.statusCode).toBe(route.status ?? 201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(repeat.statusCode).toBe(route.status ?? 201);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.headers['content-type']).toMatch(/^application\/json/);
      expect(repeat.json()).toEqual(first.json());
      expect(await route.rows(testApp.db, name)).toBe(1);
    });

    it('refuses the same key with another body with 422, and creates nothing for it', async () => {
      const name = `idem-${label()}`;
      const other = `idem-${label()}`;
      const key = newKey();

      await postWithKey(route.caller(), route.url(), await route.body(name), key);
      const reused = await postWithKey(route.caller(), route.url(), await route.body(other), key);

      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({
        statusCode: 422,
        errors: [{ field: 'idempotency-key', message: 'was already used for another request' }],
      });
      expect(await route.rows(testApp.db, other)).toBe(0);
    });

    it('creates one record from 120 identical requests sent at once: the others wait (409) or get the first answer', async () => {
      const name = `idem-${label()}`;
      const key = newKey();

      const body = await route.body(name);
      const answers = await Promise.all(Array.from({ length: 120 }, () => postWithKey(route.caller(), route.url(), body, key)));

      const createdIds = new Set(answers.filter((answer) => answer.statusCode === (route.status ?? 201)).map(idOf));
      const statuses = new Set(answers.map((answer) => answer.statusCode));
      expect(await route.rows(testApp.db, name)).toBe(1);
      expect(createdIds.size).toBe(1);
      expect([...statuses].every((status) => status === (route.status ?? 201) || status === 409)).toBe(true);
      const inFlight = answers.find((answer) => answer.statusCode === 409);
      if (inFlight) {
        expect(inFlight.headers['retry-after']).toBe('1');
        expect(inFlight.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
      }
      const repeat = await postWithKey(route.caller(), route.url(), body, key);
      expect(idOf(repeat)).toBe([...createdIds][0]);
    });
  });

  it('creates again without a key, as before', async () => {
    const name = `idem-${label()}`;
    await postWithKey(callers.company, '/api/topics', { name, color: '#000000' }, undefined);
    await postWithKey(callers.company, '/api/topics', { name, color: '#000000' }, undefined);

    expect(await rowsWhere(testApp.db, topics, topics.name, name)).toBe(2);
  });

  it('takes the same body with its fields in another order as the same request', async () => {
    const name = `idem-${label()}`;
    const key = newKey();
    const first = await postWithKey(callers.company, '/api/topics', { name, color: '#000000', status: 'ACTIVE' }, key);
    const reordered = await postWithKey(callers.company, '/api/topics', { status: 'ACTIVE', color: '#000000', name }, key);

    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.json()).toEqual(first.json());
  });

  it("keeps one caller's keys to that caller: another admin with the same key and body creates their own record", async () => {
    const name = `idem-${label()}`;
    const key = newKey();

    const mine = await postWithKey(callers.company, '/api/topics', { name, color: '#000000' }, key);
    const theirs = await postWithKey(callers.otherCompanyAdmin, '/api/topics', { name, color: '#000000' }, key);

    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await rowsWhere(testApp.db, topics, topics.name, name)).toBe(2);
  });

  it('is the same person across their sessions, and another scope when they act in an assumed tenant', async () => {
    const name = `idem-${label()}`;
    const key = newKey();
    const body = { name, taxId: 'IT1', countryCode: 'IT', tenantId: undefined as string | undefined };
    const laterSession = await signedIn(testApp.app, demo.root);
    const [acme] = await testApp.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Acme Learning'));
    body.tenantId = acme!.id;

    const first = await postWithKey(callers.root, '/api/companies', body, key);
    const again = await postWithKey(laterSession, '/api/companies', body, key);
    const assume = await callers.root.post('/api/auth/assume', { tenantId: acme!.id });
    const assumed = { ...callers.root, token: assume.json<{ token: string }>().token };
    const inAssumedTenant = await postWithKey(assumed, '/api/companies', { name, taxId: 'IT1', countryCode: 'IT' }, key);

    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(inAssumedTenant.statusCode).toBe(201);
    expect(inAssumedTenant.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWhere(testApp.db, companies, companies.name, name)).toBe(2);
  });

  it('keeps no refused answer: a request that created nothing runs again with its key', async () => {
    const key = newKey();
    const name = `idem-${label()}`;

    const invalid = await postWithKey(callers.company, '/api/topics', { name, color: 'red' }, key);
    const sameInvalid = await postWithKey(callers.company, '/api/topics', { name, color: 'red' }, key);
    const corrected = await postWithKey(callers.company, '/api/topics', { name, color: '#FF0000' }, key);
    const repeat = await postWithKey(callers.company, '/api/topics', { name, color: '#FF0000' }, key);

    expect([invalid.statusCode, sameInvalid.statusCode]).toEqual([400, 400]);
    expect(sameInvalid.headers['idempotent-replayed']).toBeUndefined();
    expect(corrected.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await rowsWhere(testApp.db, topics, topics.name, name)).toBe(1);
  });

  it('keeps a key at least 24 hours; an expired key, or one whose first request died unanswered, is used afresh', async () => {
    const key = newKey();
    const name = `idem-${label()}`;
    await postWithKey(callers.company, '/api/topics', { name, color: '#000000' }, key);
    const [stored] = await testApp.db
      .select({ kept: sql<number>`extract(epoch from ${idempotencyKeys.expiresAt} - ${idempotencyKeys.createdAt})::integer` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.idempotencyKey, key));
    expect(stored?.kept).toBeGreaterThanOrEqual(24 * 3600);

    await testApp.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.idempotencyKey, key));
    const afterExpiry = await postWithKey(callers.company, '/api/topics', { name: `${name}-b`, color: '#000000' }, key);
    expect(afterExpiry.statusCode).toBe(201);

    const dead = newKey();
    const deadName = `idem-${label()}`;
    await postWithKey(callers.company, '/api/topics', { name: deadName, color: '#000000' }, dead);
    await testApp.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(idempotencyKeys.idempotencyKey, dead));
    const whileHeld = await postWithKey(callers.company, '/api/topics', { name: deadName, color: '#000000' }, dead);
    await testApp.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.idempotencyKey, dead)));
    const afterDeath = await postWithKey(callers.company, '/api/topics', { name: deadName, color: '#000000' }, dead);
    expect(whileHeld.statusCode).toBe(409);
    expect(afterDeath.statusCode).toBe(201);
    expect(afterDeath.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['with non-ASCII characters', 'clé-ünïcode'],
  ])('refuses a key %s with 400 on the header, and creates nothing', async (_, key) => {
    const name = `idem-${label()}`;
    const answer: Answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: { ...bearer(callers.company.token), 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
      payload: { name, color: '#000000' },
    });

    expect(answer.statusCode).toBe(400);
    const errors = answer.json<{ errors: { field: string }[] }>().errors;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every(({ field }) => field === 'idempotency-key')).toBe(true);
    expect(await rowsWhere(testApp.db, topics, topics.name, name)).toBe(0);
  });

  it('takes a key of 255 printable characters', async () => {
    const key = `${'k'.repeat(250)}-~!#$`;
    const answer = await postWithKey(callers.company, '/api/topics', { name: `idem-${label()}`, color: '#000000' }, key);

    expect(answer.statusCode).toBe(201);
  });

  it('checks the caller before the key: no key is kept for a refused caller', async () => {
    const key = newKey();
    const name = `idem-${label()}`;
    const refused = await postWithKey(callers.tenant, '/api/topics', { name, color: '#000000' }, key);
    const [kept] = await testApp.db.select({ rows: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.idempotencyKey, key));

    expect(refused.statusCode).toBe(403);
    expect(kept?.rows).toBe(0);
  });
});
