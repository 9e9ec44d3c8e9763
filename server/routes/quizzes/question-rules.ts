import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../../contract/errors.schemas';
import type { ChoiceAnswer, Question, QuestionBody } from '../../../contract/quizzes.schemas';
import type { QuestionType } from '../../../contract/values';
import { normalizeShortAnswer } from './scoring';

/**
 * What makes a question scorable, beyond its schema: the fields of its type and no other, a choice question with two
 * answers or more and at least one right (exactly one for a single choice), a true/false question with its answer, a
 * short-answer question with an accepted answer, a numeric question with its value, points with two decimals at most,
 * ids and answers that do not repeat. Each refusal names its question and answer (`questions.3.answers`,
 * `questions.3.answers.1.text`). The questions pass as stored: every id set (new ones made), defaults filled in.
 */
export interface QuestionsChecked {
  questions: Question[];
  errors: FieldError[];
}

const typeFields: Record<QuestionType, readonly (keyof QuestionBody)[]> = {
  SINGLE_CHOICE: ['answers'],
  MULTIPLE_CHOICE: ['answers', 'scoring'],
  TRUE_FALSE: ['correctAnswer'],
  SHORT_ANSWER: ['acceptedAnswers'],
  NUMERIC: ['value', 'tolerance'],
};
const specificFields = [...new Set(Object.values(typeFields).flat())];

export function checkQuestions(bodies: readonly QuestionBody[], newId: () => string = randomUUID): QuestionsChecked {
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  const questions = bodies.map((body, index) => {
    const at = `questions.${index}`;
    const refuse = (field: string, rule: string, message: string, params?: FieldError['params']) =>
      errors.push({ field: `${at}${field ? `.${field}` : ''}`, rule, message, ...(params && { params }) });

    if (body.id !== undefined) {
      if (ids.has(body.id)) refuse('id', 'duplicate', 'is the id of another question');
      ids.add(body.id);
    }
    for (const field of specificFields) {
      if (body[field] !== undefined && !typeFields[body.type].includes(field)) {
        refuse(field, 'notAllowed', `is not allowed for a ${body.type} question`, { type: body.type });
      }
    }
    const points = body.points ?? 1;
    if (Math.round(points * 100) / 100 !== points) refuse('points', 'decimals', 'takes at most two decimals', { limit: 2 });

    const common = {
      id: body.id ?? newId(),
      text: body.text,
      points,
      correctFeedback: body.correctFeedback || null,
      incorrectFeedback: body.incorrectFeedback || null,
    };
    switch (body.type) {
      case 'SINGLE_CHOICE':
      case 'MULTIPLE_CHOICE': {
        const answers = choiceAnswers(body, refuse, newId);
        return body.type === 'SINGLE_CHOICE'
          ? { ...common, type: body.type, answers }
          : { ...common, type: body.type, scoring: body.scoring ?? 'ALL_OR_NOTHING', answers };
      }
      case 'TRUE_FALSE':
        if (body.correctAnswer === undefined) refuse('correctAnswer', 'required', 'is required');
        return { ...common, type: body.type, correctAnswer: body.correctAnswer ?? false };
      case 'SHORT_ANSWER': {
        const accepted = body.acceptedAnswers;
        if (accepted === undefined) refuse('acceptedAnswers', 'required', 'is required');
        else if (accepted.length === 0) refuse('acceptedAnswers', 'minItems', 'needs at least one accepted answer', { limit: 1 });
        const seen = new Set<string>();
        (accepted ?? []).forEach((text, position) => {
          const normalized = normalizeShortAnswer(text);
          if (seen.has(normalized)) {
            refuse(`acceptedAnswers.${position}`, 'duplicate', 'repeats another accepted answer (case and spaces are ignored)');
          }
          seen.add(normalized);
        });
        return { ...common, type: body.type, acceptedAnswers: (accepted ?? []).map((text) => text.trim()) };
      }
      case 'NUMERIC':
        if (body.value === undefined) refuse('value', 'required', 'is required');
        return { ...common, type: body.type, value: body.value ?? 0, tolerance: body.tolerance ?? 0 };
    }
  });
  return { questions, errors };
}

function choiceAnswers(
  body: QuestionBody,
  refuse: (field: string, rule: string, message: string, params?: FieldError['params']) => void,
  newId: () => string,
): ChoiceAnswer[] {
  const sent = body.answers;
  if (sent === undefined) {
    refuse('answers', 'required', 'is required');
    return [];
  }
  if (sent.length < 2) refuse('answers', 'minItems', 'needs at least two answers', { limit: 2 });
  const correct = sent.filter((answer) => answer.correct).length;
  if (correct === 0) refuse('answers', 'noCorrectAnswer', 'needs at least one correct answer');
  if (body.type === 'SINGLE_CHOICE' && correct > 1) {
    refuse('answers', 'oneCorrectAnswer', 'takes exactly one correct answer (use MULTIPLE_CHOICE for more)', { count: correct });
  }
  const ids = new Set<string>();
  const texts = new Set<string>();
  return sent.map((answer, position) => {
    if (answer.id !== undefined) {
      if (ids.has(answer.id)) refuse(`answers.${position}.id`, 'duplicate', 'is the id of another answer');
      ids.add(answer.id);
    }
    const text = normalizeShortAnswer(answer.text);
    if (texts.has(text)) refuse(`answers.${position}.text`, 'duplicate', 'repeats another answer');
    texts.add(text);
    return { id: answer.id ?? newId(), text: answer.text, correct: answer.correct ?? false };
  });
}

/** The question count and total points a quiz's list shows. */
export function questionTotals(questions: readonly Question[]) {
  const total = questions.reduce((sum, question) => sum + question.points, 0);
  return { questionCount: questions.length, totalPoints: Math.round(total * 100) / 100 };
}
