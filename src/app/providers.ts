import type { StorageManager } from '@mui/material/styles';
import { createActor, fromPromise } from 'xstate';
import type { i18n } from 'i18next';
import { createAccountLinksApi } from '../api/account-links';
import { createAuthApi, type AuthApi } from '../api/auth';
import { createHttpClient } from '../api/http';
import { createStorage, type BrowserStorage, type KeyValueStore } from '../api/storage';
import { createI18n, detectLanguage, type LoadTranslations } from '../i18n';
import { notificationsMachine } from '../machines/notifications.machine';
import { sessionMachine } from '../machines/session.machine';
import type { ConsoleActorOptions, ConsoleActors, ConsoleMachines } from '../views/actors';
import type { PrimedAnswer } from '../api/resource-cache';
import type { ProvideConsoleMachines } from './console-machines';
import type { SignedInDependencies, SignedInRuntime } from './signed-in-machines';
import { createNavigation, type Navigation } from './navigation';
import { outcomeActions, type OutcomeActions } from './outcomes';
import { provideAccountLinkMachine } from './account-links';
import { routeCode } from './route-code';

/** Assuming a tenant leads home; coming back to the root admin leads to the tenants. */
export const sessionPages = { afterAssume: '/home', afterReturnToRoot: '/tenants' };

/** The session machine wired to the real API, the browser storage and (once there is one) the query cache. */
function provideSessionMachine(auth: AuthApi, storage: BrowserStorage, clearCache: () => void, outcomes: OutcomeActions) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const session = storage.readSession();
        return session && { session, rootSession: storage.readRootSession() };
      }),
      login: fromPromise(({ input }) => auth.login(input)),
      verifyCode: fromPromise(({ input }) => auth.verifyCode(input)),
      startSignInSetup: fromPromise(({ input }) => auth.startSetup(input)),
      confirmSignInSetup: fromPromise(({ input }) => auth.confirmSetup(input)),
      assume: fromPromise(({ input }) => auth.assume(input)),
      logout: fromPromise(({ input }) => auth.logout(input)),
      fetchMe: fromPromise(() => auth.me()),
    },
    actions: {
      ...outcomes,
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

export interface ConsoleRuntime {
  actors: ConsoleActors;
  i18n: i18n;
  /** Where the machines' `navigate` goes: the router the console is rendered in attaches itself to it. */
  navigation: Navigation;
  /** The signed-in screens' machines and the query cache, built (and all their code fetched) on the first call. */
  signedIn: () => Promise<SignedInRuntime>;
  /** Where the theme keeps the user's light/dark/system choice: the console's storage, like the language. */
  colorSchemeStorage: StorageManager;
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
  /** Answers the page asked for at start, from its address (`first-load.ts`): the query cache starts with them. */
  primed?: readonly PrimedAnswer[];
}

/**
 * Everything the console runs on, built once and started: the session, the notifications, the navigation the
 * machines' outcomes go to and the texts at once;
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
  primed,
}: ConsoleEnvironment): ConsoleRuntime {
  const storage = createStorage(store);
  let signedIn: SignedInRuntime | undefined;
  const http = createHttpClient({
    prefixUrl: apiUrl,
    fetch,
    getToken: storage.readToken,
    onUnauthorized: () => session.send({ type: 'session.unauthorized' }),
  });
  const notifications = createActor(notificationsMachine, actorOptions);
  const navigation = createNavigation();
  const outcomes = outcomeActions(notifications, navigation);
  const session = createActor(
    provideSessionMachine(createAuthApi(http), storage, () => signedIn?.queryClient.clear(), outcomes),
    {
      ...actorOptions,
      input: sessionPages,
    },
  );
  notifications.start();
  session.start();

  const dependencies: SignedInDependencies = {
    http,
    session,
    outcomes,
    readAccessToken: storage.readToken,
    storage,
    ...(primed && { primed }),
  };
  const build = (provide: () => SignedInRuntime) => (signedIn = provide());
  let loading: Promise<SignedInRuntime> | undefined;
  // In the browser, the signed-in machines come with the signed-in console's chunk; the few screens' own machines
  // in another one, fetched by those screens (`signed-in-machines.ts`).
  const load = (): SignedInRuntime | Promise<SignedInRuntime> =>
    signedIn ??
    (consoleMachines
      ? build(() => consoleMachines(dependencies))
      : (loading ??= routeCode.signedInConsole().then(
          (module) => build(() => module.provideSignedInMachines(dependencies, routeCode.screenMachines)),
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
  const colorSchemeStorage: StorageManager = ({ key }) => ({
    get: (defaultValue: unknown) => storage.readColorScheme(key) ?? defaultValue,
    set: (value: unknown) => storage.writeColorScheme(key, String(value)),
    subscribe: () => () => {},
  });
  return {
    actors: {
      session,
      notifications,
      accountLink: provideAccountLinkMachine(createAccountLinksApi(http), outcomes),
      machines,
      actorOptions,
    },
    i18n,
    navigation,
    signedIn: async () => {
      const runtime = await load();
      await runtime.screensReady();
      return runtime;
    },
    colorSchemeStorage,
  };
}
