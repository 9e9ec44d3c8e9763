import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { storageKeys } from '../../../src/api/storage';
import type { MeResponse } from '../../../src/domain/session';
import type { SessionContext } from '../../../src/machines/session.machine';
import { storedContent } from '../../support/fixtures/catalogue';
import type { Path } from '../../support/paths/graph-paths';
import {
  assumedLogin,
  codeChallenge,
  globalLogin,
  meAnswer,
  newAuthenticator,
  recoveryCodes,
  setupChallenge,
} from '../../support/fixtures/session';
import { companyVideoLogin, freshVideoToken } from '../../support/models/session';
import type { Scenario } from '../../support/paths/model';
import { memoryStore, openConsole, storedSession, type OpenedConsole } from './console';
import type { MachineUi } from './paths';
import { dataRows, notificationTexts } from '../../support/views/screen-queries';

export type SessionHarness = { console: OpenedConsole };
type Harness = SessionHarness;

/** The API's error body (docs/api-contract.md). */
const problem = (statusCode: number, error: string, message: string, code?: string) => ({
  statusCode,
  error,
  message,
  ...(code && { code }),
});
const expiredStep = problem(401, 'Unauthorized', 'The sign-in has expired: sign in again with your password', 'SIGN_IN_EXPIRED');
/** The code every path types: what `send a code` and `confirm the key with a code` carry. */
const typedCode = '123456';

const tenantRecord = (id: string, name: string, url: string | null) => ({
  id,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
  name,
  domainName: null,
  vinapseTenant: null,
  description: null,
  url,
});
const tenantsPage = {
  items: [tenantRecord('tenant-1', 'Acme Learning', 'https://acme.test'), tenantRecord('tenant-2', 'Beta Academy', null)],
  total: 2,
  totalIsEstimate: false,
};
/** A video content whose page plays its video: the player asks for a video token. */
const videoContent = storedContent({ externalUuid: 'video-1', status: 'READY' });

/** A browser storage that cannot be used (storage disabled, a security policy): every access throws. */
const refused = (): never => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};
const unreadableStore = () => ({ getItem: refused, setItem: refused, removeItem: refused });

/** The token the browser's storage holds: none where the browser refuses access to it. */
const storedToken = (store: { getItem(key: string): string | null }) => {
  try {
    return store.getItem(storageKeys.token);
  } catch {
    return null;
  }
};

const storeFor = (label: string | undefined) => {
  switch (label) {
    case 'restore: a GLOBAL session':
      return memoryStore(storedSession(globalLogin));
    case 'restore: an assumed tenant':
      return memoryStore(storedSession(assumedLogin, globalLogin));
    case 'restore: a company admin with videos':
      return memoryStore(storedSession(companyVideoLogin));
    case 'restore: storage unreadable':
      return unreadableStore();
    default:
      return memoryStore();
  }
};

/** Where the path's browser opens: where its events are offered (the tenants to assume one, a video to play). */
const addressFor = (labels: string[]) => {
  if (labels.includes('assume Acme Learning')) return '/tenants';
  if (labels.includes('video token refreshed')) return `/contents/${videoContent.id}`;
  return '/home';
};

const open = (scenario: Scenario, path: Path): Harness => {
  const labels = path.steps.slice(1).map((step) => scenario.events.find(([, event]) => event === step.event)?.[0] ?? step.event.type);
  const c = openConsole({ path: addressFor(labels), store: storeFor(labels[0]) });
  c.network.always('GET', 'tenants', () => ({ status: 200, body: tenantsPage }));
  c.network.always('GET', `contents/${videoContent.id}`, () => ({ status: 200, body: videoContent }));
  return { console: c };
};

