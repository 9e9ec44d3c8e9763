import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { QuizResult } from '../../src/domain/quizzes';
import { quizPreviewMachine, selectCurrent, selectPreviewResult, type PreviewRequest } from '../../src/machines/quiz-preview.machine';
import type { Notice } from '../../src/machines/outcomes';

const result: QuizResult = { score: 1, maxScore: 2, scaled: 0.5, percent: 50, passMark: 70, passed: false, questions: [] };

function start(score: (request: PreviewRequest) => Promise<QuizResult>) {
  const requests: PreviewRequest[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    quizPreviewMachine.provide({
      actors: { scorePreview: fromPromise(({ input }: { input: PreviewRequest }) => (requests.push(input), score(input))) },
      actions: { notify: (_, notice: Notice) => void notices.push(notice), navigate: () => {} },
    }),
    { input: { quizId: 'quiz-1', questionIds: ['q1', 'q2', 'q3'] } },
  ).start();
  return { actor, requests, notices };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('quiz preview machine', () => {
  it('sends the answers in the order of the questions, leaving out emptied ones and questions not asked', async () => {
    const { actor, requests } = start(async () => result);
    actor.send({ type: 'preview.answer', answer: { questionId: 'q3', number: 3 } });
    actor.send({ type: 'preview.answer', answer: { questionId: 'q1', answerIds: ['a'] } });
    actor.send({ type: 'preview.answer', answer: { questionId: 'q2', text: 'x' } });
    actor.send({ type: 'preview.answer', answer: { questionId: 'q2', text: '   ' } });
    actor.send({ type: 'preview.answer', answer: { questionId: 'elsewhere', value: true } });
    actor.send({ type: 'preview.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(requests).toEqual([
      {
        quizId: 'quiz-1',
        answers: [
          { questionId: 'q1', answerIds: ['a'] },
          { questionId: 'q3', number: 3 },
        ],
      },
    ]);
    expect(selectPreviewResult(actor.getSnapshot())).toEqual(result);
  });

  it('moves one question at a time within the quiz, and not at all when all are shown', () => {
    const { actor } = start(async () => result);
    actor.send({ type: 'preview.previous' });
    expect(selectCurrent(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'preview.next' });
    expect(selectCurrent(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'preview.previous' });
    expect(selectCurrent(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'preview.layout', oneAtATime: false });
    expect(selectCurrent(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().can({ type: 'preview.next' })).toBe(false);
  });

  it('says why scoring failed and keeps the answers; Try again after a score starts over', async () => {
    let fail = true;
    const refused: Failure = { kind: 'http', status: 400, message: 'answers.0 is wrong' };
    const { actor, notices } = start(() => (fail ? Promise.reject(refused) : Promise.resolve(result)));
    actor.send({ type: 'preview.answer', answer: { questionId: 'q1', answerIds: ['a'] } });
    actor.send({ type: 'preview.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('answering');
    expect(notices).toEqual([{ severity: 'error', messageKey: 'preview.failedBecause', values: { reason: 'answers.0 is wrong' } }]);
    expect(actor.getSnapshot().context.answers).toEqual({ q1: { questionId: 'q1', answerIds: ['a'] } });
    fail = false;
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'preview.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('scored');
    actor.send({ type: 'preview.again' });
    expect(actor.getSnapshot().context).toMatchObject({ answers: {}, current: 0, result: null, failure: null });
    expect(selectPreviewResult(actor.getSnapshot())).toBeNull();
  });

  it('says only that scoring failed when the server gave no reason', async () => {
    const { actor, notices } = start(() => Promise.reject({ kind: 'network' } as Failure));
    actor.send({ type: 'preview.submit' });
    await settle();
    expect(notices).toEqual([{ severity: 'error', messageKey: 'preview.failed' }]);
  });
});
