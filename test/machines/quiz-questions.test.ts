import { describe, expect, it } from 'vitest';
import type { Question } from '../../src/domain/quizzes';
import {
  addAccepted,
  addAnswer,
  addQuestion,
  changeAccepted,
  changeAnswer,
  checkQuestions,
  duplicateQuestion,
  moveQuestion,
  questionBodies,
  questionSetOf,
  removeAccepted,
  removeAnswer,
  removeQuestion,
  updateQuestion,
  type QuestionSet,
} from '../../src/machines/quiz-questions';
import { checkQuestions as serverCheck } from '../../server/routes/quizzes/question-rules';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const stored: Question[] = [
  {
    id: uuid(1),
    type: 'SINGLE_CHOICE',
    text: 'Which colour is a stop sign?',
    points: 2,
    correctFeedback: 'Yes',
    incorrectFeedback: null,
    answers: [
      { id: uuid(11), text: 'Red', correct: true },
      { id: uuid(12), text: 'Blue', correct: false },
    ],
  },
  {
    id: uuid(2),
    type: 'MULTIPLE_CHOICE',
    text: 'Which are fruit?',
    points: 1,
    correctFeedback: null,
    incorrectFeedback: null,
    scoring: 'PARTIAL',
    answers: [
      { id: uuid(21), text: 'Apple', correct: true },
      { id: uuid(22), text: 'Pear', correct: true },
      { id: uuid(23), text: 'Stone', correct: false },
    ],
  },
  {
    id: uuid(3),
    type: 'TRUE_FALSE',
    text: 'Water is wet',
    points: 1,
    correctFeedback: null,
    incorrectFeedback: null,
    correctAnswer: false,
  },
  {
    id: uuid(4),
    type: 'SHORT_ANSWER',
    text: 'Capital of Italy?',
    points: 1.5,
    correctFeedback: null,
    incorrectFeedback: 'Rome',
    acceptedAnswers: ['Rome', 'Roma'],
  },
  { id: uuid(5), type: 'NUMERIC', text: 'Pi?', points: 1, correctFeedback: null, incorrectFeedback: null, value: 3.14, tolerance: 0.01 },
];

describe('quiz questions', () => {
  it('read stored questions and send them back as they were, with the fields of their type only', () => {
    const set = questionSetOf(stored);
    expect(set.questions.map((question) => question.key)).toEqual(stored.map((question) => question.id));
    const bodies = questionBodies(set);
    expect(serverCheck(bodies)).toEqual({ questions: stored, errors: [] });
    expect(bodies[2]).toEqual({
      id: uuid(3),
      type: 'TRUE_FALSE',
      text: 'Water is wet',
      points: 1,
      correctFeedback: null,
      incorrectFeedback: null,
      correctAnswer: false,
    });
    expect(questionSetOf(undefined)).toEqual({ questions: [] });
  });

  it('keep what a question holds of every type when its type changes, and send the new type’s fields only', () => {
    const set = updateQuestion(questionSetOf(stored), 0, { type: 'NUMERIC', value: '4' });
    const back = updateQuestion(set, 0, { type: 'SINGLE_CHOICE' });
    expect(questionBodies(set)[0]).toMatchObject({ type: 'NUMERIC', value: 4 });
    expect(questionBodies(set)[0]).not.toHaveProperty('answers');
    expect(questionBodies(back)[0]).toEqual(questionBodies(questionSetOf(stored))[0]);
  });

  it('add a question of each type, blank, with two answers for a choice and one accepted answer', () => {
    let set: QuestionSet = { questions: [] };
    for (const type of ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'SHORT_ANSWER', 'NUMERIC'] as const) set = addQuestion(set, type);
    expect(questionBodies(set)).toEqual([
      {
        type: 'SINGLE_CHOICE',
        text: '',
        points: 1,
        correctFeedback: null,
        incorrectFeedback: null,
        answers: [
          { text: '', correct: false },
          { text: '', correct: false },
        ],
      },
      {
        type: 'MULTIPLE_CHOICE',
        text: '',
        points: 1,
        correctFeedback: null,
        incorrectFeedback: null,
        answers: [
          { text: '', correct: false },
          { text: '', correct: false },
        ],
        scoring: 'ALL_OR_NOTHING',
      },
      { type: 'TRUE_FALSE', text: '', points: 1, correctFeedback: null, incorrectFeedback: null, correctAnswer: true },
      { type: 'SHORT_ANSWER', text: '', points: 1, correctFeedback: null, incorrectFeedback: null, acceptedAnswers: [''] },
      { type: 'NUMERIC', text: '', points: 1, correctFeedback: null, incorrectFeedback: null, tolerance: 0 },
    ]);
    expect(new Set(set.questions.map((question) => question.key)).size).toBe(5);
  });

  it('duplicate a question right after it, as new: no ids, answers copied', () => {
    const set = duplicateQuestion(questionSetOf(stored), 0);
    expect(set.questions).toHaveLength(6);
    const [original, copy] = questionBodies(set);
    expect(copy).toEqual({
      ...original,
      id: undefined,
      answers: [
        { text: 'Red', correct: true },
        { text: 'Blue', correct: false },
      ],
    });
    expect(copy).not.toHaveProperty('id');
    expect(set.questions[1]!.key).not.toBe(set.questions[0]!.key);
    expect(serverCheck(questionBodies(set)).errors).toEqual([]);
    expect(duplicateQuestion(set, 99)).toBe(set);
  });

  it('delete and move questions, leaving the list as it was for a move out of it', () => {
    const set = questionSetOf(stored);
    expect(removeQuestion(set, 1).questions.map((question) => question.id)).toEqual([uuid(1), uuid(3), uuid(4), uuid(5)]);
    expect(moveQuestion(set, 0, 2).questions.map((question) => question.id)).toEqual([uuid(2), uuid(3), uuid(1), uuid(4), uuid(5)]);
    expect(moveQuestion(set, 4, 3).questions.map((question) => question.id)).toEqual([uuid(1), uuid(2), uuid(3), uuid(5), uuid(4)]);
    expect(moveQuestion(set, 0, 5)).toBe(set);
    expect(moveQuestion(set, -1, 0)).toBe(set);
    expect(moveQuestion(set, 2, 2)).toBe(set);
  });

  it('keep one right answer in a single choice, any number in a multiple choice', () => {
    const set = questionSetOf(stored);
    const single = changeAnswer(set, 0, 1, { correct: true });
    expect(single.questions[0]!.answers.map((answer) => answer.correct)).toEqual([false, true]);
    const multiple = changeAnswer(set, 1, 2, { correct: true });
    expect(multiple.questions[1]!.answers.map((answer) => answer.correct)).toEqual([true, true, true]);
    expect(changeAnswer(set, 0, 0, { text: 'Crimson' }).questions[0]!.answers[0]).toMatchObject({
      id: uuid(11),
      text: 'Crimson',
      correct: true,
    });
    expect(addAnswer(set, 0).questions[0]!.answers).toHaveLength(3);
    expect(removeAnswer(set, 1, 0).questions[1]!.answers.map((answer) => answer.text)).toEqual(['Pear', 'Stone']);
    expect(changeAnswer(set, 9, 0, { text: 'x' })).toBe(set);
  });

  it('edit a short answer’s accepted answers', () => {
    const set = questionSetOf(stored);
    expect(addAccepted(set, 3).questions[3]!.acceptedAnswers).toEqual(['Rome', 'Roma', '']);
    expect(changeAccepted(set, 3, 1, 'ROMA ').questions[3]!.acceptedAnswers).toEqual(['Rome', 'ROMA ']);
    expect(removeAccepted(set, 3, 0).questions[3]!.acceptedAnswers).toEqual(['Roma']);
  });
});