const outputOf = (event: unknown) => (event as { output: unknown }).output;
const rowNamed = (name: string) => dataRows().find((row) => within(row).queryByText(name));
const signInButton = () => screen.queryByRole('button', { name: 'Sign in' });
const banner = () => screen.queryByTestId('assumed-tenant-banner');
const pageTitle = () => screen.getByTestId('page-title').textContent;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The code's field says a refused code (`INVALID_CODE`, a 400 on `code`) there, and nothing else. */
const showsCodeVerdict = (snapshot: AnyMachineSnapshot) => {
  const failure = context(snapshot).failure;
  const rejected = failure?.kind === 'http' && (failure.status === 400 || failure.code === 'INVALID_CODE');
  expect(screen.queryByText('The code is not right: try again', { selector: 'p' }) !== null).toBe(rejected);
  if (failure && !rejected) expect(notificationTexts()).toContain('Login failed');
};
const typeCode = async ({ console: c }: Harness, label: RegExp, submit: string) => {
  const field = await screen.findByLabelText<HTMLInputElement>(label);
  await c.user.clear(field);
  await c.user.type(field, typedCode);
  await c.user.click(button(submit));
};
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext;

/** The signed-in frame, naming who is signed in and where (the sidebar) and, while a tenant is assumed, the banner. */
const showsSignedIn = (snapshot: AnyMachineSnapshot) => {
  const state = context(snapshot).session!.state;
  const header = screen.getByTestId('sidebar-header');
  expect(header.textContent).toContain(`${state.user.name} ${state.user.surname}`);
  expect(header.textContent).toContain(state.company?.name ?? state.tenant?.name ?? 'Root admin');
  expect(signInButton()).toBeNull();
  if (state.assumedBy)
    expect(banner()?.textContent).toContain(`You are acting in tenant ${state.tenant!.name} as ${state.assumedBy.name}.`);
  else expect(banner()).toBeNull();
};

/**
 * Why the last sign-in failed: too many attempts (429) in the user's language, with when to try again, on the page
 * and in a notice; the server's words otherwise; "Login failed" when the server could not be reached.
 */
const showsSignInFailure = (snapshot: AnyMachineSnapshot) => {
  const failure = context(snapshot).failure;
  const refused = screen.queryByTestId('sign-in-refused');
  if (failure?.kind === 'http' && failure.status === 429) {
    expect(refused?.textContent).toMatch(/^Too many failed sign-in attempts\. You can try again at \d/);
    expect(notificationTexts()).toContain(refused?.textContent);
    return;
  }
  expect(refused).toBeNull();
  if (failure?.kind === 'http') expect(notificationTexts()).toContain(failure.message);
  else if (failure) expect(notificationTexts()).toContain('Login failed');
};

const isMeRequest = ({ method, path }: { method: string; path: string }) => method === 'GET' && path === 'users/me';

/**
 * The user opens Settings from the user menu, changes the name in the profile and saves it; the API answers
 * `PUT users/me` with the session's user under the new name (the event's payload). The profile form first reads
 * the signed-in user (`GET users/me`): answered as the API would. A session check left behind by a state the
 * session already left (assuming during `verifying`) may still be held: nobody waits for it, it is answered too.
 */
const saveProfile = async ({ console: c }: Harness, event: unknown) => {
  const { me } = event as { me: MeResponse };
  const state = c.runtime.actors.session.getSnapshot().context.session!.state;
  const heldBefore = c.network.held().filter(isMeRequest).length;
  await c.user.click(screen.getByRole('button', { name: 'User menu' }));
  await c.user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
  await waitFor(() => expect(c.network.held().filter(isMeRequest).length).toBe(heldBefore + 1));
  for (let index = 0; index <= heldBefore; index += 1)
    (await c.network.next('GET', 'users/me')).respond(200, meAnswer(state, state.user.name));
  const profile = within(screen.getByRole('region', { name: 'Profile' }));
  const name = await profile.findByRole('textbox', { name: 'Name' });
  await c.user.clear(name);
  await c.user.type(name, me.user.name);
  await c.user.clear(profile.getByRole('textbox', { name: 'Surname' }));
  await c.user.type(profile.getByRole('textbox', { name: 'Surname' }), me.user.surname);
  await c.user.click(profile.getByRole('button', { name: 'Save' }));
  const request = await c.network.next('PUT', 'users/me');
  expect(request.body).toEqual({ name: me.user.name, surname: me.user.surname });
  request.respond(200, me);
  await waitFor(() => expect(notificationTexts()).toContain('Profile saved'));
  // The state's serialisation leaves names out: the new one must show at once, in the header (and the banner).
  expect(screen.getByTestId('sidebar-header').textContent).toContain(`${me.user.name} ${me.user.surname}`);
  if (me.assumedBy) expect(banner()?.textContent).toContain(`as ${me.assumedBy.name}.`);
};

