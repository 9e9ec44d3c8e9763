import { randomBytes, randomUUID } from 'node:crypto';
import XAPI from '@xapi/xapi';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemActivityId, planActivityId } from '../../../../contract/activity-ids';
import { enrolments, users, xapiStatements, type Company } from '../../../../server/db/schema';
import { created, itemsPath, modulesPath, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz } from '../../../support/server/quizzes';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// The Learning Record Store (issue 27): xAPI 1.0.3 statements, each company's own store, moving its enrolments.
const testApp = useTestApp();

const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });
const label = () => randomBytes(4).toString('hex');

interface Credential {
  id: string;
  key: string;
  secret: string;
}
interface Plan {
  id: string;
  contentItemId: string;
  quizItemId: string;
}

let world: DemoWorld;
let admin: Api;
let globexAdmin: Api;
let acmeLrs: Credential;
let globexLrs: Credential;

const basic = (credential: Pick<Credential, 'key' | 'secret'>) =>
  `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`;
const xapiHeaders = (credential: Pick<Credential, 'key' | 'secret'>, extra: Record<string, string> = {}) => ({
  authorization: basic(credential),
  'x-experience-api-version': '1.0.3',
  ...extra,
});

/** One xAPI call through the API (inject), as the credential. */
function call(
  credential: Credential,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...xapiHeaders(credential), ...headers },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    ...(payload !== undefined ? { headers: { ...xapiHeaders(credential), 'content-type': 'application/json', ...headers } } : {}),
  });
}
const post = (credential: Credential, body: unknown) => call(credential, 'POST', '/api/xapi/statements', body);
const put = (credential: Credential, id: string, body: unknown) => call(credential, 'PUT', `/api/xapi/statements?statementId=${id}`, body);
const get = (credential: Credential, query: string) => call(credential, 'GET', `/api/xapi/statements${query}`);

const statement = (overrides: Record<string, unknown> = {}): Record<string, unknown> & { id?: string } => ({
  actor: { objectType: 'Agent', mbox: `mailto:someone.${label()}@example.com` },
  verb: verb('experienced'),
  object: { objectType: 'Activity', id: `http://example.com/activities/${label()}` },
  ...overrides,
});

async function newCredential(api: Api): Promise<Credential> {
  return created<Credential>(await api.post('/api/lrs-credentials', { label: `App ${label()}` }));
}

/** A learner of the company, straight in the database. */
async function newLearner(company: Company) {
  const tag = label();
  const [row] = await testApp.db
    .insert(users)
    .values({
      scope: 'COMPANY',
      tenantId: company.tenantId,
      companyId: company.id,
      name: 'Lrs',
      surname: `Learner${tag}`,
      email: `lrs.learner.${tag}@example.com`,
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** A PUBLISHED plan of the caller's company with one CONTENT and one QUIZ item, assigned to the learners. */
async function assignedPlan(api: Api, learnerIds: string[], dueDate?: string): Promise<Plan> {
  const plan = created<{ id: string; version: number; name: string }>(
    await api.post('/api/training-plans', { name: `LRS plan ${label()}` }),
  );
  const module = created(await api.post(modulesPath(plan.id), { title: 'Module' }));
  const content = created(await api.post('/api/contents', { title: `Reading ${label()}`, text: 'Text' }));
  const contentItem = created(await api.post(itemsPath(plan.id, module.id), { title: 'Read', contentId: content.id }));
  const quiz = await createQuiz(api, { title: `Quiz ${label()}`, questions: [{ type: 'TRUE_FALSE', text: 'True?', correctAnswer: true }] });
  const quizItem = created(await api.post(itemsPath(plan.id, module.id), { title: 'Check', type: 'QUIZ', quizId: quiz.id }));
  const published = await api.put(planPath(plan.id), { name: plan.name, status: 'PUBLISHED', version: plan.version });
  if (published.statusCode !== 200) throw new Error(`plan not published: ${published.body}`);
  created(await api.post(`${planPath(plan.id)}/assignments`, { userIds: learnerIds, ...(dueDate ? { dueDate } : {}) }));
  return { id: plan.id, contentItemId: contentItem.id, quizItemId: quizItem.id };
}

const enrolmentOf = async (planId: string, userId: string) =>
  (
    await testApp.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.trainingPlanId, planId), eq(enrolments.userId, userId)))
  )[0]!;
const listed = async (api: Api, planId: string, userId: string) =>
  (await api.get(`${planPath(planId)}/enrolments?pageSize=100`))
    .json<{ items: { userId: string; status: string; progress: number }[] }>()
    .items.find((item) => item.userId === userId)!;
const storedCount = async (companyId: string) =>
  (await testApp.db.select({ id: xapiStatements.id }).from(xapiStatements).where(eq(xapiStatements.companyId, companyId))).length;

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  globexAdmin = await signedIn(testApp.app, demo.consultingAdmin);
  acmeLrs = await newCredential(admin);
  globexLrs = await newCredential(globexAdmin);
});

