import { describe, expect, it } from 'vitest';
import type { Question, QuizContent } from '../../../../contract/quizzes.schemas';
import { learnerQuestions } from '../../../../server/routes/quizzes/learner-view';

/** What the learner endpoint will answer of a quiz version (learner-view.ts): the questions without any answer key. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const feedback = { correctFeedback: 'RIGHT-FEEDBACK', incorrectFeedback: 'WRONG-FEEDBACK' };
const manyAnswers = Array.from({ length: 12 }, (_, n) => ({ id: id(100 + n), text: `Option ${n}`, correct: n === 7 }));
const questions: Question[] = [
  { id: id(1), type: 'SINGLE_CHOICE', text: 'One', points: 2, ...feedback, answers: manyAnswers },
  { id: id(2), type: 'MULTIPLE_CHOICE', scoring: 'PARTIAL', text: 'Some', points: 3, ...feedback, answers: manyAnswers },
  { id: id(3), type: 'TRUE_FALSE', text: 'True?', points: 1, ...feedback, correctAnswer: true },
  { id: id(4), type: 'SHORT_ANSWER', text: 'Say', points: 1, ...feedback, acceptedAnswers: ['SECRET-ACCEPTED'] },
  { id: id(5), type: 'NUMERIC', text: 'Count', points: 1, ...feedback, value: 424242, tolerance: 0.5 },
  ...Array.from({ length: 15 }, (_, n): Question => ({
    id: id(10 + n),
    type: 'TRUE_FALSE',
    text: `Q${n}`,
    points: 1,
    ...feedback,
    correctAnswer: false,
  })),
];
const content = (shuffle: boolean): QuizContent => ({
  title: 'Quiz',
  description: null,
  passMark: 70,
  attemptsAllowed: 2,
  timeLimitMinutes: 10,
  shuffleQuestions: shuffle,
  shuffleAnswers: shuffle,
  showCorrectAnswers: true,
  questions,
});

describe('a quiz as a learner gets it', () => {
  it('shows each question’s text, type, points and the answers to choose from, and nothing of the answer key', () => {
    const shown = learnerQuestions(content(false), 'attempt-1');
    const text = JSON.stringify(shown);

    expect(shown.slice(0, 5)).toEqual([
      {
        id: id(1),
        type: 'SINGLE_CHOICE',
        text: 'One',
        points: 2,
        answers: manyAnswers.map(({ id: answerId, text: label }) => ({ id: answerId, text: label })),
      },
      { id: id(2), type: 'MULTIPLE_CHOICE', text: 'Some', points: 3, answers: expect.any(Array) },
      { id: id(3), type: 'TRUE_FALSE', text: 'True?', points: 1 },
      { id: id(4), type: 'SHORT_ANSWER', text: 'Say', points: 1 },
      { id: id(5), type: 'NUMERIC', text: 'Count', points: 1 },
    ]);
    for (const secret of ['correct', 'FEEDBACK', 'SECRET-ACCEPTED', '424242', 'tolerance', 'PARTIAL', 'scoring', 'acceptedAnswers']) {
      expect(text).not.toContain(secret);
    }
  });

  it('shuffles questions and answers when the quiz says so, the same way for the same attempt, another way for another', () => {
    const order = (seed: string) => learnerQuestions(content(true), seed).map((question) => question.id);
    const answerOrder = (seed: string) =>
      learnerQuestions(content(true), seed)
        .find((question) => question.id === id(1))!
        .answers!.map((a) => a.id);

    expect(order('attempt-1')).toEqual(order('attempt-1'));
    expect(order('attempt-1')).not.toEqual(questions.map((question) => question.id));
    expect(order('attempt-1')).not.toEqual(order('attempt-2'));
    expect([...order('attempt-1')].sort()).toEqual(questions.map((question) => question.id).sort());
    expect(answerOrder('attempt-1')).toEqual(answerOrder('attempt-1'));
    expect(answerOrder('attempt-1')).not.toEqual(manyAnswers.map((answer) => answer.id));
    expect([...answerOrder('attempt-1')].sort()).toEqual(manyAnswers.map((answer) => answer.id).sort());
  });

  it('keeps the quiz’s order when it does not shuffle', () => {
    expect(learnerQuestions(content(false), 'attempt-9').map((question) => question.id)).toEqual(questions.map((question) => question.id));
  });
});
