import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import {
  isChallenge,
  type Credentials,
  type LoginResponse,
  type LoginWithRecoveryCodes,
  type MeResponse,
  type SignInAnswer,
  type SignInChallenge,
  type StoredSession,
  type TwoFactorSetup,
  type VinapseToken,
} from '../domain/session';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, throttledNotice, type Notice } from './outcomes';

export interface SessionContext {
  session: StoredSession | null;
  /** The GLOBAL session kept aside while a tenant is assumed. */
  rootSession: StoredSession | null;
  failure: Failure | null;
  afterAssume: string | null;
  afterReturnToRoot: string | null;
  /** The second step of a sign-in the password opened (a code, or setting up an authenticator); null otherwise. */
  challenge: SignInChallenge | null;
  /** The authenticator being set up during a sign-in that requires one: its key and QR code. */
  twoFactorSetup: TwoFactorSetup | null;
  /** The ten recovery codes of an authenticator just set up at sign-in, shown once before the console opens. */
  recoveryCodes: string[] | null;
}

/** Where changing identity leads: the pages of the console to show after assuming a tenant and after returning to the root admin. */
export interface SessionInput {
  afterAssume?: string;
  afterReturnToRoot?: string;
}

export interface RestoredSession {
  session: StoredSession;
  rootSession: StoredSession | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.assume'; tenantId: string }
  | { type: 'session.returnToRoot' }
  | { type: 'session.logout' }
  /** The second step of a sign-in: a code of the authenticator or a recovery code. */
  | { type: 'session.submitCode'; code: string }
  /** The first code of the authenticator set up at sign-in. */
  | { type: 'session.confirmSetup'; code: string }
  | { type: 'session.retrySetup' }
  /** Leaves the second step for the password. */
  | { type: 'session.backToPassword' }
  /** The recovery codes shown once were kept (copied, downloaded or written down): the console opens. */
  | { type: 'session.recoveryCodesKept' }
  | { type: 'session.unauthorized' }
  | { type: 'session.videoTokenRefreshed'; vinapse: VinapseToken }
  | { type: 'session.profileUpdated'; me: MeResponse };

/** Whether or not the assumed session could be revoked, the root session comes back and nothing cached stays. */
const returnToRoot = [
  { type: 'storeSession', params: ({ context }: { context: SessionContext }) => context.rootSession! },
  'forgetRootSession',
  'clearCache',
  'reinstateRootSession',
  { type: 'notify', params: { severity: 'success', messageKey: 'feedback.returnedToRoot' } },
  { type: 'navigate', params: ({ context }: { context: SessionContext }) => destination(context.afterReturnToRoot) },
] as const;

const toStored = ({ token, ...state }: LoginResponse): StoredSession => ({ token, state });

const withoutCodes = ({ recoveryCodes: _, ...answer }: LoginWithRecoveryCodes): LoginResponse => answer;

/** The session with what `users/me` answered (the token and the video token stay). */
const withMe = (session: StoredSession, me: MeResponse): StoredSession => ({ ...session, state: { ...session.state, ...me } });

/** The root session kept aside, renamed as its user now is (the assumed session acts as that same user). */
const renamedRoot = (root: StoredSession, { user }: MeResponse): StoredSession =>
  root.state.user.id === user.id
    ? { ...root, state: { ...root.state, user: { ...root.state.user, name: user.name, surname: user.surname } } }
    : root;

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const isHttp = (failure: Failure, status: number, code?: string) =>
  failure.kind === 'http' && failure.status === status && (code === undefined || failure.code === code);

/** A code refused, or the call failed: the server's words (INVALID_CODE, a 400 on the code), or why it could not be sent. */
const codeFailedNotice = (failure: Failure): Notice =>
  isHttp(failure, 400) || isHttp(failure, 401, 'INVALID_CODE')
    ? { severity: 'error', messageKey: 'twoFactor.invalidCode' }
    : { severity: 'error', messageKey: 'login.failed', message: serverMessage(failure), ...serverCode(failure) };

/** The second step ended by the server: too late, or too many attempts; the user signs in again with the password. */
const secondStepEndedNotice = (failure: Failure): Notice =>
  isHttp(failure, 429) ? loginFailedNotice(failure) : { severity: 'error', messageKey: 'twoFactor.signInExpired' };

const destination = (path: string | null) => (path === null ? null : { path });

/** A sign-in refused: for too many failures (429) said in the user's language with when to try again, else the server's words. */
const loginFailedNotice = (failure: Failure): Notice =>
  failure.kind === 'http' && failure.status === 429
    ? throttledNotice(failure.retryAt, 'login.tooManyAttemptsLater')
    : { severity: 'error', messageKey: 'login.failed', message: serverMessage(failure), ...serverCode(failure) };

/** The actions of a second step the server ended: forgotten, and why said. */
const endedSecondStep = [
  { type: 'endSecondStep', params: failureOf },
  { type: 'notify', params: ({ event }: { event: { error: unknown } }) => secondStepEndedNotice(failureOf({ event })) },
] as const;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: notProvided<RestoredSession | null>('restoreSession'),
    login: notProvided<SignInAnswer, Credentials>('login'),
    verifyCode: notProvided<LoginResponse, { challenge: string; code: string }>('verifyCode'),
    startSignInSetup: notProvided<TwoFactorSetup, { challenge: string }>('startSignInSetup'),
    confirmSignInSetup: notProvided<LoginWithRecoveryCodes, { challenge: string; code: string }>('confirmSignInSetup'),
    assume: notProvided<LoginResponse, { tenantId: string }>('assume'),
    logout: notProvided<void, { token: string }>('logout'),
    fetchMe: notProvided<MeResponse>('fetchMe'),
  },
  actions: {
    ...outcomeActions,
    storeSession: (_, _session: StoredSession) => {},
    storeRootSession: (_, _session: StoredSession) => {},
    /** Forgets the stored token, session, root session and every cached response. */
    clearSessionData: () => {},
    forgetRootSession: () => {},
    /** Drops every cached response: what one identity saw is not shown to another. */
    clearCache: () => {},
    forgetSession: assign({ session: null, rootSession: null, failure: null }),
    /** The server ended the second step (expired, used, too many codes): it is forgotten with why. */
    endSecondStep: assign((_, failure: Failure) => ({ failure, challenge: null, twoFactorSetup: null })),
    reinstateRootSession: assign(({ context }) => ({ session: context.rootSession, rootSession: null, failure: null })),
    /** The user's own name changed: what `PUT users/me` answered. */
    rename: assign(({ context }, me: MeResponse) => ({
      session: context.session && withMe(context.session, me),
      rootSession: context.rootSession && renamedRoot(context.rootSession, me),
    })),
  },
  guards: {
    isRestored: (_, restored: RestoredSession | null) => restored !== null,
    isGlobal: ({ context }) => context.session?.state.user.scope === 'GLOBAL',
    hasRootSession: ({ context }) => context.rootSession !== null,
    isUnauthorized: (_, failure: Failure) => failure.kind === 'http' && failure.status === 401,
    /** The password was right and the account has an authenticator: a code comes next. */
    asksForCode: (_, answer: SignInAnswer) => isChallenge(answer) && answer.step === 'TWO_FACTOR',
    /** The password was right and the account must set up an authenticator first. */
    asksForSetup: (_, answer: SignInAnswer) => isChallenge(answer) && answer.step === 'TWO_FACTOR_SETUP',
    /** The second step is over on the server: expired or used (401 SIGN_IN_EXPIRED), or too many attempts (429). */
    endsSecondStep: (_, failure: Failure) => isHttp(failure, 401, 'SIGN_IN_EXPIRED') || isHttp(failure, 429),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: null,
    rootSession: null,
    failure: null,
    afterAssume: input.afterAssume ?? null,
    afterReturnToRoot: input.afterReturnToRoot ?? null,
    challenge: null,
    twoFactorSetup: null,
    recoveryCodes: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads the stored session; nothing is routed until it is known.',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isRestored', params: ({ event }) => event.output },
            target: 'signedIn.verifying',
            actions: assign({
              session: ({ event }) => event.output?.session ?? null,
              rootSession: ({ event }) => event.output?.rootSession ?? null,
            }),
          },
          { target: 'signedOut', actions: 'clearSessionData' },
        ],
        onError: { target: 'signedOut', actions: 'clearSessionData' },
      },
    },
    signedOut: {
      on: {
        'session.login': { target: 'loggingIn', actions: assign({ failure: null }) },
      },
    },
    loggingIn: {
      tags: 'busy',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.email, password: event.password };
        },
        onDone: [
          {
            description: 'The password is right and the account has an authenticator: its code comes next.',
            guard: { type: 'asksForCode', params: ({ event }) => event.output },
            target: 'secondFactor',
            actions: assign({ challenge: ({ event }) => event.output as SignInChallenge }),
          },
          {
            description: 'The password is right, the account must use two-factor sign-in and has no authenticator: it sets one up.',
            guard: { type: 'asksForSetup', params: ({ event }) => event.output },
            target: 'twoFactorSetup',
            actions: assign({ challenge: ({ event }) => event.output as SignInChallenge }),
          },
          {
            target: 'signedIn',
            actions: [
              assign({ session: ({ event }) => toStored(event.output as LoginResponse) }),
              { type: 'storeSession', params: ({ event }) => toStored(event.output as LoginResponse) },
              { type: 'notify', params: { severity: 'success', messageKey: 'login.succeeded' } },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: [assign({ failure: failureOf }), { type: 'notify', params: ({ event }) => loginFailedNotice(failureOf({ event })) }],
        },
      },
    },
    secondFactor: {
      description:
        'The password was right: a code of the authenticator, or a recovery code, ends the sign-in. The step lasts minutes; back to the password at will.',
      initial: 'awaitingCode',
      on: { 'session.backToPassword': { target: 'signedOut', actions: assign({ challenge: null, failure: null }) } },
      states: {
        awaitingCode: {
          on: { 'session.submitCode': { target: 'verifying', actions: assign({ failure: null }) } },
        },
        verifying: {
          tags: 'busy',
          on: { 'session.backToPassword': {} },
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => {
              assertEvent(event, 'session.submitCode');
              return { challenge: context.challenge?.challenge ?? '', code: event.code };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [
                assign({ session: ({ event }) => toStored(event.output), challenge: null }),
                { type: 'storeSession', params: ({ event }) => toStored(event.output) },
                { type: 'notify', params: { severity: 'success', messageKey: 'login.succeeded' } },
              ],
            },
            onError: [
              {
                description: 'Too late, or too many wrong codes: the password again.',
                guard: { type: 'endsSecondStep', params: failureOf },
                target: '#session.signedOut',
                actions: endedSecondStep,
              },
              {
                target: 'awaitingCode',
                actions: [
                  assign({ failure: failureOf }),
                  { type: 'notify', params: ({ event }) => codeFailedNotice(failureOf({ event })) },
                ],
              },
            ],
          },
        },
      },
    },
    twoFactorSetup: {
      description:
        'The password was right and the account must use two-factor sign-in: it sets up an authenticator (QR code or key, then a code of it), keeps the ten recovery codes, and is signed in.',
      initial: 'starting',
      on: {
        'session.backToPassword': { target: 'signedOut', actions: assign({ challenge: null, twoFactorSetup: null, failure: null }) },
      },
      states: {
        starting: {
          tags: 'busy',
          on: { 'session.backToPassword': {} },
          invoke: {
            id: 'startSignInSetup',
            src: 'startSignInSetup',
            input: ({ context }) => ({ challenge: context.challenge?.challenge ?? '' }),
            onDone: { target: 'awaitingCode', actions: assign({ twoFactorSetup: ({ event }) => event.output }) },
            onError: [
              { guard: { type: 'endsSecondStep', params: failureOf }, target: '#session.signedOut', actions: endedSecondStep },
              {
                target: 'failed',
                actions: [
                  assign({ failure: failureOf }),
                  { type: 'notify', params: ({ event }) => codeFailedNotice(failureOf({ event })) },
                ],
              },
            ],
          },
        },
        failed: {
          description: 'The new key could not be had (offline): it can be asked for again.',
          on: { 'session.retrySetup': { target: 'starting', actions: assign({ failure: null }) } },
        },
        awaitingCode: {
          on: { 'session.confirmSetup': { target: 'confirming', actions: assign({ failure: null }) } },
        },
        confirming: {
          tags: 'busy',
          on: { 'session.backToPassword': {} },
          invoke: {
            id: 'confirmSignInSetup',
            src: 'confirmSignInSetup',
            input: ({ context, event }) => {
              assertEvent(event, 'session.confirmSetup');
              return { challenge: context.challenge?.challenge ?? '', code: event.code };
            },
            onDone: {
              description: 'Two-factor sign-in is on and the session open: the recovery codes are shown once before the console.',
              target: 'showingRecoveryCodes',
              actions: [
                assign({
                  session: ({ event }) => toStored(withoutCodes(event.output)),
                  recoveryCodes: ({ event }) => event.output.recoveryCodes,
                  challenge: null,
                  twoFactorSetup: null,
                }),
                { type: 'storeSession', params: ({ event }) => toStored(withoutCodes(event.output)) },
              ],
            },
            onError: [
              { guard: { type: 'endsSecondStep', params: failureOf }, target: '#session.signedOut', actions: endedSecondStep },
              {
                target: 'awaitingCode',
                actions: [
                  assign({ failure: failureOf }),
                  { type: 'notify', params: ({ event }) => codeFailedNotice(failureOf({ event })) },
                ],
              },
            ],
          },
        },
        showingRecoveryCodes: {
          on: {
            'session.backToPassword': {},
            'session.recoveryCodesKept': {
              target: '#session.signedIn',
              actions: [
                assign({ recoveryCodes: null }),
                { type: 'notify', params: { severity: 'success', messageKey: 'login.succeeded' } },
              ],
            },
          },
        },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'session.assume': { guard: 'isGlobal', target: '.assuming', actions: assign({ failure: null }) },
        'session.returnToRoot': { guard: 'hasRootSession', target: '.returningToRoot' },
        'session.logout': 'loggingOut',
        'session.unauthorized': { target: 'signedOut', actions: ['clearSessionData', 'forgetSession'] },
        'session.videoTokenRefreshed': {
          description: 'A fresh video token is kept with the session (and stored) until it expires.',
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session && {
                  ...context.session,
                  state: { ...context.session.state, jwtTokens: { ...context.session.state.jwtTokens, vinapse: event.vinapse } },
                },
            }),
            { type: 'storeSession', params: ({ context }) => context.session! },
          ],
        },
      },
      states: {
        verifying: {
          description: 'A restored session is checked against the API in the background.',
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            onDone: {
              target: 'idle',
              actions: [
                assign({ session: ({ context, event }) => context.session && withMe(context.session, event.output) }),
                { type: 'storeSession', params: ({ context }) => context.session! },
              ],
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: failureOf },
                target: '#session.signedOut',
                actions: ['clearSessionData', 'forgetSession'],
              },
              { target: 'idle' },
            ],
          },
        },
        idle: {
          on: {
            'session.profileUpdated': [
              {
                description:
                  'The user changed their own name (settings): the session and the root session kept aside (the same user) show it at once.',
                guard: 'hasRootSession',
                actions: [
                  { type: 'rename', params: ({ event }) => event.me },
                  { type: 'storeSession', params: ({ context }) => context.session! },
                  { type: 'storeRootSession', params: ({ context }) => context.rootSession! },
                ],
              },
              {
                description: 'The user changed their own name (settings): the session shows it at once.',
                actions: [
                  { type: 'rename', params: ({ event }) => event.me },
                  { type: 'storeSession', params: ({ context }) => context.session! },
                ],
              },
            ],
          },
        },
        assuming: {
          tags: 'busy',
          on: { 'session.assume': {} },
          invoke: {
            id: 'assume',
            src: 'assume',
            input: ({ event }) => {
              assertEvent(event, 'session.assume');
              return { tenantId: event.tenantId };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeRootSession', params: ({ context }) => context.session! },
                { type: 'storeSession', params: ({ event }) => toStored(event.output) },
                'clearCache',
                assign({
                  rootSession: ({ context }) => context.session,
                  session: ({ event }) => toStored(event.output),
                }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    severity: 'success',
                    messageKey: 'feedback.tenantAssumed',
                    values: { name: event.output.tenant?.name ?? '' },
                  }),
                },
                { type: 'navigate', params: ({ context }) => destination(context.afterAssume) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ failure: failureOf }),
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    severity: 'error',
                    messageKey: 'login.failed',
                    message: serverMessage(failureOf({ event })),
                    ...serverCode(failureOf({ event })),
                  }),
                },
              ],
            },
          },
        },
        returningToRoot: {
          tags: 'busy',
          description: 'The assumed session is revoked (best effort) and the GLOBAL session kept aside comes back.',
          on: { 'session.returnToRoot': {} },
          invoke: {
            id: 'revokeAssumedSession',
            src: 'logout',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: { target: 'idle', actions: returnToRoot },
            onError: { target: 'idle', actions: returnToRoot },
          },
        },
      },
    },
    loggingOut: {
      tags: 'busy',
      description:
        'Stored data is cleared at once (a reload cannot bring the session back); then the API is told, and whatever it answers, the session ends.',
      entry: 'clearSessionData',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.session?.token ?? '' }),
        onDone: { target: 'signedOut', actions: 'forgetSession' },
        onError: { target: 'signedOut', actions: 'forgetSession' },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export const selectSessionStatus = (snapshot: SessionSnapshot): SessionStatus =>
  snapshot.matches('restoring') ? 'restoring' : snapshot.matches('signedIn') ? 'signedIn' : 'signedOut';
