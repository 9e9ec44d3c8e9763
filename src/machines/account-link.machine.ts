import { assign, setup, type SnapshotFrom } from 'xstate';
import type { LinkDetails } from '../domain/account-security';
import type { Failure } from '../domain/failure';
import type { FieldProblem } from './form-fields';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, type Notice } from './outcomes';

/**
 * The pages a signed-out person reaches by mail or from the sign-in page (issue 30): an invitation's link and a
 * password reset's link (`/invitation#token=…`, `/reset-password#token=…`: the link is checked, then a password is
 * chosen, then the sign-in page), and "Forgot password?" (an address is given; the answer is the same whether or not
 * it has an account).
 */
/** The two kinds of one-time link a mail carries. */
export type LinkKind = 'invitation' | 'reset';

export interface AccountLinkInput {
  kind: LinkKind | 'forgot';
  /** The link's token from the address's fragment; null when the address has none. */
  token: string | null;
}

export interface AccountLinkContext {
  kind: LinkKind | 'forgot';
  token: string | null;
  details: LinkDetails | null;
  /** The address a reset link was asked for. */
  email: string;
  /** The API's refusals of the password, by field (`password`). */
  problems: Record<string, FieldProblem>;
  failure: Failure | null;
}

export type AccountLinkEvent =
  | { type: 'accountLink.retry' }
  | { type: 'accountLink.setPassword'; password: string }
  | { type: 'accountLink.requestReset'; email: string }
  | { type: 'accountLink.again' };

export interface SetPasswordInput {
  kind: LinkKind;
  token: string;
  password: string;
}

const isStatus = (failure: Failure, status: number) => failure.kind === 'http' && failure.status === status;
const asFailure = (error: unknown) => error as Failure;

/** The API's refusals of the chosen password, on the page's field. */
function passwordProblems(failure: Failure): Record<string, FieldProblem> {
  if (failure.kind !== 'http') return {};
  const error = failure.errors?.find(({ field }) => field === 'password') ?? failure.errors?.[0];
  if (!error) return {};
  return {
    password: { server: error.message, ...(error.rule && { serverRule: error.rule }), ...(error.params && { params: error.params }) },
  };
}

/** A failure the page cannot place on a field: the server's words when it gave some. */
const failedNotice = (failure: Failure, messageKey: string): Notice => {
  if (failure.kind === 'http' && failure.status === 429) {
    return failure.retryAt === undefined
      ? { severity: 'error', messageKey: 'accountLink.throttledLater' }
      : { severity: 'error', messageKey: 'accountLink.throttled', values: { retryAt: failure.retryAt } };
  }
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: `${messageKey}Because`, values: { reason }, ...serverCode(failure) }
    : { severity: 'error', messageKey, values: { status: String(failure.status) } };
};

