import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { TwoFactorSetup, TwoFactorStatus } from '../domain/session';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, throttledNotice, type Notice } from './outcomes';

/**
 * Settings → Security (issue 30): the signed-in user's own two-factor sign-in. Off, it is turned on by setting up
 * an authenticator (a QR code or its key, confirmed by a code of it), which shows the ten recovery codes once; on,
 * a code of it (or a recovery code) gives ten new recovery codes, or turns it off unless the account requires it.
 */
export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  /** The authenticator being set up: its key and QR code. */
  setup: TwoFactorSetup | null;
  /** The ten recovery codes just made, shown once. */
  recoveryCodes: string[] | null;
  failure: Failure | null;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.enable' }
  | { type: 'twoFactor.confirm'; code: string }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.codesKept' }
  | { type: 'twoFactor.regenerate' }
  | { type: 'twoFactor.disable' }
  | { type: 'twoFactor.submitCode'; code: string };

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const isWrongCode = (failure: Failure) => failure.kind === 'http' && failure.status === 400;

/** A refused code said on its field; too many attempts said with when to try again; anything else in the server's words. */
const failedNotice = (failure: Failure): Notice =>
  isWrongCode(failure)
    ? { severity: 'error', messageKey: 'twoFactor.invalidCode' }
    : failure.kind === 'http' && failure.status === 429
      ? throttledNotice(failure.retryAt, 'settings.tooManyAttempts')
      : { severity: 'error', messageKey: 'twoFactor.failed', message: serverMessage(failure), ...serverCode(failure) };

const refused = [
  { type: 'rememberFailure', params: failureOf },
  { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failedNotice(failureOf({ event })) },
] as const;

const codeOf = ({ event }: { event: TwoFactorEvent }) => {
  assertEvent(event, ['twoFactor.confirm', 'twoFactor.submitCode']);
  return { code: event.code };
};

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    fetchStatus: notProvided<TwoFactorStatus>('fetchStatus'),
    startSetup: notProvided<TwoFactorSetup>('startSetup'),
    confirmSetup: notProvided<{ recoveryCodes: string[] }, { code: string }>('confirmSetup'),
    regenerateCodes: notProvided<{ recoveryCodes: string[] }, { code: string }>('regenerateCodes'),
    disable: notProvided<void, { code: string }>('disable'),
  },
  actions: {
    ...outcomeActions,
    rememberFailure: assign((_, failure: Failure) => ({ failure })),
  },
  guards: {
    isEnabled: (_, status: TwoFactorStatus) => status.enabled,
    canTurnOff: ({ context }) => context.status?.required === false,
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, recoveryCodes: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => event.output },
            target: 'on',
            actions: assign({ status: ({ event }) => event.output, failure: null }),
          },
          { target: 'off', actions: assign({ status: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: failureOf }) },
      },
    },
    loadFailed: {
      on: { 'twoFactor.retry': 'loading' },
    },
    off: {
      on: { 'twoFactor.enable': { target: 'starting', actions: assign({ failure: null }) } },
    },
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'settingUp', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'off', actions: refused },
      },
    },
    settingUp: {
      description: 'The QR code and the key of the new authenticator, and the field for its first code.',
      on: {
        'twoFactor.confirm': { target: 'confirming', actions: assign({ failure: null }) },
        'twoFactor.cancel': { target: 'off', actions: assign({ setup: null, failure: null }) },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmSetup',
        src: 'confirmSetup',
        input: codeOf,
        onDone: {
          target: 'showingCodes',
          actions: [
            assign({ setup: null, recoveryCodes: ({ event }) => event.output.recoveryCodes }),
            { type: 'notify', params: { severity: 'success', messageKey: 'twoFactor.enabled' } },
          ],
        },
        onError: { target: 'settingUp', actions: refused },
      },
    },
    showingCodes: {
      description: 'The ten recovery codes, shown this once (copy, download); then the status again.',
      on: { 'twoFactor.codesKept': { target: 'loading', actions: assign({ recoveryCodes: null }) } },
    },
    on: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'twoFactor.regenerate': { target: 'askingForRegenerate', actions: assign({ failure: null }) },
            'twoFactor.disable': { guard: 'canTurnOff', target: 'askingForDisable', actions: assign({ failure: null }) },
          },
        },
        askingForRegenerate: {
          description: 'A code of the authenticator (or a recovery code) for ten new recovery codes.',
          on: {
            'twoFactor.submitCode': { target: 'regenerating', actions: assign({ failure: null }) },
            'twoFactor.cancel': { target: 'idle', actions: assign({ failure: null }) },
          },
        },
        regenerating: {
          tags: 'busy',
          invoke: {
            id: 'regenerateCodes',
            src: 'regenerateCodes',
            input: codeOf,
            onDone: {
              target: '#twoFactor.showingCodes',
              actions: [
                assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes }),
                { type: 'notify', params: { severity: 'success', messageKey: 'twoFactor.codesRegenerated' } },
              ],
            },
            onError: { target: 'askingForRegenerate', actions: refused },
          },
        },
        askingForDisable: {
          description: 'A code of the authenticator (or a recovery code) to turn two-factor sign-in off.',
          on: {
            'twoFactor.submitCode': { target: 'disabling', actions: assign({ failure: null }) },
            'twoFactor.cancel': { target: 'idle', actions: assign({ failure: null }) },
          },
        },
        disabling: {
          tags: 'busy',
          invoke: {
            id: 'disable',
            src: 'disable',
            input: codeOf,
            onDone: {
              target: '#twoFactor.loading',
              actions: { type: 'notify', params: { severity: 'success', messageKey: 'twoFactor.disabled' } },
            },
            onError: { target: 'askingForDisable', actions: refused },
          },
        },
      },
    },
  },
});

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

export const selectTwoFactorStatus = (snapshot: TwoFactorSnapshot) => snapshot.context.status;
export const selectTwoFactorBusy = (snapshot: TwoFactorSnapshot) => snapshot.hasTag('busy');
/** The last code was refused as wrong (400 on `code`): said on the code's field. */
export const selectTwoFactorCodeRejected = (snapshot: TwoFactorSnapshot) =>
  snapshot.context.failure !== null && isWrongCode(snapshot.context.failure);
/** What the security section shows. */
export type TwoFactorView = 'loading' | 'loadFailed' | 'off' | 'setup' | 'codes' | 'on' | 'regenerate' | 'disable';
export const selectTwoFactorView = (snapshot: TwoFactorSnapshot): TwoFactorView => {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('off') || snapshot.matches('starting')) return 'off';
  if (snapshot.matches('settingUp') || snapshot.matches('confirming')) return 'setup';
  if (snapshot.matches('showingCodes')) return 'codes';
  if (snapshot.matches({ on: 'askingForRegenerate' }) || snapshot.matches({ on: 'regenerating' })) return 'regenerate';
  if (snapshot.matches({ on: 'askingForDisable' }) || snapshot.matches({ on: 'disabling' })) return 'disable';
  return 'on';
};