describe('quiz questions: what cannot be scored, as the server says it', () => {
  /** The paths the server refuses for the same questions: the editor must name the same ones. */
  const serverFields = (set: QuestionSet) => [...new Set(serverCheck(questionBodies(set)).errors.map(({ field }) => field))].sort();
  const ours = (set: QuestionSet) => Object.keys(checkQuestions(set)).sort();

  const cases: Array<[string, (set: QuestionSet) => QuestionSet]> = [
    ['a choice with one answer', (set) => removeAnswer(set, 0, 1)],
    [
      'a choice with none right',
      (set) => updateQuestion(set, 1, { answers: set.questions[1]!.answers.map((answer) => ({ ...answer, correct: false })) }),
    ],
    [
      'a single choice with two right',
      (set) => updateQuestion(set, 0, { answers: set.questions[0]!.answers.map((answer) => ({ ...answer, correct: true })) }),
    ],
    ['a repeated answer, case and spaces aside', (set) => changeAnswer(set, 1, 1, { text: '  APPLE ' })],
    ['a short answer without accepted answers', (set) => updateQuestion(set, 3, { acceptedAnswers: [] })],
    ['a repeated accepted answer', (set) => changeAccepted(set, 3, 1, 'rome')],
    ['a numeric question without a value', (set) => updateQuestion(set, 4, { value: '' })],
    ['points with three decimals', (set) => updateQuestion(set, 2, { points: '1.125' })],
  ];

  it.each(cases)('refuses %s on the field the server names', (_, change) => {
    const set = change(questionSetOf(stored));
    const fields = ours(set);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields).toEqual(serverFields(set));
  });

  it('refuses nothing in scorable questions, and says what a blank question lacks', () => {
    expect(checkQuestions(questionSetOf(stored))).toEqual({});
    const blank = addQuestion({ questions: [] }, 'SINGLE_CHOICE');
    expect(checkQuestions(blank)).toEqual({
      'questions.0.text': { rule: 'required' },
      'questions.0.answers': { rule: 'noCorrectAnswer' },
      'questions.0.answers.0.text': { rule: 'required' },
      'questions.0.answers.1.text': { rule: 'required' },
    });
    expect(checkQuestions(updateQuestion(questionSetOf(stored), 4, { points: '0', tolerance: '-1' }))).toEqual({
      'questions.4.points': { rule: 'points', params: { limit: 1000 } },
      'questions.4.tolerance': { rule: 'tolerance', params: { limit: 1e12 } },
    });
  });
});
