import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createQueryClient } from '../api/query-client';
import type { BrowserStorage } from '../api/storage';
import { createUserImportApi } from '../api/user-import';
import { createVideoTokens } from '../api/video-token';
import type { ExportApi } from '../api/exports';
import type { ActivityEntry } from '../domain/activity';
import type { ResourceName, StoredRecord } from '../domain/resource';
import { listExportMachine } from '../machines/list-export.machine';
import { listMachineOf } from '../machines/list.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { ConsoleMachines, ResourceMachines } from '../views/actors';
import { cacheConsoleApis, createConsoleApis, type CachedApis, type CachedResourceApi } from './cached-apis';
import { saveDownload } from './download';
import { provideRecordForm } from './keyed-form';
import type { OutcomeActions } from './outcomes';
import { provideSettingsMachines } from './settings';
import { provideTrainingPlanMachines } from './training-plans';
import { provideUserImport } from './user-import';
import { provideVideoMachines, type ObtainVideoAccess } from './video';

/** A resource's list and form machine, calling its API through the query cache. */
function provideResourceMachines<Item extends StoredRecord>(
  name: ResourceName,
  api: CachedResourceApi<Item>,
  exports: ExportApi,
  outcomes: OutcomeActions,
): ResourceMachines<Item> {
  return {
    list: listMachineOf<Item>().provide({
      actors: {
        fetchPage: fromPromise(({ input: { reload, ...request } }) => api.list(request, { reload })),
        deleteRecord: fromPromise(({ input }) => api.remove(input.id)),
      },
      actions: outcomes,
    }),
    form: provideRecordForm(api, outcomes),
    export: listExportMachine.provide({
      actors: {
        exportList: fromPromise(async ({ input: { language, ...request } }) =>
          saveDownload(await exports.exportCsv(name, request, language)),
        ),
      },
      actions: outcomes,
    }),
  };
}

export interface MachineDependencies {
  outcomes: OutcomeActions;
  obtainVideoAccess: ObtainVideoAccess;
  session: Pick<ActorRefFrom<typeof sessionMachine>, 'send'>;
}

/** Every machine of the signed-in screens on the cached APIs, each with the console's outcome actions. */
export function provideMachines(apis: CachedApis, { outcomes, obtainVideoAccess, session }: MachineDependencies): ConsoleMachines {
  const resources = {
    companies: provideResourceMachines('companies', apis.resources.companies, apis.exports, outcomes),
    tenants: provideResourceMachines('tenants', apis.resources.tenants, apis.exports, outcomes),
    users: provideResourceMachines('users', apis.resources.users, apis.exports, outcomes),
    topics: provideResourceMachines('topics', apis.resources.topics, apis.exports, outcomes),
    contents: provideResourceMachines('contents', apis.resources.contents, apis.exports, outcomes),
    'training-plans': provideResourceMachines('training-plans', apis.resources['training-plans'], apis.exports, outcomes),
  };
  return {
    resources,
    video: provideVideoMachines(obtainVideoAccess, apis.resources.contents, resources.contents.form, outcomes),
    trainingPlans: provideTrainingPlanMachines(apis.trainingPlans, apis.resources['training-plans'], outcomes),
    settings: provideSettingsMachines(apis.account, session, outcomes),
    activity: listMachineOf<ActivityEntry>().provide({
      actors: {
        fetchPage: fromPromise(({ input: { reload: _, ...request } }) => apis.activity.list(request)),
        deleteRecord: fromPromise(() => Promise.reject(new Error('The audit log is never deleted'))),
      },
      actions: outcomes,
    }),
  };
}

export interface SignedInRuntime {
  machines: ConsoleMachines;
  /** The cache of what the API answered; the session clears it on sign-out, assume and return. */
  queryClient: QueryClient;
}

export interface SignedInDependencies {
  http: KyInstance;
  session: ActorRefFrom<typeof sessionMachine>;
  outcomes: OutcomeActions;
  readAccessToken: () => string | null;
  /** The console's storage (the CSV import remembers its mapping there). */
  storage: Pick<BrowserStorage, 'readImportMapping' | 'writeImportMapping'>;
}

/**
 * The machines of the signed-in screens wired to the real API through the query cache: built once per console,
 * the first time a signed-in screen needs them (this module is a chunk of the signed-in console).
 */
export function provideConsoleMachines({ http, session, outcomes, readAccessToken, storage }: SignedInDependencies): SignedInRuntime {
  const queryClient = createQueryClient();
  const videoTokens = createVideoTokens({
    http,
    readSession: () => session.getSnapshot().context.session?.state ?? null,
    readAccessToken,
    storeToken: (vinapse) => session.send({ type: 'session.videoTokenRefreshed', vinapse }),
  });
  const apis = cacheConsoleApis(createConsoleApis(http), queryClient);
  const userImport = provideUserImport({
    api: createUserImportApi(http),
    storage,
    importedUsers: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  return { machines: { ...provideMachines(apis, { outcomes, obtainVideoAccess: videoTokens.obtain, session }), userImport }, queryClient };
}

export type ProvideConsoleMachines = typeof provideConsoleMachines;
