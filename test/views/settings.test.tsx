import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/domain/session';
import type { Language } from '../../src/i18n';
import { createStorage } from '../../src/api/storage';
import { assumedLogin, companyLogin, globalLogin, meAnswer, stored, tenantLogin } from '../support/fixtures/session';
import { fakeAccount } from '../support/views/fake-account';
import { renderConsole } from '../support/views/render-console';
import { messageOf, notificationTexts } from '../support/views/screen-queries';

type User = ReturnType<typeof renderConsole>['user'];

/** The console signed in as `answer` (its background check answered), its account in memory, at `path`. */
const openAs = async (
  answer: LoginResponse,
  { path = '/settings', language = 'en' as Language, rootSession = undefined as LoginResponse | undefined } = {},
) => {
  const { state } = stored(answer);
  const account = fakeAccount(meAnswer(state, state.user.name));
  const view = renderConsole({
    path,
    language,
    signedIn: answer,
    rootSession,
    account,
  });
  await screen.findByTestId('sidebar-menu');
  await waitFor(() => expect(view.session.getSnapshot().matches({ signedIn: 'idle' })).toBe(true));
  return view;
};

/** Opens the settings and waits for the profile to be there. */
const openSettings = async (answer: LoginResponse = globalLogin, language: Language = 'en', rootSession?: LoginResponse) => {
  const view = await openAs(answer, { language, rootSession });
  await screen.findByRole('button', { name: language === 'en' ? 'Save' : 'Salva' });
  return view;
};

const section = (name: string) => screen.getByRole('region', { name });
/** `hidden: true` skips the visibility check, which is slow on MUI forms in jsdom. */
const textbox = (name: string) => within(section('Profile')).getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const passwordInput = (label: RegExp) => within(section('Password')).getByLabelText<HTMLInputElement>(label);
const currentPassword = () => passwordInput(/^Current password/);
const newPassword = () => passwordInput(/^New password/);
const confirmPassword = () => passwordInput(/^Confirm new password/);
const headerText = () => screen.getByTestId('sidebar-header').textContent;
const saveProfile = (user: User) => user.click(within(section('Profile')).getByRole('button', { name: 'Save' }));
const changePassword = (user: User) => user.click(within(section('Password')).getByRole('button', { name: 'Change password' }));
const replace = async (user: User, input: HTMLInputElement, text: string) => {
  await user.clear(input);
  if (text) await user.type(input, text);
};
const fillPasswords = async (user: User, current: string, next: string, confirmation = next) => {
  await replace(user, currentPassword(), current);
  await replace(user, newPassword(), next);
  await replace(user, confirmPassword(), confirmation);
};

describe('settings page', () => {
  it('opens from the user menu', async () => {
    const { user, location } = await openAs(globalLogin, { path: '/home' });
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(location()).toBe('/settings'));
    expect(screen.getByTestId('page-title').textContent).toBe('Settings');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(['Profile', 'Language', 'Password'].map((name) => section(name).tagName)).toEqual(['SECTION', 'SECTION', 'SECTION']);
  });

  it.each([
    ['GLOBAL', globalLogin],
    ['TENANT', tenantLogin],
    ['COMPANY', companyLogin],
    ['an assumed tenant', assumedLogin],
  ])('is there for %s, with the user’s own name', async (_, answer) => {
    const { account } = await openSettings(answer);
    expect(textbox('Name').value).toBe(answer.user.name);
    expect(textbox('Surname').value).toBe(answer.user.surname);
    // `users/me` once for the session's background check, once for the page.
    expect(account.api.me).toHaveBeenCalledTimes(2);
  });
});

