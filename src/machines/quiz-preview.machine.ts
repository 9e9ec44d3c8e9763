import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { QuizAnswer, QuizResult } from '../domain/quizzes';
import { notProvided } from './not-provided';
import { outcomeActions, serverMessage } from './outcomes';

/** What the preview scores: the quiz as stored, and the answers given (a question left out is unanswered). */
export interface PreviewRequest {
  quizId: string;
  answers: QuizAnswer[];
}

export interface QuizPreviewInput {
  quizId: string;
  /** The questions in the order shown: their ids. */
  questionIds: readonly string[];
}

export interface QuizPreviewContext {
  quizId: string;
  questionIds: readonly string[];
  /** The answer given to each question, by its id; an emptied answer is dropped. */
  answers: Readonly<Record<string, QuizAnswer>>;
  /** One question at a time (`current` is shown) or all at once. */
  oneAtATime: boolean;
  current: number;
  result: QuizResult | null;
  failure: Failure | null;
}

export type QuizPreviewEvent =
  | { type: 'preview.answer'; answer: QuizAnswer }
  | { type: 'preview.layout'; oneAtATime: boolean }
  | { type: 'preview.next' }
  | { type: 'preview.previous' }
  | { type: 'preview.submit' }
  | { type: 'preview.again' };

/** An answer that says nothing: no choice, a blank text, no number (the question is then unanswered). */
const isEmpty = ({ answerIds, value, text, number }: QuizAnswer) =>
  (answerIds === undefined || answerIds.length === 0) &&
  value === undefined &&
  (text === undefined || !text.trim()) &&
  number === undefined;

/**
 * The admin's preview of a quiz, as a learner takes it: answers are given question by question (one at a time, with
 * Next and Previous, or all at once), Submit has the server score them with the learners' scorer (nothing is
 * recorded), the score and each question's feedback are shown, and "Try again" starts over with no answers.
 */
export const quizPreviewMachine = setup({
  types: {
    context: {} as QuizPreviewContext,
    events: {} as QuizPreviewEvent,
    input: {} as QuizPreviewInput,
  },
  actors: {
    scorePreview: notProvided<QuizResult, PreviewRequest>('scorePreview'),
  },
  actions: outcomeActions,
  guards: {
    hasNext: ({ context }) => context.oneAtATime && context.current < context.questionIds.length - 1,
    hasPrevious: ({ context }) => context.oneAtATime && context.current > 0,
    isAsked: ({ context }, answer: QuizAnswer) => context.questionIds.includes(answer.questionId),
  },
}).createMachine({
  id: 'quizPreview',
  context: ({ input }) => ({
    quizId: input.quizId,
    questionIds: input.questionIds,
    answers: {},
    oneAtATime: true,
    current: 0,
    result: null,
    failure: null,
  }),
  initial: 'answering',
  states: {
    answering: {
      on: {
        'preview.answer': {
          guard: { type: 'isAsked', params: ({ event }) => event.answer },
          actions: assign({
            answers: ({ context, event }) => {
              const { [event.answer.questionId]: _, ...others } = context.answers;
              return isEmpty(event.answer) ? others : { ...others, [event.answer.questionId]: event.answer };
            },
          }),
        },
        'preview.layout': { actions: assign({ oneAtATime: ({ event }) => event.oneAtATime, current: 0 }) },
        'preview.next': { guard: 'hasNext', actions: assign({ current: ({ context }) => context.current + 1 }) },
        'preview.previous': { guard: 'hasPrevious', actions: assign({ current: ({ context }) => context.current - 1 }) },
        'preview.submit': { target: 'scoring', actions: assign({ failure: null }) },
      },
    },
    scoring: {
      description: 'The server scores the answers as an attempt would be scored; nothing is recorded.',
      tags: 'busy',
      invoke: {
        id: 'scorePreview',
        src: 'scorePreview',
        input: ({ context }) => ({
          quizId: context.quizId,
          answers: context.questionIds.flatMap((id) => (context.answers[id] ? [context.answers[id]] : [])),
        }),
        onDone: { target: 'scored', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'answering',
          actions: [
            assign({ failure: ({ event }) => event.error as Failure }),
            {
              type: 'notify',
              params: ({ event }) => {
                const reason = serverMessage(event.error as Failure);
                return reason
                  ? { severity: 'error', messageKey: 'preview.failedBecause', values: { reason } }
                  : { severity: 'error', messageKey: 'preview.failed' };
              },
            },
          ],
        },
      },
    },
    scored: {
      on: {
        'preview.again': { target: 'answering', actions: assign({ answers: {}, current: 0, result: null, failure: null }) },
      },
    },
  },
});

export type QuizPreviewSnapshot = SnapshotFrom<typeof quizPreviewMachine>;

export const selectPreviewAnswers = (snapshot: QuizPreviewSnapshot) => snapshot.context.answers;
export const selectPreviewResult = (snapshot: QuizPreviewSnapshot) => (snapshot.matches('scored') ? snapshot.context.result : null);
export const selectIsScoring = (snapshot: QuizPreviewSnapshot) => snapshot.hasTag('busy');
export const selectOneAtATime = (snapshot: QuizPreviewSnapshot) => snapshot.context.oneAtATime;
export const selectCurrent = (snapshot: QuizPreviewSnapshot) => snapshot.context.current;
