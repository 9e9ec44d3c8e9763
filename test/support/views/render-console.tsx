import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { createQueryClient } from '../../../src/api/query-client';
import { ConsoleShell } from '../../../src/app/ConsoleShell';
import { cacheConsoleApis } from '../../../src/app/cached-apis';
import { provideMachines } from '../../../src/app/console-machines';
import { createNavigation } from '../../../src/app/navigation';
import { outcomeActions } from '../../../src/app/outcomes';
import { provideUserImport, type UserImportDependencies } from '../../../src/app/user-import';
import { sessionPages } from '../../../src/app/providers';
import type { ObtainVideoAccess } from '../../../src/app/video';
import type { ResourceName } from '../../../src/domain/resource';
import { createI18n, type Language } from '../../../src/i18n';
import { notificationsMachine } from '../../../src/machines/notifications.machine';
import { loadTranslationsAtOnce } from '../translations';
import { fakeSessionMachine, globalState, meAnswer, pending, type SessionFakes } from '../fixtures/session';
import { fakeAccount, type FakeAccount } from './fake-account';
import { fakeApis, type FakeResource } from './fake-api';
import { fakeTrainingPlans, type FakeTrainingPlans } from './fake-training-plans';
import { historyLocation } from './history-location';

export interface RenderOptions extends Partial<SessionFakes> {
  path?: string;
  language?: Language;
  /** Resources kept in memory by fake APIs (empty unless given); the real cache and machines run on them. */
  resources?: Partial<Record<ResourceName, FakeResource>>;
  /** The video token for the uploader and the player (pending unless given). */
  obtainVideoAccess?: ObtainVideoAccess;
  /** The modules and items of training plans, in memory (none unless given). */
  trainingPlans?: FakeTrainingPlans;
  /** The signed-in user's own account, in memory (the GLOBAL user unless given). */
  account?: FakeAccount;
  /** The CSV import's one call (every row created unless given) and the storage of its mapping. */
  userImport?: Partial<UserImportDependencies>;
}

/** The whole console at `path`, on a session fed with fakes (signed out, calls pending, unless overridden). */
export function renderConsole({
  path = '/',
  language = 'en',
  resources: given,
  obtainVideoAccess = pending,
  trainingPlans: nested = fakeTrainingPlans(),
  account = fakeAccount(meAnswer(globalState, globalState.user.name)),
  userImport = {},
  ...overrides
}: RenderOptions = {}) {
  const { machine, fakes, effects } = fakeSessionMachine(overrides);
  const queryClient = createQueryClient();
  effects.clearCache.mockImplementation(() => queryClient.clear());
  effects.clearSessionData.mockImplementation(() => queryClient.clear());
  const notifications = createActor(notificationsMachine);
  const navigation = createNavigation();
  const outcomes = outcomeActions(notifications, navigation);
  const session = createActor(machine.provide({ actions: outcomes }), { input: sessionPages });
  const { resources, apis } = fakeApis(given);
  const cached = cacheConsoleApis(
    { resources: apis, trainingPlans: nested.apis, account: account.api, exports: { exportCsv: () => Promise.reject(new Error('not faked')) },
      activity: { list: () => Promise.resolve({ items: [], total: 0, totalIsEstimate: false }) },
    },
    queryClient,
  );
  const consoleMachines = {
    ...provideMachines(cached, { outcomes, obtainVideoAccess, session }),
    userImport: provideUserImport({
      api: { importBatch: ({ dryRun, rows }) => Promise.resolve({ dryRun, results: rows.map(({ line }) => ({ line, outcome: 'created' as const })) }) },
      storage: { readImportMapping: () => ({}), writeImportMapping: () => {} },
      importedUsers: () => {},
      ...userImport,
    }),
  };
  notifications.start();
  session.start();
  const history = historyLocation(path);
  const i18n = createI18n(language, { load: loadTranslationsAtOnce });
  const user = userEvent.setup();
  render(
    <Router hook={history.hook} searchHook={history.searchHook}>
      <ConsoleShell actors={{ session, notifications, machines: () => consoleMachines }} i18n={i18n} navigation={navigation} />
    </Router>,
  );
  return { user, session, fakes, effects, i18n, queryClient, resources, trainingPlans: nested, account, history, location: history.current };
}
