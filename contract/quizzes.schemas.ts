import { Type, type Static, type TProperties } from 'typebox';
import { formBody, NamedRef, NullableString, OneOf, OptionalText, recordProperties, RequiredText, Uuid } from './common.schemas';
import { quizLimits as limits } from './quiz-limits';
import { multipleChoiceScorings, qtiItemOutcomes, questionOutcomes, questionTypes, quizStatuses, type QuestionType } from './values';

/*
 * Quizzes: a company's catalogue entries that QUIZ items of its training plans point at (`/api/quizzes`), their
 * questions, the admin's preview, the QTI 3.0 exchange, and the learner endpoints' shapes
 * (`/api/learner/quizzes/{id}`), which never carry an answer key.
 */

const Points = Type.Number({
  exclusiveMinimum: 0,
  maximum: limits.maxPoints,
  description: `More than 0, at most ${limits.maxPoints}, at most two decimals`,
});
const QuizNumber = Type.Number({ minimum: -limits.maxNumber, maximum: limits.maxNumber });
const Tolerance = Type.Number({ minimum: 0, maximum: limits.maxNumber });

// ---------------------------------------------------------------------------------------------------------------
// Questions as stored and answered to admins: one shape per type.

export const ChoiceAnswer = Type.Object(
  { id: Uuid, text: Type.String(), correct: Type.Boolean() },
  { title: 'ChoiceAnswer', additionalProperties: false },
);
export type ChoiceAnswer = Static<typeof ChoiceAnswer>;

const storedQuestion = <const Kind extends QuestionType, Properties extends TProperties>(
  title: string,
  type: Kind,
  properties: Properties,
) =>
  Type.Object(
    {
      id: Uuid,
      type: Type.Literal(type),
      text: Type.String(),
      points: Type.Number(),
      correctFeedback: NullableString,
      incorrectFeedback: NullableString,
      ...properties,
    },
    { title, additionalProperties: false },
  );

export const SingleChoiceQuestion = storedQuestion('SingleChoiceQuestion', 'SINGLE_CHOICE', {
  answers: Type.Array(ChoiceAnswer, { description: 'Exactly one is correct' }),
});
export const MultipleChoiceQuestion = storedQuestion('MultipleChoiceQuestion', 'MULTIPLE_CHOICE', {
  scoring: OneOf(multipleChoiceScorings),
  answers: Type.Array(ChoiceAnswer, { description: 'One or more are correct' }),
});
export const TrueFalseQuestion = storedQuestion('TrueFalseQuestion', 'TRUE_FALSE', { correctAnswer: Type.Boolean() });
export const ShortAnswerQuestion = storedQuestion('ShortAnswerQuestion', 'SHORT_ANSWER', {
  acceptedAnswers: Type.Array(Type.String(), { description: 'Matched with case and surrounding spaces ignored' }),
});
export const NumericQuestion = storedQuestion('NumericQuestion', 'NUMERIC', {
  value: Type.Number(),
  tolerance: Type.Number({ description: 'An answer within value ± tolerance (bounds included) is right' }),
});

export const Question = Type.Union(
  [SingleChoiceQuestion, MultipleChoiceQuestion, TrueFalseQuestion, ShortAnswerQuestion, NumericQuestion],
  {
    title: 'Question',
  },
);
export type Question = Static<typeof Question>;
export type SingleChoiceQuestion = Static<typeof SingleChoiceQuestion>;
export type MultipleChoiceQuestion = Static<typeof MultipleChoiceQuestion>;
export type TrueFalseQuestion = Static<typeof TrueFalseQuestion>;
export type ShortAnswerQuestion = Static<typeof ShortAnswerQuestion>;
export type NumericQuestion = Static<typeof NumericQuestion>;

// ---------------------------------------------------------------------------------------------------------------
// Questions as written: one object for every type, whose fields the API checks against the type, each error naming
// its question and answer (`questions.3.answers`, `questions.3.answers.1.text`) so the editor shows it by the field.

export const ChoiceAnswerBody = Type.Object(
  {
    id: Type.Optional(Uuid),
    text: RequiredText(limits.answerTextMaxLength),
    correct: Type.Optional(Type.Boolean({ description: 'Default false' })),
  },
  { title: 'ChoiceAnswerBody', additionalProperties: false },
);

