import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createAccountApi } from '../api/account';
import { createQueryClient } from '../api/query-client';
import { cacheResourceApi } from '../api/resource-cache';
import { createResourceApi, type ResourceApi } from '../api/resources';
import { createTrainingPlanApis } from '../api/training-plans';
import { createVideoTokens } from '../api/video-token';
import { resourceNames, type ResourceName } from '../domain/resource';
import { listMachine } from '../machines/list.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { ConsoleMachines, ResourceMachines } from '../views/actors';
import { keyedFormMachine } from './keyed-form';
import { provideSettingsMachines } from './settings';
import { provideTrainingPlanMachines } from './training-plans';
import { provideVideoMachines } from './video';

export type ResourceApis = Record<ResourceName, ResourceApi>;

/** Every resource's list and form machine, calling its API through the query cache. */
export function provideResourceMachines(apis: ResourceApis, queryClient: QueryClient): Record<ResourceName, ResourceMachines> {
  const machinesOf = (resource: ResourceName): ResourceMachines => {
    const api = cacheResourceApi(apis[resource], queryClient, resource);
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
  return Object.fromEntries(resourceNames.map((resource) => [resource, machinesOf(resource)])) as Record<ResourceName, ResourceMachines>;
}

const createResourceApis = (http: KyInstance): ResourceApis =>
  Object.fromEntries(resourceNames.map((resource) => [resource, createResourceApi(http, resource)])) as ResourceApis;

export interface SignedInRuntime {
  machines: ConsoleMachines;
  /** The cache of what the API answered; the session clears it on sign-out, assume and return. */
  queryClient: QueryClient;
}

export interface SignedInDependencies {
  http: KyInstance;
  session: ActorRefFrom<typeof sessionMachine>;
  readAccessToken: () => string | null;
}

/**
 * The machines of the signed-in screens wired to the real API through the query cache: built once per console,
 * the first time a signed-in screen needs them (this module is a chunk of the signed-in console).
 */
export function provideConsoleMachines({ http, session, readAccessToken }: SignedInDependencies): SignedInRuntime {
  const queryClient = createQueryClient();
  const apis = createResourceApis(http);
  const resources = provideResourceMachines(apis, queryClient);
  const videoTokens = createVideoTokens({
    http,
    readSession: () => session.getSnapshot().context.session?.state ?? null,
    readAccessToken,
    storeToken: (vinapse) => session.send({ type: 'session.videoTokenRefreshed', vinapse }),
  });
  const video = provideVideoMachines(videoTokens.obtain, apis.contents, queryClient, resources.contents.form);
  const trainingPlans = provideTrainingPlanMachines(createTrainingPlanApis(http), apis['training-plans'], queryClient);
  const settings = provideSettingsMachines(createAccountApi(http), queryClient, session);
  return { machines: { resources, video, trainingPlans, settings }, queryClient };
}

export type ProvideConsoleMachines = typeof provideConsoleMachines;
