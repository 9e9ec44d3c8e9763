import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { globalLogin, offline, pending, unauthorized } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

/** The asterisk of a required field is aria-hidden: the accessible names are exactly "Email" and "Password". */
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/);

const openLogin = async (options: Parameters<typeof renderConsole>[0] = {}) => {
  const view = renderConsole({ path: '/login', ...options });
  await screen.findByRole('button', { name: 'Sign in' });
  const fillIn = async (email: string, password: string) => {
    if (email) await view.user.type(emailField(), email);
    if (password) await view.user.type(passwordField(), password);
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { ...view, fillIn };
};

describe('login screen', () => {
  it('has an email field of type email and a password field', async () => {
    await openLogin();
    expect(emailField().getAttribute('type')).toBe('email');
    expect(passwordField().getAttribute('type')).toBe('password');
    expect(passwordField().hasAttribute('required')).toBe(true);
    expect(screen.getByTestId('page-title').textContent).toBe('Sign in');
  });

  it('switches the language before signing in, as the user menu does', async () => {
    const { user } = await openLogin();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Italiano' }));

    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeDefined();
    expect(screen.getByTestId('page-title').textContent).toBe('Accedi');
    expect(screen.getByRole('button', { name: 'Italiano' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks both fields as required on submit, without calling the API', async () => {
    const { fillIn, fakes } = await openLogin();
    await fillIn('', '');
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(fakes.login).not.toHaveBeenCalled();
  });

  it('rejects an invalid email', async () => {
    const { fillIn, fakes } = await openLogin();
    await fillIn('not-an-email', 'secret');
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.queryByText('Required field')).toBeNull();
    expect(fakes.login).not.toHaveBeenCalled();
  });

  it('disables the submit button while logging in', async () => {
    const { fillIn, fakes } = await openLogin({ login: pending });
    await fillIn('global@example.com', 'secret');
    expect(fakes.login).toHaveBeenCalledWith({ email: 'global@example.com', password: 'secret' });
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's message when login fails", async () => {
    const { fillIn } = await openLogin({ login: () => Promise.reject(unauthorized) });
    await fillIn('global@example.com', 'wrong');
    await waitFor(() => expect(notificationTexts()).toEqual(['Invalid email or password']));
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it("says the API's error code in Italian, not the server's English words", async () => {
    const refused = { kind: 'http' as const, status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
    const { user } = renderConsole({ path: '/login', language: 'it', login: () => Promise.reject(refused) });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'global@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Email o password non validi']));
  });

  it("falls back to the server's words for a code the console does not know", async () => {
    const refused = { kind: 'http' as const, status: 401, code: 'SOMETHING_NEW', message: 'Something new happened' };
    const { fillIn } = await openLogin({ login: () => Promise.reject(refused) });
    await fillIn('global@example.com', 'wrong');
    await waitFor(() => expect(notificationTexts()).toEqual(['Something new happened']));
  });

  it("shows 'Login failed' when the failure carries no message", async () => {
    const { fillIn } = await openLogin({ login: () => Promise.reject(offline) });
    await fillIn('global@example.com', 'secret');
    await waitFor(() => expect(notificationTexts()).toEqual(['Login failed']));
  });

  describe('after too many failed attempts (429)', () => {
    const retryAt = new Date(2026, 5, 1, 14, 5, 30).getTime();
    const refused = { kind: 'http' as const, status: 429, message: 'Too many failed sign-in attempts. Try again later.', retryAt };
    const refusal = () => screen.findByTestId('sign-in-refused');
    /** The time as the user's language writes it (2:05:30 PM, 14:05:30). */
    const timeIn = (language: string) =>
      new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(retryAt);

    it('says when sign-in may be tried again, on the page and in the notification', async () => {
      const { fillIn } = await openLogin({ login: () => Promise.reject(refused) });
      await fillIn('global@example.com', 'secret');
      const expected = `Too many failed sign-in attempts. You can try again at ${timeIn('en')}.`;
      expect(timeIn('en')).toMatch(/^2:05:30\sPM$/);
      expect((await refusal()).textContent).toBe(expected);
      await waitFor(() => expect(notificationTexts()).toEqual([expected]));
      expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
    });

    it('says it in Italian', async () => {
      const view = renderConsole({ path: '/login', language: 'it', login: () => Promise.reject(refused) });
      await view.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'global@example.com');
      await view.user.type(screen.getByLabelText(/^Password/), 'secret');
      await view.user.click(screen.getByRole('button', { name: 'Accedi' }));
      expect(timeIn('it')).toBe('14:05:30');
      expect((await refusal()).textContent).toBe(`Troppi tentativi di accesso non riusciti. Puoi riprovare alle ${timeIn('it')}.`);
    });

    it('asks to wait a few minutes when the API does not say how long, and forgets it on the next attempt', async () => {
      let answer: () => Promise<never> = () => Promise.reject({ ...refused, retryAt: undefined });
      const { fillIn, user } = await openLogin({ login: () => answer() });
      await fillIn('global@example.com', 'secret');
      expect((await refusal()).textContent).toBe('Too many failed sign-in attempts. Try again in a few minutes.');

      answer = () => Promise.reject(unauthorized);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.queryByTestId('sign-in-refused')).toBeNull());
    });
  });

  it("shows 'Login successful' and goes home", async () => {
    const { fillIn, location } = await openLogin({ login: async () => globalLogin });
    await fillIn('global@example.com', 'secret');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Home');
    expect(location()).toBe('/home');
    await waitFor(() => expect(notificationTexts()).toEqual(['Login successful']));
  });

  it('closes a notification on request', async () => {
    const { fillIn, user } = await openLogin({ login: () => Promise.reject(offline) });
    await fillIn('global@example.com', 'secret');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(notificationTexts()).toEqual([]);
  });

  it('speaks Italian', async () => {
    renderConsole({ path: '/login', language: 'it' });
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeTruthy();
    expect(emailField()).toBeTruthy();
    expect(passwordField()).toBeTruthy();
  });
});
