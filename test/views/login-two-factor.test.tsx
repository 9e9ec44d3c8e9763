import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/api/storage';
import type { LoginResponse, TwoFactorSetup } from '../../src/domain/session';
import {
  codeChallenge,
  globalLogin,
  invalidCode,
  newAuthenticator,
  recoveryCodes,
  setupChallenge,
  setupLogin,
  signInExpired,
} from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

/** The sign-in page, the password sent: what the server answers to it is the options' `login`. */
const signIn = async (options: Parameters<typeof renderConsole>[0], language: 'en' | 'it' = 'en') => {
  const view = renderConsole({ path: '/login', language, ...options });
  await view.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'global@example.com');
  await view.user.type(screen.getByLabelText(/^Password/), 'secret');
  await view.user.click(screen.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Accedi' }));
  return view;
};
const title = () => screen.getByTestId('page-title').textContent;
const codeField = (label = /^Code/) => screen.getByLabelText<HTMLInputElement>(label);

describe('sign-in: the code after the password', () => {
  it('asks for the code, keyboard only, and signs in with it', async () => {
    const { user, fakes, location } = await signIn({ login: async () => codeChallenge, verifyCode: async () => globalLogin });
    await screen.findByText('Enter the 6-digit code of your authenticator app, or one of your recovery codes.');
    expect(title()).toBe('Two-factor sign-in');
    expect(document.activeElement).toBe(codeField());
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');

    await user.keyboard('123456{Enter}');
    expect((await screen.findByTestId('page-title', {}, { timeout: 3000 })).textContent).toBe('Home');
    expect(fakes.verifyCode).toHaveBeenCalledWith({ challenge: codeChallenge.challenge, code: '123456' });
    expect(location()).toBe('/home');
    await waitFor(() => expect(notificationTexts()).toEqual(['Login successful']));
  });

  it('says a wrong code on the field, takes a recovery code after it, and asks for one when empty', async () => {
    let answer: () => Promise<LoginResponse> = () => Promise.reject(invalidCode);
    const { user, fakes } = await signIn({ login: async () => codeChallenge, verifyCode: () => answer() });
    await screen.findByRole('button', { name: 'Verify' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Required field')).toBeTruthy();
    expect(fakes.verifyCode).not.toHaveBeenCalled();

    await user.type(codeField(), '000000{Enter}');
    await waitFor(() => expect(codeField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The code is not right: try again', { selector: 'p' })).toBeTruthy();

    answer = async () => globalLogin;
    await user.clear(codeField());
    await user.type(codeField(), ' abcde-12345 {Enter}');
    await waitFor(() => expect(title()).toBe('Home'));
    expect(fakes.verifyCode).toHaveBeenLastCalledWith({ challenge: codeChallenge.challenge, code: 'abcde-12345' });
  });

  it('goes back to the password at will, and when the step has expired says why', async () => {
    const { user } = await signIn({ login: async () => codeChallenge, verifyCode: () => Promise.reject(signInExpired) });
    await user.click(await screen.findByRole('button', { name: 'Back to the password' }));
    expect(title()).toBe('Sign in');
    expect(screen.queryByTestId('sign-in-expired')).toBeNull();

    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe('global@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret{Enter}');
    await user.type(await screen.findByLabelText(/^Code/), '123456{Enter}');
    expect((await screen.findByTestId('sign-in-expired')).textContent).toBe('The sign-in has expired: sign in again with your password');
    expect(title()).toBe('Sign in');
  });

  it('speaks Italian', async () => {
    await signIn({ login: async () => codeChallenge }, 'it');
    expect(await screen.findByRole('button', { name: 'Verifica' })).toBeTruthy();
    expect(title()).toBe('Accesso in due passaggi');
    expect(screen.getByRole('button', { name: 'Torna alla password' })).toBeTruthy();
  });
});

describe('sign-in: an admin who must set up two-factor sign-in', () => {
  const setupOptions = {
    login: async () => setupChallenge,
    startSignInSetup: async () => newAuthenticator,
    confirmSignInSetup: async ({ code }: { code: string }) =>
      code === '123456' ? setupLogin : Promise.reject({ kind: 'http', status: 400, message: 'code is incorrect' }),
  };

  it('shows the QR code and the key, confirms a code, shows the ten recovery codes once, then opens the console', async () => {
    const { user, fakes, location, store } = await signIn(setupOptions);
    const qr = await screen.findByRole('img', { name: 'QR code of the new authenticator key' });
    expect(title()).toBe('Set up two-factor sign-in');
    expect(qr.getAttribute('src')).toBe(newAuthenticator.qrCode);
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(fakes.startSignInSetup).toHaveBeenCalledWith({ challenge: setupChallenge.challenge });

    await user.type(codeField(/^Code shown by the app/), '999999{Enter}');
    await screen.findByText('The code is not right: try again', { selector: 'p' });
    await user.clear(codeField(/^Code shown by the app/));
    await user.type(codeField(/^Code shown by the app/), '123456{Enter}');

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(title()).toBe('Recovery codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(store.getItem(storageKeys.token)).toBe(setupLogin.token);
    await user.click(screen.getByRole('button', { name: 'I have kept the codes' }));
    await waitFor(() => expect(title()).toBe('Home'));
    expect(location()).toBe('/home');
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  });

  it('offers to ask for the key again when it could not be had', async () => {
    let answer: () => Promise<TwoFactorSetup> = () => Promise.reject({ kind: 'network', status: 'FETCH_ERROR' });
    const { user } = await signIn({ ...setupOptions, startSignInSetup: () => answer() });
    await screen.findByText('The authenticator key could not be created.');
    answer = async () => newAuthenticator;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'QR code of the new authenticator key' })).toBeTruthy();
  });
});
