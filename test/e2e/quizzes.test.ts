import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { apiURL, demo, signIn, usePage } from './browser';

interface StoredQuestion {
  id: string;
  type: string;
  text: string;
  points: number;
  scoring?: string;
  answers?: Array<{ id: string; text: string; correct: boolean }>;
  correctAnswer?: boolean;
  acceptedAnswers?: string[];
  value?: number;
  tolerance?: number;
}

/** The right answer to a question, as a learner's app sends it. */
const rightAnswer = (question: StoredQuestion) => {
  const answer = { questionId: question.id };
  if (question.answers) return { ...answer, answerIds: question.answers.filter(({ correct }) => correct).map(({ id }) => id) };
  if (question.correctAnswer !== undefined) return { ...answer, value: question.correctAnswer };
  if (question.acceptedAnswers) return { ...answer, text: question.acceptedAnswers[0] };
  return { ...answer, number: question.value };
};

/** A question as the round trip must keep it: what it asks and how it is scored, not its ids. */
const scoringOf = ({ type, text, points, scoring, answers, correctAnswer, acceptedAnswers, value, tolerance }: StoredQuestion) => ({
  type,
  text,
  points,
  scoring,
  answers: answers?.map((answer) => [answer.text, answer.correct]),
  correctAnswer,
  acceptedAnswers,
  value,
  tolerance,
});