/** How the session's paths (and random walks) are played in the console: where it opens, each event, each state on screen. */
export const sessionUi: MachineUi<Harness> = {
  open,
  perform: {
    // What the browser holds when the console opens: set up by `open` from the path's first event.
    'restore: a GLOBAL session': async () => {},
    'restore: an assumed tenant': async () => {},
    'restore: a company admin with videos': async () => {},
    'restore: nothing stored': async () => {},
    'restore: storage unreadable': async () => {},
    'sign in': async ({ console: c }, event) => {
      const { email, password } = event as unknown as { email: string; password: string };
      // After a failed attempt the form keeps the email: only the password is typed again.
      const emailField = await screen.findByLabelText<HTMLInputElement>(/email/i);
      if (emailField.value !== email) await c.user.type(emailField, email);
      await c.user.clear(screen.getByLabelText(/password/i));
      await c.user.type(screen.getByLabelText(/password/i), password);
      await c.user.click(screen.getByRole('button', { name: 'Sign in' }));
    },
    'login: ok': async ({ console: c }, event) => (await c.network.next('POST', 'auth/login')).respond(200, outputOf(event)),
    'login: 401': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/login')).respond(401, problem(401, 'Unauthorized', 'Invalid email or password')),
    'login: 429': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/login')).respond(429, problem(429, 'Too Many Requests', 'Too many attempts'), {
        'retry-after': '60',
      }),
    'login: offline': async ({ console: c }) => (await c.network.next('POST', 'auth/login')).fail(),
    'login: a code is asked': async ({ console: c }) => (await c.network.next('POST', 'auth/login')).respond(202, codeChallenge),
    'login: set-up is asked': async ({ console: c }) => (await c.network.next('POST', 'auth/login')).respond(202, setupChallenge),
    'send a code': (harness) => typeCode(harness, /^Code/, 'Verify'),
    'back to the password': async ({ console: c }) => c.user.click(button('Back to the password')),
    'code: ok': async ({ console: c }, event) => {
      const request = await c.network.next('POST', 'auth/two-factor');
      expect(request.body).toEqual({ challenge: codeChallenge.challenge, code: typedCode });
      request.respond(200, outputOf(event));
    },
    'code: wrong': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/two-factor')).respond(401, problem(401, 'Unauthorized', 'Invalid code', 'INVALID_CODE')),
    'code: expired': async ({ console: c }) => (await c.network.next('POST', 'auth/two-factor')).respond(401, expiredStep),
    'code: 429': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/two-factor')).respond(429, problem(429, 'Too Many Requests', 'Too many attempts'), {
        'retry-after': '60',
      }),
    'code: offline': async ({ console: c }) => (await c.network.next('POST', 'auth/two-factor')).fail(),
    'set-up: a new key': async ({ console: c }) => {
      const request = await c.network.next('POST', 'auth/two-factor/setup');
      expect(request.body).toEqual({ challenge: setupChallenge.challenge });
      request.respond(200, newAuthenticator);
    },
    'set-up: offline': async ({ console: c }) => (await c.network.next('POST', 'auth/two-factor/setup')).fail(),
    'set-up: expired': async ({ console: c }) => (await c.network.next('POST', 'auth/two-factor/setup')).respond(401, expiredStep),
    'ask for the key again': async ({ console: c }) => c.user.click(button('Try again')),
    'confirm the key with a code': (harness) => typeCode(harness, /^Code shown by the app/, 'Confirm'),
    'confirm: ok': async ({ console: c }, event) => {
      const request = await c.network.next('POST', 'auth/two-factor/setup/confirm');
      expect(request.body).toEqual({ challenge: setupChallenge.challenge, code: typedCode });
      request.respond(200, outputOf(event));
    },
    'confirm: wrong code': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/two-factor/setup/confirm')).respond(400, {
        ...problem(400, 'Bad Request', 'code is incorrect', 'VALIDATION_FAILED'),
        errors: [{ field: 'code', rule: 'incorrect', message: 'is incorrect' }],
      }),
    'confirm: expired': async ({ console: c }) => (await c.network.next('POST', 'auth/two-factor/setup/confirm')).respond(401, expiredStep),
    'recovery codes kept': async ({ console: c }) => c.user.click(button('I have kept the codes')),
    'me: ok': async ({ console: c }, event) => (await c.network.next('GET', 'users/me')).respond(200, outputOf(event)),
    'me: ok (assumed tenant)': async ({ console: c }, event) => (await c.network.next('GET', 'users/me')).respond(200, outputOf(event)),
    'me: ok (company admin)': async ({ console: c }, event) => (await c.network.next('GET', 'users/me')).respond(200, outputOf(event)),
    'me: 401': async ({ console: c }) =>
      (await c.network.next('GET', 'users/me')).respond(401, problem(401, 'Unauthorized', 'Session expired')),
    'me: 500': async ({ console: c }) =>
      (await c.network.next('GET', 'users/me')).respond(500, problem(500, 'Internal Server Error', 'Internal error')),
    'me: offline': async ({ console: c }) => (await c.network.next('GET', 'users/me')).fail(),
    'assume Acme Learning': async ({ console: c }) => {
      const row = await waitFor(() => {
        const found = rowNamed('Acme Learning');
        expect(found).toBeDefined();
        return found!;
      });
      await c.user.click(within(row).getByRole('button', { name: 'Assume tenant' }));
    },
    // An assumption the console stopped waiting for (a 401 signed the user out meanwhile) may still be held: the
    // answer goes to the latest call, the one the console waits for.
    'assume: ok': async ({ console: c }, event) => {
      const request = await c.network.next('POST', 'auth/assume', 'latest');
      expect(request.body).toEqual({ tenantId: 'tenant-1' });
      request.respond(200, outputOf(event));
    },
    'assume: 404': async ({ console: c }) =>
      (await c.network.next('POST', 'auth/assume', 'latest')).respond(404, problem(404, 'Not Found', 'Tenant not found')),
    'back to root': async ({ console: c }) => c.user.click(within(banner()!).getByRole('button', { name: 'Back to root admin' })),
    // A revocation or logout is never aborted: one the console stopped waiting for (a logout clicked while returning
    // to the root admin overtakes the revocation) stays held, so the answer goes to the latest call.
    'revoke: ok': async ({ console: c }) => {
      const request = await c.network.next('POST', 'auth/logout', 'latest');
      expect(request.body).toEqual({ token: assumedLogin.token });
      request.respond(204);
    },
    'revoke: offline': async ({ console: c }) => (await c.network.next('POST', 'auth/logout', 'latest')).fail(),
    'log out': async ({ console: c }) => {
      await c.user.click(screen.getByRole('button', { name: 'User menu' }));
      await c.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    },
    'logout: ok': async ({ console: c }) => (await c.network.next('POST', 'auth/logout', 'latest')).respond(204),
    'logout: offline': async ({ console: c }) => (await c.network.next('POST', 'auth/logout', 'latest')).fail(),
    'a call answers 401': async ({ console: c }) => {
      await c.user.click(within(screen.getByTestId('sidebar-menu')).getByRole('link', { name: 'Users' }));
      (await c.network.next('GET', 'users')).respond(401, problem(401, 'Unauthorized', 'Session expired'));
    },
    'profile saved': saveProfile,
    'profile saved (assumed tenant)': saveProfile,
    'profile saved (company admin)': saveProfile,
    'video token refreshed': async ({ console: c }) => {
      (await c.network.next('POST', 'auth/refresh-jwt')).respond(200, { success: true, jwtTokens: { vinapse: freshVideoToken } });
      await waitFor(() => expect(screen.getByTestId('player-frame').getAttribute('src')).toContain(freshVideoToken.token));
    },
  },
  show: {
    restoring: () => {
      expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
      expect(signInButton()).toBeNull();
    },
    signedOut: (_, snapshot) => {
      expect(signInButton()).toHaveProperty('disabled', false);
      showsSignInFailure(snapshot);
      const failure = context(snapshot).failure;
      const expired = failure?.kind === 'http' && failure.code === 'SIGN_IN_EXPIRED';
      expect(screen.queryByTestId('sign-in-expired')?.textContent ?? null).toBe(
        expired ? 'The sign-in has expired: sign in again with your password' : null,
      );
    },
    loggingIn: () => expect(signInButton()).toHaveProperty('disabled', true),
    'secondFactor.awaitingCode': (_, snapshot) => {
      expect(pageTitle()).toBe('Two-factor sign-in');
      expect(button('Verify').disabled).toBe(false);
      expect(button('Back to the password').disabled).toBe(false);
      showsCodeVerdict(snapshot);
    },
    'secondFactor.verifying': () => {
      expect(pageTitle()).toBe('Two-factor sign-in');
      expect(button('Verify').disabled).toBe(true);
    },
    'twoFactorSetup.starting': () => {
      expect(pageTitle()).toBe('Set up two-factor sign-in');
      expect(screen.getByRole('status').textContent).toBe('Loading…');
    },
    'twoFactorSetup.failed': () => {
      expect(screen.getByText('The authenticator key could not be created.')).toBeTruthy();
      expect(button('Try again').disabled).toBe(false);
      expect(notificationTexts()).toContain('Login failed');
    },
    'twoFactorSetup.awaitingCode': (_, snapshot) => {
      expect(pageTitle()).toBe('Set up two-factor sign-in');
      expect(screen.getByRole('img', { name: 'QR code of the new authenticator key' }).getAttribute('src')).toBe(newAuthenticator.qrCode);
      expect(screen.getByTestId('two-factor-secret').textContent?.replaceAll(' ', '')).toBe(newAuthenticator.secret);
      expect(button('Confirm').disabled).toBe(false);
      showsCodeVerdict(snapshot);
    },
    'twoFactorSetup.confirming': () => expect(button('Confirm').disabled).toBe(true),
    'twoFactorSetup.showingRecoveryCodes': () => {
      expect(pageTitle()).toBe('Recovery codes');
      const list = screen.getByRole('list', { name: 'Your recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(recoveryCodes);
      expect(signInButton()).toBeNull();
    },
    loggingOut: ({ console: c }) => {
      expect(signInButton()).toHaveProperty('disabled', true);
      // Cleared before the API answers: a reload now cannot bring the session back. A storage the browser refuses
      // (restore: storage unreadable) holds nothing to clear.
      expect(storedToken(c.store)).toBeNull();
    },
    'signedIn.verifying': (_, snapshot) => showsSignedIn(snapshot),
    'signedIn.idle': (_, snapshot) => {
      showsSignedIn(snapshot);
      if (banner()) expect(within(banner()!).getByRole('button', { name: 'Back to root admin' })).toHaveProperty('disabled', false);
      const tenant = screen.queryAllByRole('row').find((row) => within(row).queryByText('Acme Learning'));
      if (tenant) expect(within(tenant).getByRole('button', { name: 'Assume tenant' })).toHaveProperty('disabled', false);
      const failure = context(snapshot).failure;
      if (failure?.kind === 'http') expect(notificationTexts()).toContain(failure.message);
    },
    'signedIn.assuming': (_, snapshot) => {
      showsSignedIn(snapshot);
      expect(screen.getByTestId('page-title').textContent).toBe('Tenants');
      // One tenant at a time: the row's action waits for the answer.
      expect(within(rowNamed('Acme Learning')!).getByRole('button', { name: 'Assume tenant' })).toHaveProperty('disabled', true);
    },
    'signedIn.returningToRoot': (_, snapshot) => {
      showsSignedIn(snapshot);
      expect(within(banner()!).getByRole('button', { name: 'Back to root admin' })).toHaveProperty('disabled', true);
    },
  },
};
