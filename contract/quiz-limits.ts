/**
 * The limits of a quiz, as plain values: the schemas of quizzes.schemas.ts, the API's rules and the console's question
 * editor all take them from here. No TypeBox, so the console may import it.
 */
export const quizLimits = {
  titleMaxLength: 200,
  descriptionMaxLength: 2000,
  questions: 200,
  questionTextMaxLength: 5000,
  feedbackMaxLength: 2000,
  /** Answers of a choice question: at least two, at most this many. */
  answers: 20,
  answerTextMaxLength: 1000,
  acceptedAnswers: 20,
  acceptedAnswerMaxLength: 200,
  /** A question's points: more than 0, at most this, with at most two decimals. */
  maxPoints: 1000,
  /** A numeric question's value and tolerance lie within ± this. */
  maxNumber: 1e12,
  /** What a learner may type as a short answer. */
  answerMaxLength: 1000,
  passMarkDefault: 70,
  maxAttempts: 100,
  maxTimeLimitMinutes: 24 * 60,
} as const;
