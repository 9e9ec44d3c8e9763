import { describe, expect, it } from 'vitest';
import { shownOrder } from '../../src/domain/quiz-order';
import type { Question } from '../../src/domain/quizzes';

// The preview's order of questions and answers (issue 28 item 5): shuffled when the quiz says so, the same for a seed.
const choice = (id: string): Question => ({
  id,
  type: 'SINGLE_CHOICE',
  text: id,
  points: 1,
  correctFeedback: null,
  incorrectFeedback: null,
  answers: ['a', 'b', 'c', 'd', 'e', 'f'].map((answer) => ({ id: `${id}-${answer}`, text: answer, correct: answer === 'a' })),
});
const questions = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'].map(choice);
const ids = (items: ReadonlyArray<{ id: string }>) => items.map(({ id }) => id);
const seeds = Array.from({ length: 20 }, (_, n) => `seed-${n}`);

describe('shownOrder', () => {
  it('keeps the authored order of questions and answers when the quiz shuffles nothing', () => {
    expect(shownOrder({ questions, shuffleQuestions: false, shuffleAnswers: false }, 'seed')).toEqual(questions);
  });

  it('shuffles the questions, the same way for the same seed, differently for others, losing none', () => {
    const quiz = { questions, shuffleQuestions: true, shuffleAnswers: false };
    const orders = seeds.map((seed) => ids(shownOrder(quiz, seed)));
    expect(ids(shownOrder(quiz, 'seed-3'))).toEqual(orders[3]);
    for (const order of orders) expect([...order].sort()).toEqual(ids(questions));
    expect(new Set(orders.map((order) => order.join())).size).toBeGreaterThan(10);
    const answersOf = (shown: Question[]) =>
      Object.fromEntries(shown.map((question) => [question.id, 'answers' in question && ids(question.answers)]));
    expect(answersOf(shownOrder(quiz, 'seed-0'))).toEqual(answersOf(questions));
  });

  it('shuffles each question’s answers on its own when the quiz shuffles answers, keeping the questions’ order', () => {
    const shown = shownOrder({ questions, shuffleQuestions: false, shuffleAnswers: true }, 'seed');
    expect(ids(shown)).toEqual(ids(questions));
    const answerOrders = shown.map((question) => ('answers' in question ? question.answers.map(({ text }) => text).join('') : ''));
    expect(new Set(answerOrders).size).toBeGreaterThan(1);
    for (const order of answerOrders) expect([...order].sort().join('')).toBe('abcdef');
  });
});
