import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { ConsoleShell } from '../../src/app/ConsoleShell';
import { announceSessionEvents } from '../../src/app/providers';
import { createI18n, type Language } from '../../src/i18n';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { fakeSessionMachine, type SessionFakes } from '../machines/session-fixtures';

/** The whole console at `path`, on a session fed with fakes (signed out, calls pending, unless overridden). */
export function renderConsole({ path = '/', language = 'en', ...overrides }: { path?: string; language?: Language } & Partial<SessionFakes> = {}) {
  const { machine, fakes } = fakeSessionMachine(overrides);
  const session = createActor(machine);
  const notifications = createActor(notificationsMachine);
  announceSessionEvents(session, notifications);
  notifications.start();
  session.start();
  const memory = memoryLocation({ path, record: true });
  const i18n = createI18n(language);
  const user = userEvent.setup();
  render(
    <Router hook={memory.hook}>
      <ConsoleShell actors={{ session, notifications }} i18n={i18n} />
    </Router>,
  );
  return { user, session, fakes, i18n, location: () => memory.history?.at(-1) };
}
