import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { TwoFactorStatus } from '../../../src/domain/session';
import { twoFactorMachine, type TwoFactorContext } from '../../../src/machines/two-factor.machine';
import { incorrectCode, newAuthenticator, offline, recoveryCodes } from '../fixtures/session';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as TwoFactorContext;

export const twoFactorOff: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
export const twoFactorOn: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-28T08:00:00.000Z',
  recoveryCodesLeft: 10,
  required: false,
};
/** On, and required by the account's tenant (or the platform): it cannot be turned off. */
export const twoFactorRequired: TwoFactorStatus = { ...twoFactorOn, recoveryCodesLeft: 3, required: true };
/** Too many wrong codes: the API says when to try again. */
export const tooManyCodes: Failure = { kind: 'http', status: 429, message: 'Too many attempts', retryAt: Date.UTC(2030, 0, 1) };
/** Turning off what the account's tenant requires (the status was read before the requirement came). */
export const offRefused: Failure = {
  kind: 'http',
  status: 409,
  message: 'Two-factor sign-in is required for this account: it cannot be turned off',
  code: 'TWO_FACTOR_REQUIRED',
};

export const twoFactorModel = defineModel({
  name: 'two-factor',
  summary:
    "Settings → Security: the user's own two-factor sign-in, turned on with a new authenticator (QR code or key, confirmed by a code) and its ten recovery codes shown once; new recovery codes, or off, with a code.",
  machine: twoFactorMachine,
  impossible: [
    'The status read after turning it on says on, and after turning it off says off, unless another tab changed it meanwhile: both answers are played from every loading.',
  ],
  bounded:
    'A state is its value, whether it is on and required, whether a key or recovery codes are held, and the failure status: the key and the codes themselves are left out.',
  scenarios: [
    {
      name: 'two-factor',
      serializeState: (snapshot) => {
        const { status, setup, recoveryCodes: codes, failure } = context(snapshot);
        return JSON.stringify({
          value: snapshot.value,
          enabled: status?.enabled ?? null,
          required: status?.required ?? null,
          setup: setup !== null,
          codes: codes !== null,
          failure: failure?.status ?? null,
        });
      },
      events: [
        ['status: off', done('fetchStatus', twoFactorOff)],
        ['status: on', done('fetchStatus', twoFactorOn)],
        ['status: on and required', done('fetchStatus', twoFactorRequired)],
        ['status: offline', error('fetchStatus', offline)],
        ['Reload', { type: 'twoFactor.retry' }],
        ['Turn on', { type: 'twoFactor.enable' }],
        ['set-up: a new key', done('startSetup', newAuthenticator)],
        ['set-up: offline', error('startSetup', offline)],
        ['Confirm a code', { type: 'twoFactor.confirm', code: '123456' }],
        ['confirm: ok', done('confirmSetup', { recoveryCodes })],
        ['confirm: wrong code', error('confirmSetup', incorrectCode)],
        ['Cancel', { type: 'twoFactor.cancel' }],
        ['codes kept', { type: 'twoFactor.codesKept' }],
        ['New recovery codes', { type: 'twoFactor.regenerate' }],
        ['Turn off', { type: 'twoFactor.disable' }],
        ['Send a code', { type: 'twoFactor.submitCode', code: '123456' }],
        ['new codes: ok', done('regenerateCodes', { recoveryCodes })],
        ['new codes: wrong code', error('regenerateCodes', incorrectCode)],
        ['new codes: too many', error('regenerateCodes', tooManyCodes)],
        ['off: ok', done('disable', undefined)],
        ['off: wrong code', error('disable', incorrectCode)],
        ['off: required', error('disable', offRefused)],
      ],
    },
  ],
  requirements: [
    {
      id: 'TWO-FACTOR-STATUS',
      rule: 'Settings → Security says whether two-factor sign-in is on (since when, how many recovery codes are left) or off; a failed load offers Reload.',
      by: [
        'twoFactor.loading \u2014xstate.done.actor.fetchStatus [isEnabled]\u2192 twoFactor.on',
        'twoFactor.loading \u2014xstate.done.actor.fetchStatus\u2192 twoFactor.off',
        'twoFactor.loading \u2014xstate.error.actor.fetchStatus\u2192 twoFactor.loadFailed',
        'twoFactor.loadFailed \u2014twoFactor.retry\u2192 twoFactor.loading',
      ],
    },
    {
      id: 'TWO-FACTOR-ON',
      rule: 'Turning it on shows a new key as a QR code and as text; a code of the authenticator confirms it and the ten recovery codes are shown once; a wrong code keeps the key.',
      by: [
        'twoFactor.off \u2014twoFactor.enable\u2192 twoFactor.starting',
        'twoFactor.starting \u2014xstate.done.actor.startSetup\u2192 twoFactor.settingUp',
        'twoFactor.starting \u2014xstate.error.actor.startSetup\u2192 twoFactor.off',
        'twoFactor.settingUp \u2014twoFactor.confirm\u2192 twoFactor.confirming',
        'twoFactor.settingUp \u2014twoFactor.cancel\u2192 twoFactor.off',
        'twoFactor.confirming \u2014xstate.done.actor.confirmSetup\u2192 twoFactor.showingCodes',
        'twoFactor.confirming \u2014xstate.error.actor.confirmSetup\u2192 twoFactor.settingUp',
        'twoFactor.showingCodes \u2014twoFactor.codesKept\u2192 twoFactor.loading',
      ],
    },
    {
      id: 'TWO-FACTOR-CODES',
      rule: 'New recovery codes take a code of the authenticator (or a recovery code): the old ones stop working, the new ones are shown once.',
      by: [
        'twoFactor.on.idle \u2014twoFactor.regenerate\u2192 twoFactor.on.askingForRegenerate',
        'twoFactor.on.askingForRegenerate \u2014twoFactor.submitCode\u2192 twoFactor.on.regenerating',
        'twoFactor.on.askingForRegenerate \u2014twoFactor.cancel\u2192 twoFactor.on.idle',
        'twoFactor.on.regenerating \u2014xstate.done.actor.regenerateCodes\u2192 twoFactor.showingCodes',
        'twoFactor.on.regenerating \u2014xstate.error.actor.regenerateCodes\u2192 twoFactor.on.askingForRegenerate',
      ],
    },
    {
      id: 'TWO-FACTOR-OFF',
      rule: 'Turning it off takes a code, and is not offered when the account requires two-factor sign-in; wrong codes are limited like passwords.',
      by: [
        'twoFactor.on.idle \u2014twoFactor.disable [canTurnOff]\u2192 twoFactor.on.askingForDisable',
        'twoFactor.on.askingForDisable \u2014twoFactor.submitCode\u2192 twoFactor.on.disabling',
        'twoFactor.on.askingForDisable \u2014twoFactor.cancel\u2192 twoFactor.on.idle',
        'twoFactor.on.disabling \u2014xstate.done.actor.disable\u2192 twoFactor.loading',
        'twoFactor.on.disabling \u2014xstate.error.actor.disable\u2192 twoFactor.on.askingForDisable',
      ],
    },
  ],
  invariants: [
    [
      'busy exactly while a call is under way',
      (s) =>
        s.hasTag('busy') === ['loading', 'starting', 'confirming', 'on.regenerating', 'on.disabling'].some((state) => s.matches(state)),
    ],
    [
      'a key is held exactly while it is confirmed',
      (s) => (s.matches('settingUp') || s.matches('confirming')) === (context(s).setup !== null),
    ],
    ['recovery codes are held exactly while shown', (s) => s.matches('showingCodes') === (context(s).recoveryCodes !== null)],
    [
      'turning off is never asked for when it is required',
      (s) => !s.matches({ on: 'askingForDisable' }) || context(s).status?.required === false,
    ],
  ],
});
