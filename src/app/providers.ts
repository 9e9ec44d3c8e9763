import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { i18n } from 'i18next';
import { createAuthApi, type AuthApi } from '../api/auth';
import { createHttpClient } from '../api/http';
import { createStorage, type BrowserStorage, type KeyValueStore } from '../api/storage';
import type { Failure } from '../domain/failure';
import { createI18n, detectLanguage, type LoadTranslations } from '../i18n';
import { notificationsMachine, type Notification } from '../machines/notifications.machine';
import { sessionMachine } from '../machines/session.machine';
import type { ConsoleActorOptions, ConsoleActors, ConsoleMachines } from '../views/actors';
import type { ProvideConsoleMachines, SignedInRuntime } from './console-machines';

/** The session machine wired to the real API, the browser storage and (once there is one) the query cache. */
function provideSessionMachine(auth: AuthApi, storage: BrowserStorage, clearCache: () => void) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const session = storage.readSession();
        return session && { session, rootSession: storage.readRootSession() };
      }),
      login: fromPromise(({ input }) => auth.login(input)),
      assume: fromPromise(({ input }) => auth.assume(input)),
      logout: fromPromise(({ input }) => auth.logout(input)),
      fetchMe: fromPromise(() => auth.me()),
    },
    actions: {
      storeSession: (_, session) => storage.writeSession(session),
      storeRootSession: (_, session) => storage.writeRootSession(session),
      clearSessionData: () => {
        storage.clearSessions();
        clearCache();
      },
      forgetRootSession: () => storage.clearRootSession(),
      clearCache,
    },
  });
}

/** The notification of a sign-in refused for too many failures: when it may be tried again, if the API said. */
export const tooManyAttempts = (retryAt: number | undefined) =>
  retryAt === undefined
    ? { messageKey: 'login.tooManyAttemptsLater' }
    : { messageKey: 'login.tooManyAttempts', values: { retryAt } };

const serverMessage = (failure: Failure) => (failure.kind === 'http' ? failure.message : undefined);

/** Turns what the session reports into notifications (spec §8). */
export function announceSessionEvents(
  session: ActorRefFrom<typeof sessionMachine>,
  notifications: ActorRefFrom<typeof notificationsMachine>,
) {
  const push = (notification: Omit<Notification, 'id'>) => notifications.send({ type: 'notifications.push', ...notification });
  session.on('session.loggedIn', () => push({ severity: 'success', messageKey: 'login.succeeded' }));
  session.on('session.loginFailed', ({ failure }) => {
    if (failure.kind === 'http' && failure.status === 429) {
      // Said in the user's language, with when to try again, rather than the server's English words.
      return push({ severity: 'error', ...tooManyAttempts(failure.retryAt) });
    }
    push({ severity: 'error', messageKey: 'login.failed', message: serverMessage(failure) });
  });
  session.on('session.assumed', ({ state }) =>
    push({ severity: 'success', messageKey: 'feedback.tenantAssumed', values: { name: state.tenant?.name ?? '' } }),
  );
  session.on('session.assumeFailed', ({ failure }) =>
    push({ severity: 'error', messageKey: 'login.failed', message: serverMessage(failure) }),
  );
  session.on('session.returnedToRoot', () => push({ severity: 'success', messageKey: 'feedback.returnedToRoot' }));
}

export interface ConsoleRuntime {
  actors: ConsoleActors;
  i18n: i18n;
  /** The signed-in screens' machines and the query cache, built (and their code fetched) on the first call. */
  signedIn: () => Promise<SignedInRuntime>;
}

export interface ConsoleEnvironment {
  store: KeyValueStore;
  /** The API base; `/api/` (same origin) unless given. */
  apiUrl?: string;
  browserLanguages: readonly string[];
  /** The transport of every API call; the browser's `fetch` unless given. */
  fetch?: typeof globalThis.fetch;
  /** Options for every actor the console starts (an inspector, a clock); none in production. */
  actorOptions?: ConsoleActorOptions;
  /** Where the texts come from; each language's chunk, fetched when first used, unless given. */
  translations?: LoadTranslations;
  /** What builds the signed-in screens' machines; fetched with the signed-in console's code unless given. */
  consoleMachines?: ProvideConsoleMachines;
}

/**
 * Everything the console runs on, built once and started: the session, the notifications and the texts at once;
 * the signed-in screens' machines (and the query cache) the first time a signed-in screen asks for them.
 */
export function createConsole({
  store,
  apiUrl,
  browserLanguages,
  fetch,
  actorOptions,
  translations,
  consoleMachines,
}: ConsoleEnvironment): ConsoleRuntime {
  const storage = createStorage(store);
  let signedIn: SignedInRuntime | undefined;
  const http = createHttpClient({
    prefixUrl: apiUrl,
    fetch,
    getToken: storage.readToken,
    onUnauthorized: () => session.send({ type: 'session.unauthorized' }),
  });
  const session = createActor(
    provideSessionMachine(createAuthApi(http), storage, () => signedIn?.queryClient.clear()),
    actorOptions,
  );
  const notifications = createActor(notificationsMachine, actorOptions);
  announceSessionEvents(session, notifications);
  notifications.start();
  session.start();

  const build = (provide: ProvideConsoleMachines) => (signedIn = provide({ http, session, readAccessToken: storage.readToken }));
  let loading: Promise<SignedInRuntime> | undefined;
  const load = (): SignedInRuntime | Promise<SignedInRuntime> =>
    signedIn ??
    (consoleMachines
      ? build(consoleMachines)
      : (loading ??= import('./console-machines').then(
          (module) => build(module.provideConsoleMachines),
          (error: unknown) => {
            // A failed fetch (offline for a moment) is tried again on the next call.
            loading = undefined;
            machinesLoading = undefined;
            throw error;
          },
        )));
  let machinesLoading: Promise<ConsoleMachines> | undefined;
  const machines = () => {
    const runtime = load();
    return runtime instanceof Promise ? (machinesLoading ??= runtime.then((loaded) => loaded.machines)) : runtime.machines;
  };

  const i18n = createI18n(detectLanguage(storage.readLanguage(), browserLanguages), {
    ...(translations && { load: translations }),
    onLanguageChange: (language) => storage.writeLanguage(language),
  });
  return { actors: { session, notifications, machines, actorOptions }, i18n, signedIn: async () => load() };
}