describe('settings: profile', () => {
  it('asks for a name before calling the API', async () => {
    const { user, account } = await openSettings();
    await replace(user, textbox('Name'), '   ');
    await saveProfile(user);
    expect(messageOf(textbox('Name'))).toBe('Required field');
    expect(account.api.updateProfile).not.toHaveBeenCalled();
    await user.type(textbox('Name'), 'Gloria');
    expect(messageOf(textbox('Name'))).toBeUndefined();
  });

  it('saves the name, says so, and the header shows it at once', async () => {
    const { user, account, store } = await openSettings();
    const reads = account.api.me.mock.calls.length;
    expect(headerText()).toContain('Grace Rossi');
    await replace(user, textbox('Name'), ' Gloria ');
    await replace(user, textbox('Surname'), 'Bianchi');
    await saveProfile(user);
    await waitFor(() => expect(notificationTexts()).toContain('Profile saved'));
    expect(account.api.updateProfile).toHaveBeenCalledWith({ name: 'Gloria', surname: 'Bianchi' });
    expect(headerText()).toContain('Gloria Bianchi');
    expect(within(screen.getByTestId('sidebar-header')).getByText('G')).toBeTruthy();
    // The session is stored with the new name: a reload shows it too.
    expect(createStorage(store).readSession()?.state.user).toMatchObject({ name: 'Gloria', surname: 'Bianchi' });
    // The form opens again with what was saved, from the cache: no second read.
    await waitFor(() => expect(textbox('Name').value).toBe('Gloria'));
    expect(textbox('Surname').value).toBe('Bianchi');
    expect(account.api.me).toHaveBeenCalledTimes(reads);
  });

  it('renames the root admin kept aside as well, so going back to root shows the new name', async () => {
    const { user, store } = await openSettings(assumedLogin, 'en', globalLogin);
    await replace(user, textbox('Name'), 'Gloria');
    await saveProfile(user);
    await waitFor(() => expect(headerText()).toContain('Gloria Rossi'));
    expect(screen.getByTestId('assumed-tenant-banner').textContent).toContain('as Gloria Rossi.');
    expect(createStorage(store).readRootSession()?.state.user).toMatchObject({ name: 'Gloria', scope: 'GLOBAL' });
    await user.click(screen.getByRole('button', { name: 'Back to root admin' }));
    await waitFor(() => expect(headerText()).toContain('Root admin'));
    expect(headerText()).toContain('Gloria Rossi');
  });

  it('shows the API’s field error on its field', async () => {
    const { user, account } = await openSettings();
    account.failNext('updateProfile', {
      kind: 'http',
      status: 400,
      message: 'Bad Request',
      errors: [{ field: 'surname', message: 'must NOT have more than 100 characters' }],
    });
    await replace(user, textbox('Surname'), 'Bianchi');
    await saveProfile(user);
    await waitFor(() => expect(messageOf(textbox('Surname'))).toBe('must NOT have more than 100 characters'));
    expect(notificationTexts()).toContain('Failed to save the profile');
    expect(headerText()).toContain('Grace Rossi');
    expect(textbox('Surname').value).toBe('Bianchi');
  });

  it('says when the profile cannot be loaded, and tries again', async () => {
    // Signed in (the session's own check of `users/me` done), the page's read of `users/me` fails.
    const { user, account } = await openAs(globalLogin, { path: '/home' });
    account.failNext('me', { kind: 'network', status: 'FETCH_ERROR' });
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading your profile');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(textbox('Name').value).toBe('Grace'));
  });

  it('holds navigation while the name is changed and not saved', async () => {
    const { user, location } = await openSettings(companyLogin);
    await user.type(textbox('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Topics' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(location()).toBe('/settings');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave page' }));
    await waitFor(() => expect(location()).toBe('/topics'));
  });
});

describe('settings: language', () => {
  it('switches at once, like the user menu', async () => {
    const { user, i18n } = await openSettings();
    const select = within(section('Language')).getByRole('combobox', { name: 'Language' });
    expect(select.textContent).toBe('English');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Italiano' }));
    expect(i18n.language).toBe('it');
    expect(screen.getByTestId('page-title').textContent).toBe('Impostazioni');
    expect(within(section('Profilo')).getByRole('button', { name: 'Salva' })).toBeTruthy();
    await user.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('language-it').classList.contains('Mui-selected')).toBe(true);
    await user.click(screen.getByTestId('language-en'));
    expect(within(section('Language')).getByRole('combobox', { name: 'Language' }).textContent).toBe('English');
  });
});

describe('settings: password', () => {
  it('has the three fields, required, as password inputs', async () => {
    await openSettings();
    for (const input of [currentPassword(), newPassword(), confirmPassword()]) {
      expect(input.getAttribute('type')).toBe('password');
      expect(input.required).toBe(true);
    }
    expect(currentPassword().getAttribute('autocomplete')).toBe('current-password');
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
  });

  it('blocks a confirmation that differs, or a new password that is too short', async () => {
    const { user, account } = await openSettings();
    await fillPasswords(user, 'current-secret', 'brand-new-secret', 'brand-new-secreT');
    await changePassword(user);
    expect(messageOf(confirmPassword())).toBe('Passwords do not match');
    await fillPasswords(user, 'current-secret', 'short', 'short');
    await changePassword(user);
    expect(messageOf(newPassword())).toBe('At least 8 characters');
    expect(account.api.changePassword).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on its field, and a new one equal to it on the new one', async () => {
    const { user, account } = await openSettings();
    await fillPasswords(user, 'not-my-password', 'brand-new-secret');
    await changePassword(user);
    await waitFor(() => expect(messageOf(currentPassword())).toBe('Incorrect'));
    expect(notificationTexts()).toContain('Failed to change the password');
    expect(newPassword().value).toBe('brand-new-secret');
    await fillPasswords(user, 'current-secret', 'current-secret');
    await changePassword(user);
    await waitFor(() => expect(messageOf(newPassword())).toBe('Must differ from the current password'));
    expect(messageOf(currentPassword())).toBeUndefined();
    expect(account.password()).toBe('current-secret');
  });

  it('says so after too many wrong attempts', async () => {
    const { user, account } = await openSettings();
    account.failNext('changePassword', { kind: 'http', status: 429, message: 'Too many failed attempts' });
    await fillPasswords(user, 'current-secret', 'brand-new-secret');
    await changePassword(user);
    await waitFor(() => expect(notificationTexts()).toContain('Too many wrong attempts: wait a few minutes and try again'));
    expect(currentPassword().value).toBe('current-secret');
  });

  it('says when the password may be tried again, when the API says it', async () => {
    const { user, account } = await openSettings();
    const retryAt = new Date(2026, 5, 1, 9, 41, 7).getTime();
    account.failNext('changePassword', { kind: 'http', status: 429, message: 'Too many failed attempts', retryAt });
    await fillPasswords(user, 'current-secret', 'brand-new-secret');
    await changePassword(user);
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(retryAt);
    await waitFor(() => expect(notificationTexts()).toContain(`Too many failed sign-in attempts. You can try again at ${time}.`));
  });

  it('changes the password, says so and empties the form', async () => {
    const { user, account } = await openSettings();
    await fillPasswords(user, 'current-secret', 'brand-new-secret');
    await changePassword(user);
    await waitFor(() => expect(notificationTexts()).toContain('Password changed'));
    expect(account.api.changePassword).toHaveBeenCalledWith({ currentPassword: 'current-secret', newPassword: 'brand-new-secret' });
    expect(account.password()).toBe('brand-new-secret');
    await waitFor(() => expect(currentPassword().value).toBe(''));
    expect(newPassword().value).toBe('');
    expect(confirmPassword().value).toBe('');
    expect(messageOf(confirmPassword())).toBeUndefined();
    // Nothing left to lose: leaving does not ask.
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Italian', async () => {
    const { user } = await openSettings(globalLogin, 'it');
    expect(within(section('Password')).getByRole('button', { name: 'Cambia password' })).toBeTruthy();
    await user.click(within(section('Password')).getByRole('button', { name: 'Cambia password' }));
    expect(messageOf(within(section('Password')).getByLabelText<HTMLInputElement>(/^Password attuale/))).toBe('Campo obbligatorio');
  });
});
