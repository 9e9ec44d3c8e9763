import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { QuizResult } from '../../../src/domain/quizzes';
import { quizPreviewMachine, type QuizPreviewContext } from '../../../src/machines/quiz-preview.machine';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as QuizPreviewContext;

/** A quiz of two questions: a multiple choice (q1, right answer a1) and a true/false one (q2). */
export const previewInput = { quizId: 'quiz-1', questionIds: ['q1', 'q2'] };

export const previewScore: QuizResult = {
  score: 1,
  maxScore: 2,
  scaled: 0.5,
  percent: 50,
  passMark: 70,
  passed: false,
  questions: [
    { questionId: 'q1', outcome: 'CORRECT', points: 1, maxPoints: 1, feedback: 'Well done', correctAnswer: null },
    { questionId: 'q2', outcome: 'UNANSWERED', points: 0, maxPoints: 1, feedback: null, correctAnswer: null },
  ],
};

export const previewRefused: Failure = { kind: 'http', status: 400, message: 'answers.0.answerIds names no answer of the question' };

export const quizPreviewModel = defineModel({
  name: 'quiz-preview',
  summary: "A quiz's preview as a learner takes it: answers one at a time or all at once, scored by the server, nothing recorded.",
  machine: quizPreviewMachine,
  bounded: 'A state is its value, the question shown, the layout, which questions are answered and whether scoring failed.',
  scenarios: [
    {
      name: 'preview',
      input: previewInput,
      serializeState: (snapshot) => {
        const { current, oneAtATime, answers, failure } = context(snapshot);
        return JSON.stringify({
          value: snapshot.value,
          current,
          oneAtATime,
          answered: Object.keys(answers).sort(),
          failed: failure !== null,
        });
      },
      // What the screen cannot send: a button it does not show or disables, question 1's answer while another question is
      // the one shown, a choice already made (or cleared) made again.
      isImpossible: (snapshot, event) => {
        if (event.type.startsWith('xstate.')) return false;
        if (!snapshot.can(event)) return true;
        const { current, oneAtATime, answers } = context(snapshot);
        if (event.type === 'preview.answer') {
          const choosing = ((event as unknown as { answer: { answerIds?: string[] } }).answer.answerIds ?? []).length > 0;
          return (oneAtATime && current !== 0) || choosing === 'q1' in answers;
        }
        if (event.type === 'preview.layout') return (event as unknown as { oneAtATime: boolean }).oneAtATime === oneAtATime;
        return false;
      },
      events: [
        ['choose the right answer', { type: 'preview.answer', answer: { questionId: 'q1', answerIds: ['a1'] } }],
        ['clear the choice', { type: 'preview.answer', answer: { questionId: 'q1', answerIds: [] } }],
        ['All at once', { type: 'preview.layout', oneAtATime: false }],
        ['One at a time', { type: 'preview.layout', oneAtATime: true }],
        ['Next', { type: 'preview.next' }],
        ['Previous', { type: 'preview.previous' }],
        ['Submit', { type: 'preview.submit' }],
        ['score: ok', done('scorePreview', previewScore)],
        ['score: refused', error('scorePreview', previewRefused)],
        ['Try again', { type: 'preview.again' }],
      ],
    },
  ],
  requirements: [
    {
      id: 'QUIZ-PREVIEW-SCORE',
      rule: 'Submit has the server score the answers as an attempt (nothing recorded) and shows the score; a refusal says why and keeps the answers.',
      by: [
        'quizPreview.answering \u2014preview.submit\u2192 quizPreview.scoring',
        'quizPreview.scoring \u2014xstate.done.actor.scorePreview\u2192 quizPreview.scored',
        'quizPreview.scoring \u2014xstate.error.actor.scorePreview\u2192 quizPreview.answering',
        'quizPreview.scored \u2014preview.again\u2192 quizPreview.answering',
      ],
    },
    {
      id: 'QUIZ-PREVIEW-LAYOUT',
      rule: 'The preview shows one question at a time, with Next and Previous, or all at once.',
      by: [
        'quizPreview.answering \u2014preview.layout\u2192 itself',
        'quizPreview.answering \u2014preview.next [hasNext]\u2192 itself',
        'quizPreview.answering \u2014preview.previous [hasPrevious]\u2192 itself',
      ],
    },
  ],
  impossible: [
    'What the screen does not offer: a button it does not show or disables, an answer to question 1 while another question is shown, choosing an answer already chosen or clearing one not chosen, the layout already shown.',
  ],
  invariants: [
    ['busy exactly while scoring', (s) => s.hasTag('busy') === s.matches('scoring')],
    ['a result exactly once scored', (s) => s.matches('scored') === (context(s).result !== null)],
    ['the question shown is one of the quiz', (s) => context(s).current >= 0 && context(s).current < previewInput.questionIds.length],
  ],
});
