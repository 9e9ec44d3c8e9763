import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { QuizPreviewContext } from '../../../src/machines/quiz-preview.machine';
import { companyLogin } from '../../support/fixtures/session';
import { previewInput, previewRefused, previewScore, quizPreviewModel } from '../../support/models/quiz-preview';
import { quizRecord } from '../../support/views/catalogue-fixtures';
import { openSignedIn } from './console';
import { describeUiPaths } from './paths';

/** The model's quiz: question 1 a multiple choice (its right answer a1), question 2 a true/false one. */
const quiz = quizRecord(previewInput.quizId, {
  title: 'Preview quiz',
  questionCount: 2,
  totalPoints: 2,
  questions: [
    {
      id: 'q1',
      type: 'MULTIPLE_CHOICE',
      text: 'Which are right?',
      points: 1,
      correctFeedback: 'Well done',
      incorrectFeedback: null,
      scoring: 'ALL_OR_NOTHING',
      answers: [
        { id: 'a1', text: 'Right A', correct: true },
        { id: 'a2', text: 'Wrong B', correct: false },
      ],
    },
    { id: 'q2', type: 'TRUE_FALSE', text: 'Is it true?', points: 1, correctFeedback: null, incorrectFeedback: null, correctAnswer: true },
  ],
});

const section = () => within(screen.getByRole('region', { name: 'Preview' }));
const button = (name: string) => section().getByRole<HTMLButtonElement>('button', { name });
const scoreText = 'Not passed: 1 of 2 points (50 %, pass mark 70 %)';

describeUiPaths(quizPreviewModel, {
  open: () => {
    const opened = openSignedIn(`/quizzes/${quiz.id}`, companyLogin);
    opened.network.always('GET', `quizzes/${quiz.id}`, () => ({ status: 200, body: quiz }));
    // The preview starts when "Preview" is clicked, once the quiz has loaded: its first state is checked after that.
    void screen.findByRole('button', { name: 'Preview' }, { timeout: 60_000 }).then((preview) => opened.user.click(preview));
    return { console: opened };
  },
  perform: {
    'choose the right answer': async ({ console: c }) => c.user.click(section().getByRole('checkbox', { name: 'Right A' })),
    'clear the choice': async ({ console: c }) => c.user.click(section().getByRole('checkbox', { name: 'Right A' })),
    'All at once': async ({ console: c }) => c.user.click(button('All at once')),
    'One at a time': async ({ console: c }) => c.user.click(button('One at a time')),
    Next: async ({ console: c }) => c.user.click(button('Next')),
    Previous: async ({ console: c }) => c.user.click(button('Previous')),
    Submit: async ({ console: c }) => c.user.click(button('Submit')),
    'score: ok': async ({ console: c }) => {
      const request = await c.network.next('POST', `quizzes/${quiz.id}/preview`);
      request.respond(200, previewScore);
      await waitFor(() => expect(section().getByRole('status').textContent).toBe(scoreText));
    },
    'score: refused': async ({ console: c }) => {
      const request = await c.network.next('POST', `quizzes/${quiz.id}/preview`);
      request.respond(400, { message: previewRefused.kind === 'http' ? previewRefused.message : '' });
      await screen.findByText(`The answers could not be scored: ${previewRefused.kind === 'http' ? previewRefused.message : ''}`);
    },
    'Try again': async ({ console: c }) => c.user.click(button('Try again')),
  },
  show: {
    answering: (_, snapshot: AnyMachineSnapshot) => {
      const { oneAtATime, current, answers } = snapshot.context as QuizPreviewContext;
      expect(button('Submit').disabled).toBe(false);
      const shown = section()
        .queryAllByText(/^Question \d of 2/)
        .map((text) => text.textContent);
      expect(shown).toEqual(
        oneAtATime ? [`Question ${current + 1} of 2 · 1 point`] : ['Question 1 of 2 · 1 point', 'Question 2 of 2 · 1 point'],
      );
      if (!oneAtATime || current === 0)
        expect(section().getByRole<HTMLInputElement>('checkbox', { name: 'Right A' }).checked).toBe('q1' in answers);
    },
    scoring: () => {
      expect(button('Scoring…').disabled).toBe(true);
    },
    scored: () => {
      expect(section().getByRole('status').textContent).toBe(scoreText);
      expect(button('Try again')).toBeTruthy();
    },
  },
});
