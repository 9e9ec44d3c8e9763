import { describe, expect, it } from 'vitest';
import type { Question, QuizAnswer, QuizContent } from '../../../../contract/quizzes.schemas';
import { normalizeShortAnswer, scoreQuiz, withinTolerance } from '../../../../server/routes/quizzes/scoring';

/** The scorer alone (a pure module): every question type, partial credit, tolerance edges, text matching, refusals. */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [single, multiple, partial, trueFalse, short, numeric] = [1, 2, 3, 4, 5, 6].map(id) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const answer = (n: number) => id(100 + n);
const feedback = { correctFeedback: 'Right', incorrectFeedback: 'Wrong' };

const questions: Question[] = [
  {
    id: single,
    type: 'SINGLE_CHOICE',
    text: 'One',
    points: 2,
    ...feedback,
    answers: [
      { id: answer(1), text: 'a', correct: true },
      { id: answer(2), text: 'b', correct: false },
    ],
  },
  {
    id: multiple,
    type: 'MULTIPLE_CHOICE',
    scoring: 'ALL_OR_NOTHING',
    text: 'All',
    points: 3,
    ...feedback,
    answers: [
      { id: answer(3), text: 'a', correct: true },
      { id: answer(4), text: 'b', correct: true },
      { id: answer(5), text: 'c', correct: false },
    ],
  },
  {
    id: partial,
    type: 'MULTIPLE_CHOICE',
    scoring: 'PARTIAL',
    text: 'Some',
    points: 3,
    ...feedback,
    answers: [
      { id: answer(6), text: 'a', correct: true },
      { id: answer(7), text: 'b', correct: true },
      { id: answer(8), text: 'c', correct: true },
      { id: answer(9), text: 'd', correct: false },
    ],
  },
  { id: trueFalse, type: 'TRUE_FALSE', text: 'True?', points: 1, ...feedback, correctAnswer: false },
  { id: short, type: 'SHORT_ANSWER', text: 'Street?', points: 1, ...feedback, acceptedAnswers: ['Straße', 'Ödön Tér'] },
  { id: numeric, type: 'NUMERIC', text: 'How much?', points: 1, ...feedback, value: 0.3, tolerance: 0.1 },
];

const quiz = (overrides: Partial<QuizContent> = {}): QuizContent => ({
  title: 'Quiz',
  description: null,
  passMark: 70,
  attemptsAllowed: null,
  timeLimitMinutes: null,
  shuffleQuestions: false,
  shuffleAnswers: false,
  showCorrectAnswers: false,
  questions,
  ...overrides,
});

function scored(answers: QuizAnswer[], overrides: Partial<QuizContent> = {}) {
  const outcome = scoreQuiz(quiz(overrides), answers);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.result;
}
const questionResult = (answers: QuizAnswer[], questionId: string) => scored(answers).questions.find((q) => q.questionId === questionId)!;
const refusals = (answers: QuizAnswer[]) => {
  const outcome = scoreQuiz(quiz(), answers);
  return outcome.ok ? [] : outcome.errors.map(({ field, rule }) => [field, rule]);
};

const allRight: QuizAnswer[] = [
  { questionId: single, answerIds: [answer(1)] },
  { questionId: multiple, answerIds: [answer(4), answer(3)] },
  { questionId: partial, answerIds: [answer(6), answer(7), answer(8)] },
  { questionId: trueFalse, value: false },
  { questionId: short, text: 'strasse' },
  { questionId: numeric, number: 0.4 },
];

