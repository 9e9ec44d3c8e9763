import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkSkipCodes, bulkSkipReason } from '../../../../contract/bulk-limits';
import { contents, groups, quizzes, topics, trainingPlans } from '../../../../server/db/schema';
import { companiesResource } from '../../../../server/routes/companies/companies.resource';
import { contentsResource } from '../../../../server/routes/contents/contents.resource';
import { groupsResource } from '../../../../server/routes/groups/groups.resource';
import { quizzesResource } from '../../../../server/routes/quizzes/quizzes.resource';
import { topicsResource } from '../../../../server/routes/topics/topics.resource';
import { trainingPlansResource } from '../../../../server/routes/training-plans/training-plans.resource';
import { usersResource } from '../../../../server/routes/users/users.resource';
import { created, createCatalogue, newCompanyAdmin, type Catalogue } from '../../../support/server/catalogue';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, signedIn, type Api } from '../../../support/server/resources';

const testApp = useTestApp();

type Report = { action: string; requested: number; succeeded: number; skipped: { id: string; code: string; message: string }[] };
type Stored = { id: string; version: number };

const tables = { topics, contents, 'training-plans': trainingPlans, quizzes, groups } as const;
type Resource = keyof typeof tables;

const stillThere = async (resource: Resource, ids: string[]) =>
  (await testApp.db.select({ id: tables[resource].id }).from(tables[resource]).where(inArray(tables[resource].id, ids))).map(
    (row) => row.id,
  );

/** Every reason a report gives is one the console has words for (test/i18n). */
const expectKnownReasons = (report: Report) =>
  expect(
    report.skipped.map(({ code }) => bulkSkipReason(code)).filter((reason) => !(bulkSkipCodes as readonly string[]).includes(reason)),
  ).toEqual([]);

/**
 * `POST /api/{resource}/bulk` with `delete` on the company's catalogue (issue 29): each row by the one-row delete's
 * rules (a plan not in Draft, a content or quiz a plan uses: skipped and said why), another company's ids skipped as
 * not found, "select all" by query never reaching another company's rows.
 */
