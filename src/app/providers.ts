import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { QueryClient } from '@tanstack/query-core';
import type { i18n } from 'i18next';
import { createAccountApi } from '../api/account';
import { createAuthApi, type AuthApi } from '../api/auth';
import { createHttpClient } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { cacheResourceApi } from '../api/resource-cache';
import { createResourceApis, type ResourceApi, type ResourceApis } from '../api/resources';
import { createStorage, type BrowserStorage, type KeyValueStore } from '../api/storage';
import { createTrainingPlanApis } from '../api/training-plans';
import { createVideoTokens } from '../api/video-token';
import type { Failure } from '../domain/failure';
import type { ResourceName, StoredRecord } from '../domain/resource';
import { createI18n, detectLanguage } from '../i18n';
import { listMachine } from '../machines/list.machine';
import { notificationsMachine, type Notification } from '../machines/notifications.machine';
import { sessionMachine } from '../machines/session.machine';
import type { ConsoleActorOptions, ConsoleActors, ResourceMachines } from '../views/actors';
import { keyedFormMachine } from './keyed-form';
import { provideSettingsMachines } from './settings';
import { provideTrainingPlanMachines } from './training-plans';
import { provideVideoMachines } from './video';

/** The session machine wired to the real API, the browser storage and the query cache. */
function provideSessionMachine(auth: AuthApi, storage: BrowserStorage, queryClient: QueryClient) {
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
        queryClient.clear();
      },
      forgetRootSession: () => storage.clearRootSession(),
      clearCache: () => queryClient.clear(),
    },
  });
}

export type { ResourceApis };

/** Every resource's list and form machine, calling its API through the query cache. */
export function provideResourceMachines(apis: ResourceApis, queryClient: QueryClient): Record<ResourceName, ResourceMachines> {
  const machinesOf = <Item extends StoredRecord>(resourceApi: ResourceApi<Item>, resource: ResourceName): ResourceMachines => {
    const api = cacheResourceApi(resourceApi, queryClient, resource);
    return {
      list: listMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input: { reload, ...request } }) => api.list(request, { reload })),
          deleteRecord: fromPromise(({ input }) => api.remove(input.id)),
        },
      }),
      form: keyedFormMachine.provide({
        actors: {
          loadRecord: fromPromise(({ input: { id, reload } }) => api.get(id, { reload })),
          saveRecord: fromPromise(({ input: { id, body, version, idempotencyKey } }) =>
            id === null ? api.create(body, idempotencyKey) : api.update(id, { ...body, version }),
          ),
          deleteRecord: fromPromise(({ input }) => api.remove(input.id)),
        },
      }),
    };
  };
  return {
    companies: machinesOf(apis.companies, 'companies'),
    tenants: machinesOf(apis.tenants, 'tenants'),
    users: machinesOf(apis.users, 'users'),
    topics: machinesOf(apis.topics, 'topics'),
    contents: machinesOf(apis.contents, 'contents'),
    'training-plans': machinesOf(apis['training-plans'], 'training-plans'),
  };
}

/** The notification of a sign-in refused for too many failures: when it may be tried again, if the API said. */
export const tooManyAttempts = (retryAt: number | undefined) =>
  retryAt === undefined
    ? { messageKey: 'login.tooManyAttemptsLater' }
    : { messageKey: 'login.tooManyAttempts', values: { retryAt } };

const serverMessage = (failure: Failure) => (failure.kind === 'http' ? failure.message : undefined);

/** Turns what the session reports (signed in, refused, assumed, returned) into notifications for the user. */
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
  queryClient: QueryClient;
}

export interface ConsoleEnvironment {
  store: KeyValueStore;
  /** The API base; `/api/` (same origin) unless given. */
  apiUrl?: string;
  browserLanguages: readonly string[];
  onLanguageChange?: (language: string) => void;
  /** The transport of every API call; the browser's `fetch` unless given. */
  fetch?: typeof globalThis.fetch;
  /** Options for every actor the console starts (an inspector, a clock); none in production. */
  actorOptions?: ConsoleActorOptions;
}

/** Everything the console runs on, built once and started. */
export function createConsole({ store, apiUrl, browserLanguages, onLanguageChange, fetch, actorOptions }: ConsoleEnvironment): ConsoleRuntime {
  const storage = createStorage(store);
  const queryClient = createQueryClient();
  const http = createHttpClient({
    prefixUrl: apiUrl,
    fetch,
    getToken: storage.readToken,
    onUnauthorized: () => session.send({ type: 'session.unauthorized' }),
  });
  const session = createActor(provideSessionMachine(createAuthApi(http), storage, queryClient), actorOptions);
  const notifications = createActor(notificationsMachine, actorOptions);
  const apis = createResourceApis(http);
  const resources = provideResourceMachines(apis, queryClient);
  const videoTokens = createVideoTokens({
    http,
    readSession: () => session.getSnapshot().context.session?.state ?? null,
    readAccessToken: storage.readToken,
    storeToken: (vinapse) => session.send({ type: 'session.videoTokenRefreshed', vinapse }),
  });
  const video = provideVideoMachines(videoTokens.obtain, apis.contents, queryClient, resources.contents.form);
  const trainingPlans = provideTrainingPlanMachines(createTrainingPlanApis(http), apis['training-plans'], queryClient);
  const settings = provideSettingsMachines(createAccountApi(http), queryClient, session);
  announceSessionEvents(session, notifications);
  notifications.start();
  session.start();
  const i18n = createI18n(detectLanguage(storage.readLanguage(), browserLanguages), (language) => {
    storage.writeLanguage(language);
    onLanguageChange?.(language);
  });
  return { actors: { session, notifications, resources, video, trainingPlans, settings, actorOptions }, i18n, queryClient };
}
