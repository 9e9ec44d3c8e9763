import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  accountActionsMachine,
  selectActionsData,
  selectActionsResult,
  selectIsConfirming,
  selectPendingAction,
  type ActionRequest,
} from '../../src/machines/account-actions.machine';
import { invitationTooSoon, mailOff, serverBroken } from '../support/fixtures/account-links';
import { recordOutcomes } from '../support/fixtures/outcome';

const pendingAccount = {
  language: 'it',
  twoFactor: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', required: false },
  invitation: null,
};

/** A panel's actor on the user `u1`, its calls answered by `load` and `run`, its outcomes recorded. */
function panel(
  run: (request: ActionRequest) => Promise<unknown> = async () => undefined,
  load: () => Promise<unknown> = async () => pendingAccount,
) {
  const loadAccount = vi.fn((_subject: string) => load());
  const runAction = vi.fn(run);
  const { outcomes, actions } = recordOutcomes();
  const actor = createActor(
    accountActionsMachine.provide({
      actors: { load: fromPromise(({ input }) => loadAccount(input)), runAction: fromPromise(({ input }) => runAction(input)) },
      actions,
    }),
    {
      input: {
        subject: 'u1',
        doneKeys: { sendInvitation: 'accountActions.invitationSent', sendInvitations: 'accountActions.bulkDone' },
        failedKey: 'accountActions.failed',
      },
    },
  ).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy') && !snapshot.matches('confirming'), { timeout: 1000 });
  return { actor, loadAccount, runAction, outcomes, settled };
}

describe('account actions: a panel of actions on an account or a policy', () => {
  it('reads its subject, runs an action on it, tells it, and reads it again', async () => {
    const p = panel();
    await p.settled();
    expect(p.loadAccount).toHaveBeenCalledWith('u1');
    expect(selectActionsData(p.actor.getSnapshot())).toEqual(pendingAccount);

    p.actor.send({ type: 'accountActions.run', action: 'sendInvitation' });
    expect(selectPendingAction(p.actor.getSnapshot())).toBe('sendInvitation');
    await p.settled();
    expect(p.runAction).toHaveBeenCalledWith({ subject: 'u1', action: 'sendInvitation' });
    expect(p.outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'accountActions.invitationSent' } }]);
    expect(p.loadAccount).toHaveBeenCalledTimes(2);
    expect(selectPendingAction(p.actor.getSnapshot())).toBeNull();
  });

  it('runs an action asked for only once confirmed, and nothing when cancelled', async () => {
    const p = panel();
    await p.settled();
    p.actor.send({ type: 'accountActions.ask', action: 'resetTwoFactor' });
    expect(selectIsConfirming(p.actor.getSnapshot())).toBe(true);
    expect(p.actor.getSnapshot().can({ type: 'accountActions.run', action: 'sendInvitation' })).toBe(false);
    p.actor.send({ type: 'accountActions.cancel' });
    expect(p.runAction).not.toHaveBeenCalled();
    expect(selectPendingAction(p.actor.getSnapshot())).toBeNull();

    p.actor.send({ type: 'accountActions.ask', action: 'resetTwoFactor' });
    p.actor.send({ type: 'accountActions.confirm' });
    await p.settled();
    expect(p.runAction).toHaveBeenCalledWith({ subject: 'u1', action: 'resetTwoFactor' });
    // No notice of its own: the panel says "Done".
    expect(p.outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'accountActions.done' } }]);
  });

  it('tells a refusal with its code (mail off, an invitation just sent) and stays ready without reading again', async () => {
    const p = panel(() => Promise.reject(mailOff));
    await p.settled();
    p.actor.send({ type: 'accountActions.run', action: 'sendInvitation' });
    await p.settled();
    p.runAction.mockRejectedValueOnce(invitationTooSoon);
    p.actor.send({ type: 'accountActions.run', action: 'sendInvitation' });
    await p.settled();
    p.runAction.mockRejectedValueOnce(serverBroken);
    p.actor.send({ type: 'accountActions.run', action: 'sendInvitation', value: undefined });
    await p.settled();
    expect(p.outcomes).toEqual([
      {
        notify: {
          severity: 'error',
          messageKey: 'accountActions.failedBecause',
          values: { reason: 'Mail is not configured' },
          code: 'MAIL_NOT_CONFIGURED',
        },
      },
      {
        notify: {
          severity: 'error',
          messageKey: 'accountActions.failedBecause',
          values: { reason: 'An invitation was sent less than a minute ago' },
          code: 'INVITATION_RECENTLY_SENT',
        },
      },
      {
        notify: {
          severity: 'error',
          messageKey: 'accountActions.failedBecause',
          values: { reason: 'Internal Server Error' },
          code: 'INTERNAL_ERROR',
        },
      },
    ]);
    expect(p.loadAccount).toHaveBeenCalledTimes(1);
    expect(p.actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('keeps the results of a bulk action and counts them in its notice', async () => {
    const results = {
      results: [
        { id: 'u1', outcome: 'sent', expiresAt: '2026-12-01T10:00:00.000Z' },
        { id: 'u2', outcome: 'skipped', code: 'USER_ACTIVE' },
        { id: 'u3', outcome: 'skipped', code: 'INVITATION_RECENTLY_SENT' },
        { id: 'u4', outcome: 'failed', code: 'USER_NOT_FOUND' },
      ],
    };
    const p = panel(
      async () => results,
      async () => null,
    );
    await p.settled();
    p.actor.send({ type: 'accountActions.run', action: 'sendInvitations', value: ['u1', 'u2', 'u3', 'u4'] });
    await p.settled();
    expect(p.runAction).toHaveBeenCalledWith({ subject: 'u1', action: 'sendInvitations', value: ['u1', 'u2', 'u3', 'u4'] });
    expect(selectActionsResult(p.actor.getSnapshot())).toEqual(results);
    expect(p.outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'accountActions.bulkDone', values: { count: 4, sent: 1, skipped: 2, failed: 1 } } },
    ]);
  });

  it('offers Retry when the subject could not be read', async () => {
    const p = panel(undefined, () => Promise.reject(serverBroken));
    await p.settled();
    expect(p.actor.getSnapshot().matches('failure')).toBe(true);
    expect(p.actor.getSnapshot().can({ type: 'accountActions.run', action: 'sendInvitation' })).toBe(false);
    p.loadAccount.mockResolvedValueOnce(pendingAccount);
    p.actor.send({ type: 'accountActions.retry' });
    await p.settled();
    expect(selectActionsData(p.actor.getSnapshot())).toEqual(pendingAccount);
  });
});
