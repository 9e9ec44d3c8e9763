import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/domain/session';
import { globalLogin, meAnswer, newAuthenticator, recoveryCodes, stored, tenantLogin } from '../support/fixtures/session';
import { fakeAccount, twoFactorCode, type FakeAccount } from '../support/views/fake-account';
import { renderConsole } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

/** The settings page of `answer`, its account in memory (`prepare` sets its two-factor sign-in), once the section has loaded. */
const openSecurity = async (
  answer: LoginResponse = globalLogin,
  prepare: (account: FakeAccount) => void = () => {},
  language: 'en' | 'it' = 'en',
) => {
  const { state } = stored(answer);
  const account = fakeAccount(meAnswer(state, state.user.name));
  prepare(account);
  const view = renderConsole({ path: '/settings', language, signedIn: answer, account });
  await screen.findByTestId('two-factor-status', {}, { timeout: 5000 });
  return view;
};
const security = () => within(screen.getByRole('region', { name: 'Security' }));
const status = () => security().getByTestId('two-factor-status').textContent;
const codeField = (label = /^Code/) => security().getByLabelText<HTMLInputElement>(label);

/** Turns it on in the page: the key, the code, the recovery codes kept. */
const turnOn = async (user: ReturnType<typeof renderConsole>['user']) => {
  await user.click(security().getByRole('button', { name: 'Turn on two-factor sign-in' }));
  await security().findByRole('img', { name: 'QR code of the new authenticator key' });
  await user.type(codeField(/^Code shown by the app/), `${twoFactorCode}{Enter}`);
  await security().findByRole('list', { name: 'Your recovery codes' });
  await user.click(security().getByRole('button', { name: 'I have kept the codes' }));
  await waitFor(() => expect(status()).toMatch(/^Two-factor sign-in is on since/));
};

describe('settings: two-factor sign-in', { timeout: 20_000 }, () => {
  it('is off at first, and turns on with the QR code or the key and a code, showing the recovery codes once', async () => {
    const { user, account } = await openSecurity();
    expect(status()).toBe('Two-factor sign-in is off: signing in takes only your password.');

    await user.click(security().getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const qr = await security().findByRole('img', { name: 'QR code of the new authenticator key' });
    expect(qr.getAttribute('src')).toBe(newAuthenticator.qrCode);
    expect(security().getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');

    await user.type(codeField(/^Code shown by the app/), '000000{Enter}');
    await security().findByText('The code is not right: try again');
    expect(account.twoFactor().enabled).toBe(false);

    await user.clear(codeField(/^Code shown by the app/));
    await user.type(codeField(/^Code shown by the app/), `${twoFactorCode}{Enter}`);
    const list = await security().findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(security().getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(security().getByRole('button', { name: 'Download' })).toBeTruthy();
    await waitFor(() => expect(notificationTexts()).toContain('Two-factor sign-in is on'));

    await user.click(security().getByRole('button', { name: 'I have kept the codes' }));
    await waitFor(() => expect(status()).toMatch(/^Two-factor sign-in is on since .+\. 10 recovery codes left\.$/));
    expect(security().queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  });

  it('cancels a set-up: still off', async () => {
    const { user, account } = await openSecurity();
    await user.click(security().getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.click(await security().findByRole('button', { name: 'Cancel' }));
    expect(status()).toBe('Two-factor sign-in is off: signing in takes only your password.');
    expect(account.twoFactor().enabled).toBe(false);
  });

  it('makes new recovery codes with a code, and turns off with one', async () => {
    const { user, account } = await openSecurity();
    await turnOn(user);

    await user.click(security().getByRole('button', { name: 'New recovery codes' }));
    await user.type(codeField(), `${twoFactorCode}{Enter}`);
    await security().findByRole('list', { name: 'Your recovery codes' });
    await waitFor(() => expect(notificationTexts()).toContain('New recovery codes made'));
    await user.click(security().getByRole('button', { name: 'I have kept the codes' }));
    await waitFor(() => expect(status()).toMatch(/^Two-factor sign-in is on/));

    await user.click(security().getByRole('button', { name: 'Turn off' }));
    await user.type(codeField(), '111111{Enter}');
    await security().findByText('The code is not right: try again');
    expect(account.twoFactor().enabled).toBe(true);
    await user.clear(codeField());
    await user.type(codeField(), `${twoFactorCode}{Enter}`);
    await waitFor(() => expect(status()).toBe('Two-factor sign-in is off: signing in takes only your password.'));
    expect(account.twoFactor().enabled).toBe(false);
    expect(notificationTexts()).toContain('Two-factor sign-in is off');
  });

  it('cannot be turned off where the account requires it', async () => {
    const { user } = await openSecurity(tenantLogin, (account) => account.requireTwoFactor());
    expect(security().getByText('Your account must sign in with a second factor. Set up an authenticator app to go on.')).toBeTruthy();
    await turnOn(user);
    expect(security().getByText('Required for your account: it cannot be turned off.')).toBeTruthy();
    expect(security().queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('speaks Italian', async () => {
    await openSecurity(globalLogin, () => {}, 'it');
    expect(screen.getByRole('region', { name: 'Sicurezza' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Sicurezza' })).getByRole('button', { name: "Attiva l'accesso in due passaggi" }),
    ).toBeTruthy();
  });
});
