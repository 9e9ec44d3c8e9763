import { describe, expect, it } from 'vitest';
import type { QuestionBody } from '../../../../contract/quizzes.schemas';
import { checkQuestions, questionTotals } from '../../../../server/routes/quizzes/question-rules';

/** What makes a question scorable beyond its schema (question-rules.ts), each refusal naming its question and answer. */

let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`;
const fields = (bodies: QuestionBody[]) => checkQuestions(bodies, newId).errors.map(({ field, rule }) => [field, rule]);

const choices = (...correct: boolean[]) => correct.map((right, index) => ({ text: `Answer ${index}`, correct: right }));
const valid: Record<QuestionBody['type'], QuestionBody> = {
  SINGLE_CHOICE: { type: 'SINGLE_CHOICE', text: 'One?', answers: choices(true, false) },
  MULTIPLE_CHOICE: { type: 'MULTIPLE_CHOICE', text: 'Some?', answers: choices(true, true, false) },
  TRUE_FALSE: { type: 'TRUE_FALSE', text: 'True?', correctAnswer: true },
  SHORT_ANSWER: { type: 'SHORT_ANSWER', text: 'Name?', acceptedAnswers: ['Rome'] },
  NUMERIC: { type: 'NUMERIC', text: 'How many?', value: 3 },
};

describe('questions as stored', () => {
  it('fills in ids and defaults: points 1, no feedback, all-or-nothing, tolerance 0, answers not correct unless said', () => {
    counter = 0;
    const { questions, errors } = checkQuestions(
      [
        valid.SINGLE_CHOICE,
        valid.MULTIPLE_CHOICE,
        valid.TRUE_FALSE,
        { ...valid.SHORT_ANSWER, acceptedAnswers: ['  Rome  '] },
        valid.NUMERIC,
        { ...valid.SINGLE_CHOICE, answers: [{ text: 'No flag' }, { text: 'Right', correct: true }] },
      ],
      newId,
    );

    expect(errors).toEqual([]);
    expect(questions[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'SINGLE_CHOICE',
      text: 'One?',
      points: 1,
      correctFeedback: null,
      incorrectFeedback: null,
      answers: [
        { id: '00000000-0000-4000-8000-000000000002', text: 'Answer 0', correct: true },
        { id: '00000000-0000-4000-8000-000000000003', text: 'Answer 1', correct: false },
      ],
    });
    expect(questions[1]).toMatchObject({ type: 'MULTIPLE_CHOICE', scoring: 'ALL_OR_NOTHING' });
    expect(questions[2]).toMatchObject({ type: 'TRUE_FALSE', correctAnswer: true });
    expect(questions[3]).toMatchObject({ type: 'SHORT_ANSWER', acceptedAnswers: ['Rome'] });
    expect(questions[4]).toMatchObject({ type: 'NUMERIC', value: 3, tolerance: 0 });
    expect(questions[5]).toMatchObject({ answers: [{ correct: false }, { correct: true }] });
  });

  it('keeps the ids it is given, and feedback as written ("" as none)', () => {
    const questionId = '11111111-1111-4111-8111-111111111111';
    const answerId = '22222222-2222-4222-8222-222222222222';
    const { questions } = checkQuestions([
      {
        ...valid.SINGLE_CHOICE,
        id: questionId,
        correctFeedback: 'Yes',
        incorrectFeedback: '',
        answers: [{ id: answerId, text: 'a', correct: true }, { text: 'b' }],
      },
    ]);

    expect(questions[0]).toMatchObject({
      id: questionId,
      correctFeedback: 'Yes',
      incorrectFeedback: null,
      answers: [{ id: answerId }, {}],
    });
  });

  it('sums the points for the list', () => {
    const { questions } = checkQuestions([
      { ...valid.TRUE_FALSE, points: 0.1 },
      { ...valid.TRUE_FALSE, points: 0.2 },
      { ...valid.NUMERIC, points: 2.5 },
    ]);

    expect(questionTotals(questions)).toEqual({ questionCount: 3, totalPoints: 2.8 });
  });
});

describe('questions that cannot be scored', () => {
  it.each<[string, QuestionBody, string[][]]>([
    ['a choice question without answers', { type: 'SINGLE_CHOICE', text: 'x' }, [['questions.0.answers', 'required']]],
    ['a choice question with one answer', { ...valid.SINGLE_CHOICE, answers: choices(true) }, [['questions.0.answers', 'minItems']]],
    [
      'a choice question with none correct',
      { ...valid.MULTIPLE_CHOICE, answers: choices(false, false) },
      [['questions.0.answers', 'noCorrectAnswer']],
    ],
    [
      'a single choice with two correct',
      { ...valid.SINGLE_CHOICE, answers: choices(true, true, false) },
      [['questions.0.answers', 'oneCorrectAnswer']],
    ],
    [
      'no answers at all',
      { ...valid.MULTIPLE_CHOICE, answers: [] },
      [
        ['questions.0.answers', 'minItems'],
        ['questions.0.answers', 'noCorrectAnswer'],
      ],
    ],
    [
      'two answers alike (case and spaces ignored)',
      { ...valid.SINGLE_CHOICE, answers: [{ text: 'Yes', correct: true }, { text: 'No' }, { text: ' YES ' }] },
      [['questions.0.answers.2.text', 'duplicate']],
    ],
    [
      'two answers with one id',
      {
        ...valid.SINGLE_CHOICE,
        answers: [
          { id: '22222222-2222-4222-8222-222222222222', text: 'a', correct: true },
          { id: '22222222-2222-4222-8222-222222222222', text: 'b' },
        ],
      },
      [['questions.0.answers.1.id', 'duplicate']],
    ],
    ['a true/false question without its answer', { type: 'TRUE_FALSE', text: 'x' }, [['questions.0.correctAnswer', 'required']]],
    ['a short answer without accepted answers', { type: 'SHORT_ANSWER', text: 'x' }, [['questions.0.acceptedAnswers', 'required']]],
    ['a short answer with an empty list', { ...valid.SHORT_ANSWER, acceptedAnswers: [] }, [['questions.0.acceptedAnswers', 'minItems']]],
    [
      'a short answer accepting one answer twice',
      { ...valid.SHORT_ANSWER, acceptedAnswers: ['Roma', 'Rome', ' ROMA'] },
      [['questions.0.acceptedAnswers.2', 'duplicate']],
    ],
    ['a numeric question without a value', { type: 'NUMERIC', text: 'x', tolerance: 1 }, [['questions.0.value', 'required']]],
    ['points with three decimals', { ...valid.TRUE_FALSE, points: 1.005 }, [['questions.0.points', 'decimals']]],
    [
      'the fields of another type',
      { ...valid.NUMERIC, answers: choices(true, false), correctAnswer: true, scoring: 'PARTIAL' },
      [
        ['questions.0.scoring', 'notAllowed'],
        ['questions.0.answers', 'notAllowed'],
        ['questions.0.correctAnswer', 'notAllowed'],
      ],
    ],
    ['a scoring rule on a single choice', { ...valid.SINGLE_CHOICE, scoring: 'PARTIAL' }, [['questions.0.scoring', 'notAllowed']]],
  ])('refuses %s', (_label, body, expected) => {
    expect(fields([body]).sort()).toEqual(expected.sort());
  });

  it('names the question of each refusal, and refuses two questions with one id', () => {
    const sameId = '11111111-1111-4111-8111-111111111111';

    expect(
      fields([
        valid.TRUE_FALSE,
        { ...valid.TRUE_FALSE, id: sameId },
        { type: 'NUMERIC', text: 'x' },
        { ...valid.SINGLE_CHOICE, answers: choices(false, false) },
        { ...valid.TRUE_FALSE, id: sameId },
      ]),
    ).toEqual([
      ['questions.2.value', 'required'],
      ['questions.3.answers', 'noCorrectAnswer'],
      ['questions.4.id', 'duplicate'],
    ]);
  });
});
