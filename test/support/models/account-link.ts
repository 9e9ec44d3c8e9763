import type { AnyMachineSnapshot } from 'xstate';
import { accountLinkMachine, type AccountLinkContext } from '../../../src/machines/account-link.machine';
import { commonPassword, linkDetails, linkGone, linkOffline, linkToken, resetThrottled, serverBroken } from '../fixtures/account-links';
import { done, error, type GraphEvent } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AccountLinkContext;

/** A state is its value, whether the link's details and a refusal of the password are held, and the address asked for. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { details, problems, email } = context(snapshot);
  return JSON.stringify({ value: snapshot.value, details: details !== null, refused: Object.keys(problems).length > 0, email });
};

const linkEvents = (kind: 'invitation' | 'reset'): Array<[string, GraphEvent]> => [
  ['retry', { type: 'accountLink.retry' }],
  ['set password', { type: 'accountLink.setPassword', password: 'A-long-secret-2026' }],
  ['verify: ok', done('verifyLink', linkDetails)],
  ['verify: gone', error('verifyLink', linkGone)],
  ['verify: offline', error('verifyLink', linkOffline)],
  [`${kind}: password set`, done('setPassword', { email: linkDetails.email })],
  ['password: too common', error('setPassword', commonPassword)],
  ['password: link gone', error('setPassword', linkGone)],
  ['password: server error', error('setPassword', serverBroken)],
];

export const accountLinkModel = defineModel({
  name: 'account-link',
  summary:
    'The signed-out pages of one-time links: an invitation or a password reset link checked, a password chosen, then sign-in; and "Forgot password?".',
  machine: accountLinkMachine,
  bounded:
    'A state is its value, whether the link details and a refusal of the password are held, and the address a link was asked for (one).',
  scenarios: [
    {
      name: 'invitation',
      input: { kind: 'invitation', token: linkToken },
      serializeState,
      events: [...linkEvents('invitation')],
      ignored: [['ask for a reset link', { type: 'accountLink.requestReset', email: linkDetails.email }]],
    },
    {
      name: 'reset',
      input: { kind: 'reset', token: linkToken },
      serializeState,
      events: [...linkEvents('reset')],
    },
    {
      name: 'forgot',
      input: { kind: 'forgot', token: null },
      serializeState,
      events: [
        ['ask for a reset link', { type: 'accountLink.requestReset', email: linkDetails.email }],
        ['use another address', { type: 'accountLink.again' }],
        ['request: accepted', done('requestReset', undefined)],
        ['request: throttled', error('requestReset', resetThrottled)],
        ['request: server error', error('requestReset', serverBroken)],
      ],
      ignored: [['set password', { type: 'accountLink.setPassword', password: 'A-long-secret-2026' }]],
    },
  ],
  unreachable: {
    'accountLink.opening \u2014always [hasNoToken]\u2192 accountLink.invalid':
      'A page opened without a token ends there before any step: a path of no steps, which the graph does not list (test/machines/account-link.machine.test.ts opens one).',
  },
  requirements: [
    {
      id: 'LINK-CHECKED-FIRST',
      rule: "A mail's link is checked before a password is asked for; a link used, expired or replaced says so and asks nothing.",
      by: [
        'accountLink.verifying \u2014xstate.done.actor.verifyLink\u2192 accountLink.choosing',
        'accountLink.verifying \u2014xstate.error.actor.verifyLink [linkInvalid]\u2192 accountLink.invalid',
      ],
    },
    {
      id: 'LINK-PASSWORD-SET',
      rule: 'The password chosen with a link is set once; the page then leads to sign-in with the address to use.',
      by: ['accountLink.saving \u2014xstate.done.actor.setPassword\u2192 accountLink.passwordSet'],
    },
    {
      id: 'LINK-PASSWORD-REFUSED',
      rule: "The API's refusal of a password (too common, the address) is shown on the field, and another can be chosen.",
      by: ['accountLink.saving \u2014xstate.error.actor.setPassword [passwordRefused]\u2192 accountLink.choosing'],
    },
    {
      id: 'FORGOT-SAME-ANSWER',
      rule: '"Forgot password?" answers the same whether or not the address has an account.',
      by: ['accountLink.requesting \u2014xstate.done.actor.requestReset\u2192 accountLink.requested'],
    },
  ],
  invariants: [
    [
      'busy exactly while a call is on its way',
      (s) => s.hasTag('busy') === (s.matches('verifying') || s.matches('saving') || s.matches('requesting')),
    ],
    [
      'a password is asked for only once the link is checked',
      (s) => !(s.matches('choosing') || s.matches('saving')) || context(s).details !== null,
    ],
    ['the forgot page never holds a link', (s) => context(s).kind !== 'forgot' || context(s).details === null],
  ],
});