describe('bulk delete of topics, contents, training plans, quizzes and groups', () => {
  let own: Api;
  let other: Api;
  let foreign: Catalogue;
  let foreignGroup: Stored;
  beforeAll(async () => {
    const world = await demoWorld(testApp.db);
    own = await signedIn(testApp.app, demo.companyAdmin);
    other = await newCompanyAdmin(testApp.app, testApp.db, world.acmeFoods);
    foreign = await createCatalogue(other, 'BulkForeign');
    foreignGroup = created<Stored>(await other.post('/api/groups', { name: 'BulkForeign group' }));
  });

  const bodies: Record<Resource, (name: string) => Record<string, unknown>> = {
    topics: (name) => ({ name, color: '#12ab34' }),
    contents: (name) => ({ title: name, type: 'Article', text: 'Read me' }),
    'training-plans': (name) => ({ name }),
    quizzes: (name) => ({ title: name, questions: [{ type: 'TRUE_FALSE', text: 'Sure?', correctAnswer: true }] }),
    groups: (name) => ({ name }),
  };
  const foreignIdOf = (resource: Resource) =>
    ({
      topics: foreign.topic.id,
      contents: foreign.content.id,
      'training-plans': foreign.plan.id,
      quizzes: foreign.quiz.id,
      groups: foreignGroup.id,
    })[resource];

  it.each(Object.keys(tables) as Resource[])(
    '%s: deletes the rows named, audits each, skips another company’s as not found',
    async (resource) => {
      const mine = [];
      for (const n of [1, 2]) mine.push(created<Stored>(await own.post(`/api/${resource}`, bodies[resource](`Bulk ${resource} ${n}`))).id);
      const foreignId = foreignIdOf(resource);

      const response = await own.post(`/api/${resource}/bulk`, { action: 'delete', ids: [...mine, foreignId] });

      expect(response.statusCode).toBe(200);
      const report = response.json<Report>();
      expect({ ...report, skipped: report.skipped.map(({ id, code }) => [id, bulkSkipReason(code)]) }).toEqual({
        action: 'delete',
        requested: 3,
        succeeded: 2,
        skipped: [[foreignId, 'NOT_FOUND']],
      });
      expect(await stillThere(resource, [...mine, foreignId])).toEqual([foreignId]);
      const audit = await auditEntriesFor(testApp.db, [...mine, foreignId]);
      expect(
        audit
          .filter((entry) => entry.action === 'DELETE')
          .map((entry) => entry.entityId)
          .sort(),
      ).toEqual([...mine].sort());
    },
  );

  it.each(Object.keys(tables) as Resource[])(
    '%s: "select all" by a search naming another company deletes nothing of it',
    async (resource) => {
      const response = await own.post(`/api/${resource}/bulk`, { action: 'delete', query: { search: 'BulkForeign' } });

      expect(response.statusCode).toBe(200);
      expect(response.json<Report>()).toMatchObject({ requested: 0, succeeded: 0, skipped: [] });
      expect(await stillThere(resource, [foreignIdOf(resource)])).toEqual([foreignIdOf(resource)]);
    },
  );

  it.each(Object.keys(tables) as Resource[])(
    '%s: 100 parallel deletes of the same rows (each its own Idempotency-Key, or none) delete each row once',
    async (resource) => {
      const rows: string[] = [];
      for (const n of [1, 2, 3])
        rows.push(created<Stored>(await own.post(`/api/${resource}`, bodies[resource](`Race ${resource} ${n}`))).id);
      const send = (n: number) =>
        testApp.app.inject({
          method: 'POST',
          url: `/api/${resource}/bulk`,
          headers: { ...bearer(own.token), ...(n % 2 === 0 && { 'idempotency-key': `race-${resource}-${n}` }) },
          payload: { action: 'delete', ids: rows },
        });

      const responses = await Promise.all(Array.from({ length: 100 }, (_, n) => send(n)));

      expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
      const reports = responses.map((response) => response.json<Report>());
      expect(reports.reduce((sum, report) => sum + report.succeeded, 0)).toBe(rows.length);
      for (const report of reports) {
        expect(report.requested).toBe(rows.length);
        expect(report.succeeded + report.skipped.length).toBe(rows.length);
        expect(report.skipped.filter(({ code }) => bulkSkipReason(code) !== 'NOT_FOUND')).toEqual([]);
      }
      expect(await stillThere(resource, rows)).toEqual([]);
      const deletes = (await auditEntriesFor(testApp.db, rows)).filter((entry) => entry.action === 'DELETE');
      expect(deletes.map((entry) => entry.entityId).sort()).toEqual([...rows].sort());
    },
  );

  it('skips a published plan, a content and a quiz a plan uses, and says why, deleting the rest', async () => {
    const catalogue = await createCatalogue(own, 'BulkOwn');
    const published = created<Stored>(await own.post('/api/training-plans', { name: 'Bulk published', status: 'PUBLISHED' }));
    const draft = created<Stored>(await own.post('/api/training-plans', { name: 'Bulk draft' }));
    await own.post(`/api/training-plans/${catalogue.plan.id}/modules/${catalogue.module.id}/items`, {
      title: 'Quiz item',
      type: 'QUIZ',
      quizId: catalogue.quiz.id,
    });

    const plans = (await own.post('/api/training-plans/bulk', { action: 'delete', ids: [published.id, draft.id] })).json<Report>();
    const usedContent = (await own.post('/api/contents/bulk', { action: 'delete', ids: [catalogue.content.id] })).json<Report>();
    const usedQuiz = (await own.post('/api/quizzes/bulk', { action: 'delete', ids: [catalogue.quiz.id] })).json<Report>();

    expect(plans.succeeded).toBe(1);
    expect(plans.skipped.map(({ id, code }) => [id, code])).toEqual([[published.id, 'PLAN_NOT_DRAFT']]);
    expect(await stillThere('training-plans', [published.id, draft.id])).toEqual([published.id]);
    expect(usedContent.skipped.map(({ code }) => code)).toEqual(['CONTENT_IN_PLANS']);
    expect(await stillThere('contents', [catalogue.content.id])).toEqual([catalogue.content.id]);
    expect(usedQuiz.skipped.map(({ code }) => code)).toEqual([expect.stringMatching(/^QUIZ_IN_(PLANS|USE)$/)]);
    for (const report of [plans, usedContent, usedQuiz]) expectKnownReasons(report);
  });

  it('is refused to scopes without a company (403) and to a body naming both ids and a query (400)', async () => {
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);

    const refused = await tenantAdmin.post('/api/topics/bulk', { action: 'delete', ids: [foreign.topic.id] });
    const both = await own.post('/api/topics/bulk', { action: 'delete', ids: [foreign.topic.id], query: {} });
    const hostile = await own.post('/api/topics/bulk', { action: 'delete', query: { search: 'a\u0000b' } });

    expect([refused.statusCode, both.statusCode]).toEqual([403, 400]);
    expect(hostile.statusCode).toBeLessThan(500);
    expect(await stillThere('topics', [foreign.topic.id])).toEqual([foreign.topic.id]);
  });
});

it('has words for the in-use reason of every resource with a bulk delete', () => {
  const resources = [
    companiesResource,
    usersResource,
    topicsResource,
    contentsResource,
    trainingPlansResource,
    quizzesResource,
    groupsResource,
  ];
  const inUse = resources.flatMap((resource) => (resource.bulk?.delete && resource.inUse ? [resource.inUse.code] : []));

  expect(inUse.length).toBeGreaterThan(0);
  expect(inUse.filter((code) => !(bulkSkipCodes as readonly string[]).includes(code))).toEqual([]);
});
