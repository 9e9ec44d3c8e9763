import { newIdempotencyKey } from '../api/idempotency';
import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createQueryClient } from '../api/query-client';
import { primeResourceCache, type PrimedAnswer } from '../api/resource-cache';
import type { BrowserStorage } from '../api/storage';
import type { ExportApi } from '../api/exports';
import type { ActivityEntry } from '../domain/activity';
import type { ReportName, ReportRows } from '../domain/reports';
import type { ResourceName, StoredRecord } from '../domain/resource';
import { listExportMachine } from '../machines/list-export.machine';
import { listMachineOf } from '../machines/list.machine';
import { quizExchangeMachine } from '../machines/quiz-exchange.machine';
import { quizPreviewMachine } from '../machines/quiz-preview.machine';
import { savedViewsMachine } from '../machines/saved-views.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { ConsoleMachines, ResourceMachines } from '../views/actors';
import { provideAccountMachines } from './account-security';
import { provideDeliveryMachines } from './delivery';
import { cacheConsoleApis, createConsoleApis, type CachedApis, type CachedResourceApi } from './cached-apis';
import { saveDownload } from './download';
import { provideRecordForm } from './keyed-form';
import type { OutcomeActions } from './outcomes';
import type { provideScreenMachines, ScreenMachineDependencies, ScreenMachines } from './screen-machines';
import { provideSettingsMachines } from './settings';

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
        // A fresh key per confirmed action: a retry of the same request (a lost answer) does not act twice.
        bulkAction: fromPromise(({ input }) => api.bulk(input, newIdempotencyKey())),
      },
      actions: outcomes,
    }),
    form: provideRecordForm(api, outcomes),
    export: listExportMachine.provide({
      actors: {
        exportList: fromPromise(async ({ input: { language, ids, ...request } }) =>
          saveDownload(await exports.exportCsv(name, request, language, ids)),
        ),
      },
      actions: outcomes,
    }),
  };
}

/** A completion report as a read-only list (issue 27). */
function provideReportMachine<Name extends ReportName>(name: Name, apis: CachedApis, outcomes: OutcomeActions) {
  return listMachineOf<ReportRows[Name]>().provide({
    actors: {
      fetchPage: fromPromise(({ input: { reload: _, ...request } }) => apis.reports.list(name, request)),
      deleteRecord: fromPromise(() => Promise.reject(new Error('A report has no rows to delete'))),
    },
    actions: outcomes,
  });
}

/** The machines every signed-in screen may need: the lists and forms of every resource, the settings, the audit log. */
export type CoreMachines = Omit<ConsoleMachines, keyof ScreenMachines>;

/** Every machine of the signed-in screens but the few screens' own ({@link ScreenMachines}), on the cached APIs. */
export function provideCoreMachines(
  apis: CachedApis,
  { outcomes, session }: { outcomes: OutcomeActions; session: Pick<ActorRefFrom<typeof sessionMachine>, 'send'> },
): CoreMachines {
  return {
    resources: {
      companies: provideResourceMachines('companies', apis.resources.companies, apis.exports, outcomes),
      tenants: provideResourceMachines('tenants', apis.resources.tenants, apis.exports, outcomes),
      users: provideResourceMachines('users', apis.resources.users, apis.exports, outcomes),
      topics: provideResourceMachines('topics', apis.resources.topics, apis.exports, outcomes),
      contents: provideResourceMachines('contents', apis.resources.contents, apis.exports, outcomes),
      'training-plans': provideResourceMachines('training-plans', apis.resources['training-plans'], apis.exports, outcomes),
      quizzes: provideResourceMachines('quizzes', apis.resources.quizzes, apis.exports, outcomes),
      groups: provideResourceMachines('groups', apis.resources.groups, apis.exports, outcomes),
    },
    settings: provideSettingsMachines(apis.account, session, outcomes),
    accounts: provideAccountMachines(apis.accountAdmin, outcomes),
    quizPreview: quizPreviewMachine.provide({
      actors: { scorePreview: fromPromise(({ input }) => apis.quizzes.preview(input.quizId, input.answers)) },
      actions: outcomes,
    }),
    quizExchange: quizExchangeMachine.provide({
      actors: {
        exportQti: fromPromise(async ({ input }) => saveDownload(await apis.quizzes.exportQti(input.quizId))),
        importQti: fromPromise(({ input }) => apis.quizzes.importQti(input.file)),
      },
      actions: outcomes,
    }),
    delivery: provideDeliveryMachines(apis.delivery, apis.exports, outcomes),
    savedViews: savedViewsMachine.provide({
      actors: {
        loadViews: fromPromise(async ({ input }) => (await apis.savedViews.list(input.list)).items),
        // A fresh key per save asked: a retry of the same request (a lost answer) does not save twice.
        saveView: fromPromise(({ input }) => apis.savedViews.save(input, newIdempotencyKey())),
        renameView: fromPromise(({ input }) => apis.savedViews.rename(input.id, input.name)),
        deleteView: fromPromise(({ input }) => apis.savedViews.remove(input.id)),
      },
      actions: outcomes,
    }),
    activity: listMachineOf<ActivityEntry>().provide({
      actors: {
        fetchPage: fromPromise(({ input: { reload: _, ...request } }) => apis.activity.list(request)),
        deleteRecord: fromPromise(() => Promise.reject(new Error('The audit log is never deleted'))),
      },
      actions: outcomes,
    }),
    reports: {
      companies: provideReportMachine('companies', apis, outcomes),
      plans: provideReportMachine('plans', apis, outcomes),
      groups: provideReportMachine('groups', apis, outcomes),
    },
  };
}

