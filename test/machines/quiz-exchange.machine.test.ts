import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { QtiImportResult } from '../../src/domain/quizzes';
import { quizExchangeMachine, selectImportReport, selectIsExchanging } from '../../src/machines/quiz-exchange.machine';
import type { Notice } from '../../src/machines/outcomes';

const report = { quiz: { id: 'quiz-2' }, items: [], notes: [] } as unknown as QtiImportResult;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start({
  exportQti = async () => {},
  importQti = async () => report,
}: { exportQti?: () => Promise<void>; importQti?: () => Promise<QtiImportResult> } = {}) {
  const exported: string[] = [];
  const imported: Blob[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    quizExchangeMachine.provide({
      actors: {
        exportQti: fromPromise(({ input }: { input: { quizId: string } }) => (exported.push(input.quizId), exportQti())),
        importQti: fromPromise(({ input }: { input: { file: Blob } }) => (imported.push(input.file), importQti())),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice), navigate: () => {} },
    }),
  ).start();
  return { actor, exported, imported, notices };
}

describe('quiz exchange machine', () => {
  it('exports the quiz asked for, one at a time, and says so', async () => {
    const { actor, exported, notices } = start();
    actor.send({ type: 'qti.export', quizId: 'quiz-1' });
    actor.send({ type: 'qti.export', quizId: 'quiz-9' });
    actor.send({ type: 'qti.import', file: new Blob(['x']) });
    expect(selectIsExchanging(actor.getSnapshot())).toBe(true);
    await settle();
    expect(exported).toEqual(['quiz-1']);
    expect(notices).toEqual([{ severity: 'success', messageKey: 'qti.exported' }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('imports the package chosen and holds the report until it is dismissed', async () => {
    const file = new Blob(['PK']);
    const { actor, imported, notices } = start();
    actor.send({ type: 'qti.import', file });
    await settle();
    expect(imported).toEqual([file]);
    expect(selectImportReport(actor.getSnapshot())).toBe(report);
    expect(notices).toEqual([{ severity: 'success', messageKey: 'qti.imported' }]);
    actor.send({ type: 'qti.dismiss' });
    expect(actor.getSnapshot().context.report).toBeNull();
    expect(selectImportReport(actor.getSnapshot())).toBeNull();
  });

  it('says why the server refused, with its code, or only that it failed', async () => {
    const refused: Failure = { kind: 'http', status: 400, message: 'no imsmanifest.xml', code: 'VALIDATION_FAILED' };
    const { actor, notices } = start({ importQti: () => Promise.reject(refused), exportQti: () => Promise.reject({ kind: 'network' }) });
    actor.send({ type: 'qti.import', file: new Blob(['x']) });
    await settle();
    actor.send({ type: 'qti.export', quizId: 'quiz-1' });
    await settle();
    expect(notices).toEqual([
      { severity: 'error', messageKey: 'qti.importFailedBecause', values: { reason: 'no imsmanifest.xml' }, code: 'VALIDATION_FAILED' },
      { severity: 'error', messageKey: 'qti.exportFailed' },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