export const QuestionBody = Type.Object(
  {
    id: Type.Optional(Uuid),
    type: OneOf(questionTypes),
    text: RequiredText(limits.questionTextMaxLength),
    points: Type.Optional(Points),
    correctFeedback: OptionalText(limits.feedbackMaxLength),
    incorrectFeedback: OptionalText(limits.feedbackMaxLength),
    scoring: Type.Optional(OneOf(multipleChoiceScorings, { description: 'MULTIPLE_CHOICE only; default ALL_OR_NOTHING' })),
    answers: Type.Optional(
      Type.Array(ChoiceAnswerBody, {
        maxItems: limits.answers,
        description: `SINGLE_CHOICE and MULTIPLE_CHOICE: 2 to ${limits.answers}, at least one correct (exactly one for SINGLE_CHOICE)`,
      }),
    ),
    correctAnswer: Type.Optional(Type.Boolean({ description: 'TRUE_FALSE only' })),
    acceptedAnswers: Type.Optional(
      Type.Array(RequiredText(limits.acceptedAnswerMaxLength), {
        maxItems: limits.acceptedAnswers,
        description: `SHORT_ANSWER only: 1 to ${limits.acceptedAnswers}`,
      }),
    ),
    value: Type.Optional(QuizNumber),
    tolerance: Type.Optional(Tolerance),
  },
  {
    title: 'QuestionBody',
    additionalProperties: false,
    description:
      'A question as written: `id` kept when given (a question sent back as it was loaded), else a new one; the fields ' +
      'of its type only (SINGLE_CHOICE, MULTIPLE_CHOICE: answers (+ scoring); TRUE_FALSE: correctAnswer; SHORT_ANSWER: ' +
      'acceptedAnswers; NUMERIC: value (+ tolerance, default 0)). `points` default 1.',
  },
);
export type QuestionBody = Static<typeof QuestionBody>;

// ---------------------------------------------------------------------------------------------------------------
// The quiz.

const PassMark = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });
const AttemptsAllowed = (description: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: limits.maxAttempts }), Type.Null()], { description });
const TimeLimitMinutes = (description: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: limits.maxTimeLimitMinutes }), Type.Null()], { description });

const quizSettings = {
  passMark: PassMark('The share of the points (%) that passes'),
  attemptsAllowed: AttemptsAllowed('null: unlimited'),
  timeLimitMinutes: TimeLimitMinutes('null: no time limit'),
  shuffleQuestions: Type.Boolean(),
  shuffleAnswers: Type.Boolean(),
  showCorrectAnswers: Type.Boolean({ description: 'Whether a learner sees the correct answers after a submission' }),
};

const quizProperties = {
  ...recordProperties,
  title: Type.String(),
  description: NullableString,
  status: OneOf(quizStatuses),
  topicIds: Type.Array(Uuid, { description: 'Ordered like topics' }),
  topics: Type.Array(NamedRef, { description: 'By name' }),
  ...quizSettings,
  questionCount: Type.Integer({ minimum: 0 }),
  totalPoints: Type.Number({ minimum: 0 }),
  companyId: Uuid,
  tenantId: Uuid,
};

/** A quiz as its page reads it: every field and its questions in order. */
export const Quiz = Type.Object({ ...quizProperties, questions: Type.Array(Question) }, { title: 'Quiz' });
export type Quiz = Static<typeof Quiz>;

/**
 * What a quiz version holds (stored in `quiz_versions`): what a learner sees and is scored against. The scorer and the
 * learner's view take it, so that an attempt is scored on the version it was taken on.
 */
export type QuizContent = Pick<
  Quiz,
  | 'title'
  | 'description'
  | 'passMark'
  | 'attemptsAllowed'
  | 'timeLimitMinutes'
  | 'shuffleQuestions'
  | 'shuffleAnswers'
  | 'showCorrectAnswers'
  | 'questions'
>;

/** A quiz as lists (and their CSV export) answer it: without its questions. */
export const QuizSummary = Type.Object(quizProperties, { title: 'QuizSummary' });
export type QuizSummary = Static<typeof QuizSummary>;

