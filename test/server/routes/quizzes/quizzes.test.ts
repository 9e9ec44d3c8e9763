import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { auditLog, quizAttempts, quizTopics, quizVersions, quizzes, topics } from '../../../../server/db/schema';
import { created, errorFields, itemsPath, modulesPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz, quizOfEveryType } from '../../../support/server/quizzes';
import { auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

const quizRow = async (id: string) => (await testApp.db.select().from(quizzes).where(eq(quizzes.id, id)))[0];
const versionsOf = async (id: string) =>
  testApp.db.select().from(quizVersions).where(eq(quizVersions.quizId, id)).orderBy(quizVersions.version);
const quizCount = async () => (await testApp.db.select({ rows: count() }).from(quizzes))[0]!.rows;

describe('quizzes', () => {
  let world: DemoWorld;
  let api: Api;
  let safetyTopicId: string;
  let foreignTopicId: string;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    api = await signedIn(testApp.app, demo.companyAdmin);
    const topicNamed = async (name: string) => (await testApp.db.select().from(topics).where(eq(topics.name, name)))[0]!.id;
    safetyTopicId = await topicNamed('Safety');
    foreignTopicId = await topicNamed('Compliance');
  });

  describe('creating', () => {
    it('creates a DRAFT quiz with one question of each type, ids and defaults filled in, owned by the caller’s company', async () => {
      const response = await api.post('/api/quizzes', { ...quizOfEveryType('Created'), topicIds: [safetyTopicId, safetyTopicId] });

      expect(response.statusCode).toBe(201);
      const quiz = response.json<Quiz>();
      expect(quiz).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        title: 'Created',
        description: 'One question of each type.',
        status: 'DRAFT',
        topicIds: [safetyTopicId],
        topics: [{ id: safetyTopicId, name: 'Safety' }],
        passMark: 60,
        attemptsAllowed: 2,
        timeLimitMinutes: 20,
        shuffleQuestions: true,
        shuffleAnswers: true,
        showCorrectAnswers: true,
        questionCount: 5,
        totalPoints: 8.5,
        companyId: world.acmeRobotics.id,
        tenantId: world.acme.id,
        questions: [
          {
            id: expect.any(String),
            type: 'SINGLE_CHOICE',
            text: 'Which colour is the emergency stop?',
            points: 2,
            correctFeedback: 'Red, always.',
            incorrectFeedback: 'It is red.',
            answers: [
              { id: expect.any(String), text: 'Red', correct: true },
              { id: expect.any(String), text: 'Green', correct: false },
            ],
          },
          {
            id: expect.any(String),
            type: 'MULTIPLE_CHOICE',
            scoring: 'PARTIAL',
            text: 'Which of these are protective equipment?\nChoose every one.',
            points: 3,
            correctFeedback: null,
            incorrectFeedback: null,
            answers: [
              { id: expect.any(String), text: 'Gloves', correct: true },
              { id: expect.any(String), text: 'Goggles', correct: true },
              { id: expect.any(String), text: 'Sandals', correct: false },
            ],
          },
          {
            id: expect.any(String),
            type: 'TRUE_FALSE',
            text: 'A stopped robot is always safe.',
            points: 1,
            correctFeedback: null,
            incorrectFeedback: 'It may restart.',
            correctAnswer: false,
          },
          {
            id: expect.any(String),
            type: 'SHORT_ANSWER',
            text: 'Name the button that stops everything.',
            points: 1,
            correctFeedback: null,
            incorrectFeedback: null,
            acceptedAnswers: ['Emergency stop', 'E-stop'],
          },
          {
            id: expect.any(String),
            type: 'NUMERIC',
            text: 'How many metres away do you stay?',
            points: 1.5,
            correctFeedback: null,
            incorrectFeedback: null,
            value: 1.5,
            tolerance: 0.25,
          },
        ],
      });
      expect((await api.get(`/api/quizzes/${quiz.id}`)).json()).toEqual(quiz);
      const [entry] = await auditEntriesFor(testApp.db, [quiz.id]);
      expect(entry).toMatchObject({ action: 'CREATE', entity: 'quiz', companyId: world.acmeRobotics.id });
      expect((entry!.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['title', 'questions', 'topicIds']));
      expect((await versionsOf(quiz.id)).map((version) => [version.version, version.content.questions])).toEqual([[1, quiz.questions]]);
    });

    it('takes a title alone: no questions, pass mark 70, unlimited attempts, no time limit, nothing shuffled or shown', async () => {
      const quiz = await createQuiz(api, { title: 'Bare' });

      expect(quiz).toMatchObject({
        status: 'DRAFT',
        description: null,
        passMark: 70,
        attemptsAllowed: null,
        timeLimitMinutes: null,
        shuffleQuestions: false,
        shuffleAnswers: false,
        showCorrectAnswers: false,
        questions: [],
        questionCount: 0,
        totalPoints: 0,
        topicIds: [],
      });
    });

    it('keeps unicode texts as sent: emoji, right-to-left, combining marks, 5000 characters', async () => {
      const long = 'é'.repeat(5000);
      const quiz = await createQuiz(api, {
        title: '🧪 اختبار السلامة',
        questions: [
          { type: 'SHORT_ANSWER', text: long, acceptedAnswers: ['e\u0301 ✔'] },
          { type: 'TRUE_FALSE', text: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢?', correctAnswer: true },
        ],
      });

      expect(quiz.title).toBe('🧪 اختبار السلامة');
      expect(quiz.questions.map((question) => question.text)).toEqual([long, '𝔘𝔫𝔦𝔠𝔬𝔡𝔢?']);
      expect(quiz.questions[0]).toMatchObject({ acceptedAnswers: ['e\u0301 ✔'] });
    });

    it.each([
      ['no title', { title: undefined }, ['title']],
      ['a blank title', { title: '   ' }, ['title']],
      ['a title of 201 characters', { title: 'x'.repeat(201) }, ['title']],
      ['a description of 2001 characters', { description: 'x'.repeat(2001) }, ['description']],
      ['a pass mark of 101', { passMark: 101 }, ['passMark']],
      ['a pass mark that is not whole', { passMark: 50.5 }, ['passMark']],
      ['no attempts allowed', { attemptsAllowed: 0 }, ['attemptsAllowed']],
      ['a time limit of 0', { timeLimitMinutes: 0 }, ['timeLimitMinutes']],
      ['a time limit over a day', { timeLimitMinutes: 1441 }, ['timeLimitMinutes']],
      ['READY without questions', { status: 'READY', questions: [] }, ['status']],
      ['an unknown status', { status: 'PUBLISHED' }, ['status']],
      ['a topic of another company', { topicIds: ['foreign topic'] }, ['topicIds']],
      ['an owner company', { companyId: randomUUID() }, ['companyId']],
      [
        '201 questions',
        { questions: Array.from({ length: 201 }, () => ({ type: 'TRUE_FALSE', text: 'x', correctAnswer: true })) },
        ['questions'],
      ],
      ['an unknown question type', { questions: [{ type: 'ESSAY', text: 'x' }] }, ['questions.0.type']],
      ['a question without text', { questions: [{ type: 'TRUE_FALSE', text: ' ', correctAnswer: true }] }, ['questions.0.text']],
      ['0 points', { questions: [{ type: 'TRUE_FALSE', text: 'x', points: 0, correctAnswer: true }] }, ['questions.0.points']],
      ['1001 points', { questions: [{ type: 'TRUE_FALSE', text: 'x', points: 1001, correctAnswer: true }] }, ['questions.0.points']],
      [
        '21 answers',
        {
          questions: [
            { type: 'SINGLE_CHOICE', text: 'x', answers: Array.from({ length: 21 }, (_, n) => ({ text: `${n}`, correct: n === 0 })) },
          ],
        },
        ['questions.0.answers'],
      ],
      [
        'an answer of 1001 characters',
        { questions: [{ type: 'SINGLE_CHOICE', text: 'x', answers: [{ text: 'x'.repeat(1001), correct: true }, { text: 'b' }] }] },
        ['questions.0.answers.0.text'],
      ],
      ['a value past 10^12', { questions: [{ type: 'NUMERIC', text: 'x', value: 1e13 }] }, ['questions.0.value']],
      ['a negative tolerance', { questions: [{ type: 'NUMERIC', text: 'x', value: 1, tolerance: -1 }] }, ['questions.0.tolerance']],
      [
        'an unknown question field',
        { questions: [{ type: 'TRUE_FALSE', text: 'x', correctAnswer: true, hint: 'y' }] },
        ['questions.0.hint'],
      ],
      [
        'a question id that is not a uuid',
        { questions: [{ id: 'q1', type: 'TRUE_FALSE', text: 'x', correctAnswer: true }] },
        ['questions.0.id'],
      ],
      [
        'a NUL in a question and in an answer',
        { questions: [{ type: 'SINGLE_CHOICE', text: 'a\u0000b', answers: [{ text: 'c\u0000', correct: true }, { text: 'd' }] }] },
        ['questions.0.answers.0.text', 'questions.0.text'],
      ],
      [
        'what cannot be scored, in several questions at once',
        {
          questions: [
            { type: 'TRUE_FALSE', text: 'fine', correctAnswer: true },
            { type: 'SINGLE_CHOICE', text: 'x', answers: [{ text: 'a', correct: true }] },
            { type: 'NUMERIC', text: 'y' },
            { type: 'MULTIPLE_CHOICE', text: 'z', answers: [{ text: 'a' }, { text: 'b' }] },
          ],
        },
        ['questions.1.answers', 'questions.2.value', 'questions.3.answers'],
      ],
    ])('answers 400 naming the fields at fault for %s, and writes nothing', async (_label, fields, expected) => {
      const title = `Refused ${randomUUID()}`;
      const topicIds = (fields as { topicIds?: string[] }).topicIds?.map((topic) => (topic === 'foreign topic' ? foreignTopicId : topic));
      const before = await quizCount();

      const response = await api.post('/api/quizzes', { title, ...fields, ...(topicIds && { topicIds }) });

      expect(response.statusCode).toBe(400);
      expect(errorFields(response).sort()).toEqual(expected);
      expect(await quizCount()).toBe(before);
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const response = await api.post('/api/quizzes', { title: 'Huge', description: 'x'.repeat(1024 * 1024) });

      expect(response.statusCode).toBe(413);
    });
  });

  describe('updating', () => {
    it('saves settings and questions at the version it read, keeps what the body leaves out, stores each version', async () => {
      const quiz = await createQuiz(api, { ...quizOfEveryType('Versioned'), topicIds: [safetyTopicId] });
      const url = `/api/quizzes/${quiz.id}`;

      const settings = await api.put(url, { title: 'Versioned', passMark: 80, status: 'READY', version: 1 });
      const [first, ...others] = quiz.questions;
      const reordered = await api.put(url, { title: 'Versioned', questions: [...others, { ...first, points: 5 }], version: 2 });

      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toMatchObject({
        version: 2,
        passMark: 80,
        status: 'READY',
        shuffleQuestions: true,
        topicIds: [safetyTopicId],
        questions: quiz.questions,
      });
      expect(reordered.json()).toMatchObject({ version: 3, questionCount: 5, totalPoints: 11.5 });
      expect(reordered.json<Quiz>().questions.map((question) => question.id)).toEqual([...others, first].map((question) => question!.id));
      const versions = await versionsOf(quiz.id);
      expect(versions.map((version) => [version.version, version.content.passMark, version.content.questions[0]!.id])).toEqual([
        [1, 60, first!.id],
        [2, 80, first!.id],
        [3, 80, others[0]!.id],
      ]);
      const updates = (await auditEntriesFor(testApp.db, [quiz.id])).filter((entry) => entry.action === 'UPDATE');
      expect(updates.map((entry) => (entry.details as { changed: string[] }).changed)).toEqual([['status', 'passMark'], ['questions']]);
    });

    it('does not count questions sent back unchanged as a change', async () => {
      const quiz = await createQuiz(api, quizOfEveryType('Unchanged'));

      const response = await api.put(`/api/quizzes/${quiz.id}`, { title: 'Renamed', questions: quiz.questions, version: 1 });

      expect(response.json()).toMatchObject({ title: 'Renamed', questions: quiz.questions });
      const [, update] = await auditEntriesFor(testApp.db, [quiz.id]);
      expect(update?.details).toEqual({ changed: ['title'] });
    });

    it('refuses a stale version (409 on version) and READY without questions, writing nothing', async () => {
      const quiz = await createQuiz(api, {
        title: 'Guarded',
        status: 'READY',
        questions: [{ type: 'TRUE_FALSE', text: 'x', correctAnswer: true }],
      });
      const url = `/api/quizzes/${quiz.id}`;
      await api.put(url, { title: 'Guarded once', version: 1 });

      const stale = await api.put(url, { title: 'Lost', version: 1 });
      const emptied = await api.put(url, { title: 'Guarded', questions: [], version: 2 });

      expect(stale.statusCode).toBe(409);
      expect(stale.json().errors).toEqual([{ field: 'version', rule: 'stale', message: 'changed by someone else' }]);
      expect(emptied.statusCode).toBe(400);
      expect(errorFields(emptied)).toEqual(['status']);
      expect(await quizRow(quiz.id)).toMatchObject({ title: 'Guarded once', version: 2 });
      expect((await versionsOf(quiz.id)).map((version) => version.version)).toEqual([1, 2]);
    });

    it('lets one of 20 concurrent saves of a version win; the others get 409 and write no version', async () => {
      const quiz = await createQuiz(api, quizOfEveryType('Raced'));

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) => api.put(`/api/quizzes/${quiz.id}`, { title: `Raced ${n}`, passMark: n, version: 1 })),
      );

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<Quiz>();
      expect(await quizRow(quiz.id)).toMatchObject({ version: 2, title: winner.title, passMark: winner.passMark });
      expect((await versionsOf(quiz.id)).map((version) => [version.version, version.content.title])).toEqual([
        [1, 'Raced'],
        [2, winner.title],
      ]);
    });
  });

  describe('the list', () => {
    it('answers summaries without questions, filters by status, searches titles, and exports the same as CSV', async () => {
      const marker = `Listed${randomUUID().slice(0, 8)}`;
      const ready = await createQuiz(api, { ...quizOfEveryType(`${marker} ready`), status: 'READY' });
      await createQuiz(api, { title: `${marker} draft` });

      const listed = (await api.get(`/api/quizzes?search=${marker}&sortBy=title`)).json();
      const readyOnly = (await api.get(`/api/quizzes?search=${marker}&status=READY`)).json();
      const csv = await api.get(`/api/quizzes/export?search=${marker}&sortBy=title&lang=en`);

      expect(listed.total).toBe(2);
      expect(listed.items.map((item: Record<string, unknown>) => [item.title, item.questionCount, item.totalPoints])).toEqual([
        [`${marker} draft`, 0, 0],
        [`${marker} ready`, 5, 8.5],
      ]);
      expect(listed.items.every((item: Record<string, unknown>) => !('questions' in item))).toBe(true);
      expect(readyOnly.items.map((item: { id: string }) => item.id)).toEqual([ready.id]);
      expect((await api.get('/api/quizzes?status=PUBLISHED')).statusCode).toBe(400);
      expect(csv.statusCode).toBe(200);
      const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      expect(rows.map((row) => [row.Title, row.Status, row.Questions, row['Pass mark (%)']])).toEqual([
        [`${marker} draft`, 'DRAFT', '0', '70'],
        [`${marker} ready`, 'READY', '5', '60'],
      ]);
      expect(csv.body).not.toContain('Which colour');
    });
  });

  describe('deleting', () => {
    it('deletes a quiz no plan uses, with its versions and topics, and audits it', async () => {
      const quiz = await createQuiz(api, { ...quizOfEveryType('Doomed'), topicIds: [safetyTopicId] });

      const response = await api.delete(`/api/quizzes/${quiz.id}`);

      expect(response.statusCode).toBe(204);
      expect(await quizRow(quiz.id)).toBeUndefined();
      expect(await versionsOf(quiz.id)).toEqual([]);
      expect(await testApp.db.select().from(quizTopics).where(eq(quizTopics.quizId, quiz.id))).toEqual([]);
      expect((await auditEntriesFor(testApp.db, [quiz.id])).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
    });

    it.each(['DRAFT', 'PUBLISHED'] as const)('refuses (409, naming the plan) a quiz a %s plan uses, and keeps it', async (status) => {
      const quiz = await createQuiz(api, quizOfEveryType(`Used by ${status}`));
      const plan = created(await api.post('/api/training-plans', { name: `Quiz plan ${status} ${randomUUID().slice(0, 6)}`, status }));
      const module = created(await api.post(modulesPath(plan.id), { title: 'Module' }));
      created(await api.post(itemsPath(plan.id, module.id), { title: 'Check', type: 'QUIZ', quizId: quiz.id }));

      const response = await api.delete(`/api/quizzes/${quiz.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'QUIZ_IN_PLANS', params: { plans: `"${plan.name}"`, count: 1 } });
      expect(await quizRow(quiz.id)).toBeDefined();
    });

    it('refuses (409) a quiz learners have attempts at: their scores stay', async () => {
      const quiz = await createQuiz(api, quizOfEveryType('Attempted'));
      await testApp.db.insert(quizAttempts).values({
        tenantId: world.acme.id,
        companyId: world.acmeRobotics.id,
        quizId: quiz.id,
        quizVersion: 1,
        learnerId: world.learner.id,
        number: 1,
        startedAt: new Date(),
        answers: [],
        result: { score: 0, maxScore: 8.5, scaled: 0, percent: 0, passMark: 60, passed: false, questions: [] },
        score: 0,
        maxScore: 8.5,
        scaled: 0,
        passed: false,
      });

      const response = await api.delete(`/api/quizzes/${quiz.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('QUIZ_IN_USE');
      expect(await quizRow(quiz.id)).toBeDefined();
    });
  });

  describe('history', () => {
    it('answers a quiz’s History (the audit entity "quiz") to its company’s admin, field names only', async () => {
      const quiz = await createQuiz(api, quizOfEveryType('Historic'));
      await api.put(`/api/quizzes/${quiz.id}`, { title: 'Historic', showCorrectAnswers: false, version: 1 });

      const history = (await api.get(`/api/activity?entity=quiz&entityId=${quiz.id}`)).json();

      expect(history.items.map((entry: { action: string; changed: string[] }) => [entry.action, entry.changed])).toEqual([
        ['UPDATE', ['showCorrectAnswers']],
        ['CREATE', expect.arrayContaining(['title', 'questions'])],
      ]);
      expect(await testApp.db.select({ rows: count() }).from(auditLog).where(eq(auditLog.entityId, quiz.id))).toEqual([{ rows: 2 }]);
    });
  });
});
