import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { auditLog, quizAttempts, quizVersions, quizzes } from '../../../../server/db/schema';
import { errorFields } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz, preview, quizOfEveryType, rightAnswers } from '../../../support/server/quizzes';
import { signedIn, type Api } from '../../../support/server/resources';

/** `POST /api/quizzes/{id}/preview`: the admin answers as a learner would and gets the scorer's result; nothing is kept. */
const testApp = useTestApp();

describe('previewing a quiz', () => {
  let api: Api;
  let seeded: Quiz;
  beforeAll(async () => {
    api = await signedIn(testApp.app, demo.companyAdmin);
    const [row] = await testApp.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.title, 'Workshop safety check'));
    seeded = (await api.get(`/api/quizzes/${row!.id}`)).json<Quiz>();
  });

  const snapshot = async () => ({
    attempts: await testApp.db.select({ rows: count() }).from(quizAttempts),
    audit: await testApp.db.select({ rows: count() }).from(auditLog),
    versions: await testApp.db.select({ rows: count() }).from(quizVersions),
    quiz: (await testApp.db.select().from(quizzes).where(eq(quizzes.id, seeded.id)))[0],
  });

  it('scores the seeded quiz (one question of each type) as a learner’s attempt, with feedback and correct answers', async () => {
    const result = await preview(api, seeded.id, rightAnswers(seeded));

    expect(seeded.questions.map((question) => question.type)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'TRUE_FALSE',
      'SHORT_ANSWER',
      'NUMERIC',
    ]);
    expect(result).toMatchObject({ score: 8, maxScore: 8, scaled: 1, percent: 100, passMark: 70, passed: true });
    expect(result.questions.map((question) => [question.outcome, question.feedback])).toEqual([
      ['CORRECT', 'Right: safety glasses, every time.'],
      ['CORRECT', 'Both stops, and nothing else.'],
      ['CORRECT', 'True: a still robot may be waiting for its next cycle.'],
      ['CORRECT', null],
      ['CORRECT', null],
    ]);
    expect(result.questions[4]!.correctAnswer).toEqual({ number: 1.5, tolerance: 0.25 });
  });

  it('gives partial credit and fails below the pass mark', async () => {
    const [single, multiple, , short, numeric] = seeded.questions;
    const rightChoice = multiple!.type === 'MULTIPLE_CHOICE' ? multiple!.answers.find((answer) => answer.correct)!.id : '';
    const wrongChoice = single!.type === 'SINGLE_CHOICE' ? single!.answers.find((answer) => !answer.correct)!.id : '';

    const result = await preview(api, seeded.id, [
      { questionId: single!.id, answerIds: [wrongChoice] },
      { questionId: multiple!.id, answerIds: [rightChoice] },
      { questionId: short!.id, text: '  RED ' },
      { questionId: numeric!.id, number: 1.8 },
    ]);

    expect(result.questions.map((question) => [question.outcome, question.points])).toEqual([
      ['INCORRECT', 0],
      ['PARTIAL', 1.5],
      ['UNANSWERED', 0],
      ['CORRECT', 1],
      ['INCORRECT', 0],
    ]);
    expect(result).toMatchObject({ score: 2.5, maxScore: 8, scaled: 0.3125, percent: 31.25, passed: false });
    expect(result.questions[0]!.feedback).toBe('Safety glasses come first, whatever the task.');
  });

  it('shows no correct answer when the quiz does not show them', async () => {
    const quiz = await createQuiz(api, { ...quizOfEveryType('Hidden answers'), showCorrectAnswers: false });

    const result = await preview(api, quiz.id, []);

    expect(result.questions.map((question) => question.correctAnswer)).toEqual([null, null, null, null, null]);
  });

  it('records nothing: no attempt, no audit row, no version, the quiz untouched', async () => {
    const before = await snapshot();

    await preview(api, seeded.id, rightAnswers(seeded));
    await preview(api, seeded.id, []);

    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'a question the quiz does not ask',
      () => [{ questionId: '00000000-0000-4000-8000-000000000000', value: true }],
      ['answers.0.questionId'],
    ],
    ['a question of another quiz', (other: Quiz) => [{ questionId: other.questions[0]!.id, answerIds: [] }], ['answers.0.questionId']],
    ['10 000 answers', () => Array.from({ length: 10_000 }, () => ({ questionId: seeded.questions[2]!.id, value: true })), ['answers']],
    ['an answer twice', () => [0, 1].map(() => ({ questionId: seeded.questions[2]!.id, value: true })), ['answers.1.questionId']],
    ['the wrong kind of answer', () => [{ questionId: seeded.questions[2]!.id, number: 1 }], ['answers.0.number']],
    ['a NUL in a text', () => [{ questionId: seeded.questions[3]!.id, text: 'r\u0000ed' }], ['answers.0.text']],
    ['a text of 1001 characters', () => [{ questionId: seeded.questions[3]!.id, text: 'x'.repeat(1001) }], ['answers.0.text']],
    ['an unknown field', () => [{ questionId: seeded.questions[2]!.id, value: true, correct: true }], ['answers.0.correct']],
  ])('refuses %s (400 naming the answer) and records nothing', async (_label, answersOf, expected) => {
    const other = await createQuiz(api, quizOfEveryType('Other'));
    const before = await snapshot();

    const response = await api.post(`/api/quizzes/${seeded.id}/preview`, { answers: answersOf(other) });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a quiz of another company, or none', async () => {
    const consulting = await signedIn(testApp.app, demo.consultingAdmin);

    const foreign = await consulting.post(`/api/quizzes/${seeded.id}/preview`, { answers: [] });
    const unknown = await api.post('/api/quizzes/00000000-0000-4000-8000-000000000000/preview', { answers: [] });

    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toMatchObject({ code: 'QUIZ_NOT_FOUND' });
  });
});
