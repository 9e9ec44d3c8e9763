import type { AnyMachineSnapshot } from 'xstate';
import { accountActionsMachine, type AccountActionsContext } from '../../../src/machines/account-actions.machine';
import { mailOff, pendingAccount, pendingUser, serverBroken } from '../fixtures/account-links';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountActionsContext;

export const userPanelInput = {
  subject: pendingUser.id,
  doneKeys: { sendInvitation: 'accountActions.invitationSent', resetTwoFactor: 'accountActions.twoFactorReset' },
  failedKey: 'accountActions.failed',
};

export const accountActionsModel = defineModel({
  name: 'account-actions',
  summary:
    "An admin's actions beside a record (a user's invitation and second factor, a tenant's or the platform's two-factor policy, invitations to several users): read, run one at a time, some confirmed first, told, read again.",
  machine: accountActionsMachine,
  bounded:
    'A state is its value, whether the subject was read, the action asked for, and whether the last action failed; the subject is one user.',
  scenarios: [
    {
      name: 'user account',
      input: userPanelInput,
      serializeState: (snapshot) => {
        const { data, request, failure } = context(snapshot);
        return JSON.stringify({ value: snapshot.value, read: data !== null, action: request?.action ?? null, failed: failure !== null });
      },
      events: [
        ['read: ok', done('load', pendingAccount)],
        ['read: server error', error('load', serverBroken)],
        ['retry', { type: 'accountActions.retry' }],
        ['resend invitation', { type: 'accountActions.run', action: 'sendInvitation' }],
        ['reset second factor', { type: 'accountActions.ask', action: 'resetTwoFactor' }],
        ['confirm', { type: 'accountActions.confirm' }],
        ['cancel', { type: 'accountActions.cancel' }],
        ['action: done', done('runAction', undefined)],
        ['action: mail off', error('runAction', mailOff)],
      ],
    },
  ],
  requirements: [
    {
      id: 'ACCOUNT-RESEND-INVITATION',
      rule: '"Resend invitation" sends a new link at once and says so; a refusal (mail off, sent a minute ago) is said clearly.',
      by: [
        'accountActions.ready \u2014accountActions.run\u2192 accountActions.running',
        'accountActions.running \u2014xstate.error.actor.runAction\u2192 accountActions.ready',
      ],
    },
    {
      id: 'ACCOUNT-RESET-CONFIRMED',
      rule: "Resetting another user's second factor is confirmed first; cancelling changes nothing.",
      by: [
        'accountActions.ready \u2014accountActions.ask\u2192 accountActions.confirming',
        'accountActions.confirming \u2014accountActions.confirm\u2192 accountActions.running',
        'accountActions.confirming \u2014accountActions.cancel\u2192 accountActions.ready',
      ],
    },
    {
      id: 'ACCOUNT-READ-AFTER',
      rule: 'After an action the account (or policy) is read again, so the page shows what changed.',
      by: ['accountActions.running \u2014xstate.done.actor.runAction\u2192 accountActions.loading'],
    },
  ],
  invariants: [
    ['busy exactly while reading or running', (s) => s.hasTag('busy') === (s.matches('loading') || s.matches('running'))],
    [
      'an action is held exactly while confirmed or run',
      (s) => (context(s).request !== null) === (s.matches('confirming') || s.matches('running')),
    ],
  ],
});
