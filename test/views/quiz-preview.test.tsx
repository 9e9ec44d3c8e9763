import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { newPreviewSeed, shownOrder } from '../../src/domain/quiz-order';
import type { QuizResult } from '../../src/domain/quizzes';
import { companyLogin } from '../support/fixtures/session';
import { quizRecord, quizzes } from '../support/views/catalogue-fixtures';
import { renderConsole } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

const questions = [
  {
    id: 'qs1',
    type: 'SINGLE_CHOICE',
    text: 'Stop sign colour?',
    points: 1,
    correctFeedback: 'Well done',
    incorrectFeedback: 'It is red',
    answers: [
      { id: 'a1', text: 'Red', correct: true },
      { id: 'a2', text: 'Blue', correct: false },
    ],
  },
  { id: 'qs2', type: 'TRUE_FALSE', text: 'Water is wet', points: 1, correctFeedback: null, incorrectFeedback: null, correctAnswer: true },
  { id: 'qs3', type: 'NUMERIC', text: 'Pi?', points: 2, correctFeedback: null, incorrectFeedback: null, value: 3.14, tolerance: 0.01 },
];

const result: QuizResult = {
  score: 3,
  maxScore: 4,
  scaled: 0.75,
  percent: 75,
  passMark: 70,
  passed: true,
  questions: [
    { questionId: 'qs1', outcome: 'CORRECT', points: 1, maxPoints: 1, feedback: 'Well done', correctAnswer: null },
    { questionId: 'qs2', outcome: 'UNANSWERED', points: 0, maxPoints: 1, feedback: null, correctAnswer: { value: true } },
    { questionId: 'qs3', outcome: 'CORRECT', points: 2, maxPoints: 2, feedback: null, correctAnswer: null },
  ],
};

const open = async (quizPreview: (id: string, body: unknown) => Promise<unknown>, settings: object = {}) => {
  const view = renderConsole({
    path: '/quizzes/q1',
    signedIn: companyLogin,
    resources: { quizzes: quizzes([quizRecord('q1', { title: 'Mixed', questions, questionCount: 3, totalPoints: 4, ...settings })]) },
    quizPreview,
  });
  await screen.findByDisplayValue('Mixed');
  return view;
};

describe('quiz preview', { timeout: 60_000 }, () => {
  it('shows the quiz one question at a time, takes the answers, and shows the score and feedback from the server', async () => {
    const preview = vi.fn(async () => result);
    const { user } = await open(preview);
    const section = () => within(screen.getByRole('region', { name: 'Preview' }));
    await user.click(section().getByRole('button', { name: 'Preview' }));
    expect(section().getByText('Question 1 of 3 · 1 point')).toBeTruthy();
    expect(section().queryByText('Water is wet')).toBeNull();
    expect(section().getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(section().getByRole('radio', { name: 'Red' }));
    await user.click(section().getByRole('button', { name: 'Next' }));
    expect(section().getByText('Water is wet')).toBeTruthy();
    await user.click(section().getByRole('button', { name: 'All at once' }));
    expect(section().getByText('Stop sign colour?')).toBeTruthy();
    expect(section().getByText('Pi?')).toBeTruthy();
    await user.type(section().getByRole('spinbutton', { name: 'Your answer (a number)' }), '3.14');
    await user.click(section().getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(section().getByRole('status').textContent).toBe('Passed: 3 of 4 points (75 %, pass mark 70 %)'));
    expect(preview).toHaveBeenCalledWith('q1', {
      answers: [
        { questionId: 'qs1', answerIds: ['a1'] },
        { questionId: 'qs3', number: 3.14 },
      ],
    });
    const results = section().getAllByTestId('preview-question-result');
    expect(results.map((item) => within(item).getAllByText(/Right|Not answered|Wrong/)[0]!.textContent)).toEqual([
      'Right',
      'Not answered',
      'Right',
    ]);
    expect(within(results[0]!).getByText('Well done')).toBeTruthy();
    expect(within(results[1]!).getByText('Right answer: True')).toBeTruthy();
    await user.click(section().getByRole('button', { name: 'Try again' }));
    expect(section().getByText('Question 1 of 3 · 1 point')).toBeTruthy();
    expect(section().getByRole<HTMLInputElement>('radio', { name: 'Red' }).checked).toBe(false);
  });

  it('says why the server could not score the answers, and keeps them', async () => {
    const preview = vi.fn(() =>
      Promise.reject({ kind: 'http', status: 400, message: 'answers.0.answerIds names an answer not in the question' } satisfies Failure),
    );
    const { user } = await open(preview);
    const section = () => within(screen.getByRole('region', { name: 'Preview' }));
    await user.click(section().getByRole('button', { name: 'Preview' }));
    await user.click(section().getByRole('radio', { name: 'Blue' }));
    await user.click(section().getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(notificationTexts()).toEqual(['The answers could not be scored: answers.0.answerIds names an answer not in the question']),
    );
    expect(section().getByRole<HTMLInputElement>('radio', { name: 'Blue' }).checked).toBe(true);
  });

  it('shows the questions and answers shuffled as a learner gets them when the quiz says so, and its time limit', async () => {
    const settings = { shuffleQuestions: true, shuffleAnswers: true, timeLimitMinutes: 15 };
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.42);
    try {
      const expected = shownOrder({ questions: questions as never, ...settings }, newPreviewSeed());
      // The seed is one that moves the questions and the first choice question's answers: the check can fail.
      expect(expected.map(({ text }) => text)).not.toEqual(questions.map(({ text }) => text));
      const { user } = await open(
        vi.fn(async () => result),
        settings,
      );
      const section = () => within(screen.getByRole('region', { name: 'Preview' }));
      await user.click(section().getByRole('button', { name: 'Preview' }));
      expect(section().getByText('A learner has 15 minutes')).toBeTruthy();
      await user.click(section().getByRole('button', { name: 'All at once' }));
      const texts = questions.map(({ text }) => text);
      const shown = section()
        .getAllByText((_, element) => element?.tagName === 'SPAN' && texts.includes(element.textContent ?? ''))
        .map((element) => element.textContent);
      expect(shown).toEqual(expected.map(({ text }) => text));
      const choices = section()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent)
        .filter((label) => label === 'Red' || label === 'Blue');
      expect(choices).toEqual(expected.flatMap((question) => ('answers' in question ? question.answers.map(({ text }) => text) : [])));
    } finally {
      random.mockRestore();
    }
  });
});
