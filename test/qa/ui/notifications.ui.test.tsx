import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { AUTO_CLOSE_MS, type NotificationsContext } from '../../../src/machines/notifications.machine';
import { globalLogin } from '../../support/fixtures/session';
import { notificationsModel } from '../../support/models/notifications';
import { memoryStore, openConsole, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

/** The console, and the notifications the path has pushed and not closed yet, oldest first (their ids). */
interface Harness {
  console: OpenedConsole;
  shown: number[];
  pushed: number;
}

/** What each notification of the path says: #1 is the failed sign-in, #2 the successful one. */
const texts: Record<number, string> = { 1: 'Invalid email or password', 2: 'Login successful' };

const alerts = () => within(screen.getByTestId('notifications')).queryAllByRole('alert');

/** The screen shows the notifications still open, in the order they came. */
const showsOpen = async ({ shown }: Harness) => {
  await waitFor(() => expect(alerts().map((alert) => alert.textContent)).toEqual(shown.map((id) => texts[id])));
};

/** Signs in on the login form; after a failed attempt the email is still there and only the password is typed again. */
const signIn = async ({ console: c }: Harness, password: string) => {
  const email = await screen.findByLabelText<HTMLInputElement>(/email/i);
  if (email.value !== 'global@example.com') await c.user.type(email, 'global@example.com');
  await c.user.clear(screen.getByLabelText(/password/i));
  await c.user.type(screen.getByLabelText(/password/i), password);
  await c.user.click(screen.getByRole('button', { name: 'Sign in' }));
};

const pushed = async (harness: Harness) => {
  harness.pushed += 1;
  harness.shown.push(harness.pushed);
  await showsOpen(harness);
};

const close = async (harness: Harness, id: number) => {
  const alert = alerts()[harness.shown.indexOf(id)]!;
  expect(alert.textContent).toBe(texts[id]);
  await harness.console.user.click(within(alert).getByRole('button', { name: 'Close' }));
  harness.shown = harness.shown.filter((shownId) => shownId !== id);
  await showsOpen(harness);
};

/** Time passes; the timer of `id`, set when it was pushed, closes it. */
const timeUp = async (harness: Harness, id: number) => {
  act(() => harness.console.clock.increment(AUTO_CLOSE_MS));
  harness.shown = harness.shown.filter((shownId) => shownId !== id);
  await showsOpen(harness);
};

describeUiPaths(notificationsModel, {
  open: () => {
    const harness: Harness = { console: openConsole({ path: '/login', store: memoryStore() }), shown: [], pushed: 0 };
    expect(alerts()).toEqual([]);
    return harness;
  },
  perform: {
    'a sign-in fails': async (harness) => {
      await signIn(harness, 'wrong');
      (await harness.console.network.next('POST', 'auth/login')).respond(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid email or password',
      });
      await pushed(harness);
    },
    'a sign-in succeeds': async (harness) => {
      await signIn(harness, 'secret');
      (await harness.console.network.next('POST', 'auth/login')).respond(200, globalLogin);
      await pushed(harness);
    },
    'close #1': (harness) => close(harness, 1),
    'close #2': (harness) => close(harness, 2),
    '5 s pass: #1 closes': (harness) => timeUp(harness, 1),
    '5 s pass: #2 closes': (harness) => timeUp(harness, 2),
  },
  show: {
    // The machine has no states of its own: what it holds is the notifications on screen, oldest first.
    notifications: (_, snapshot) =>
      expect(alerts().map((alert) => alert.textContent)).toEqual(
        (snapshot.context as NotificationsContext).notifications.map(({ id }) => texts[id]),
      ),
  },
});
