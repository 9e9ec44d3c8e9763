import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin } from '../support/fixtures/session';
import { quizRecord, quizzes, topics } from '../support/views/catalogue-fixtures';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts, dataRows, messageOf, notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, ...options });
  await screen.findByTestId('page-title');
  return view;
};
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const numberbox = (name: string) => screen.getByRole<HTMLInputElement>('spinbutton', { name, hidden: true });

describe('quizzes', () => {
  it('lists title, status, questions, points, pass mark and attempts (unlimited when none), sortable by title', async () => {
    const resource = quizzes();
    const { user } = await open('/quizzes', { resources: { quizzes: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Quizzes');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellTexts(dataRows()[0]!).slice(0, 6)).toEqual(['Forklift safety', 'Ready', '3', '4', '70', '2']);
    expect(cellTexts(dataRows()[1]!).slice(0, 6)).toEqual(['Welcome check', 'Draft', '0', '0', '50', 'Unlimited']);
    await user.click(screen.getByRole('button', { name: 'Sort Title descending' }));
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ sortBy: 'title', sortOrder: 'desc' }));
  });

  it('says why the API refuses to delete a quiz a plan uses (409), in the user’s language', async () => {
    const resource = quizzes();
    resource.api.remove.mockRejectedValueOnce({
      kind: 'http',
      status: 409,
      message: 'The quiz is used by the training plan "Onboarding"',
      code: 'QUIZ_IN_PLANS',
      params: { plans: '"Onboarding"', count: 1 },
    } satisfies Failure);
    const { user } = await open('/quizzes', { resources: { quizzes: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Delete failed: the quiz is used by the training plan "Onboarding"']));
    expect(dataRows()).toHaveLength(2);
  });

  it('starts a new quiz as a DRAFT passing at 70 %, checks the numbers, and sends them as numbers', async () => {
    const resource = quizzes([]);
    const { user, location } = await open('/quizzes/new', { resources: { quizzes: resource, topics: topics() } });
    expect(screen.getByTestId('page-title').textContent).toBe('New quiz');
    expect(numberbox('Pass mark (%)').value).toBe('70');
    expect(numberbox('Attempts allowed').value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Status', hidden: true }).textContent).toBe('Draft');
    await user.type(textbox('Title'), 'Forklift safety');
    await user.clear(numberbox('Pass mark (%)'));
    await user.type(numberbox('Pass mark (%)'), '120');
    await user.type(numberbox('Attempts allowed'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf(numberbox('Pass mark (%)'))).toBe('A whole number from 0 to 100');
    expect(messageOf(numberbox('Attempts allowed'))).toBe('A whole number from 1 to 100');
    expect(resource.api.create).not.toHaveBeenCalled();
    await user.clear(numberbox('Pass mark (%)'));
    await user.type(numberbox('Pass mark (%)'), '80');
    await user.clear(numberbox('Attempts allowed'));
    await user.type(numberbox('Attempts allowed'), '3');
    await user.type(numberbox('Time limit (minutes)'), '15');
    await user.click(screen.getByRole('switch', { name: 'Shuffle the answers', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/quizzes/new-1'));
    expect(resource.api.create).toHaveBeenCalledWith(
      {
        title: 'Forklift safety',
        description: null,
        topicIds: [],
        status: 'DRAFT',
        passMark: 80,
        attemptsAllowed: 3,
        timeLimitMinutes: 15,
        shuffleQuestions: false,
        shuffleAnswers: true,
        showCorrectAnswers: false,
        questions: [],
      },
      expect.any(String),
    );
    await waitFor(() => expect(notificationTexts()).toEqual(['Quiz created']));
  });

  it('edits a quiz: its settings as loaded, emptied attempts sent as unlimited (null), and its History', async () => {
    const resource = quizzes();
    const { user, location } = await open('/quizzes/q1', { resources: { quizzes: resource, topics: topics() } });
    expect(screen.getByTestId('page-title').textContent).toBe('Edit quiz');
    await screen.findByDisplayValue('Forklift safety');
    expect(numberbox('Attempts allowed').value).toBe('2');
    expect(numberbox('Time limit (minutes)').value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Status', hidden: true }).textContent).toBe('Ready');
    expect(screen.getByRole('heading', { name: 'History', hidden: true })).toBeTruthy();
    await user.clear(numberbox('Attempts allowed'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/quizzes'));
    expect(resource.api.update).toHaveBeenCalledWith('q1', expect.objectContaining({ attemptsAllowed: null, passMark: 70, version: 1 }));
    expect(notificationTexts()).toContain('Quiz updated');
  });

  it("shows the API's field errors by their field, in the user's language", async () => {
    const resource = quizzes();
    resource.api.update.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      message: 'status needs at least one question',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'status', rule: 'needsQuestions', message: 'needs at least one question: a READY quiz is one learners can take' }],
    } satisfies Failure);
    const { user } = await open('/quizzes/q2', { resources: { quizzes: resource } });
    await screen.findByDisplayValue('Welcome check');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole('combobox', { name: 'Status', hidden: true }))).toBe('A ready quiz needs at least one question'),
    );
  });

  it("says 'Error loading quiz' for a quiz that cannot be loaded", async () => {
    await open('/quizzes/missing', { resources: { quizzes: quizzes() } });
    expect(await screen.findByText('Error loading quiz')).toBeTruthy();
  });

  it(
    'writes questions: adds by type, checks them as the server would before saving, and sends them in order',
    { timeout: 90_000 },
    async () => {
      const resource = quizzes([]);
      const { user, location } = await open('/quizzes/new', { resources: { quizzes: resource } });
      await user.type(textbox('Title'), 'Mixed');
      const add = async (type: string) => {
        await user.click(screen.getByRole('button', { name: 'Add question' }));
        await user.click(await screen.findByRole('menuitem', { name: type }));
      };
      await add('Single choice');
      await add('Numeric');
      const questions = () => screen.getAllByTestId('question');
      expect(questions()).toHaveLength(2);
      const first = () => within(questions()[0]!);
      await user.type(first().getByRole('textbox', { name: 'Question text' }), 'Stop sign colour?');
      await user.type(first().getByRole('textbox', { name: 'Answer 1' }), 'Red');
      await user.type(first().getByRole('textbox', { name: 'Answer 2' }), 'Blue');
      await user.type(within(questions()[1]!).getByRole('textbox', { name: 'Question text' }), 'Pi?');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(first().getByRole('alert').textContent).toBe('Mark at least one answer as right');
      expect(messageOf(within(questions()[1]!).getByRole<HTMLInputElement>('spinbutton', { name: 'Value' }))).toBe('Required field');
      expect(resource.api.create).not.toHaveBeenCalled();

      await user.click(first().getByRole('radio', { name: 'Answer 1 is right' }));
      await user.type(within(questions()[1]!).getByRole('spinbutton', { name: 'Value' }), '3.14');
      await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
      expect(within(questions()[0]!).getByRole<HTMLInputElement>('textbox', { name: 'Question text' }).value).toBe('Pi?');
      await user.click(screen.getByRole('button', { name: 'Duplicate question 2' }));
      expect(questions()).toHaveLength(3);
      await user.click(screen.getByRole('button', { name: 'Delete question 3' }));
      expect(questions()).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(location()).toBe('/quizzes/new-1'));
      expect(resource.api.create.mock.calls[0]![0].questions).toEqual([
        { type: 'NUMERIC', text: 'Pi?', points: 1, correctFeedback: null, incorrectFeedback: null, value: 3.14, tolerance: 0 },
        {
          type: 'SINGLE_CHOICE',
          text: 'Stop sign colour?',
          points: 1,
          correctFeedback: null,
          incorrectFeedback: null,
          answers: [
            { text: 'Red', correct: true },
            { text: 'Blue', correct: false },
          ],
        },
      ]);
    },
  );

  it('reorders questions by keyboard on their handle, as modules and items, and saves the new order', { timeout: 60_000 }, async () => {
    const question = (id: string, text: string) => ({
      id,
      type: 'TRUE_FALSE' as const,
      text,
      points: 1,
      correctFeedback: null,
      incorrectFeedback: null,
      correctAnswer: true,
    });
    const resource = quizzes([
      quizRecord('q4', {
        title: 'Three questions',
        questions: [question('x1', 'Alpha?'), question('x2', 'Beta?'), question('x3', 'Gamma?')],
      }),
    ]);
    const { user } = await open('/quizzes/q4', { resources: { quizzes: resource } });
    await screen.findByDisplayValue('Three questions');
    const texts = () =>
      screen.getAllByTestId('question').map((item) => within(item).getByRole<HTMLInputElement>('textbox', { name: 'Question text' }).value);
    const handle = (number: number) => screen.getByRole('button', { name: `Reorder Question ${number}` });
    const announcement = () => document.querySelector('[aria-live="polite"]')?.textContent;
    expect(handle(1).getAttribute('tabindex')).toBe('0');
    expect(handle(1).getAttribute('draggable')).toBe('true');

    handle(1).focus();
    await user.keyboard('[Space]');
    expect(announcement()).toMatch(/^Alpha\? picked up, position 1 of 3\./);
    await user.keyboard('[ArrowDown][ArrowDown]');
    expect(texts()).toEqual(['Beta?', 'Gamma?', 'Alpha?']);
    expect(announcement()).toBe('Alpha? moved to position 3 of 3.');
    expect(document.activeElement).toBe(handle(3));
    await user.keyboard('[Enter]');
    expect(announcement()).toBe('Alpha? dropped at position 3 of 3.');

    handle(1).focus();
    await user.keyboard('[Space][ArrowDown]');
    expect(texts()).toEqual(['Gamma?', 'Beta?', 'Alpha?']);
    await user.keyboard('[Escape]');
    expect(texts()).toEqual(['Beta?', 'Gamma?', 'Alpha?']);
    expect(announcement()).toBe('Reorder cancelled: Beta? is back at position 1 of 3.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resource.api.update).toHaveBeenCalledTimes(1));
    const sent = resource.api.update.mock.calls[0]![1] as { questions: Array<{ text: string }> };
    expect(sent.questions.map(({ text }) => text)).toEqual(['Beta?', 'Gamma?', 'Alpha?']);
  });

  it("shows the API's refusal of a question on that question's field", async () => {
    const resource = quizzes([
      quizRecord('q3', {
        title: 'With a question',
        questions: [
          {
            id: 'x1',
            type: 'SHORT_ANSWER',
            text: 'Capital?',
            points: 1,
            correctFeedback: null,
            incorrectFeedback: null,
            acceptedAnswers: ['Rome'],
          },
        ],
      }),
    ]);
    resource.api.update.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      message: 'questions.0.acceptedAnswers.0 is too long',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'questions.0.acceptedAnswers.0', rule: 'somethingNew', message: 'is too long for the server' }],
    } satisfies Failure);
    const { user } = await open('/quizzes/q3', { resources: { quizzes: resource } });
    const accepted = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Accepted answer 1' });
    expect(accepted.value).toBe('Rome');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole<HTMLInputElement>('textbox', { name: 'Accepted answer 1' }))).toBe('is too long for the server'),
    );
    expect(screen.getByText('Some questions cannot be scored: see the marked fields below')).toBeTruthy();
  });
});
