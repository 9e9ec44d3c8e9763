import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { createQueryClient } from '../../src/api/query-client';
import { ConsoleShell } from '../../src/app/ConsoleShell';
import { announceSessionEvents, provideResourceMachines } from '../../src/app/providers';
import type { ResourceName } from '../../src/domain/resource';
import { createI18n, type Language } from '../../src/i18n';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { fakeSessionMachine, type SessionFakes } from '../machines/session-fixtures';
import { fakeApis, type FakeResource } from './fake-api';
import { historyLocation } from './history-location';

export interface RenderOptions extends Partial<SessionFakes> {
  path?: string;
  language?: Language;
  /** Resources kept in memory by fake APIs (empty unless given); the real cache and machines run on them. */
  resources?: Partial<Record<ResourceName, FakeResource>>;
}

/** The whole console at `path`, on a session fed with fakes (signed out, calls pending, unless overridden). */
export function renderConsole({ path = '/', language = 'en', resources: given, ...overrides }: RenderOptions = {}) {
  const { machine, fakes, effects } = fakeSessionMachine(overrides);
  const queryClient = createQueryClient();
  effects.clearCache.mockImplementation(() => queryClient.clear());
  effects.clearSessionData.mockImplementation(() => queryClient.clear());
  const session = createActor(machine);
  const notifications = createActor(notificationsMachine);
  const { resources, apis } = fakeApis(given);
  announceSessionEvents(session, notifications);
  notifications.start();
  session.start();
  const history = historyLocation(path);
  const i18n = createI18n(language);
  const user = userEvent.setup();
  render(
    <Router hook={history.hook} searchHook={history.searchHook}>
      <ConsoleShell actors={{ session, notifications, resources: provideResourceMachines(apis, queryClient) }} i18n={i18n} />
    </Router>,
  );
  return { user, session, fakes, i18n, queryClient, resources, history, location: history.current };
}
