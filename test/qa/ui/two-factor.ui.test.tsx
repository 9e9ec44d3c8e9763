import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { TwoFactorContext } from '../../../src/machines/two-factor.machine';
import { globalLogin, newAuthenticator, recoveryCodes } from '../../support/fixtures/session';
import { twoFactorModel } from '../../support/models/two-factor';
import { notificationTexts } from '../../support/views/screen-queries';
import { openSignedIn, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
}

const problem = (statusCode: number, error: string, message: string, code?: string) => ({
  statusCode,
  error,
  message,
  ...(code && { code }),
});
const wrongCode = {
  ...problem(400, 'Bad Request', 'code is incorrect', 'VALIDATION_FAILED'),
  errors: [{ field: 'code', rule: 'incorrect', message: 'is incorrect' }],
};
/** The code every path types. */
const typedCode = '123456';

const security = () => within(screen.getByRole('region', { name: 'Security' }));
const button = (name: string) => security().getByRole<HTMLButtonElement>('button', { name });
const outputOf = (event: unknown) => (event as { output: unknown }).output;
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as TwoFactorContext;
const rejectedShown = () => security().queryByText('The code is not right: try again') !== null;
/** A code refused as wrong is said on its field; other failures in a notice. */
const showsFailure = (snapshot: AnyMachineSnapshot) => {
  const { failure } = context(snapshot);
  expect(rejectedShown()).toBe(failure?.kind === 'http' && failure.status === 400);
  if (failure?.kind === 'http' && failure.status === 429)
    expect(notificationTexts().some((text) => text.startsWith('Too many failed sign-in attempts. You can try again at'))).toBe(true);
  if (failure?.kind === 'http' && failure.status === 409)
    expect(notificationTexts()).toContain('Two-factor sign-in is required for your account: it cannot be turned off');
  if (failure?.kind === 'network') expect(notificationTexts()).toContain('Two-factor sign-in failed');
};
/** A code typed in the section's field and sent with Enter, as a keyboard user does. */
const typeCode = async ({ console: c }: Harness, label: RegExp) => {
  const field = await security().findByLabelText<HTMLInputElement>(label);
  await c.user.clear(field);
  await c.user.type(field, `${typedCode}{Enter}`);
};
const answer =
  (method: string, path: string, status: number, body?: unknown) =>
  async ({ console: c }: Harness) => {
    const request = await c.network.next(method, path);
    if (method === 'POST' && path !== 'users/me/two-factor/setup') expect(request.body).toEqual({ code: typedCode });
    request.respond(status, body);
  };

describeUiPaths(twoFactorModel, {
  open: () => ({ console: openSignedIn('/settings', globalLogin) }),
  perform: {
    'status: off': async ({ console: c }, event) => (await c.network.next('GET', 'users/me/two-factor')).respond(200, outputOf(event)),
    'status: on': async ({ console: c }, event) => (await c.network.next('GET', 'users/me/two-factor')).respond(200, outputOf(event)),
    'status: on and required': async ({ console: c }, event) =>
      (await c.network.next('GET', 'users/me/two-factor')).respond(200, outputOf(event)),
    'status: offline': async ({ console: c }) => (await c.network.next('GET', 'users/me/two-factor')).fail(),
    Reload: async ({ console: c }) => c.user.click(button('Reload')),
    'Turn on': async ({ console: c }) => c.user.click(button('Turn on two-factor sign-in')),
    'set-up: a new key': answer('POST', 'users/me/two-factor/setup', 200, newAuthenticator),
    'set-up: offline': async ({ console: c }) => (await c.network.next('POST', 'users/me/two-factor/setup')).fail(),
    'Confirm a code': (harness) => typeCode(harness, /^Code shown by the app/),
    'confirm: ok': answer('POST', 'users/me/two-factor/confirm', 200, { recoveryCodes }),
    'confirm: wrong code': answer('POST', 'users/me/two-factor/confirm', 400, wrongCode),
    Cancel: async ({ console: c }) => c.user.click(button('Cancel')),
    'codes kept': async ({ console: c }) => c.user.click(button('I have kept the codes')),
    'New recovery codes': async ({ console: c }) => c.user.click(button('New recovery codes')),
    'Turn off': async ({ console: c }) => c.user.click(button('Turn off')),
    'Send a code': (harness) => typeCode(harness, /^Code/),
    'new codes: ok': answer('POST', 'users/me/two-factor/recovery-codes', 200, { recoveryCodes }),
    'new codes: wrong code': answer('POST', 'users/me/two-factor/recovery-codes', 400, wrongCode),
    'new codes: too many': async ({ console: c }) =>
      (await c.network.next('POST', 'users/me/two-factor/recovery-codes')).respond(429, problem(429, 'Too Many Requests', 'Too many'), {
        'retry-after': '60',
      }),
    'off: ok': answer('POST', 'users/me/two-factor/disable', 204),
    'off: wrong code': answer('POST', 'users/me/two-factor/disable', 400, wrongCode),
    'off: required': answer(
      'POST',
      'users/me/two-factor/disable',
      409,
      problem(409, 'Conflict', 'Two-factor sign-in is required for this account: it cannot be turned off', 'TWO_FACTOR_REQUIRED'),
    ),
  },
  show: {
    loading: () => expect(security().getByRole('status').textContent).toBe('Loading…'),
    loadFailed: () => {
      expect(security().getByText('Error loading the two-factor sign-in')).toBeTruthy();
      expect(button('Reload').disabled).toBe(false);
    },
    off: (_, snapshot) => {
      expect(security().getByTestId('two-factor-status').textContent).toBe(
        'Two-factor sign-in is off: signing in takes only your password.',
      );
      expect(button('Turn on two-factor sign-in').disabled).toBe(false);
      showsFailure(snapshot);
    },
    starting: () => expect(button('Turn on two-factor sign-in').disabled).toBe(true),
    settingUp: (_, snapshot) => {
      expect(security().getByRole('img', { name: 'QR code of the new authenticator key' }).getAttribute('src')).toBe(
        newAuthenticator.qrCode,
      );
      expect(security().getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
      expect(button('Confirm').disabled).toBe(false);
      showsFailure(snapshot);
    },
    confirming: () => expect(button('Confirm').disabled).toBe(true),
    showingCodes: () => {
      const list = security().getByRole('list', { name: 'Your recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(recoveryCodes);
    },
    'on.idle': (_, snapshot) => {
      const { status } = context(snapshot);
      expect(security().getByTestId('two-factor-status').textContent).toMatch(
        new RegExp(`^Two-factor sign-in is on since .+\\. ${status!.recoveryCodesLeft} recovery codes left\\.$`),
      );
      expect(button('New recovery codes').disabled).toBe(false);
      expect(security().queryByRole('button', { name: 'Turn off' }) === null).toBe(status!.required);
      if (status!.required) expect(security().getByText('Required for your account: it cannot be turned off.')).toBeTruthy();
    },
    'on.askingForRegenerate': (_, snapshot) => {
      expect(security().getByText(/the old recovery codes stop working/)).toBeTruthy();
      expect(button('New recovery codes').disabled).toBe(false);
      showsFailure(snapshot);
    },
    'on.regenerating': () => expect(button('New recovery codes').disabled).toBe(true),
    'on.askingForDisable': (_, snapshot) => {
      expect(security().getByText(/to turn two-factor sign-in off/)).toBeTruthy();
      expect(button('Turn off').disabled).toBe(false);
      showsFailure(snapshot);
    },
    'on.disabling': () => expect(button('Turn off').disabled).toBe(true),
  },
});
