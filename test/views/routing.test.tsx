import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';

describe('routing while the session is restored', () => {
  it('shows a progress indicator and keeps the address', async () => {
    // The stored session is read at start: its first screen is the progress, before any redirect.
    const { location } = renderConsole({ path: '/companies', signedIn: globalLogin });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(location()).toBe('/companies');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});

describe('routing signed out', () => {
  it.each(['/', '/home', '/companies', '/training-plans/p1/modules/m1', '/no/such/page'])('sends %s to /login', async (path) => {
    const { location } = renderConsole({ path });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/login');
  });
});

describe('routing signed in', () => {
  it.each(['/login', '/', '/no/such/page'])('sends %s to /home', async (path) => {
    const { location } = renderConsole({ path, signedIn: globalLogin });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Home');
    expect(location()).toBe('/home');
  });

  it.each([
    ['/companies', 'Companies', tenantLogin],
    ['/companies/new', 'New company', tenantLogin],
    ['/companies/c1', 'Edit company', tenantLogin],
    ['/tenants', 'Tenants', globalLogin],
    ['/users/u1', 'Edit user', companyLogin],
    ['/contents/new', 'New content', companyLogin],
    ['/topics', 'Topics', companyLogin],
    ['/training-plans', 'Training plans', companyLogin],
    ['/training-plans/p1', 'Edit training plan', companyLogin],
    ['/training-plans/p1/modules/new', 'New module', companyLogin],
    ['/training-plans/p1/modules/m1', 'Edit module', companyLogin],
    ['/training-plans/p1/modules/m1/items/new', 'New item', companyLogin],
    ['/training-plans/p1/modules/m1/items/i1', 'Edit item', companyLogin],
  ])('shows %s as "%s"', async (path, title, login) => {
    const { location } = renderConsole({ path, signedIn: login });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(location()).toBe(path);
  });

  it.each([
    ['/tenants', companyLogin],
    ['/companies/c1', companyLogin],
    ['/contents', tenantLogin],
    ['/training-plans/p1/modules/m1', globalLogin],
  ])('says %s is not available for the account, and calls no API for it', async (path, login) => {
    const { location, resources } = renderConsole({ path, signedIn: login });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not available for your account');
    expect(location()).toBe(path);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
    const section = path.split('/')[1] as keyof typeof resources;
    expect(resources[section].api.list).not.toHaveBeenCalled();
    expect(resources[section].api.get).not.toHaveBeenCalled();
  });

  it('goes to /login when the session ends', async () => {
    const { session, location } = renderConsole({ path: '/users', signedIn: globalLogin });
    await screen.findByTestId('page-title');
    session.send({ type: 'session.unauthorized' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