/** `POST /api/quizzes` and (with `version`) `PUT /api/quizzes/{id}`; on PUT an optional field left out keeps its value. */
export const quizBody = formBody('quizzes', {
  title: RequiredText(limits.titleMaxLength),
  description: OptionalText(limits.descriptionMaxLength),
  status: Type.Optional(OneOf(quizStatuses, { description: 'Default DRAFT; READY needs at least one question' })),
  topicIds: Type.Optional(
    Type.Array(Uuid, { maxItems: 200, description: "Topics of the caller's company; duplicates ignored; on PUT omitted = unchanged" }),
  ),
  passMark: Type.Optional(PassMark(`The share of the points (%) that passes; default ${limits.passMarkDefault}`)),
  attemptsAllowed: Type.Optional(AttemptsAllowed('null: unlimited (default)')),
  timeLimitMinutes: Type.Optional(TimeLimitMinutes('null: none (default)')),
  shuffleQuestions: Type.Optional(Type.Boolean({ description: 'Default false' })),
  shuffleAnswers: Type.Optional(Type.Boolean({ description: 'Default false' })),
  showCorrectAnswers: Type.Optional(Type.Boolean({ description: 'Default false' })),
  questions: Type.Optional(
    Type.Array(QuestionBody, { maxItems: limits.questions, description: 'In order; on PUT omitted = unchanged; default none' }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers and scores: the admin's preview and a learner's attempt send the same answers and get the same result.

export const QuizAnswer = Type.Object(
  {
    questionId: Uuid,
    answerIds: Type.Optional(
      Type.Array(Uuid, { maxItems: limits.answers, description: 'SINGLE_CHOICE (one) and MULTIPLE_CHOICE: the answers chosen' }),
    ),
    value: Type.Optional(Type.Boolean({ description: 'TRUE_FALSE' })),
    text: Type.Optional(Type.String({ maxLength: limits.answerMaxLength, description: 'SHORT_ANSWER' })),
    number: Type.Optional(Type.Number({ description: 'NUMERIC' })),
  },
  {
    title: 'QuizAnswer',
    additionalProperties: false,
    description: 'The answer to one question, in the one field its type takes; a question left out is unanswered',
  },
);
export type QuizAnswer = Static<typeof QuizAnswer>;

const Answers = Type.Array(QuizAnswer, { maxItems: limits.questions, description: 'At most one per question' });

export const QuizPreviewBody = Type.Object({ answers: Answers }, { title: 'QuizPreviewBody', additionalProperties: false });
export type QuizPreviewBody = Static<typeof QuizPreviewBody>;

/** The right answer of a question, in the field its answers take (shown after a submission when the quiz says so). */
export const CorrectAnswer = Type.Object(
  {
    answerIds: Type.Optional(Type.Array(Uuid)),
    value: Type.Optional(Type.Boolean()),
    acceptedAnswers: Type.Optional(Type.Array(Type.String())),
    number: Type.Optional(Type.Number()),
    tolerance: Type.Optional(Type.Number()),
  },
  { title: 'CorrectAnswer', additionalProperties: false },
);
export type CorrectAnswer = Static<typeof CorrectAnswer>;

export const QuestionResult = Type.Object(
  {
    questionId: Uuid,
    outcome: OneOf(questionOutcomes),
    points: Type.Number({ description: 'Points earned (4 decimals)' }),
    maxPoints: Type.Number(),
    feedback: Type.Union([Type.String(), Type.Null()], {
      description: 'The question’s feedback for a right answer (CORRECT) or a wrong one (the others), null when it has none',
    }),
    correctAnswer: Type.Union([CorrectAnswer, Type.Null()], { description: 'null unless the quiz shows correct answers' }),
  },
  { title: 'QuestionResult', additionalProperties: false },
);
export type QuestionResult = Static<typeof QuestionResult>;

export const QuizResult = Type.Object(
  {
    score: Type.Number({ description: 'Points earned (4 decimals)' }),
    maxScore: Type.Number(),
    scaled: Type.Number({ minimum: 0, maximum: 1, description: 'score ÷ maxScore, 4 decimals: xAPI result.score.scaled' }),
    percent: Type.Number({ minimum: 0, maximum: 100, description: 'scaled × 100, 2 decimals' }),
    passMark: PassMark('The pass mark of the quiz version scored'),
    passed: Type.Boolean({ description: 'percent reaches the pass mark' }),
    questions: Type.Array(QuestionResult, { description: 'One per question, in the quiz’s order' }),
  },
  { title: 'QuizResult', additionalProperties: false },
);
export type QuizResult = Static<typeof QuizResult>;

// ---------------------------------------------------------------------------------------------------------------
// QTI 3.0 import (`POST /api/quizzes/qti`, body: the package as `application/zip`).

export const QtiImportProblem = Type.Object(
  {
    rule: Type.String({ description: 'A stable code for clients to translate (see docs/api-contract.md, "QTI 3.0")' }),
    message: Type.String({ description: 'The same in English' }),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  },
  { title: 'QtiImportProblem', additionalProperties: false },
);
export type QtiImportProblem = Static<typeof QtiImportProblem>;

export const QtiImportItem = Type.Object(
  {
    identifier: Type.String({ description: 'The item’s identifier in the package' }),
    href: Type.String({ description: 'Its file in the package' }),
    title: NullableString,
    outcome: OneOf(qtiItemOutcomes),
    questionId: Type.Union([Uuid, Type.Null()], { description: 'The question it became; null when SKIPPED' }),
    problems: Type.Array(QtiImportProblem, { description: 'Why it was skipped, or what changed on the way in' }),
  },
  { title: 'QtiImportItem', additionalProperties: false },
);
export type QtiImportItem = Static<typeof QtiImportItem>;

export const QtiImportResult = Type.Object(
  {
    quiz: Quiz,
    items: Type.Array(QtiImportItem, { description: 'One per item of the package, in the test’s order' }),
    notes: Type.Array(QtiImportProblem, { description: 'What of the package as a whole was not imported' }),
  },
  { title: 'QtiImportResult', additionalProperties: false },
);
export type QtiImportResult = Static<typeof QtiImportResult>;

// ---------------------------------------------------------------------------------------------------------------
// The learner endpoints (authenticated by the company's xAPI credentials): the quiz without any answer key, and an
// attempt. `agent` names the learner as the xAPI document APIs do: the Agent object as JSON in the query string.

export const LearnerQuizQuery = Type.Object(
  {
    // Optional in the schema, as every query parameter of the API is (a missing one is refused by the route, naming it).
    agent: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 2000,
        description: 'Required: the learner, an xAPI Agent as JSON: {"objectType":"Agent","mbox":"mailto:learner@example.com"}',
      }),
    ),
  },
  { title: 'LearnerQuizQuery', additionalProperties: false },
);
export type LearnerQuizQuery = Static<typeof LearnerQuizQuery>;

export const LearnerAnswerOption = Type.Object(
  { id: Uuid, text: Type.String() },
  { title: 'LearnerAnswerOption', additionalProperties: false },
);

/** A question as a learner gets it: what to show and how to answer, never which answer is right, nor the feedback. */
export const LearnerQuestion = Type.Object(
  {
    id: Uuid,
    type: OneOf(questionTypes),
    text: Type.String(),
    points: Type.Number(),
    answers: Type.Optional(
      Type.Array(LearnerAnswerOption, {
        description: 'SINGLE_CHOICE, MULTIPLE_CHOICE: the answers to choose from, shuffled if the quiz says so',
      }),
    ),
  },
  { title: 'LearnerQuestion', additionalProperties: false },
);
export type LearnerQuestion = Static<typeof LearnerQuestion>;

export const LearnerQuiz = Type.Object(
  {
    id: Uuid,
    version: Type.Integer({ minimum: 1, description: 'The version the attempt is taken on' }),
    title: Type.String(),
    description: NullableString,
    passMark: PassMark('The share of the points (%) that passes'),
    attemptsAllowed: AttemptsAllowed('null: unlimited'),
    attemptsUsed: Type.Integer({ minimum: 0 }),
    timeLimitMinutes: TimeLimitMinutes('null: no time limit'),
    showCorrectAnswers: Type.Boolean(),
    attempt: Type.Object(
      {
        token: Type.String({ description: 'Sent back with the attempt: names the quiz version, the learner and the start' }),
        startedAt: Type.String({ format: 'date-time' }),
        deadline: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null without a time limit' }),
      },
      { title: 'LearnerAttemptStart', additionalProperties: false },
    ),
    questions: Type.Array(LearnerQuestion, { description: 'Shuffled if the quiz says so' }),
  },
  { title: 'LearnerQuiz', additionalProperties: false },
);
export type LearnerQuiz = Static<typeof LearnerQuiz>;

export const LearnerAttemptBody = Type.Object(
  {
    attemptToken: Type.String({ minLength: 1, maxLength: 2000, description: 'LearnerQuiz.attempt.token' }),
    itemId: Type.Optional(Uuid),
    answers: Answers,
  },
  {
    title: 'LearnerAttemptBody',
    additionalProperties: false,
    description: '`itemId`: the QUIZ item of a plan the attempt is taken from, the object of its passed/failed statement',
  },
);
export type LearnerAttemptBody = Static<typeof LearnerAttemptBody>;

export const LearnerAttempt = Type.Object(
  {
    id: Uuid,
    quizId: Uuid,
    quizVersion: Type.Integer({ minimum: 1 }),
    number: Type.Integer({ minimum: 1, description: 'The learner’s 1st, 2nd… attempt at this quiz' }),
    startedAt: Type.String({ format: 'date-time' }),
    submittedAt: Type.String({ format: 'date-time' }),
    result: QuizResult,
  },
  { title: 'LearnerAttempt', additionalProperties: false },
);
export type LearnerAttempt = Static<typeof LearnerAttempt>;
