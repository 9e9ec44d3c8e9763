import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { globalLogin, tenantLogin } from '../support/fixtures/session';
import { fakeResource, record } from '../support/views/fake-api';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { tenants, userRecords, users } from '../support/views/resource-fixtures';
import { notificationTexts } from '../support/views/screen-queries';

const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name, hidden: true });
const newPassword = () => screen.getByLabelText<HTMLInputElement>(/^New password/);
const confirmation = () => screen.getByLabelText<HTMLInputElement>(/^Confirm the new password/);
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

const mailOff: Failure = { kind: 'http', status: 409, code: 'MAIL_NOT_CONFIGURED', message: 'Mail is not configured' };
const tooSoon: Failure = { kind: 'http', status: 409, code: 'INVITATION_RECENTLY_SENT', message: 'Sent less than a minute ago' };

function openLink(path: string, options: RenderOptions = {}) {
  window.history.replaceState(null, '', `${path}#token=the-token-of-the-mail_0123456789`);
  return renderConsole({ path, ...options });
}

describe('signed-out pages of one-time links', () => {
  it('leads from the sign-in page to "Forgot password?", and answers the same whatever the address', async () => {
    const forgotPassword = vi.fn(async () => ({ message: 'accepted' }));
    const { user } = renderConsole({ path: '/login', accountSecurity: { forgotPassword } });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();

    await user.click(button('Send the link'));
    expect(screen.getByText('Required field')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(button('Send the link'));
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(forgotPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'nobody@example.com');
    await user.click(button('Send the link'));
    expect((await screen.findByTestId('reset-requested')).textContent).toBe(
      'If nobody@example.com has an account, a link to choose a new password is on its way. It works for one hour.',
    );
    expect(forgotPassword).toHaveBeenCalledWith('nobody@example.com');
  });

  it('speaks Italian on the same pages', async () => {
    renderConsole({ path: '/forgot-password', language: 'it' });
    expect(await screen.findByRole('heading', { name: 'Password dimenticata' })).toBeTruthy();
    expect(button('Invia il link')).toBeTruthy();
  });

  it('checks a reset link, checks the password before sending it, shows the API refusal on the field, then leads to sign-in', async () => {
    const setPassword = vi
      .fn()
      .mockRejectedValueOnce({
        kind: 'http',
        status: 400,
        message: 'Validation failed',
        errors: [{ field: 'password', message: 'is too common', rule: 'commonPassword' }],
      } satisfies Failure)
      .mockResolvedValueOnce({ email: 'bianca.neri@example.com' });
    const verifyLink = vi.fn(async () => ({
      email: 'bianca.neri@example.com',
      name: 'Bianca',
      surname: 'Neri',
      expiresAt: '2026-12-01T10:00:00.000Z',
    }));
    const { user, location } = openLink('/reset-password', { accountSecurity: { setPassword, verifyLink } });
    expect((await screen.findByTestId('link-greeting')).textContent).toBe('Hello Bianca, choose the password for bianca.neri@example.com.');
    expect(verifyLink).toHaveBeenCalledWith('reset', 'the-token-of-the-mail_0123456789');
    // The token leaves the address bar once read.
    expect(window.location.hash).toBe('');
    expect(helperOf(newPassword())).toBe('At least 8 characters; not a common password, nor your email address.');

    await user.type(newPassword(), 'short');
    await user.type(confirmation(), 'other');
    await user.click(button('Set password'));
    expect(helperOf(newPassword())).toBe('At least 8 characters');
    expect(helperOf(confirmation())).toBe('Passwords do not match');
    expect(setPassword).not.toHaveBeenCalled();

    await user.clear(newPassword());
    await user.type(newPassword(), 'password123');
    await user.clear(confirmation());
    await user.type(confirmation(), 'password123');
    await user.click(button('Set password'));
    await waitFor(() => expect(helperOf(newPassword())).toBe('Too common: choose a password that is harder to guess'));

    await user.clear(newPassword());
    await user.type(newPassword(), 'A-long-secret-2026');
    await user.clear(confirmation());
    await user.type(confirmation(), 'A-long-secret-2026');
    await user.click(button('Set password'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/login');
    expect(notificationTexts()).toContain('Your password is changed: sign in with bianca.neri@example.com and the new password');
    expect(setPassword).toHaveBeenLastCalledWith('reset', { token: 'the-token-of-the-mail_0123456789', password: 'A-long-secret-2026' });
  });

  it('says an invitation link is no longer valid, asking for no password', async () => {
    openLink('/invitation', {
      accountSecurity: {
        verifyLink: () => Promise.reject({ kind: 'http', status: 410, code: 'LINK_INVALID', message: 'gone' } satisfies Failure),
      },
    });
    expect((await screen.findByTestId('link-invalid')).textContent).toBe(
      'This link no longer works: it was used, it expired, or a newer one was sent. Ask your administrator to send a new invitation.',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });
});

describe("an admin's invitations", () => {
  it('creates a user with an invitation instead of a password, in the language chosen', async () => {
    const resource = users();
    const { user } = renderConsole({ path: '/users/new', signedIn: tenantLogin, resources: { users: resource } });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Send invitation' }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByLabelText(/^Confirm password/)).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Language of the mails' }));
    await user.click(await screen.findByRole('option', { name: 'Italiano' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Carla');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Verdi');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'carla@example.com');
    await user.click(button('Save'));
    await waitFor(() => expect(resource.api.create).toHaveBeenCalledTimes(1));
    expect(resource.api.create.mock.calls[0]![0]).toEqual({
      name: 'Carla',
      surname: 'Verdi',
      email: 'carla@example.com',
      sendInvitation: true,
      language: 'it',
      enabled: true,
      admin: false,
      scope: 'TENANT',
    });
  });

  it('says clearly when mail is off, on a user\'s "Resend invitation", and when one was just sent', async () => {
    const sendInvitation = vi.fn().mockRejectedValueOnce(mailOff).mockRejectedValueOnce(tooSoon);
    const { user } = renderConsole({
      path: '/users/u2',
      signedIn: tenantLogin,
      resources: { users: users() },
      accountSecurity: { sendInvitation },
    });
    const section = await screen.findByTestId('user-account');
    expect((await within(section).findByTestId('invitation-state')).textContent).toBe(
      'The user has no password yet. No invitation is waiting.',
    );
    await user.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(notificationTexts()).toContain(
        'The action failed: Mail is not configured on this server, so no invitation or reset link can be sent',
      ),
    );
    await user.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() =>
      expect(notificationTexts()).toContain(
        'The action failed: An invitation was sent less than a minute ago: wait a moment before sending another',
      ),
    );
    expect(sendInvitation).toHaveBeenCalledWith('u2');
  });

  it('offers no "Resend invitation" to a user who has a password', async () => {
    renderConsole({ path: '/users/u1', signedIn: tenantLogin, resources: { users: users() } });
    const section = await screen.findByTestId('user-account');
    await within(section).findByTestId('two-factor-state');
    expect(within(section).queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('resends invitations to the chosen waiting users of the page, and says per user what happened', async () => {
    const waiting = [
      ...userRecords,
      record('u3', { ...userRecords[1], id: 'u3', name: 'Carla', surname: 'Verdi', email: 'carla@example.com', status: 'PENDING' }),
      record('u4', { ...userRecords[1], id: 'u4', name: 'Dario', surname: 'Neri', email: 'dario@example.com', status: 'PENDING' }),
    ];
    const sendInvitations = vi.fn(async (ids: string[]) => ({
      results: ids.map((id) =>
        id === 'u2'
          ? { id, outcome: 'skipped', code: 'USER_DISABLED', message: 'User is disabled' }
          : { id, outcome: 'sent', expiresAt: '2026-12-01T10:00:00.000Z' },
      ),
    }));
    const { user } = renderConsole({
      path: '/users',
      signedIn: tenantLogin,
      resources: { users: fakeResource(waiting, ['name']) },
      accountSecurity: { sendInvitations },
    });
    await screen.findByText('Dario');
    await user.click(button('Resend invitations'));
    const dialog = await screen.findByRole('dialog', { name: 'Resend invitations' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    await user.click(within(dialog).getByRole('checkbox', { name: /Dario Neri/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 invitations' }));
    await within(dialog).findByTestId('outcome-u3');
    expect(sendInvitations).toHaveBeenCalledWith(['u2', 'u3']);
    expect(within(dialog).getByTestId('outcome-u2').textContent).toBe('Skipped');
    expect(within(dialog).getByText('bruno@example.com — the user is disabled')).toBeTruthy();
    expect(within(dialog).getByTestId('outcome-u3').textContent).toBe('Sent');
    expect(within(dialog).queryByTestId('outcome-u4')).toBeNull();
    // The notice shows behind the dialog, hidden from assistive technology while the dialog is open.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('notifications'))
          .queryAllByRole('alert', { hidden: true })
          .map((alert) => alert.textContent),
      ).toContain('Invitations: 1 sent, 1 skipped, 0 failed'),
    );
  });
});

describe("an admin's second factors and policies", () => {
  it("resets another user's second factor once confirmed", async () => {
    const resetTwoFactor = vi.fn(async () => undefined);
    const account = vi.fn(async () => ({
      language: 'en',
      twoFactor: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', required: true },
      invitation: null,
    }));
    const { user } = renderConsole({
      path: '/users/u1',
      signedIn: tenantLogin,
      resources: { users: users() },
      accountSecurity: { resetTwoFactor, account },
    });
    const section = await screen.findByTestId('user-account');
    expect((await within(section).findByTestId('two-factor-state')).textContent).toMatch(
      /^Two-factor sign-in is on \(since .*\)\. Required by the security policy\.$/,
    );
    await user.click(within(section).getByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resetTwoFactor).not.toHaveBeenCalled();
    // Hidden from assistive technology while the dialog closes.
    await user.click(within(section).getByRole('button', { name: 'Reset second factor', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() => expect(notificationTexts()).toContain('Second factor reset'));
    expect(resetTwoFactor).toHaveBeenCalledWith('u1');
    expect(account).toHaveBeenCalledTimes(2);
  });

  it("lets a GLOBAL admin require two-factor sign-in for a tenant's admins", async () => {
    const setPolicy = vi.fn(async (_tenant: string | null, body: { requireTwoFactor: boolean }) => body);
    const { user } = renderConsole({
      path: '/tenants/tenant-1',
      signedIn: globalLogin,
      resources: { tenants: tenants() },
      accountSecurity: { setPolicy },
    });
    const section = await screen.findByTestId('security-policy-tenantPolicy');
    const toggle = await within(section).findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle).toHaveProperty('checked', false);
    await user.click(toggle);
    await waitFor(() => expect(setPolicy).toHaveBeenCalledWith('tenant-1', { requireTwoFactor: true }));
    await waitFor(() => expect(notificationTexts()).toContain('Security policy saved'));
  });

  it("lets a GLOBAL admin require two-factor sign-in of the platform's GLOBAL admins, from the Tenants list", async () => {
    const setPolicy = vi.fn(async (_tenant: string | null, body: { requireTwoFactor: boolean }) => body);
    const policy = vi.fn(async () => ({ requireTwoFactor: true }));
    const { user } = renderConsole({
      path: '/tenants',
      signedIn: globalLogin,
      resources: { tenants: tenants() },
      accountSecurity: { setPolicy, policy },
    });
    const section = await screen.findByTestId('security-policy-platformPolicy');
    const toggle = await within(section).findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle).toHaveProperty('checked', true);
    expect(policy).toHaveBeenCalledWith(null);
    await user.click(toggle);
    await waitFor(() => expect(setPolicy).toHaveBeenCalledWith(null, { requireTwoFactor: false }));
  });
});