describe('scoring a quiz', () => {
  it('gives every point for every right answer, with the right-answer feedback, and passes', () => {
    const result = scored(allRight);

    expect(result).toMatchObject({ score: 11, maxScore: 11, scaled: 1, percent: 100, passMark: 70, passed: true });
    expect(result.questions.map((q) => [q.outcome, q.points, q.maxPoints, q.feedback])).toEqual([
      ['CORRECT', 2, 2, 'Right'],
      ['CORRECT', 3, 3, 'Right'],
      ['CORRECT', 3, 3, 'Right'],
      ['CORRECT', 1, 1, 'Right'],
      ['CORRECT', 1, 1, 'Right'],
      ['CORRECT', 1, 1, 'Right'],
    ]);
  });

  it('answers the questions in the quiz’s order whatever the order of the answers, and leaves unanswered ones at 0', () => {
    const result = scored([...allRight].reverse().slice(0, 3));

    expect(result.questions.map((q) => [q.questionId, q.outcome])).toEqual([
      [single, 'UNANSWERED'],
      [multiple, 'UNANSWERED'],
      [partial, 'UNANSWERED'],
      [trueFalse, 'CORRECT'],
      [short, 'CORRECT'],
      [numeric, 'CORRECT'],
    ]);
    expect(result.questions[0]).toMatchObject({ points: 0, feedback: 'Wrong' });
    expect(result).toMatchObject({ score: 3, maxScore: 11, scaled: 0.2727, percent: 27.27, passed: false });
  });

  it('scores nothing answered as 0 of the maximum, not passed', () => {
    expect(scored([])).toMatchObject({ score: 0, maxScore: 11, scaled: 0, percent: 0, passed: false });
  });

  it('treats an empty choice, a blank text and an answer without its field as unanswered', () => {
    const answers = [
      { questionId: single, answerIds: [] },
      { questionId: partial, answerIds: [] },
      { questionId: short, text: '  \u00a0\t ' },
      { questionId: numeric },
    ];

    expect(
      scored(answers)
        .questions.filter((q) => q.outcome === 'UNANSWERED')
        .map((q) => q.questionId),
    ).toEqual([single, multiple, partial, trueFalse, short, numeric]);
  });

  it('shows the correct answers only when the quiz says so', () => {
    expect(scored(allRight).questions.every((q) => q.correctAnswer === null)).toBe(true);
    expect(scored([], { showCorrectAnswers: true }).questions.map((q) => q.correctAnswer)).toEqual([
      { answerIds: [answer(1)] },
      { answerIds: [answer(3), answer(4)] },
      { answerIds: [answer(6), answer(7), answer(8)] },
      { value: false },
      { acceptedAnswers: ['Straße', 'Ödön Tér'] },
      { number: 0.3, tolerance: 0.1 },
    ]);
  });

  it('has no feedback to give when the question has none', () => {
    const bare = quiz({ questions: [{ ...questions[3]!, correctFeedback: null, incorrectFeedback: null } as Question] });
    const outcome = scoreQuiz(bare, [{ questionId: trueFalse, value: true }]);

    expect(outcome.ok && outcome.result.questions[0]).toMatchObject({ outcome: 'INCORRECT', feedback: null });
  });

  describe('the pass mark', () => {
    it.each([
      [69, 'fails', 70, false],
      [70, 'passes', 70, true],
      [57, 'passes (0.57 × 100 is 56.999… in binary)', 57, true],
      [0, 'passes at a pass mark of 0', 0, true],
      [100, 'passes at 100 with everything right', 100, true],
    ])('a score of %i of 100 %s', (earned, _label, passMark, passed) => {
      const points = quiz({
        passMark,
        questions: [
          { id: single, type: 'TRUE_FALSE', text: 'a', points: earned || 1, ...feedback, correctAnswer: true },
          { id: trueFalse, type: 'TRUE_FALSE', text: 'b', points: 100 - earned || 1, ...feedback, correctAnswer: true },
        ],
      });
      const answers = earned === 0 ? [] : [{ questionId: single, value: true }];
      const outcome = scoreQuiz(points, earned === 100 ? [...answers, { questionId: trueFalse, value: true }] : answers);

      expect(outcome.ok && outcome.result.passed).toBe(passed);
    });

    it('never passes a quiz without questions', () => {
      expect(scoreQuiz(quiz({ questions: [], passMark: 0 }), [])).toEqual({
        ok: true,
        result: { score: 0, maxScore: 0, scaled: 0, percent: 0, passMark: 0, passed: false, questions: [] },
      });
    });
  });
});

describe('each question type', () => {
  it.each([
    ['the right answer', [answer(1)], 'CORRECT', 2],
    ['the wrong answer', [answer(2)], 'INCORRECT', 0],
  ])('single choice: %s', (_label, answerIds, outcome, points) => {
    expect(questionResult([{ questionId: single, answerIds }], single)).toMatchObject({ outcome, points });
  });

  it.each([
    ['every right answer, in any order', [answer(4), answer(3)], 'CORRECT', 3],
    ['one right answer of two', [answer(3)], 'INCORRECT', 0],
    ['every right answer and a wrong one', [answer(3), answer(4), answer(5)], 'INCORRECT', 0],
    ['only the wrong one', [answer(5)], 'INCORRECT', 0],
  ])('multiple choice, all or nothing: %s', (_label, answerIds, outcome, points) => {
    expect(questionResult([{ questionId: multiple, answerIds }], multiple)).toMatchObject({ outcome, points });
  });

  it.each([
    ['every right answer', [answer(6), answer(7), answer(8)], 'CORRECT', 3],
    ['two right answers of three', [answer(6), answer(8)], 'PARTIAL', 2],
    ['one right answer', [answer(7)], 'PARTIAL', 1],
    ['every right answer and the wrong one', [answer(6), answer(7), answer(8), answer(9)], 'PARTIAL', 2],
    ['one right and one wrong', [answer(6), answer(9)], 'INCORRECT', 0],
    ['only the wrong one (never below 0)', [answer(9)], 'INCORRECT', 0],
  ])('multiple choice, partial credit: %s', (_label, answerIds, outcome, points) => {
    expect(questionResult([{ questionId: partial, answerIds }], partial)).toMatchObject({ outcome, points });
  });

  it('partial credit keeps four decimals of a third of a point', () => {
    const thirds = quiz({ questions: [{ ...questions[2]!, points: 1 } as Question] });
    const outcome = scoreQuiz(thirds, [{ questionId: partial, answerIds: [answer(6), answer(7)] }]);

    expect(outcome.ok && outcome.result).toMatchObject({ score: 0.6667, scaled: 0.6667, percent: 66.67 });
    expect(outcome.ok && outcome.result.questions[0]!.points).toBe(0.6667);
  });

  it.each([
    [false, 'CORRECT'],
    [true, 'INCORRECT'],
  ])('true/false: %s', (value, outcome) => {
    expect(questionResult([{ questionId: trueFalse, value }], trueFalse).outcome).toBe(outcome);
  });

  it.each([
    ['the accepted answer as written', 'Straße', 'CORRECT'],
    ['upper case, ß as SS', 'STRASSE', 'CORRECT'],
    ['spaces around, tabs and non-breaking spaces', ' \t\u00a0straße\u00a0 ', 'CORRECT'],
    ['the other accepted answer, case and inner spaces changed', 'ödön   TÉR', 'CORRECT'],
    ['the other accepted answer in decomposed form (NFD)', 'O\u0308do\u0308n te\u0301r', 'CORRECT'],
    ['full-width letters (compatibility forms)', 'ｓｔｒａｓｓｅ', 'CORRECT'],
    ['a near miss', 'strase', 'INCORRECT'],
    ['an accent left out', 'Odon ter', 'INCORRECT'],
  ])('short answer: %s', (_label, text, outcome) => {
    expect(questionResult([{ questionId: short, text }], short).outcome).toBe(outcome);
  });

  it.each([
    ['the value', 0.3, 'CORRECT'],
    ['the upper bound (0.3 + 0.1, 0.10000000000000003 away in binary)', 0.4, 'CORRECT'],
    ['the lower bound', 0.2, 'CORRECT'],
    ['just past the upper bound', 0.4000001, 'INCORRECT'],
    ['just past the lower bound', 0.1999999, 'INCORRECT'],
    ['the opposite sign', -0.3, 'INCORRECT'],
  ])('numeric: %s', (_label, number, outcome) => {
    expect(questionResult([{ questionId: numeric, number }], numeric).outcome).toBe(outcome);
  });
});

