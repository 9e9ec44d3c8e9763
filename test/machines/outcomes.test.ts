import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { notProvided } from '../../src/machines/not-provided';
import { deleteFailedNotice, serverCode } from '../../src/machines/outcomes';

describe('outcomes: what a refused deletion tells the user', () => {
  it("gives the server's reason, and its code and values for the view to translate", () => {
    const refused: Failure = { kind: 'http', status: 409, message: 'Plan is published', code: 'PLAN_PUBLISHED', params: { plan: 'Onboarding' } };
    expect(deleteFailedNotice(refused)).toEqual({
      severity: 'error',
      messageKey: 'feedback.deleteFailedBecause',
      values: { reason: 'Plan is published' },
      code: 'PLAN_PUBLISHED',
      params: { plan: 'Onboarding' },
    });
  });

  it('says only that the deletion failed when the server gave no reason, or no answer', () => {
    const failures: Failure[] = [
      { kind: 'http', status: 500 },
      { kind: 'network', status: 'FETCH_ERROR' },
    ];
    for (const failure of failures) expect(deleteFailedNotice(failure)).toStrictEqual({ severity: 'error', messageKey: 'feedback.deleteFailed' });
  });

  it("names the server's code with its values only when both came, and nothing for a failure without a code", () => {
    expect(serverCode({ kind: 'http', status: 409, code: 'IN_USE' })).toStrictEqual({ code: 'IN_USE' });
    expect(serverCode({ kind: 'http', status: 409, code: 'IN_USE', params: { count: 2 } })).toStrictEqual({ code: 'IN_USE', params: { count: 2 } });
    expect(serverCode({ kind: 'http', status: 409, message: 'In use' })).toStrictEqual({});
    expect(serverCode({ kind: 'timeout', status: 'TIMEOUT_ERROR' })).toStrictEqual({});
  });
});

describe('an effect a machine declares but nobody provided', () => {
  it('fails, naming the effect', async () => {
    const actor = createActor(notProvided<string>('fetchPage'));
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failed).toEqual(new Error('fetchPage is not provided'));
  });
});
