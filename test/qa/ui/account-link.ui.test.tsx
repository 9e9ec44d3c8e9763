import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { AccountLinkContext } from '../../../src/machines/account-link.machine';
import { linkDetails, linkToken } from '../../support/fixtures/account-links';
import { accountLinkModel } from '../../support/models/account-link';
import { openConsole, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
  kind: 'invitation' | 'reset' | 'forgot';
}

const pages = { invitation: '/invitation', reset: '/reset-password', forgot: '/forgot-password' } as const;
const calls = {
  invitation: { verify: 'auth/invitation/verify', use: 'auth/invitation/accept' },
  reset: { verify: 'auth/password/reset/verify', use: 'auth/password/reset' },
} as const;
const linkCalls = (kind: Harness['kind']) => calls[kind === 'forgot' ? 'reset' : kind];

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const submitLabel = /Set password/;

/** The link's page opened at its mail's address (`…#token=…`), or "Forgot password?". */
function open(kind: Harness['kind']): Harness {
  window.history.replaceState(null, '', kind === 'forgot' ? pages.forgot : `${pages[kind]}#token=${linkToken}`);
  return { console: openConsole({ path: pages[kind] }), kind };
}

const typeInto = async ({ console: c }: Harness, label: RegExp, text: string) => {
  const field = screen.getByLabelText(label);
  await c.user.clear(field);
  await c.user.type(field, text);
};

const gone = { code: 'LINK_INVALID', message: 'This link is no longer valid' };
const broken = { code: 'INTERNAL_ERROR', message: 'Internal Server Error' };

describeUiPaths(accountLinkModel, {
  open: (scenario) => open(scenario.name as Harness['kind']),
  perform: {
    'verify: ok': async (h) => {
      const request = await h.console.network.next('POST', linkCalls(h.kind).verify);
      expect(request.body).toEqual({ token: linkToken });
      request.respond(200, linkDetails);
    },
    'verify: gone': async (h) => (await h.console.network.next('POST', linkCalls(h.kind).verify)).respond(410, gone),
    'verify: offline': async (h) => (await h.console.network.next('POST', linkCalls(h.kind).verify)).fail(),
    retry: async (h) => h.console.user.click(button('Retry')),
    'set password': async (h) => {
      await typeInto(h, /^New password/, 'A-long-secret-2026');
      await typeInto(h, /^Confirm the new password/, 'A-long-secret-2026');
      await h.console.user.click(button(submitLabel));
    },
    'invitation: password set': async (h) => {
      const request = await h.console.network.next('POST', calls.invitation.use);
      expect(request.body).toEqual({ token: linkToken, password: 'A-long-secret-2026' });
      request.respond(200, { email: linkDetails.email });
      await screen.findByText(`Your account is active: sign in with ${linkDetails.email} and the new password`);
    },
    'reset: password set': async (h) => {
      const request = await h.console.network.next('POST', calls.reset.use);
      expect(request.body).toEqual({ token: linkToken, password: 'A-long-secret-2026' });
      request.respond(200, { email: linkDetails.email });
      await screen.findByText(`Your password is changed: sign in with ${linkDetails.email} and the new password`);
    },
    'password: too common': async (h) =>
      (await h.console.network.next('POST', linkCalls(h.kind).use)).respond(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: [{ field: 'password', message: 'is too common', rule: 'commonPassword' }],
      }),
    'password: link gone': async (h) => (await h.console.network.next('POST', linkCalls(h.kind).use)).respond(410, gone),
    'password: server error': async (h) => {
      (await h.console.network.next('POST', linkCalls(h.kind).use)).respond(500, broken);
      await screen.findByText('The password could not be set: Something went wrong. Please try again later.');
    },
    'ask for a reset link': async (h) => {
      await typeInto(h, /^Email/, linkDetails.email);
      await h.console.user.click(button('Send the link'));
    },
    'use another address': async (h) => h.console.user.click(button('Use another address')),
    'request: accepted': async (h) => {
      const request = await h.console.network.next('POST', 'auth/password/forgot');
      expect(request.body).toEqual({ email: linkDetails.email });
      request.respond(202, { message: 'If the address has an account, a link is on its way' });
    },
    'request: throttled': async (h) => {
      (await h.console.network.next('POST', 'auth/password/forgot')).respond(
        429,
        { code: 'PASSWORD_RESET_THROTTLED', message: 'Too many password reset requests' },
        { 'retry-after': '60' },
      );
      await screen.findByText(/^Too many requests. You can try again at/);
    },
    'request: server error': async (h) => {
      (await h.console.network.next('POST', 'auth/password/forgot')).respond(500, broken);
      await screen.findByText('The link could not be asked for: Something went wrong. Please try again later.');
    },
  },
  show: {
    verifying: () => {
      expect(screen.getByText('Checking the link…')).toBeTruthy();
      expect(screen.queryByLabelText(/^New password/)).toBeNull();
    },
    unverified: () => {
      expect(screen.getByText('The link could not be checked. Check the connection and try again.')).toBeTruthy();
      expect(button('Retry').disabled).toBe(false);
    },
    invalid: (h) => {
      expect(screen.getByTestId('link-invalid').textContent).toContain('This link no longer works');
      expect(screen.queryByLabelText(/^New password/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Ask for a new link' }) !== null).toBe(h.kind === 'reset');
    },
    choosing: (_, snapshot: AnyMachineSnapshot) => {
      expect(screen.getByTestId('link-greeting').textContent).toBe(`Hello Bianca, choose the password for ${linkDetails.email}.`);
      expect(button(submitLabel).disabled).toBe(false);
      const refused = Object.keys((snapshot.context as AccountLinkContext).problems).length > 0;
      expect(screen.queryByText('Too common: choose a password that is harder to guess') !== null).toBe(refused);
      if (!refused) expect(screen.getByText('At least 8 characters; not a common password, nor your email address.')).toBeTruthy();
    },
    saving: () => expect(button(submitLabel).disabled).toBe(true),
    passwordSet: () => {
      expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    },
    forgot: () => {
      expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
      expect(button('Send the link').disabled).toBe(false);
    },
    requesting: () => expect(button('Send the link').disabled).toBe(true),
    requested: () =>
      expect(screen.getByTestId('reset-requested').textContent).toBe(
        `If ${linkDetails.email} has an account, a link to choose a new password is on its way. It works for one hour.`,
      ),
  },
});