export interface SignedInRuntime {
  machines: ConsoleMachines;
  /** The cache of what the API answered; the session clears it on sign-out, assume and return. */
  queryClient: QueryClient;
  /** Resolves once every machine is there, the few screens' own included (at once when they were built with the rest). */
  screensReady: () => Promise<void>;
}

export interface SignedInDependencies {
  http: KyInstance;
  session: ActorRefFrom<typeof sessionMachine>;
  outcomes: OutcomeActions;
  readAccessToken: () => string | null;
  /** The console's storage (the CSV import remembers its mapping there). */
  storage: Pick<BrowserStorage, 'readImportMapping' | 'writeImportMapping'>;
  /** Answers asked for at start, from the address (`first-load.ts`): the cache holds them before any machine asks. */
  primed?: readonly PrimedAnswer[];
}

/** The query cache (with the answers asked for at start), the cached APIs and the core machines on them. */
export function provideSignedInCore(dependencies: SignedInDependencies) {
  const queryClient = createQueryClient();
  const direct = createConsoleApis(dependencies.http);
  primeResourceCache(queryClient, dependencies.primed ?? [], (primed) =>
    'id' in primed ? direct.resources[primed.resource].get(primed.id) : direct.resources[primed.resource].list(primed.request),
  );
  const apis = cacheConsoleApis(direct, queryClient);
  const machines = provideCoreMachines(apis, dependencies);
  const screenDependencies: ScreenMachineDependencies = {
    ...dependencies,
    apis,
    queryClient,
    contentForm: machines.resources.contents.form,
  };
  return { queryClient, machines, screenDependencies };
}

interface ScreenMachinesModule {
  provideScreenMachines: typeof provideScreenMachines;
}

/**
 * The signed-in console as the browser builds it: the core machines at once, the few screens' own when their code
 * has come ({@link screensOnDemand}); `loadScreens` fetches that code (the screens that need it ask for it ahead).
 */
export function provideSignedInMachines(
  dependencies: SignedInDependencies,
  loadScreens: () => Promise<ScreenMachinesModule>,
): SignedInRuntime {
  const { queryClient, machines, screenDependencies } = provideSignedInCore(dependencies);
  const screens = screensOnDemand(async () => (await loadScreens()).provideScreenMachines(screenDependencies));
  return { queryClient, machines: { ...machines, ...screens.machines }, screensReady: async () => void (await screens.load()) };
}

/**
 * The screens' machines, built once their code is there. Until then, reading one suspends the view that reads it
 * (it throws the promise of the code, as React's Suspense expects), which renders again once the code has come; a
 * failed fetch is thrown once as an error (the page's load boundary offers Reload), and asked for again after.
 */
function screensOnDemand(build: () => Promise<ScreenMachines>) {
  let built: ScreenMachines | undefined;
  let loading: Promise<ScreenMachines> | undefined;
  let failure: { error: unknown } | undefined;
  const load = () =>
    (loading ??= build().then(
      (machines) => (built = machines),
      (error: unknown) => {
        loading = undefined;
        failure = { error };
        throw error;
      },
    ));
  const ready = (): ScreenMachines => {
    if (built) return built;
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    // Suspends the reading view until the code has come: a thrown promise is what React's Suspense waits for.
    throw load().catch(() => undefined);
  };
  const machines: ScreenMachines = {
    video: {
      get wizard() {
        return ready().video.wizard;
      },
      get player() {
        return ready().video.player;
      },
    },
    trainingPlans: {
      modules: (planId) => ready().trainingPlans.modules(planId),
      items: (planId, moduleId) => ready().trainingPlans.items(planId, moduleId),
    },
    userImport: {
      get machine() {
        return ready().userImport.machine;
      },
      input: () => ready().userImport.input(),
    },
  };
  return { machines, load };
}

export type ProvideSignedInMachines = typeof provideSignedInMachines;
