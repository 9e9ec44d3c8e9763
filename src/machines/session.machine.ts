import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Failure } from '../domain/failure';
import type { Credentials, LoginResponse, MeResponse, StoredSession, VinapseToken } from '../domain/session';
import { notProvided } from './not-provided';
import { outcomeActions, serverCode, serverMessage, throttledNotice, type Notice } from './outcomes';

export interface SessionContext {
  session: StoredSession | null;
  /** The GLOBAL session kept aside while a tenant is assumed. */
  rootSession: StoredSession | null;
  failure: Failure | null;
  afterAssume: string | null;
  afterReturnToRoot: string | null;
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

/** The session with what `users/me` answered (the token and the video token stay). */
const withMe = (session: StoredSession, me: MeResponse): StoredSession => ({ ...session, state: { ...session.state, ...me } });

/** The root session kept aside, renamed as its user now is (the assumed session acts as that same user). */
const renamedRoot = (root: StoredSession, { user }: MeResponse): StoredSession =>
  root.state.user.id === user.id
    ? { ...root, state: { ...root.state, user: { ...root.state.user, name: user.name, surname: user.surname } } }
    : root;

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

const destination = (path: string | null) => (path === null ? null : { path });

/** A sign-in refused: for too many failures (429) said in the user's language with when to try again, else the server's words. */
const loginFailedNotice = (failure: Failure): Notice =>
  failure.kind === 'http' && failure.status === 429
    ? throttledNotice(failure.retryAt, 'login.tooManyAttemptsLater')
    : { severity: 'error', messageKey: 'login.failed', message: serverMessage(failure), ...serverCode(failure) };

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: notProvided<RestoredSession | null>('restoreSession'),
    login: notProvided<LoginResponse, Credentials>('login'),
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
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: null,
    rootSession: null,
    failure: null,
    afterAssume: input.afterAssume ?? null,
    afterReturnToRoot: input.afterReturnToRoot ?? null,
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
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ session: ({ event }) => toStored(event.output) }),
            { type: 'storeSession', params: ({ event }) => toStored(event.output) },
            { type: 'notify', params: { severity: 'success', messageKey: 'login.succeeded' } },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [assign({ failure: failureOf }), { type: 'notify', params: ({ event }) => loginFailedNotice(failureOf({ event })) }],
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