describe('a COMPANY admin writing a quiz', () => {
  const page = usePage();

  it(
    'writes one question of each type, previews it, uses it in a plan a learner passes, exports it and imports it back',
    { timeout: 300_000 },
    async () => {
      const title = unique('Warehouse quiz');
      const admin = await apiSession(demo.company);
      await signIn(page(), demo.company);
      await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Quizzes' }).click();
      await page().getByRole('button', { name: 'Add', exact: true }).click();
      await page().waitForURL('**/quizzes/new');
      await page().getByRole('textbox', { name: 'Title' }).fill(title);
      await page().getByRole('combobox', { name: 'Status', exact: true }).click();
      await page().getByRole('option', { name: 'Ready' }).click();

      const question = (index: number) => page().getByTestId('question').nth(index);
      const add = async (type: string) => {
        await page().getByRole('button', { name: 'Add question' }).click();
        await page().getByRole('menuitem', { name: type }).click();
      };
      await add('Single choice');
      await question(0).getByRole('textbox', { name: 'Question text' }).fill('Which colour is a stop sign?');
      await question(0).getByRole('textbox', { name: 'Answer 1' }).fill('Red');
      await question(0).getByRole('textbox', { name: 'Answer 2' }).fill('Blue');
      await question(0).getByRole('radio', { name: 'Answer 1 is right' }).check();

      await add('Multiple choice');
      await question(1).getByRole('textbox', { name: 'Question text' }).fill('Which are fruit?');
      await question(1).getByRole('button', { name: 'Add answer' }).click();
      for (const [index, text] of ['Apple', 'Pear', 'Stone'].entries())
        await question(1)
          .getByRole('textbox', { name: `Answer ${index + 1}` })
          .fill(text);
      await question(1).getByRole('checkbox', { name: 'Answer 1 is right' }).check();
      await question(1).getByRole('checkbox', { name: 'Answer 2 is right' }).check();
      await question(1).getByRole('combobox', { name: 'Scoring' }).click();
      await page().getByRole('option', { name: 'Partial credit' }).click();

      await add('True or false');
      await question(2).getByRole('textbox', { name: 'Question text' }).fill('Forklifts may carry passengers.');
      await question(2).getByRole('radio', { name: 'False' }).check();

      await add('Short answer');
      await question(3).getByRole('textbox', { name: 'Question text' }).fill('Capital of Italy?');
      await question(3).getByRole('textbox', { name: 'Accepted answer 1' }).fill('Rome');

      await add('Numeric');
      await question(4).getByRole('textbox', { name: 'Question text' }).fill('Pi to two decimals?');
      await question(4).getByRole('spinbutton', { name: 'Value' }).fill('3.14');
      await question(4).getByRole('spinbutton', { name: 'Tolerance (±)' }).fill('0.01');
      await question(4).getByRole('spinbutton', { name: 'Points' }).fill('2');

      await page().getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Quiz created');
      await page().waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
      const quizId = new URL(page().url()).pathname.split('/')[2]!;

      // The preview: every answer right but the multiple choice's (one of its two right answers: partial credit).
      const preview = page().getByRole('region', { name: 'Preview' });
      await preview.getByRole('button', { name: 'Preview', exact: true }).click();
      await preview.getByRole('button', { name: 'All at once' }).click();
      await preview.getByRole('radio', { name: 'Red' }).check();
      await preview.getByRole('checkbox', { name: 'Apple' }).check();
      await preview.getByRole('radio', { name: 'False' }).check();
      await preview.getByRole('textbox', { name: 'Your answer' }).fill('  rome ');
      await preview.getByRole('spinbutton', { name: 'Your answer (a number)' }).fill('3.145');
      await preview.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => preview.getByRole('status').innerText()).toBe('Passed: 5.5 of 6 points (91.67 %, pass mark 70 %)');
      expect(await preview.getByTestId('preview-question-result').allInnerTexts()).toHaveLength(5);

      // The quiz in a training plan's QUIZ item, picked in the console (the plan and its module made through the API).
      const planName = unique('Warehouse plan');
      const plan = (await admin.call<{ id: string }>('POST', 'training-plans', { name: planName })).body;
      const planModule = (await admin.call<{ id: string }>('POST', `training-plans/${plan.id}/modules`, { title: 'Checks' })).body;
      const modulePath = `/training-plans/${plan.id}/modules/${planModule.id}`;
      await page().goto(modulePath);
      await page().getByRole('button', { name: 'Add item' }).click();
      await page().waitForURL(`**${modulePath}/items/new`);
      await page().getByRole('textbox', { name: 'Title' }).fill('Warehouse check');
      await page().getByRole('combobox', { name: 'Type', exact: true }).click();
      await page().getByRole('option', { name: 'Quiz' }).click();
      await page().getByRole('combobox', { name: 'Quiz', exact: true }).fill(title);
      await page().getByRole('option', { name: title }).click();
      await page().getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Item created');
      await page().waitForURL(new RegExp(`${modulePath}$`));
      await expect
        .poll(() => page().getByTestId('items-table').locator('tbody tr').allInnerTexts(), { timeout: 30_000 })
        .toEqual([expect.stringMatching(/Warehouse check[\s\S]*Quiz/)]);
      const itemsPath = `training-plans/${plan.id}/modules/${planModule.id}/items`;
      const [item] = (await admin.call<Page<{ id: string; quizId: string | null }>>('GET', itemsPath)).body.items;
      expect(item?.quizId).toBe(quizId);

      // A learner's app (LRS credentials, the learner named by an agent): no answer key, and a passed attempt completes the plan.
      const version = (await admin.call<{ version: number }>('GET', `training-plans/${plan.id}`)).body.version;
      expect((await admin.call('PUT', `training-plans/${plan.id}`, { name: planName, status: 'PUBLISHED', version })).status).toBe(200);
      const tag = unique('Quiz').replace(/\W/g, '').toLowerCase();
      const learner = (
        await admin.call<{ id: string; email: string }>('POST', 'users', {
          name: 'Quinn',
          surname: tag,
          email: `quinn.${tag}@example.com`,
          password: 'Learner-Pass-2026!',
          scope: 'COMPANY',
        })
      ).body;
      expect((await admin.call('POST', `training-plans/${plan.id}/assignments`, { userIds: [learner.id] })).status).toBe(201);
      const credential = (await admin.call<{ key: string; secret: string }>('POST', 'lrs-credentials', { label: tag })).body;
      const agent = encodeURIComponent(JSON.stringify({ objectType: 'Agent', mbox: `mailto:${learner.email}` }));
      const learnerCall = async (method: string, path: string, body?: unknown) => {
        const reply = await fetch(`${apiURL}/api/learner/quizzes/${quizId}${path}?agent=${agent}`, {
          method,
          headers: {
            authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: reply.status, text: await reply.text() };
      };
      const taken = await learnerCall('GET', '');
      expect(taken.status).toBe(200);
      for (const secret of ['"correct"', 'acceptedAnswers', 'tolerance', 'Feedback', 'correctAnswer', '"value"', '"scoring"'])
        expect(taken.text).not.toContain(secret);
      const { attempt, questions } = JSON.parse(taken.text) as { attempt: { token: string }; questions: unknown[] };
      expect(questions).toHaveLength(5);
      const stored = await admin.call<{ questions: StoredQuestion[] }>('GET', `quizzes/${quizId}`);
      const submitted = await learnerCall('POST', '/attempts', {
        attemptToken: attempt.token,
        itemId: item!.id,
        answers: stored.body.questions.map(rightAnswer),
      });
      expect(submitted.status, submitted.text).toBe(201);
      expect(JSON.parse(submitted.text)).toMatchObject({ result: { passed: true, scaled: 1 } });
      const enrolments = await admin.call<Page<{ userId: string; progress: number; status: string }>>(
        'GET',
        `training-plans/${plan.id}/enrolments`,
      );
      expect(enrolments.body.items.map(({ progress, status }) => ({ progress, status }))).toEqual([{ progress: 1, status: 'COMPLETED' }]);

      // Export, then import the package back as a new quiz with the same questions and scoring.
      await page().goto(`/quizzes/${quizId}`);
      const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Export QTI' }).click()]);
      const zip = await buffer((await download.createReadStream()) as Readable);
      expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
      await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Quizzes' }).click();
      await page().getByTestId('qti-file').setInputFiles({ name: 'quiz.zip', mimeType: 'application/zip', buffer: zip });
      const dialog = page().getByRole('dialog', { name: 'QTI import' });
      await expect.poll(() => dialog.getByTestId('qti-item').count(), { timeout: 60_000 }).toBe(5);
      expect(await dialog.getByTestId('qti-item').allInnerTexts()).not.toContainEqual(expect.stringContaining('Skipped'));
      await dialog.getByRole('link', { name: 'Open the new quiz' }).click();
      await page().waitForURL(/\/quizzes\/[0-9a-f-]{36}$/);
      const importedId = new URL(page().url()).pathname.split('/')[2]!;
      expect(importedId).not.toBe(quizId);
      await expect.poll(() => page().getByTestId('question').count()).toBe(5);

      const original = await admin.call<{ questions: StoredQuestion[] }>('GET', `quizzes/${quizId}`);
      const imported = await admin.call<{ status: string; questions: StoredQuestion[] }>('GET', `quizzes/${importedId}`);
      expect(imported.body.status).toBe('DRAFT');
      expect(imported.body.questions.map(scoringOf)).toEqual(original.body.questions.map(scoringOf));
    },
  );
});