describe('a learner app (@xapi/xapi) driving the LRS over HTTP', () => {
  it('launched → completed → passed moves the learner to COMPLETED with progress 1; the statements read back', async () => {
    const learner = await newLearner(world.acmeRobotics);
    const plan = await assignedPlan(admin, [learner.id]);
    expect((await listed(admin, plan.id, learner.id)).status).toBe('NOT_STARTED');

    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address() as { port: number };
    const xapi = new XAPI({
      endpoint: `http://127.0.0.1:${address.port}/api/xapi/`,
      auth: XAPI.toBasicAuth(acmeLrs.key, acmeLrs.secret),
      version: '1.0.3',
      adapter: 'fetch',
    });
    const actor = { objectType: 'Agent' as const, mbox: `mailto:${learner.email}` };
    expect((await xapi.getAbout()).data.version).toEqual(['1.0.3']);

    await xapi.sendStatement({
      statement: { actor, verb: verb('launched'), object: { objectType: 'Activity', id: planActivityId(plan.id) } },
    });
    expect((await listed(admin, plan.id, learner.id)).status).toBe('IN_PROGRESS');

    await xapi.sendStatement({
      statement: { actor, verb: verb('completed'), object: { objectType: 'Activity', id: itemActivityId(plan.contentItemId) } },
    });
    expect(await listed(admin, plan.id, learner.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 0.5 });

    const [passedId] = (
      await xapi.sendStatement({
        statement: {
          actor,
          verb: verb('passed'),
          object: { objectType: 'Activity', id: itemActivityId(plan.quizItemId) },
          result: { success: true, score: { scaled: 0.9 } },
        },
      })
    ).data;
    expect(await listed(admin, plan.id, learner.id)).toMatchObject({ status: 'COMPLETED', progress: 1 });
    const enrolment = await enrolmentOf(plan.id, learner.id);
    expect(enrolment.startedAt).not.toBeNull();
    expect(enrolment.completedAt).not.toBeNull();
    expect(enrolment.lastActivityAt).not.toBeNull();

    const read = await xapi.getStatement({ statementId: passedId! });
    expect(read.data).toMatchObject({ id: passedId, verb: { id: verb('passed').id }, version: '1.0.0', stored: expect.any(String) });
    expect(read.data.authority).toMatchObject({ account: { name: acmeLrs.key } });
    const byAgent = await xapi.getStatements({ agent: actor });
    expect(byAgent.data.statements.map((item) => item.verb.id)).toEqual([verb('passed').id, verb('completed').id, verb('launched').id]);
    expect(byAgent.headers['x-experience-api-version'] ?? byAgent.headers['X-Experience-API-Version']).toBe('1.0.3');
  });
});