export const accountLinkMachine = setup({
  types: {
    context: {} as AccountLinkContext,
    events: {} as AccountLinkEvent,
    input: {} as AccountLinkInput,
  },
  actors: {
    verifyLink: notProvided<LinkDetails, { kind: LinkKind; token: string }>('verifyLink'),
    setPassword: notProvided<{ email: string }, SetPasswordInput>('setPassword'),
    requestReset: notProvided<void, { email: string }>('requestReset'),
  },
  actions: outcomeActions,
  guards: {
    asksForALink: ({ context }) => context.kind === 'forgot',
    hasNoToken: ({ context }) => !context.token,
    linkInvalid: ({ event }) => isStatus(asFailure((event as unknown as { error: unknown }).error), 410),
    passwordRefused: ({ event }) => isStatus(asFailure((event as unknown as { error: unknown }).error), 400),
  },
}).createMachine({
  id: 'accountLink',
  context: ({ input }) => ({
    kind: input.kind,
    token: input.token,
    details: null,
    email: '',
    problems: {},
    failure: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'What the address asks for: an address to send a reset link to, or a link to check.',
      always: [{ guard: 'asksForALink', target: 'forgot' }, { guard: 'hasNoToken', target: 'invalid' }, { target: 'verifying' }],
    },
    verifying: {
      description: 'The link is checked before a password is asked for: who it is for, until when.',
      tags: 'busy',
      invoke: {
        id: 'verifyLink',
        src: 'verifyLink',
        input: ({ context }) => ({ kind: context.kind as LinkKind, token: context.token! }),
        onDone: { target: 'choosing', actions: assign({ details: ({ event }) => event.output, failure: null }) },
        onError: [
          { guard: 'linkInvalid', target: 'invalid' },
          { target: 'unverified', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
        ],
      },
    },
    unverified: {
      description: 'The link could not be checked (no connection, a server error): Retry.',
      on: { 'accountLink.retry': 'verifying' },
    },
    invalid: {
      description: 'The link is used, expired, replaced by a newer one, or was never one: the page says so and where to go.',
      type: 'final',
    },
    choosing: {
      description: 'The person the link is for chooses a password (the rules shown; the API refusals on the field).',
      on: {
        'accountLink.setPassword': { target: 'saving' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context, event }) => ({
          kind: context.kind as LinkKind,
          token: context.token!,
          password: (event as Extract<AccountLinkEvent, { type: 'accountLink.setPassword' }>).password,
        }),
        onDone: {
          target: 'passwordSet',
          actions: [
            assign({ problems: {}, failure: null }),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                severity: 'success',
                messageKey: context.kind === 'invitation' ? 'accountLink.invitationAccepted' : 'accountLink.passwordReset',
                values: { email: event.output.email },
              }),
            },
            { type: 'navigate', params: { path: '/login', replace: true } },
          ],
        },
        onError: [
          { guard: 'linkInvalid', target: 'invalid', actions: assign({ problems: {} }) },
          {
            guard: 'passwordRefused',
            target: 'choosing',
            actions: assign({ problems: ({ event }) => passwordProblems(asFailure(event.error)), failure: null }),
          },
          {
            target: 'choosing',
            actions: [
              assign({ problems: {}, failure: ({ event }) => asFailure(event.error) }),
              { type: 'notify', params: ({ event }) => failedNotice(asFailure(event.error), 'accountLink.saveFailed') },
            ],
          },
        ],
      },
    },
    passwordSet: {
      description: 'The password is set (an invitation also activates the account): on to the sign-in page.',
      type: 'final',
    },
    forgot: {
      description: '"Forgot password?": an address to send a reset link to.',
      on: { 'accountLink.requestReset': { target: 'requesting', actions: assign({ email: ({ event }) => event.email }) } },
    },
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'requested', actions: assign({ failure: null }) },
        onError: {
          target: 'forgot',
          actions: [
            assign({ failure: ({ event }) => asFailure(event.error) }),
            { type: 'notify', params: ({ event }) => failedNotice(asFailure(event.error), 'accountLink.requestFailed') },
          ],
        },
      },
    },
    requested: {
      description: 'The same answer for any address: if it has an account, a link is on its way (valid one hour).',
      on: { 'accountLink.again': 'forgot' },
    },
  },
});

export type AccountLinkSnapshot = SnapshotFrom<typeof accountLinkMachine>;

export const selectLinkDetails = (snapshot: AccountLinkSnapshot) => snapshot.context.details;
export const selectLinkProblems = (snapshot: AccountLinkSnapshot) => snapshot.context.problems;
export const selectLinkIsBusy = (snapshot: AccountLinkSnapshot) => snapshot.hasTag('busy');
export const selectRequestedEmail = (snapshot: AccountLinkSnapshot) => snapshot.context.email;
/** The page's state: what it shows. */
export const selectLinkStep = (snapshot: AccountLinkSnapshot) =>
  (['verifying', 'unverified', 'invalid', 'choosing', 'saving', 'passwordSet', 'forgot', 'requesting', 'requested'] as const).find(
    (state) => snapshot.matches(state),
  ) ?? 'verifying';
