import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { apiSession, unique } from './api';
import { demo, signIn, usePage } from './browser';

interface StoredQuestion {
  type: string;
  text: string;
  points: number;
  scoring?: string;
  answers?: Array<{ text: string; correct: boolean }>;
  correctAnswer?: boolean;
  acceptedAnswers?: string[];
  value?: number;
  tolerance?: number;
}

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

  it('writes one question of each type, previews it and sees the score, exports it and imports the package back', async () => {
    const title = unique('Warehouse quiz');
    await signIn(page(), demo.company);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Quizzes' }).click();
    await page().getByRole('button', { name: 'Add', exact: true }).click();
    await page().waitForURL('**/quizzes/new');
    await page().getByRole('textbox', { name: 'Title' }).fill(title);

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

    // Export, then import the package back as a new quiz with the same questions and scoring.
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

    const admin = await apiSession(demo.company);
    const original = await admin.call<{ questions: StoredQuestion[] }>('GET', `quizzes/${quizId}`);
    const imported = await admin.call<{ status: string; questions: StoredQuestion[] }>('GET', `quizzes/${importedId}`);
    expect(imported.body.status).toBe('DRAFT');
    expect(imported.body.questions.map(scoringOf)).toEqual(original.body.questions.map(scoringOf));
  });
});
