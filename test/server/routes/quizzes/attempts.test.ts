import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { quizAttempts } from '../../../../server/db/schema';
import { ApiError } from '../../../../server/http/api-error';
import { recordAttempt, timeLimitGraceSeconds } from '../../../../server/routes/quizzes/attempts';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz, quizOfEveryType, rightAnswers } from '../../../support/server/quizzes';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

/**
 * What the learner endpoints will call to keep an attempt (attempts.ts): scored on the version it was taken on, refused
 * past the time limit or the attempts allowed, the limit holding under attempts sent at once. Called on the owner's
 * database here; the endpoints call it on the request's (row-level security), as every route does.
 */
const testApp = useTestApp();

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { status: error.statusCode, code: error.code } : error),
  );

describe('recording a learner’s attempt', () => {
  let world: DemoWorld;
  let api: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    api = await signedIn(testApp.app, demo.companyAdmin);
  });
  const attemptsOf = (quizId: string) =>
    testApp.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.learnerId, world.learner.id)))
      .orderBy(quizAttempts.number);
  const attempt = (quiz: Quiz, answers = rightAnswers(quiz), startedAt = new Date(), version = quiz.version) =>
    recordAttempt(testApp.db, { quizId: quiz.id, version, learnerId: world.learner.id, itemId: null, startedAt, answers });

  it('scores the attempt, numbers it, and keeps its answers and result', async () => {
    const quiz = await createQuiz(api, quizOfEveryType('Attempted'));

    const kept = await attempt(quiz);

    expect(kept).toMatchObject({ quizId: quiz.id, quizVersion: 1, number: 1, result: { score: 8.5, maxScore: 8.5, passed: true } });
    expect(await attemptsOf(quiz.id)).toEqual([
      expect.objectContaining({
        id: kept.id,
        number: 1,
        score: 8.5,
        scaled: 1,
        passed: true,
        answers: rightAnswers(quiz),
        result: kept.result,
      }),
    ]);
  });

  it('scores an attempt on the version it was taken on: a later edit changes neither it nor a past score', async () => {
    const quiz = await createQuiz(api, { ...quizOfEveryType('Edited after'), attemptsAllowed: null });
    const before = await attempt(quiz);
    const [, multiple] = quiz.questions;
    const edited = await api.put(`/api/quizzes/${quiz.id}`, {
      title: 'Edited after',
      questions: quiz.questions.map((question) => (question.id === multiple!.id ? { ...question, points: 30 } : question)),
      version: 1,
    });
    expect(edited.statusCode).toBe(200);

    const onOldVersion = await attempt(quiz, rightAnswers(quiz), new Date(), 1);
    const onNewVersion = await attempt(quiz, rightAnswers(quiz), new Date(), 2);

    expect([before.result.maxScore, onOldVersion.result.maxScore, onNewVersion.result.maxScore]).toEqual([8.5, 8.5, 35.5]);
    expect((await attemptsOf(quiz.id)).map((row) => [row.number, row.quizVersion, row.maxScore])).toEqual([
      [1, 1, 8.5],
      [2, 1, 8.5],
      [3, 2, 35.5],
    ]);
  });

  it('lets exactly the attempts allowed through when 40 arrive at once; the others get 409 and write nothing', async () => {
    const quiz = await createQuiz(api, { ...quizOfEveryType('Raced attempts'), attemptsAllowed: 3 });

    const outcomes = await Promise.all(Array.from({ length: 40 }, () => refusal(attempt(quiz))));

    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(Array(37).fill({ status: 409, code: 'NO_ATTEMPTS_LEFT' }));
    expect((await attemptsOf(quiz.id)).map((row) => row.number)).toEqual([1, 2, 3]);
  }, 60_000);

  it('refuses an attempt past its time limit (with a grace of 30 s), and answers that cannot be a learner’s', async () => {
    const quiz = await createQuiz(api, { ...quizOfEveryType('Timed'), timeLimitMinutes: 10, attemptsAllowed: null });
    const startedAt = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);

    const inGrace = await refusal(attempt(quiz, [], startedAt(10 * 60 + timeLimitGraceSeconds - 5)));
    const late = await refusal(attempt(quiz, [], startedAt(10 * 60 + timeLimitGraceSeconds + 5)));
    const foreign = await refusal(attempt(quiz, [{ questionId: '00000000-0000-4000-8000-000000000000', value: true }]));
    const noVersion = await refusal(attempt(quiz, [], new Date(), 9));

    expect([inGrace, late, foreign, noVersion]).toEqual([
      null,
      { status: 409, code: 'QUIZ_TIME_UP' },
      { status: 400, code: 'VALIDATION_FAILED' },
      { status: 404, code: 'QUIZ_NOT_FOUND' },
    ]);
    expect((await attemptsOf(quiz.id)).map((row) => row.number)).toEqual([1]);
  });
});
