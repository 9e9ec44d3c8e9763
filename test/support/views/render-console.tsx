import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/query-core';
import { vi } from 'vitest';
import { Router } from 'wouter';
import type { SimulatedClock } from 'xstate';
import { ConsoleShell } from '../../../src/app/ConsoleShell';
import { provideConsoleMachines, type ProvideConsoleMachines } from '../../../src/app/console-machines';
import { startFirstLoad } from '../../../src/app/first-load';
import { createConsole } from '../../../src/app/providers';
import type { ResourceName } from '../../../src/domain/resource';
import type { SavedView } from '../../../src/domain/saved-views';
import type { LoginResponse, VinapseToken } from '../../../src/domain/session';
import type { Language } from '../../../src/i18n';
import { memoryStore } from '../memory-store';
import { loadTranslationsAtOnce } from '../translations';
import { globalState, meAnswer, pending, storedSession } from '../fixtures/session';
import { fakeAccount, type FakeAccount } from './fake-account';
import { fakeDelivery, type FakeDelivery } from './fake-delivery';
import { fakeResources, type FakeResource } from './fake-api';
import { fakeApiBase, fakeServer, type FakeBackend, type SessionCalls } from './fake-server';
import { fakeTrainingPlans, type FakeTrainingPlans } from './fake-training-plans';
import { historyLocation } from './history-location';

/** The video service of the views tests' signed-in sessions (the player and the uploader are framed from it). */
export const videoConfig = { enabled: true, tenantId: 'acme', courseId: 'company-1', serviceUrl: 'http://acme.localhost:3001' };

export interface RenderOptions extends Partial<SessionCalls> {
  path?: string;
  language?: Language;
  /** The session the browser kept from an earlier visit (signed out unless given). */
  signedIn?: LoginResponse;
  /** The root admin's session kept aside while `signedIn` is a tenant it assumed. */
  rootSession?: LoginResponse;
  /** The signed-in session has no video service configured (it has `videoConfig` unless this is false). */
  videoConfigured?: boolean;
  /** `POST auth/refresh-jwt`: the video token for the uploader and the player (pending unless given). */
  refreshVideoToken?: () => Promise<VinapseToken>;
  /** Resources kept in memory by fake APIs (empty unless given); the real console calls them over its HTTP client. */
  resources?: Partial<Record<ResourceName, FakeResource>>;
  /** The modules and items of training plans, in memory (none unless given). */
  trainingPlans?: FakeTrainingPlans;
  /**
   * The signed-in user's own account, in memory (the signed-in user, else the GLOBAL user, unless given): it answers
   * `users/me`, the session's background check as well as the settings.
   */
  account?: FakeAccount;
  /** `POST users/import`, one batch of a CSV import (every row created unless given). */
  importUsers?: FakeBackend['importUsers'];
  /** `GET activity`: the audit log's page for the request the list machine made (empty unless given). */
  activity?: FakeBackend['activity'];
  /** `GET reports/{name}`: a completion report's page (empty unless given). */
  reports?: FakeBackend['reports'];
  /** Issue 30's calls (invitations, links, second factors, policies): as the API answers them unless given. */
  accountSecurity?: FakeBackend['accountSecurity'];
  /** `POST quizzes/{id}/preview` (pending unless given). */
  quizPreview?: FakeBackend['quizPreview'];
  /** Groups' members and plans' assignments, in memory (none unless given: empty lists). */
  delivery?: FakeDelivery;
  /** The user's saved views (issue 29), kept in this array (none unless given). */
  savedViews?: SavedView[];
  /** The clock of every actor the console starts (real time unless given): a test moves it, not the machine's speed. */
  clock?: SimulatedClock;
  /** The page asks for its route's data at start, from its address, as the browser's does (`first-load.ts`). */
  firstLoad?: boolean;
}

/**
 * The whole console at `path`, built by src/app's `createConsole` as the browser's is (HTTP client, API modules,
 * query cache, machines, outcomes, views), on a storage in memory and a network answered by the fakes of
 * fake-server.ts: signed out and every session call pending, unless the options say otherwise.
 */
export function renderConsole({
  path = '/',
  language = 'en',
  signedIn,
  rootSession,
  videoConfigured = true,
  refreshVideoToken = pending,
  resources: given,
  trainingPlans = fakeTrainingPlans(),
  account: givenAccount,
  importUsers,
  activity,
  reports,
  accountSecurity,
  quizPreview,
  delivery = fakeDelivery(),
  savedViews = [],
  clock,
  firstLoad = false,
  ...overrides
}: RenderOptions = {}) {
  const session = signedIn && (videoConfigured ? { ...signedIn, vinapseConfig: videoConfig } : signedIn);
  const { token: _, ...state } = session ?? { ...globalState, token: '' };
  const account = givenAccount ?? fakeAccount(meAnswer(state, state.user.name));
  const fakes = {
    login: vi.fn<SessionCalls['login']>(overrides.login ?? pending),
    assume: vi.fn<SessionCalls['assume']>(overrides.assume ?? pending),
    logout: vi.fn<SessionCalls['logout']>(overrides.logout ?? (async () => {})),
    verifyCode: vi.fn<SessionCalls['verifyCode']>(overrides.verifyCode ?? pending),
    startSignInSetup: vi.fn<SessionCalls['startSignInSetup']>(overrides.startSignInSetup ?? pending),
    confirmSignInSetup: vi.fn<SessionCalls['confirmSignInSetup']>(overrides.confirmSignInSetup ?? pending),
  };
  const resources = fakeResources(given);
  const store = memoryStore(session ? storedSession(session, rootSession) : {});
  let signedInRuntime: ReturnType<ProvideConsoleMachines> | undefined;
  const fetch = fakeServer({
    session: fakes,
    resources,
    trainingPlans,
    account,
    refreshVideoToken: vi.fn(refreshVideoToken),
    ...(activity && { activity }),
    ...(reports && { reports }),
    ...(accountSecurity && { accountSecurity }),
    ...(quizPreview && { quizPreview }),
    delivery,
    savedViews,
    importUsers,
  });
  const [pathname = '/', search = ''] = path.split('?');
  const primed = firstLoad
    ? startFirstLoad({ location: { pathname, search }, store, browserLanguages: [language], apiUrl: fakeApiBase, fetch }).primed
    : undefined;
  const runtime = createConsole({
    store,
    apiUrl: fakeApiBase,
    browserLanguages: [language],
    fetch,
    ...(primed && { primed }),
    translations: loadTranslationsAtOnce,
    consoleMachines: (dependencies) => (signedInRuntime = provideConsoleMachines(dependencies)),
    ...(clock && { actorOptions: { clock } }),
  });
  const history = historyLocation(path);
  const user = userEvent.setup();
  render(
    <Router hook={history.hook} searchHook={history.searchHook}>
      <ConsoleShell actors={runtime.actors} i18n={runtime.i18n} navigation={runtime.navigation} />
    </Router>,
  );
  return {
    user,
    session: runtime.actors.session,
    fakes,
    i18n: runtime.i18n,
    /** The query cache of the signed-in screens (there once a signed-in screen was shown). */
    queryClient(): QueryClient {
      if (!signedInRuntime) throw new Error('No signed-in screen was shown yet');
      return signedInRuntime.queryClient;
    },
    store,
    resources,
    trainingPlans,
    account,
    history,
    location: history.current,
  };
}
