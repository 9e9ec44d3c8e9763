import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemActivityId } from '../../../../contract/activity-ids';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { enrolments, quizAttempts, users, xapiStatements } from '../../../../server/db/schema';
import { created, errorFields, itemsPath, modulesPath, planPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz, quizOfEveryType, rightAnswers } from '../../../support/server/quizzes';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

// The learner endpoints of quizzes (issue 28 item 4), with LRS credentials: no answer key, attempts scored, kept and
// recorded as passed/failed statements that move the enrolment.
const testApp = useTestApp();
const label = () => randomBytes(4).toString('hex');

let world: DemoWorld;
let admin: Api;
let headers: Record<string, string>;
let globexHeaders: Record<string, string>;
let quiz: Quiz;
let learner: { id: string; email: string };
let plan: { id: string; itemId: string };

const credentialHeaders = async (api: Api) => {
  const credential = created<{ key: string; secret: string }>(await api.post('/api/lrs-credentials', { label: `Quiz app ${label()}` }));
  return { authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}` };
};
const agentOf = (email: string) => encodeURIComponent(JSON.stringify({ objectType: 'Agent', mbox: `mailto:${email}` }));
const take = (quizId: string, email: string, as = headers) =>
  testApp.app.inject({ method: 'GET', url: `/api/learner/quizzes/${quizId}?agent=${agentOf(email)}`, headers: as });
const submit = (quizId: string, email: string, body: object, as = headers) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/learner/quizzes/${quizId}/attempts?agent=${agentOf(email)}`,
    headers: as,
    payload: body,
  });

beforeAll(async () => {
  world = await demoWorld(testApp.db);
  admin = await signedIn(testApp.app, demo.companyAdmin);
  const globexAdmin = await signedIn(testApp.app, demo.consultingAdmin);
  headers = await credentialHeaders(admin);
  globexHeaders = await credentialHeaders(globexAdmin);
  quiz = await createQuiz(admin, { ...quizOfEveryType(`Learner quiz ${label()}`), status: 'READY', attemptsAllowed: 3 });
  const tag = label();
  const [row] = await testApp.db
    .insert(users)
    .values({
      scope: 'COMPANY',
      tenantId: world.acmeRobotics.tenantId,
      companyId: world.acmeRobotics.id,
      name: 'Quiz',
      surname: `Learner${tag}`,
      email: `quiz.learner.${tag}@example.com`,
    })
    .returning({ id: users.id, email: users.email });
  learner = row!;
  const draft = created<{ id: string; version: number; name: string }>(
    await admin.post('/api/training-plans', { name: `Quiz plan ${tag}` }),
  );
  const module = created(await admin.post(modulesPath(draft.id), { title: 'Module' }));
  const item = created(await admin.post(itemsPath(draft.id, module.id), { title: 'Check', type: 'QUIZ', quizId: quiz.id }));
  expect((await admin.put(planPath(draft.id), { name: draft.name, status: 'PUBLISHED', version: draft.version })).statusCode).toBe(200);
  created(await admin.post(`${planPath(draft.id)}/assignments`, { userIds: [learner.id] }));
  plan = { id: draft.id, itemId: item.id };
});