export const selectIsBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');
/**
 * Signed out after the API refused sign-in for too many failures (429): `retryAt` is when it may be tried again
 * (epoch ms, null when the answer did not say); null when sign-in was not refused so.
 */
export const selectSignInRefusal = (snapshot: SessionSnapshot): { retryAt: number | null } | null => {
  const { failure } = snapshot.context;
  if (!snapshot.matches('signedOut') || failure?.kind !== 'http' || failure.status !== 429) return null;
  return { retryAt: failure.retryAt ?? null };
};
export const selectSessionState = (snapshot: SessionSnapshot) => snapshot.context.session?.state ?? null;
export const selectAssumedBy = (snapshot: SessionSnapshot) => snapshot.context.session?.state.assumedBy ?? null;
export const selectCanReturnToRoot = (snapshot: SessionSnapshot) => snapshot.can({ type: 'session.returnToRoot' });

/** Which step of signing in the sign-in page shows. */
export type SignInStep = 'password' | 'code' | 'setup' | 'recoveryCodes';

export const selectSignInStep = (snapshot: SessionSnapshot): SignInStep =>
  snapshot.matches({ twoFactorSetup: 'showingRecoveryCodes' })
    ? 'recoveryCodes'
    : snapshot.matches('twoFactorSetup')
      ? 'setup'
      : snapshot.matches('secondFactor')
        ? 'code'
        : 'password';
