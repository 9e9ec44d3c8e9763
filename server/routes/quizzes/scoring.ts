import type { FieldError } from '../../../contract/errors.schemas';
import type { QuestionOutcome } from '../../../contract/values';
import type { CorrectAnswer, Question, QuestionResult, QuizAnswer, QuizContent, QuizResult } from '../../../contract/quizzes.schemas';

/**
 * The scorer: a quiz version and a learner's answers in, the score, each question's outcome and feedback out. Pure
 * (no clock, no database): the admin's preview and the learner's attempts call the same function, so a preview
 * scores exactly as an attempt will.
 *
 * - SINGLE_CHOICE, TRUE_FALSE, SHORT_ANSWER, NUMERIC and MULTIPLE_CHOICE ALL_OR_NOTHING: every point or none.
 * - MULTIPLE_CHOICE PARTIAL: points × (right answers chosen − wrong answers chosen) ÷ right answers, never below 0
 *   (as QTI's map_response with ±points/right answers per choice, lower bound 0).
 * - SHORT_ANSWER: `normalizeShortAnswer` on both sides (Unicode compatibility forms, case folded, spaces around
 *   and repeated inside ignored).
 * - NUMERIC: right when |answer − value| ≤ tolerance, compared on the numbers' decimal forms, so that 0.3 ± 0.1 takes
 *   0.4 (which binary floating point puts 0.10000000000000003 away).
 * - A question left out, an empty choice or a blank text is UNANSWERED: no points, the wrong-answer feedback.
 *
 * Answers are refused (`ok: false`, field errors naming `answers.N…`) when they cannot be one learner's answers to
 * this version: a question not in it, a question answered twice, the wrong kind of answer, an answer id that is not
 * one of the question's, two answers to a single-choice question.
 */
export type Scored = { ok: true; result: QuizResult } | { ok: false; errors: FieldError[] };

const answerFields = ['answerIds', 'value', 'text', 'number'] as const;
type AnswerField = (typeof answerFields)[number];

const fieldOf: Record<Question['type'], AnswerField> = {
  SINGLE_CHOICE: 'answerIds',
  MULTIPLE_CHOICE: 'answerIds',
  TRUE_FALSE: 'value',
  SHORT_ANSWER: 'text',
  NUMERIC: 'number',
};

/** At most this many refusals are answered: enough to show, bounded against hostile input. */
const maxErrors = 48;

export function scoreQuiz(content: QuizContent, answers: readonly QuizAnswer[]): Scored {
  const errors = answerErrors(content.questions, answers);
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, maxErrors) };

  const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
  const questions = content.questions.map((question) => scoreQuestion(question, answerOf.get(question.id), content.showCorrectAnswers));
  const earned = questions.reduce((sum, question) => sum + question.earned, 0);
  const maxScore = content.questions.reduce((sum, question) => sum + question.points, 0);
  const ratio = maxScore > 0 ? Math.min(1, Math.max(0, earned / maxScore)) : 0;
  return {
    ok: true,
    result: {
      score: round(earned, 4),
      maxScore: round(maxScore, 4),
      scaled: round(ratio, 4),
      percent: round(ratio * 100, 2),
      passMark: content.passMark,
      // Compared without dividing, so that 57 of 100 points reaches a pass mark of 57 (0.57 × 100 is 56.999…).
      passed: maxScore > 0 && earned * 100 >= content.passMark * maxScore - 1e-9 * maxScore,
      questions: questions.map(({ earned: points, ...result }) => ({ ...result, points: round(points, 4) })),
    },
  };
}

