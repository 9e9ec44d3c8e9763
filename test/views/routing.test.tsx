import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin, globalLogin } from '../support/fixtures/session';
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
    ['/companies', 'Companies'],
    ['/companies/new', 'New company'],
    ['/companies/c1', 'Edit company'],
    ['/tenants', 'Tenants'],
    ['/users/u1', 'Edit user'],
    ['/contents/new', 'New content'],
    ['/topics', 'Topics'],
    ['/training-plans', 'Training plans'],
    ['/training-plans/p1', 'Edit training plan'],
    ['/training-plans/p1/modules/new', 'New module'],
    ['/training-plans/p1/modules/m1', 'Edit module'],
    ['/training-plans/p1/modules/m1/items/new', 'New item'],
    ['/training-plans/p1/modules/m1/items/i1', 'Edit item'],
  ])('shows %s as "%s"', async (path, title) => {
    const { location } = renderConsole({ path, signedIn: companyLogin });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(location()).toBe(path);
  });

  it('goes to /login when the session ends', async () => {
    const { session, location } = renderConsole({ path: '/users', signedIn: globalLogin });
    await screen.findByTestId('page-title');
    session.send({ type: 'session.unauthorized' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