/** The authenticator being set up at sign-in (null while its key is asked for, or when it could not be had). */
export const selectSignInSetup = (snapshot: SessionSnapshot) => snapshot.context.twoFactorSetup;
/** The key of the authenticator could not be had (offline): the page offers to ask again. */
export const selectSignInSetupFailed = (snapshot: SessionSnapshot) => snapshot.matches({ twoFactorSetup: 'failed' });
export const selectSignInRecoveryCodes = (snapshot: SessionSnapshot) => snapshot.context.recoveryCodes;
/** The last code of the second step was refused as wrong: said on the code's field. */
export const selectCodeRejected = (snapshot: SessionSnapshot) => {
  const { failure } = snapshot.context;
  return (
    (snapshot.matches({ secondFactor: 'awaitingCode' }) || snapshot.matches({ twoFactorSetup: 'awaitingCode' })) &&
    failure !== null &&
    (isHttp(failure, 400) || isHttp(failure, 401, 'INVALID_CODE'))
  );
};
/** Back at the password because the second step expired or was already used (401 SIGN_IN_EXPIRED). */
export const selectSignInExpired = (snapshot: SessionSnapshot) => {
  const { failure } = snapshot.context;
  return snapshot.matches('signedOut') && failure !== null && isHttp(failure, 401, 'SIGN_IN_EXPIRED');
};