/** What a short answer is compared on: NFKC, case folded (upper then lower: ß = SS, ς = σ), trimmed, inner spaces as one. */
export function normalizeShortAnswer(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

function answerErrors(questions: readonly Question[], answers: readonly QuizAnswer[]): FieldError[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answered = new Set<string>();
  const errors: FieldError[] = [];
  answers.forEach((answer, index) => {
    if (errors.length >= maxErrors) return;
    const at = `answers.${index}`;
    const question = byId.get(answer.questionId);
    if (!question) {
      errors.push({ field: `${at}.questionId`, rule: 'notFound', message: 'is not a question of this quiz' });
      return;
    }
    if (answered.has(question.id)) {
      errors.push({ field: `${at}.questionId`, rule: 'duplicate', message: 'answers a question answered before' });
      return;
    }
    answered.add(question.id);
    const expected = fieldOf[question.type];
    for (const field of answerFields) {
      if (field !== expected && answer[field] !== undefined) {
        errors.push({
          field: `${at}.${field}`,
          rule: 'notAllowed',
          message: `does not answer a ${question.type} question (it takes ${expected})`,
          params: { type: question.type, expected },
        });
      }
    }
    if ((question.type === 'SINGLE_CHOICE' || question.type === 'MULTIPLE_CHOICE') && answer.answerIds) {
      errors.push(...choiceErrors(question.type, new Set(question.answers.map((option) => option.id)), answer.answerIds, at));
    }
  });
  return errors;
}

function choiceErrors(type: Question['type'], options: Set<string>, chosen: readonly string[], at: string): FieldError[] {
  const errors: FieldError[] = [];
  if (new Set(chosen).size !== chosen.length) {
    errors.push({ field: `${at}.answerIds`, rule: 'duplicate', message: 'names an answer twice' });
  }
  if (type === 'SINGLE_CHOICE' && chosen.length > 1) {
    errors.push({ field: `${at}.answerIds`, rule: 'maxItems', message: 'takes one answer', params: { limit: 1 } });
  }
  chosen.forEach((id, position) => {
    if (!options.has(id)) {
      errors.push({ field: `${at}.answerIds.${position}`, rule: 'notFound', message: 'is not an answer of this question' });
    }
  });
  return errors;
}

type Scoring = Omit<QuestionResult, 'points'> & { earned: number };

function scoreQuestion(question: Question, answer: QuizAnswer | undefined, showCorrectAnswers: boolean): Scoring {
  const fraction = answeredFraction(question, answer);
  const outcome: QuestionOutcome =
    fraction === undefined ? 'UNANSWERED' : fraction >= 1 ? 'CORRECT' : fraction > 0 ? 'PARTIAL' : 'INCORRECT';
  return {
    questionId: question.id,
    outcome,
    earned: question.points * (fraction ?? 0),
    maxPoints: question.points,
    feedback: (outcome === 'CORRECT' ? question.correctFeedback : question.incorrectFeedback) ?? null,
    correctAnswer: showCorrectAnswers ? correctAnswerOf(question) : null,
  };
}

/** The share of the question's points the answer earns (0 to 1), undefined when it was not answered. */
function answeredFraction(question: Question, answer: QuizAnswer | undefined): number | undefined {
  switch (question.type) {
    case 'SINGLE_CHOICE': {
      const [chosen] = answer?.answerIds ?? [];
      if (chosen === undefined) return undefined;
      return question.answers.find((option) => option.id === chosen)?.correct ? 1 : 0;
    }
    case 'MULTIPLE_CHOICE': {
      const chosen = new Set(answer?.answerIds ?? []);
      if (chosen.size === 0) return undefined;
      const right = question.answers.filter((option) => option.correct);
      const rightChosen = right.filter((option) => chosen.has(option.id)).length;
      const wrongChosen = chosen.size - rightChosen;
      if (question.scoring === 'ALL_OR_NOTHING') return rightChosen === right.length && wrongChosen === 0 ? 1 : 0;
      return Math.max(0, (rightChosen - wrongChosen) / right.length);
    }
    case 'TRUE_FALSE':
      if (answer?.value === undefined) return undefined;
      return answer.value === question.correctAnswer ? 1 : 0;
    case 'SHORT_ANSWER': {
      const given = normalizeShortAnswer(answer?.text ?? '');
      if (given === '') return undefined;
      return question.acceptedAnswers.some((accepted) => normalizeShortAnswer(accepted) === given) ? 1 : 0;
    }
    case 'NUMERIC':
      if (answer?.number === undefined) return undefined;
      return withinTolerance(answer.number, question.value, question.tolerance) ? 1 : 0;
  }
}

function correctAnswerOf(question: Question): CorrectAnswer {
  switch (question.type) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return { answerIds: question.answers.filter((option) => option.correct).map((option) => option.id) };
    case 'TRUE_FALSE':
      return { value: question.correctAnswer };
    case 'SHORT_ANSWER':
      return { acceptedAnswers: [...question.acceptedAnswers] };
    case 'NUMERIC':
      return { number: question.value, tolerance: question.tolerance };
  }
}

/** |given − value| ≤ tolerance, computed exactly on the shortest decimal form of each number (what was typed). */
export function withinTolerance(given: number, value: number, tolerance: number): boolean {
  if (!Number.isFinite(given) || !Number.isFinite(value) || !Number.isFinite(tolerance)) return false;
  const [a, b, t] = [decimalOf(given), decimalOf(value), decimalOf(tolerance)];
  const scale = Math.max(a.scale, b.scale, t.scale);
  const at = (number: Decimal) => number.digits * 10n ** BigInt(scale - number.scale);
  const difference = at(a) - at(b);
  return (difference < 0n ? -difference : difference) <= at(t);
}

interface Decimal {
  /** The number is digits ÷ 10^scale. */
  digits: bigint;
  scale: number;
}

function decimalOf(number: number): Decimal {
  const [mantissa = '0', exponentText = '0'] = String(number).toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  const exponent = Number(exponentText);
  let digits = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: negative ? -digits : digits, scale };
}

export const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.abs(value)) * factor) / factor;
};