describe('learner quizzes', () => {
  it('answers the quiz without any answer key, with an attempt token', async () => {
    const response = await take(quiz.id, learner.email);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ questions: object[]; attempt: { token: string }; attemptsUsed: number }>();
    expect(body.questions).toHaveLength(quiz.questions.length);
    expect(body.attemptsUsed).toBe(0);
    const text = JSON.stringify(body.questions);
    for (const secret of ['correct', 'acceptedAnswers', 'tolerance', 'feedback', 'correctAnswer', '"value"'])
      expect(text).not.toContain(secret);
  });

  it('scores an attempt of the QUIZ item, keeps it, and records a passed statement that completes the enrolment', async () => {
    const started = (await take(quiz.id, learner.email)).json<{ attempt: { token: string } }>();
    const response = await submit(quiz.id, learner.email, {
      attemptToken: started.attempt.token,
      itemId: plan.itemId,
      answers: rightAnswers(quiz),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ quizId: quiz.id, number: 1, result: { passed: true, scaled: 1 } });

    const statements = await testApp.db
      .select()
      .from(xapiStatements)
      .where(and(eq(xapiStatements.companyId, world.acmeRobotics.id), eq(xapiStatements.objectActivityId, itemActivityId(plan.itemId))));
    expect(statements.map((row) => [row.verbId, (row.statement as { result: { score: { scaled: number } } }).result.score.scaled])).toEqual(
      [['http://adlnet.gov/expapi/verbs/passed', 1]],
    );
    const [enrolment] = await testApp.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.trainingPlanId, plan.id), eq(enrolments.userId, learner.id)));
    expect(enrolment).toMatchObject({ progress: 1, completedAt: expect.any(Date) });
  });

  it('records a failed attempt as failed, moving nothing more', async () => {
    const started = (await take(quiz.id, learner.email)).json<{ attempt: { token: string } }>();
    const response = await submit(quiz.id, learner.email, { attemptToken: started.attempt.token, answers: [] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ number: 2, result: { passed: false } });
  });

  it('refuses a forged or foreign token, another company’s quiz or learner, and records nothing', async () => {
    const attemptsBefore = (await testApp.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).length;
    const started = (await take(quiz.id, learner.email)).json<{ attempt: { token: string } }>();
    expect((await submit(quiz.id, learner.email, { attemptToken: `${started.attempt.token}x`, answers: [] })).statusCode).toBe(400);
    expect((await submit(quiz.id, world.companyAdmin.email, { attemptToken: started.attempt.token, answers: [] })).statusCode).toBe(400);
    expect((await take(quiz.id, world.globexLearner.email)).statusCode).toBe(404);
    expect((await take(quiz.id, learner.email, globexHeaders)).statusCode).toBe(404);
    expect((await submit(quiz.id, learner.email, { attemptToken: started.attempt.token, answers: [] }, globexHeaders)).statusCode).toBe(
      404,
    );
    expect((await take(quiz.id, learner.email, {})).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/learner/quizzes/${quiz.id}?agent=nope`, headers })).statusCode).toBe(400);
    expect((await testApp.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).length).toBe(attemptsBefore);
  });

  it.each([
    [
      'a question the quiz does not ask',
      () => [{ questionId: '00000000-0000-4000-8000-000000000000', value: true }],
      'answers.0.questionId',
    ],
    ['10 000 answers', () => Array.from({ length: 10_000 }, () => ({ questionId: quiz.questions[2]!.id, value: true })), 'answers'],
    ['a NUL in a text', () => [{ questionId: quiz.questions[3]!.id, text: 'E-st\u0000op' }], 'answers.0.text'],
  ])('refuses an attempt with %s (400 naming it) and records nothing', async (_label, answersOf, field) => {
    const attempts = async () => (await testApp.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).length;
    const statements = async () =>
      (
        await testApp.db
          .select()
          .from(xapiStatements)
          .where(eq(xapiStatements.objectActivityId, itemActivityId(plan.itemId)))
      ).length;
    const before = [await attempts(), await statements()];
    const started = (await take(quiz.id, learner.email)).json<{ attempt: { token: string } }>();

    const response = await submit(quiz.id, learner.email, {
      attemptToken: started.attempt.token,
      itemId: plan.itemId,
      answers: answersOf(),
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
    expect([await attempts(), await statements()]).toEqual(before);
  });

  it('refuses attempts beyond the limit with 409', async () => {
    const started = (await take(quiz.id, learner.email)).json<{ attempt: { token: string } }>();
    expect((await submit(quiz.id, learner.email, { attemptToken: started.attempt.token, answers: [] })).statusCode).toBe(201);
    const again = (await take(quiz.id, learner.email)).json<{ attempt: { token: string }; attemptsUsed: number }>();
    expect(again.attemptsUsed).toBe(3);
    expect((await submit(quiz.id, learner.email, { attemptToken: again.attempt.token, answers: [] })).statusCode).toBe(409);
  });
});
