import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../src/domain/session';
import type { Language } from '../../src/i18n';
import { assumedLogin, companyLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';

const openAs = async (answer: LoginResponse, language: Language = 'en', path = '/home') => {
  const view = renderConsole({ path, language, signedIn: answer });
  await screen.findByTestId('sidebar-menu');
  return view;
};

const menuLinks = () =>
  within(screen.getByTestId('sidebar-menu'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('sidebar menu', () => {
  it.each([
    [
      'GLOBAL',
      globalLogin,
      [
        ['Tenants', '/tenants'],
        ['Users', '/users'],
        ['Activity', '/activity'],
        ['Reports', '/reports'],
      ],
    ],
    [
      'TENANT',
      tenantLogin,
      [
        ['Companies', '/companies'],
        ['Users', '/users'],
        ['Activity', '/activity'],
        ['Reports', '/reports'],
      ],
    ],
    [
      'COMPANY',
      companyLogin,
      [
        ['Users', '/users'],
        ['Groups', '/groups'],
        ['Contents', '/contents'],
        ['Topics', '/topics'],
        ['Quizzes', '/quizzes'],
        ['Training plans', '/training-plans'],
        ['Reports', '/reports'],
        ['Learning record store', '/lrs-credentials'],
      ],
    ],
    [
      'an assumed tenant',
      assumedLogin,
      [
        ['Companies', '/companies'],
        ['Users', '/users'],
        ['Activity', '/activity'],
        ['Reports', '/reports'],
      ],
    ],
  ])('offers %s its sections', async (_, answer, links) => {
    await openAs(answer);
    expect(screen.getByTestId('sidebar-menu').tagName).toBe('NAV');
    expect(menuLinks()).toEqual(links);
  });

  it('speaks Italian', async () => {
    await openAs(companyLogin, 'it');
    expect(menuLinks().map(([label]) => label)).toEqual([
      'Utenti',
      'Gruppi',
      'Contenuti',
      'Argomenti',
      'Quiz',
      'Piani formativi',
      'Report',
      'Archivio apprendimento',
    ]);
  });

  it('navigates and marks the current section', async () => {
    const { user, location } = await openAs(companyLogin);
    await user.click(screen.getByRole('link', { name: 'Topics' }));
    expect(location()).toBe('/topics');
    expect(screen.getByTestId('page-title').textContent).toBe('Topics');
    expect(screen.getByRole('link', { name: 'Topics' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('sidebar header', () => {
  it.each([
    ['the company', companyLogin, 'C', 'Carla Rossi', 'Bianchi Srl'],
    ['the tenant without a company', tenantLogin, 'T', 'Tomaso Rossi', 'Acme Learning'],
    ['the assumed tenant', assumedLogin, 'G', 'Grace Rossi', 'Acme Learning'],
    ['root admin without tenant or company', globalLogin, 'G', 'Grace Rossi', 'Root admin'],
  ])('shows the initial, the name and %s', async (_, answer, initial, name, label) => {
    await openAs(answer);
    const header = within(screen.getByTestId('sidebar-header'));
    expect(header.getByText(initial)).toBeTruthy();
    expect(header.getByText(name)).toBeTruthy();
    expect(header.getByText(label)).toBeTruthy();
  });

  it('names the root admin in Italian', async () => {
    await openAs(globalLogin, 'it');
    expect(within(screen.getByTestId('sidebar-header')).getByText('Amministratore root')).toBeTruthy();
  });
});

describe('user menu', () => {
  it('switches the language', async () => {
    const { user, i18n } = await openAs(companyLogin);
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByTestId('language-it'));
    expect(i18n.language).toBe('it');
    expect(menuLinks().map(([label]) => label)).toEqual([
      'Utenti',
      'Gruppi',
      'Contenuti',
      'Argomenti',
      'Quiz',
      'Piani formativi',
      'Report',
      'Archivio apprendimento',
    ]);
    await user.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('language-it').classList.contains('Mui-selected')).toBe(true);
    await user.click(screen.getByTestId('language-en'));
    expect(screen.getByTestId('page-title').textContent).toBe('Home');
  });

  it('offers profiling, which only closes the menu, and settings, which opens its page', async () => {
    const { user, location } = await openAs(globalLogin);
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Profiling' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(location()).toBe('/home');
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(location()).toBe('/settings');
    expect(screen.getByTestId('page-title').textContent).toBe('Settings');
  });

  it('logs out and goes to /login', async () => {
    const { user, fakes, location } = await openAs(globalLogin);
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByTestId('logout'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(fakes.logout).toHaveBeenCalledWith({ token: globalLogin.token });
    expect(location()).toBe('/login');
  });
});