describe('enrolments moved by statements', () => {
  it('moves nothing for another verb, a learner not enrolled, an unknown activity, or passed without a score; failed is activity only', async () => {
    const learner = await newLearner(world.acmeRobotics);
    const stranger = await newLearner(world.acmeRobotics);
    const plan = await assignedPlan(admin, [learner.id]);
    const actor = { mbox: `mailto:${learner.email.toUpperCase()}` };
    for (const body of [
      statement({ actor, verb: verb('experienced'), object: { id: planActivityId(plan.id) } }),
      statement({ actor: { mbox: `mailto:${stranger.email}` }, verb: verb('launched'), object: { id: planActivityId(plan.id) } }),
      statement({ actor, verb: verb('launched'), object: { id: planActivityId(randomUUID()) } }),
      statement({ actor, verb: verb('passed'), object: { id: itemActivityId(plan.quizItemId) } }),
    ]) {
      expect((await post(acmeLrs, body)).statusCode).toBe(200);
    }
    const untouched = await enrolmentOf(plan.id, learner.id);
    // passed without a score: activity, not done.
    expect(untouched.progress).toBe(0);
    expect(untouched.completedAt).toBeNull();

    expect(
      (
        await post(
          acmeLrs,
          statement({ actor, verb: verb('failed'), object: { id: itemActivityId(plan.quizItemId) }, result: { score: { scaled: 0.2 } } }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await listed(admin, plan.id, learner.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 0 });
  });

  it('keeps OVERDUE for a learner past the due date who has not completed', async () => {
    const learner = await newLearner(world.acmeRobotics);
    const plan = await assignedPlan(admin, [learner.id], '2020-01-31T17:00:00.000Z');
    await post(
      acmeLrs,
      statement({ actor: { mbox: `mailto:${learner.email}` }, verb: verb('launched'), object: { id: planActivityId(plan.id) } }),
    );
    expect((await listed(admin, plan.id, learner.id)).status).toBe('OVERDUE');
  });

  it('one company’s credentials move none of another’s enrolments: the statement lands in the writer’s store only', async () => {
    const learner = await newLearner(world.acmeRobotics);
    const plan = await assignedPlan(admin, [learner.id]);
    const before = await storedCount(world.acmeRobotics.id);
    const body = statement({
      actor: { mbox: `mailto:${learner.email}` },
      verb: verb('completed'),
      object: { id: itemActivityId(plan.contentItemId) },
    });
    const response = await post(globexLrs, body);
    expect(response.statusCode).toBe(200);
    const [id] = response.json<string[]>();
    expect(await storedCount(world.acmeRobotics.id)).toBe(before);
    const enrolment = await enrolmentOf(plan.id, learner.id);
    expect([enrolment.startedAt, enrolment.progress, enrolment.lastActivityAt]).toEqual([null, 0, null]);
    // The writer reads it; the learner's company does not.
    expect((await get(globexLrs, `?statementId=${id}`)).statusCode).toBe(200);
    expect((await get(acmeLrs, `?statementId=${id}`)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    ['no actor', { verb: verb('launched'), object: { id: 'http://example.com/a' } }],
    ['no verb', { actor: { mbox: 'mailto:a@example.com' }, object: { id: 'http://example.com/a' } }],
    ['no object', { actor: { mbox: 'mailto:a@example.com' }, verb: verb('launched') }],
    ['an mbox without mailto:', statement({ actor: { mbox: 'a@example.com' } })],
    ['two identifiers', statement({ actor: { mbox: 'mailto:a@example.com', openid: 'http://example.com/a' } })],
    ['a verb that is not an IRI', statement({ verb: { id: 'launched' } })],
    ['an object id that is not an IRI', statement({ object: { id: 'not an iri' } })],
    ['an id that is not a UUID', statement({ id: 'not-a-uuid' })],
    ['an unknown property', statement({ colour: 'blue' })],
    ['a bad timestamp', statement({ timestamp: 'yesterday' })],
    ['a version 2.0', statement({ version: '2.0.0' })],
    ['a score.scaled above 1', statement({ result: { score: { scaled: 1.5 } } })],
    ['a raw score above max', statement({ result: { score: { raw: 11, min: 0, max: 10 } } })],
    ['a voiding statement naming an activity', statement({ verb: verb('voided'), object: { id: 'http://example.com/a' } })],
    [
      'revision with a non-Activity object',
      statement({ object: { objectType: 'Agent', mbox: 'mailto:b@example.com' }, context: { revision: '1' } }),
    ],
    ['a string', '"hello"'],
    ['an empty batch', []],
    ['an array of numbers', [1, 2]],
  ])('refuses %s with 400 and a reason, storing nothing', async (_label, body) => {
    const before = await storedCount(world.acmeRobotics.id);
    const response = await post(acmeLrs, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
    expect(response.headers['x-experience-api-version']).toBe('1.0.3');
    expect(await storedCount(world.acmeRobotics.id)).toBe(before);
  });

  it('stores a batch all or nothing: one bad statement refuses the whole batch', async () => {
    const good = statement({ id: randomUUID() });
    const response = await post(acmeLrs, [good, statement({ verb: { id: 'bad' } })]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('statement 1');
    expect((await get(acmeLrs, `?statementId=${good.id}`)).statusCode).toBe(404);
  });

  it('refuses a missing or unsupported version header, and answers about without one', async () => {
    for (const version of [undefined, '0.95', '2.0.0']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/xapi/statements',
        headers: { authorization: basic(acmeLrs), ...(version ? { 'x-experience-api-version': version } : {}) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-experience-api-version']).toBe('1.0.3');
    }
    const about = await testApp.app.inject({ method: 'GET', url: '/api/xapi/about' });
    expect(about.statusCode).toBe(200);
    expect(about.json()).toEqual({ version: ['1.0.3'] });
    expect(about.headers['x-experience-api-version']).toBe('1.0.3');
  });

  it('answers a resource it does not keep with 404 once the credential and version pass, 400 without the version', async () => {
    for (const resource of ['activities', 'activities/state', 'activities/profile', 'agents', 'agents/profile']) {
      const url = `/api/xapi/${resource}`;
      expect((await testApp.app.inject({ method: 'GET', url, headers: { authorization: basic(acmeLrs) } })).statusCode).toBe(400);
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await testApp.app.inject({ method: 'GET', url, headers: xapiHeaders(acmeLrs) })).statusCode).toBe(404);
    }
  });

  it('takes a context activity given as one object and keeps it as an array of one, in a SubStatement too', async () => {
    const parent = { id: 'http://example.com/parent' };
    const body = statement({
      id: randomUUID(),
      context: { contextActivities: { parent, grouping: [parent] } },
      object: { objectType: 'SubStatement', ...statement({ context: { contextActivities: { category: parent } } }) },
    });
    expect((await post(acmeLrs, body)).statusCode).toBe(200);
    const read = (await get(acmeLrs, `?statementId=${String(body.id)}`)).json<{
      context: { contextActivities: Record<string, unknown> };
      object: { context: { contextActivities: Record<string, unknown> } };
    }>();
    expect(read.context.contextActivities).toEqual({ parent: [parent], grouping: [parent] });
    expect(read.object.context.contextActivities).toEqual({ category: [parent] });
    // The same statement sent again with arrays is the same content: no conflict.
    expect((await post(acmeLrs, { ...body, context: { contextActivities: { parent: [parent], grouping: [parent] } } })).statusCode).toBe(
      200,
    );
  });

  it('answers X-Experience-API-Consistent-Through on a refused query too', async () => {
    const response = await get(acmeLrs, '?since=yesterday');
    expect(response.statusCode).toBe(400);
    expect(Date.parse(String(response.headers['x-experience-api-consistent-through']))).not.toBeNaN();
  });

  it('refuses unknown parameters, bad filters and a forged cursor', async () => {
    for (const query of [
      '?colour=blue',
      '?limit=-1',
      '?since=yesterday',
      '?agent=notjson',
      '?agent={"name":"x"}',
      '?registration=x',
      '?ascending=yes',
      '?more=abc',
      '?statementId=x',
      `?statementId=${randomUUID()}&verb=x`,
      `?more=${Buffer.from(JSON.stringify({ query: { verb: 'a\u0000b' }, after: 1 })).toString('base64url')}`,
    ]) {
      expect((await get(acmeLrs, query)).statusCode, query).toBe(400);
    }
  });
});

describe('credentials', () => {
  it('answers 401 without credentials, with a wrong secret, and once revoked', async () => {
    const credential = await newCredential(admin);
    expect((await get(credential, '')).statusCode).toBe(200);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/xapi/statements',
      headers: { 'x-experience-api-version': '1.0.3' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Basic');
    expect((await get({ ...credential, secret: `${credential.secret}x` }, '')).statusCode).toBe(401);
    expect((await admin.delete(`/api/lrs-credentials/${credential.id}`)).statusCode).toBe(204);
    expect((await get(credential, '')).statusCode).toBe(401);
    expect((await post(credential, statement())).statusCode).toBe(401);
  });

  it('reads only its own company’s store', async () => {
    const mine = statement({ id: randomUUID() });
    expect((await post(acmeLrs, mine)).statusCode).toBe(200);
    expect((await get(globexLrs, `?statementId=${mine.id}`)).statusCode).toBe(404);
    const all = (await get(globexLrs, '?limit=0')).json<{ statements: { id: string }[] }>().statements;
    expect(all.map((item) => item.id)).not.toContain(mine.id);
    // The same id is another statement in another store.
    expect((await put(globexLrs, mine.id as string, statement())).statusCode).toBe(204);
  });
});

describe('idempotency by statement id', () => {
  it('answers 204 to a PUT of the same id and content, 409 to another content, and stores it once', async () => {
    const id = randomUUID();
    const body = statement();
    expect((await put(acmeLrs, id, body)).statusCode).toBe(204);
    expect((await put(acmeLrs, id, { ...body, id })).statusCode).toBe(204);
    expect((await put(acmeLrs, id, statement())).statusCode).toBe(409);
    expect((await post(acmeLrs, [{ ...body, id }])).statusCode).toBe(200);
    expect((await post(acmeLrs, [statement({ id: randomUUID() }), { ...statement(), id }])).statusCode).toBe(409);
    const rows = await testApp.db.select().from(xapiStatements).where(eq(xapiStatements.id, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a PUT without statementId, with a body id that differs, or with an array', async () => {
    expect((await call(acmeLrs, 'PUT', '/api/xapi/statements', statement())).statusCode).toBe(400);
    expect((await put(acmeLrs, randomUUID(), statement({ id: randomUUID() }))).statusCode).toBe(400);
    expect((await put(acmeLrs, randomUUID(), [statement()])).statusCode).toBe(400);
  });

  it('stores one statement under 100 parallel PUTs of one id, answering 204 to each, and 409 to other contents', async () => {
    const id = randomUUID();
    const body = statement();
    const answers = await Promise.all(Array.from({ length: 100 }, () => put(acmeLrs, id, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 204));
    const other = await Promise.all(Array.from({ length: 10 }, () => put(acmeLrs, id, statement())));
    expect(other.map((answer) => answer.statusCode)).toEqual(other.map(() => 409));
    expect(await testApp.db.select().from(xapiStatements).where(eq(xapiStatements.id, id))).toHaveLength(1);
  });
});

describe('voiding', () => {
  it('voids a statement: found only by voidedStatementId; a voiding statement cannot be voided', async () => {
    const target = statement({ id: randomUUID() });
    expect((await post(acmeLrs, target)).statusCode).toBe(200);
    const voiding = statement({ id: randomUUID(), verb: verb('voided'), object: { objectType: 'StatementRef', id: target.id } });
    expect((await post(acmeLrs, voiding)).statusCode).toBe(200);

    expect((await get(acmeLrs, `?statementId=${target.id}`)).statusCode).toBe(404);
    const voided = await get(acmeLrs, `?voidedStatementId=${target.id}`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ id: target.id });
    expect((await get(acmeLrs, `?voidedStatementId=${voiding.id}`)).statusCode).toBe(404);
    // A query matching the voided statement answers the voiding statement that targets it, never the voided one.
    const listed = (await get(acmeLrs, `?activity=${encodeURIComponent((target.object as { id: string }).id)}`)).json();
    expect(listed.statements.map((item: { id: string }) => item.id)).toEqual([voiding.id]);

    const again = statement({ verb: verb('voided'), object: { objectType: 'StatementRef', id: voiding.id } });
    expect((await post(acmeLrs, again)).statusCode).toBe(400);
    expect((await get(acmeLrs, `?statementId=${voiding.id}`)).statusCode).toBe(200);
  });

  it('rolls back what a voided statement moved: the enrolment recomputed from the statements left', async () => {
    const learner = await newLearner(world.acmeRobotics);
    const plan = await assignedPlan(admin, [learner.id]);
    const actor = { mbox: `mailto:${learner.email}` };
    const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`;
    const launched = statement({
      id: randomUUID(),
      actor,
      verb: verb('launched'),
      object: { id: planActivityId(plan.id) },
      timestamp: at(1),
    });
    const read = statement({
      id: randomUUID(),
      actor,
      verb: verb('completed'),
      object: { id: itemActivityId(plan.contentItemId) },
      timestamp: at(2),
    });
    const passed = statement({
      id: randomUUID(),
      actor,
      verb: verb('passed'),
      object: { id: itemActivityId(plan.quizItemId) },
      result: { score: { scaled: 0.9 } },
      timestamp: at(3),
    });
    // One batch, applied in its order: started at the first, completed at the statement that did the last item.
    expect((await post(acmeLrs, [launched, read, passed])).statusCode).toBe(200);
    expect(await enrolmentOf(plan.id, learner.id)).toMatchObject({
      progress: 1,
      startedAt: new Date(at(1)),
      completedAt: new Date(at(3)),
      lastActivityAt: new Date(at(3)),
    });
    const voidOf = (target: { id?: string }) =>
      statement({ id: randomUUID(), verb: verb('voided'), object: { objectType: 'StatementRef', id: target.id } });

    expect((await post(acmeLrs, voidOf(passed))).statusCode).toBe(200);
    expect(await enrolmentOf(plan.id, learner.id)).toMatchObject({
      progress: 0.5,
      startedAt: new Date(at(1)),
      completedAt: null,
      lastActivityAt: new Date(at(2)),
    });
    expect(await listed(admin, plan.id, learner.id)).toMatchObject({ status: 'IN_PROGRESS', progress: 0.5 });

    // A voiding statement beside new ones in one batch: the new ones count, the voided ones do not.
    const again = statement({
      id: randomUUID(),
      actor,
      verb: verb('completed'),
      object: { id: itemActivityId(plan.contentItemId) },
      timestamp: at(4),
    });
    expect((await post(acmeLrs, [voidOf(launched), voidOf(read), again])).statusCode).toBe(200);
    expect(await enrolmentOf(plan.id, learner.id)).toMatchObject({
      progress: 0.5,
      startedAt: new Date(at(4)),
      completedAt: null,
      lastActivityAt: new Date(at(4)),
    });

    expect((await post(acmeLrs, voidOf(again))).statusCode).toBe(200);
    expect(await enrolmentOf(plan.id, learner.id)).toMatchObject({ progress: 0, startedAt: null, completedAt: null, lastActivityAt: null });
    expect(await listed(admin, plan.id, learner.id)).toMatchObject({ status: 'NOT_STARTED', progress: 0 });
  });
});

describe('queries', () => {
  const tag = label();
  const mbox = `mailto:query.${tag}@example.com`;
  const activity = `http://example.com/query/${tag}`;
  const registration = randomUUID();
  const ids: string[] = [];
  let middle: string;

  beforeAll(async () => {
    for (let index = 0; index < 5; index++) {
      const body = statement({
        id: randomUUID(),
        actor: { mbox: index < 4 ? mbox : `mailto:other.${tag}@example.com` },
        verb: verb(index % 2 === 0 ? 'experienced' : 'attempted'),
        object: { id: index < 3 ? activity : `${activity}/other` },
        ...(index === 1 ? { context: { registration } } : {}),
      });
      ids.push(body.id as string);
      expect((await post(acmeLrs, body)).statusCode).toBe(200);
      if (index === 2) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        middle = new Date().toISOString();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  const found = async (query: string) => {
    const response = await get(acmeLrs, query);
    expect(response.statusCode, query).toBe(200);
    expect(response.headers['x-experience-api-consistent-through']).toEqual(expect.any(String));
    return response.json<{ statements: { id: string }[]; more: string }>().statements.map((item) => item.id);
  };
  const agent = (value: object) => `agent=${encodeURIComponent(JSON.stringify(value))}`;

  it('filters by agent, verb, activity, registration, since and until, newest first or ascending', async () => {
    expect(await found(`?${agent({ mbox })}`)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(await found(`?${agent({ mbox })}&ascending=true`)).toEqual([ids[0], ids[1], ids[2], ids[3]]);
    expect(await found(`?${agent({ mbox })}&verb=${encodeURIComponent(verb('attempted').id)}`)).toEqual([ids[3], ids[1]]);
    expect(await found(`?activity=${encodeURIComponent(activity)}`)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await found(`?registration=${registration}`)).toEqual([ids[1]]);
    expect(await found(`?${agent({ mbox })}&since=${encodeURIComponent(middle)}`)).toEqual([ids[3]]);
    expect(await found(`?${agent({ mbox })}&until=${encodeURIComponent(middle)}`)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await found(`?${agent({ mbox: `mailto:nobody.${tag}@example.com` })}`)).toEqual([]);
  });

  it('pages with limit and an opaque more cursor, stable under inserts', async () => {
    const first = (await get(acmeLrs, `?${agent({ mbox })}&limit=2`)).json<{ statements: { id: string }[]; more: string }>();
    expect(first.statements.map((item) => item.id)).toEqual([ids[3], ids[2]]);
    expect(first.more).toMatch(/^\/api\/xapi\/statements\?more=/);
    // A statement stored between the pages does not shift them.
    expect((await post(acmeLrs, statement({ actor: { mbox } }))).statusCode).toBe(200);
    const second = (await get(acmeLrs, first.more.slice('/api/xapi/statements'.length))).json<{
      statements: { id: string }[];
      more: string;
    }>();
    expect(second.statements.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    expect(second.more).toBe('');
  });
});

describe('statements that target a match (StatementRefs)', () => {
  const ref = (id: string | undefined) => ({ objectType: 'StatementRef', id });
  const confirmed = verb('confirmed');
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
  const ids = async (credential: Credential, query: string) => {
    const response = await get(credential, query);
    expect(response.statusCode, query).toBe(200);
    return response.json<{ statements: { id: string }[] }>().statements.map((item) => item.id);
  };
  const posted = async (credential: Credential, ...bodies: Array<{ id?: string }>) => {
    for (const body of bodies) expect((await post(credential, body)).statusCode).toBe(200);
  };

  it('answers a chain of statements targeting a match by its agent, verb, activity or registration, within since', async () => {
    const tag = label();
    const mbox = `mailto:ben.${tag}@example.com`;
    const training = `http://example.com/explosives/${tag}`;
    const registration = randomUUID();
    const passed = statement({
      id: randomUUID(),
      actor: { mbox },
      verb: verb(`passed-${tag}`),
      object: { id: training },
      context: { registration },
    });
    await posted(acmeLrs, passed);
    await pause();
    const between = new Date().toISOString();
    await pause();
    // Andrew confirmed <passed>; Carla endorsed <confirmed>: neither names Ben, the verb, the training or the registration.
    const confirmation = statement({ id: randomUUID(), verb: confirmed, object: ref(passed.id) });
    const endorsement = statement({ id: randomUUID(), verb: verb('endorsed'), object: ref(confirmation.id) });
    // A StatementRef in the context does not target; a statement targeting itself, and a pair targeting each other, end.
    const mentioning = statement({ id: randomUUID(), verb: confirmed, context: { statement: ref(passed.id) } });
    const looping = randomUUID();
    const loop = statement({ id: looping, verb: confirmed, object: ref(looping) });
    const second = randomUUID();
    const first = statement({ id: randomUUID(), verb: verb(`passed-${tag}`), object: ref(second) });
    const other = statement({ id: second, verb: confirmed, object: ref(first.id) });
    await posted(acmeLrs, confirmation, endorsement, mentioning, loop, first, other);

    const chain = [endorsement.id, confirmation.id, passed.id];
    expect(await ids(acmeLrs, `?agent=${encodeURIComponent(JSON.stringify({ mbox }))}`)).toEqual(chain);
    expect(await ids(acmeLrs, `?activity=${encodeURIComponent(training)}`)).toEqual(chain);
    expect(await ids(acmeLrs, `?registration=${registration}`)).toEqual(chain);
    expect(await ids(acmeLrs, `?verb=${encodeURIComponent(verb(`passed-${tag}`).id)}`)).toEqual([other.id, first.id, ...chain]);
    // since and until are asked of the statement answered, not of the one it targets.
    expect(await ids(acmeLrs, `?activity=${encodeURIComponent(training)}&since=${encodeURIComponent(between)}`)).toEqual([
      endorsement.id,
      confirmation.id,
    ]);
    expect(await ids(acmeLrs, `?activity=${encodeURIComponent(training)}&until=${encodeURIComponent(between)}`)).toEqual([passed.id]);
    // Another filter the target fails keeps the whole chain out.
    expect(await ids(acmeLrs, `?activity=${encodeURIComponent(training)}&verb=${encodeURIComponent(confirmed.id)}`)).toEqual([]);
  });

  it('answers what targets a voided match, the voiding statement too, but never a voided statement', async () => {
    const tag = label();
    const attempted = verb(`attempted-${tag}`);
    const target = statement({ id: randomUUID(), verb: attempted });
    const voiding = statement({ id: randomUUID(), verb: verb('voided'), object: ref(target.id) });
    const referring = statement({ id: randomUUID(), verb: confirmed, object: ref(target.id) });
    const middle = statement({ id: randomUUID(), verb: confirmed, object: ref(referring.id) });
    const end = statement({ id: randomUUID(), verb: confirmed, object: ref(middle.id) });
    await posted(acmeLrs, target, voiding, referring, middle, end);
    // The middle of the chain voided: not answered, and what targets it still is (its voiding statement too).
    const voidingMiddle = statement({ id: randomUUID(), verb: verb('voided'), object: ref(middle.id) });
    await posted(acmeLrs, voidingMiddle);

    const answered = [voiding.id, referring.id, end.id, voidingMiddle.id];
    expect(await ids(acmeLrs, `?verb=${encodeURIComponent(attempted.id)}&ascending=true`)).toEqual(answered);
    expect(await ids(acmeLrs, `?verb=${encodeURIComponent(attempted.id)}`)).toEqual([...answered].reverse());
  });

  it('never answers or follows another company’s statement', async () => {
    const tag = label();
    const [acmeVerb, globexVerb] = [verb(`acme-${tag}`), verb(`globex-${tag}`)];
    const id = randomUUID();
    // The same statement id in both stores, with different verbs; Globex's referrer targets that id.
    await posted(acmeLrs, statement({ id, verb: acmeVerb }));
    await posted(globexLrs, statement({ id, verb: globexVerb }));
    const globexReferrer = statement({ id: randomUUID(), verb: confirmed, object: ref(id) });
    await posted(globexLrs, globexReferrer);

    expect(await ids(acmeLrs, `?verb=${encodeURIComponent(acmeVerb.id)}`)).toEqual([id]);
    expect(await ids(acmeLrs, `?verb=${encodeURIComponent(globexVerb.id)}`)).toEqual([]);
    expect(await ids(globexLrs, `?verb=${encodeURIComponent(acmeVerb.id)}`)).toEqual([]);
    expect(await ids(globexLrs, `?verb=${encodeURIComponent(globexVerb.id)}`)).toEqual([globexReferrer.id, id]);
  });

  it('pages matches and statements targeting them together, in either order, with format kept', async () => {
    const tag = label();
    const activity = `http://example.com/paged/${tag}`;
    const target = statement({ id: randomUUID(), object: { id: activity } });
    const referrers = [0, 1, 2].map(() => statement({ id: randomUUID(), verb: confirmed, object: ref(target.id) }));
    const matches = [0, 1].map(() => statement({ id: randomUUID(), object: { id: activity } }));
    const deep = statement({ id: randomUUID(), verb: confirmed, object: ref(referrers[1]!.id) });
    const stored = [target, referrers[0]!, matches[0]!, referrers[1]!, matches[1]!, referrers[2]!, deep];
    await posted(acmeLrs, ...stored);
    const order = stored.map((body) => body.id!);

    const pages = async (query: string) => {
      const seen: Array<Array<{ id: string; object: unknown }>> = [];
      let next = `?${query}`;
      while (next) {
        const response = await get(acmeLrs, next);
        expect(response.statusCode, next).toBe(200);
        const page = response.json<{ statements: Array<{ id: string; object: unknown }>; more: string }>();
        seen.push(page.statements);
        next = page.more.slice('/api/xapi/statements'.length);
      }
      return seen;
    };
    const idsOf = (seen: Array<Array<{ id: string }>>) => seen.map((page) => page.map((item) => item.id));
    // Newest first, the matches fill each page: the statements targeting them are looked for within its span.
    const newest = await pages(`activity=${encodeURIComponent(activity)}&limit=2&format=ids`);
    const reversed = [...order].reverse();
    expect(idsOf(newest)).toEqual([reversed.slice(0, 2), reversed.slice(2, 4), reversed.slice(4, 6), reversed.slice(6)]);
    expect(newest.flat().find((item) => item.id === deep.id)?.object).toEqual(ref(referrers[1]!.id));
    expect(idsOf(await pages(`activity=${encodeURIComponent(activity)}&limit=4&ascending=true`))).toEqual([
      order.slice(0, 4),
      order.slice(4),
    ]);
  });
});

describe('related queries and formats', () => {
  const tag = label();
  const course = `http://example.com/course/${tag}`;
  const instructor = { objectType: 'Agent', name: 'Ines Instructor', mbox: `mailto:instructor.${tag}@example.com` };
  const named = (map: Record<string, string>) => ({
    objectType: 'Activity',
    id: `${course}/lesson`,
    definition: { name: map, description: map },
  });
  const ids: string[] = [];

  beforeAll(async () => {
    const bodies = [
      // In the course's context, taught by the instructor.
      statement({
        id: randomUUID(),
        actor: { objectType: 'Agent', name: 'Lea Learner', mbox: `mailto:lea.${tag}@example.com` },
        verb: { id: verb('experienced').id, display: { 'en-US': 'experienced', 'it-IT': 'ha visto' } },
        object: named({ 'en-US': 'Lesson', 'it-IT': 'Lezione' }),
        context: { instructor, contextActivities: { parent: [{ id: course, definition: { name: { 'en-US': 'Course' } } }] } },
      }),
      // A SubStatement: the instructor will teach the course.
      statement({
        id: randomUUID(),
        object: { objectType: 'SubStatement', actor: instructor, verb: verb('attempted'), object: { id: course } },
      }),
      // The course itself.
      statement({ id: randomUUID(), object: { objectType: 'Activity', id: course } }),
    ];
    for (const body of bodies) {
      ids.push(body.id as string);
      expect((await post(acmeLrs, body)).statusCode).toBe(200);
    }
  });

  const found = async (query: string, headers: Record<string, string> = {}) => {
    const response = await call(acmeLrs, 'GET', `/api/xapi/statements${query}`, undefined, headers);
    expect(response.statusCode, query).toBe(200);
    return response.json<{ statements: Array<Record<string, unknown> & { id: string }> }>().statements;
  };
  const idsOf = async (query: string) => (await found(query)).map((item) => item.id);
  const agent = `agent=${encodeURIComponent(JSON.stringify({ mbox: instructor.mbox }))}`;

  it('with related_activities, finds an activity in context activities and SubStatements too', async () => {
    expect(await idsOf(`?activity=${encodeURIComponent(course)}`)).toEqual([ids[2]]);
    expect(await idsOf(`?activity=${encodeURIComponent(course)}&related_activities=true`)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await idsOf(`?activity=${encodeURIComponent(`${course}/other`)}&related_activities=true`)).toEqual([]);
  });

  it('with related_agents, finds an agent as instructor and in SubStatements too', async () => {
    expect(await idsOf(`?${agent}`)).toEqual([]);
    expect(await idsOf(`?${agent}&related_agents=true`)).toEqual([ids[1], ids[0]]);
    expect(await idsOf(`?${agent}&related_agents=false`)).toEqual([]);
  });

  it('answers format=ids with identifiers only, and canonical with one language by Accept-Language', async () => {
    const single = await get(acmeLrs, `?statementId=${ids[0]}&format=ids`);
    expect(single.statusCode).toBe(200);
    const ids_ = single.json<Record<string, unknown>>();
    expect(ids_.actor).toEqual({ objectType: 'Agent', mbox: `mailto:lea.${tag}@example.com` });
    expect(ids_.verb).toEqual({ id: verb('experienced').id });
    expect(ids_.object).toEqual({ id: `${course}/lesson` });
    expect(ids_.context).toEqual({
      instructor: { objectType: 'Agent', mbox: instructor.mbox },
      contextActivities: { parent: [{ id: course }] },
    });

    const italian = (
      await found(`?activity=${encodeURIComponent(`${course}/lesson`)}&format=canonical`, { 'accept-language': 'it, en;q=0.5' })
    )[0]!;
    expect(italian.verb).toEqual({ id: verb('experienced').id, display: { 'it-IT': 'ha visto' } });
    expect((italian.object as { definition: unknown }).definition).toEqual({
      name: { 'it-IT': 'Lezione' },
      description: { 'it-IT': 'Lezione' },
    });
    const english = (
      await found(`?activity=${encodeURIComponent(`${course}/lesson`)}&format=canonical`, { 'accept-language': 'fr;q=1, en-GB;q=0.8' })
    )[0]!;
    expect(english.verb).toEqual({ id: verb('experienced').id, display: { 'en-US': 'experienced' } });
    // exact is the stored statement, every language kept.
    const exact = (await found(`?activity=${encodeURIComponent(`${course}/lesson`)}`))[0]!;
    expect(exact.verb).toEqual({ id: verb('experienced').id, display: { 'en-US': 'experienced', 'it-IT': 'ha visto' } });
  });
});

describe('hostile bodies', () => {
  it.each([
    [
      'a NUL in a string',
      JSON.stringify(statement({ object: { id: 'http://example.com/a', definition: { name: { 'en-US': 'a\u0000b' } } } })),
    ],
    [
      'a NUL in a key',
      JSON.stringify(statement({ object: { id: 'http://example.com/a', definition: { extensions: { 'http://example.com/\u0000': 1 } } } })),
    ],
    [
      'deep nesting',
      `${JSON.stringify(statement()).slice(0, -1)},"result":{"extensions":{"http://example.com/x":${'['.repeat(5000)}${']'.repeat(5000)}}}}`,
    ],
    ['a million brackets', '['.repeat(400_000) + ']'.repeat(400_000)],
    ['10 MB', JSON.stringify(statement({ result: { response: 'x'.repeat(10 * 1024 * 1024) } }))],
    ['broken JSON', '{"actor":'],
  ])('refuses %s with a 4xx and stores nothing', async (_label, body) => {
    const before = await storedCount(world.acmeRobotics.id);
    const response = await post(acmeLrs, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await storedCount(world.acmeRobotics.id)).toBe(before);
  });
});