describe('numbers within a tolerance, on their decimal forms', () => {
  it.each([
    [10, 10, 0, true],
    [10.000000001, 10, 0, false],
    [1e-7, 0, 1e-7, true],
    [2e-7, 0, 1e-7, false],
    [-1.5, -1, 0.5, true],
    [1e12, 1e12 - 1, 1, true],
    [1e21, 1e21, 0, true],
    [1e21, 1e12, 1e12, false],
    [Number.MAX_VALUE, 0, 1e12, false],
  ])('%d against %d ± %d: %s', (given, value, tolerance, within) => {
    expect(withinTolerance(given, value, tolerance)).toBe(within);
  });

  it('refuses what is not a finite number', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY].map((given) => withinTolerance(given, 0, 1e12))).toEqual([false, false]);
  });
});

describe('short answers compared as typed', () => {
  it.each([
    ['Straße', 'strasse'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['  New \n York  ', 'new york'],
    ['Ⅻ', 'xii'],
    ['ﬁle', 'file'],
  ])('%j matches %j', (a, b) => {
    expect(normalizeShortAnswer(a)).toBe(normalizeShortAnswer(b));
  });

  it('keeps what tells answers apart: accents, inner letters', () => {
    expect(normalizeShortAnswer('café')).not.toBe(normalizeShortAnswer('cafe'));
    expect(normalizeShortAnswer('New York')).not.toBe(normalizeShortAnswer('NewYork'));
  });
});

describe('answers that cannot be a learner’s', () => {
  it.each([
    ['a question the quiz does not ask', [{ questionId: id(99), value: true }], [['answers.0.questionId', 'notFound']]],
    [
      'a question answered twice',
      [
        { questionId: trueFalse, value: true },
        { questionId: trueFalse, value: false },
      ],
      [['answers.1.questionId', 'duplicate']],
    ],
    ['the wrong kind of answer', [{ questionId: trueFalse, text: 'true' }], [['answers.0.text', 'notAllowed']]],
    [
      'two kinds at once',
      [{ questionId: numeric, number: 1, text: '1', answerIds: [answer(1)] }],
      [
        ['answers.0.answerIds', 'notAllowed'],
        ['answers.0.text', 'notAllowed'],
      ],
    ],
    ['an answer of another question', [{ questionId: single, answerIds: [answer(3)] }], [['answers.0.answerIds.0', 'notFound']]],
    ['two answers to a single choice', [{ questionId: single, answerIds: [answer(1), answer(2)] }], [['answers.0.answerIds', 'maxItems']]],
    ['the same answer twice', [{ questionId: partial, answerIds: [answer(6), answer(6)] }], [['answers.0.answerIds', 'duplicate']]],
  ])('refuses %s, naming the answer', (_label, answers, expected) => {
    expect(refusals(answers as QuizAnswer[])).toEqual(expected);
  });

  it('names at most 48 refusals, however many answers are wrong', () => {
    const answers = Array.from({ length: 10_000 }, (_, n) => ({ questionId: id(1000 + n), value: true }));

    expect(refusals(answers)).toHaveLength(48);
  });
});
