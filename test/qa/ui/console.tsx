import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { SimulatedClock } from 'xstate';
import type { KeyValueStore } from '../../../src/api/storage';
import { memoryStore } from '../../support/memory-store';
import { loadTranslationsAtOnce } from '../../support/translations';
import { ConsoleShell } from '../../../src/app/ConsoleShell';
import { provideConsoleMachines, type ProvideConsoleMachines } from '../../../src/app/console-machines';
import { createConsole } from '../../../src/app/providers';
import type { LoginResponse } from '../../../src/domain/session';
import { globalLogin, meAnswer, storedSession } from '../../support/fixtures/session';
import { historyLocation } from '../../support/views/history-location';
import { actorRecorder } from './actors';
import { apiBase, controlledNetwork } from './network';

export { memoryStore, storedSession };

export interface OpenConsoleOptions {
  /** The address the console opens at. */
  path?: string;
  /** The browser storage (empty unless given). */
  store?: KeyValueStore;
  /** The signed-in screens' machines (the console's own unless given: the walks' self-test gives a mutated one). */
  consoleMachines?: ProvideConsoleMachines;
}

/**
 * The real console (src/app's providers, HTTP client, API modules, cache, machines and views) in jsdom, with
 * the network, the machines' clock and an inspector of every actor under the test's control. Synchronous: the
 * console's first states are still there when it returns.
 */
export function openConsole({ path = '/', store = memoryStore(), consoleMachines = provideConsoleMachines }: OpenConsoleOptions = {}) {
  const network = controlledNetwork();
  const clock = new SimulatedClock();
  const actors = actorRecorder();
  const runtime = createConsole({
    store,
    apiUrl: apiBase,
    browserLanguages: ['en'],
    fetch: network.fetch,
    actorOptions: { inspect: actors.inspect, clock },
    translations: loadTranslationsAtOnce,
    consoleMachines,
  });
  const history = historyLocation(path);
  const user = userEvent.setup();
  const view = render(
    <Router hook={history.hook} searchHook={history.searchHook}>
      <ConsoleShell actors={runtime.actors} i18n={runtime.i18n} navigation={runtime.navigation} />
    </Router>,
  );
  return {
    network,
    /** The machines' clock: `after` delays fire only when a test moves it on. */
    clock,
    actors,
    history,
    user,
    store,
    runtime,
    close() {
      view.unmount();
      runtime.actors.session.stop();
      runtime.actors.notifications.stop();
    },
  };
}

export type OpenedConsole = ReturnType<typeof openConsole>;

/**
 * The console opened at `path` with `answer`'s session in storage (GLOBAL unless given) and its background
 * calls answered at once: the session check (`GET users/me`) and the History of an edit page (`GET activity`,
 * empty), for paths of machines that run behind the sign-in.
 */
export function openSignedIn(
  path: string,
  answer: LoginResponse = globalLogin,
  root?: LoginResponse,
  consoleMachines?: ProvideConsoleMachines,
) {
  const opened = openConsole({ path, store: memoryStore(storedSession(answer, root)), consoleMachines });
  const { token: _, ...state } = answer;
  opened.network.always('GET', 'users/me', () => ({ status: 200, body: meAnswer(state, state.user.name) }));
  opened.network.always('GET', 'activity', () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
  return opened;
}
