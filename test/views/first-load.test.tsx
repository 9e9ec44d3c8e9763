import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadRouteChunks } from '../../src/app/first-load';
import { routeChunksElementId } from '../../src/app/route-chunks';
import { theme } from '../../src/app/theme';
import type { Failure } from '../../src/domain/failure';
import { phoneMediaQuery } from '../../src/views/list/phone-media';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies, tenants, users } from '../support/views/resource-fixtures';

/** Rows by role; `hidden: true` only skips the visibility check, which is slow on a whole grid in jsdom. */
const dataRows = () => screen.getAllByRole('row', { hidden: true }).slice(1);
const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };

/**
 * A page opened at its address asks for its screen's data at start (`src/app/first-load.ts`), before its code has
 * run; the screen's machine then finds that answer in the query cache, or the request in flight: never a second call.
 */
describe('the data a page asks for at start', { timeout: 30_000 }, () => {
  it("a list's page, as its address says, is asked for once, and shown", async () => {
    const resource = companies();
    renderConsole({
      path: '/companies?page=2&pageSize=10&sortBy=name&sortOrder=desc',
      signedIn: tenantLogin,
      firstLoad: true,
      resources: { companies: resource },
    });

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(resource.api.list).toHaveBeenCalledTimes(1);
    expect(resource.api.list.mock.calls[0]![0]).toEqual({
      query: { page: 2, pageSize: 10, sortBy: 'name', sortOrder: 'desc', search: '' },
      filters: {},
    });
    expect(screen.getByText('Company 13')).toBeTruthy();
  });

  it('an address the list reads otherwise (an unknown sort, a page size it does not offer) is read the same way', async () => {
    const resource = companies();
    renderConsole({
      path: '/companies?pageSize=7&sortBy=taxId&search=%20via%20',
      signedIn: tenantLogin,
      firstLoad: true,
      resources: { companies: resource },
    });

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(resource.api.list).toHaveBeenCalledTimes(1);
    expect(resource.api.list.mock.calls[0]![0].query).toEqual({ page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: 'via' });
  });

  it('a record of an edit page is asked for once, and shown in its form', async () => {
    const resource = companies();
    renderConsole({ path: '/companies/c03', signedIn: tenantLogin, firstLoad: true, resources: { companies: resource } });

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name', hidden: true }).value).toBe('Company 03'));
    expect(resource.api.get).toHaveBeenCalledTimes(1);
    expect(resource.api.get).toHaveBeenCalledWith('c03');
  });

  it("home's counts are asked for once each", async () => {
    const [companyList, userList] = [companies(), users()];
    renderConsole({ path: '/home', signedIn: tenantLogin, firstLoad: true, resources: { companies: companyList, users: userList } });

    const counted = (resource: string) => screen.getByTestId(`home-count-${resource}`).getAttribute('aria-busy') === 'false';
    await waitFor(() => expect(counted('companies') && counted('users')).toBe(true));
    expect(screen.getByTestId('home-count-companies').textContent).toContain('23');
    expect(companyList.api.list).toHaveBeenCalledTimes(1);
    expect(userList.api.list).toHaveBeenCalledTimes(1);
  });

  it('an answer that failed at start is asked for again by the list, which shows its own', async () => {
    const resource = companies();
    resource.api.list.mockRejectedValueOnce(serverError);
    renderConsole({ path: '/companies', signedIn: tenantLogin, firstLoad: true, resources: { companies: resource } });

    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(resource.api.list).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Fetch error 500')).toBeNull();
  });

  it('nothing is asked for a screen the scope may not open, nor when signed out', async () => {
    const resource = tenants();
    renderConsole({ path: '/tenants', signedIn: tenantLogin, firstLoad: true, resources: { tenants: resource } });
    expect(await screen.findByTestId('not-available')).toBeTruthy();

    const signedOut = companies();
    renderConsole({ path: '/companies', firstLoad: true, resources: { companies: signedOut } });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();

    expect(resource.api.list).not.toHaveBeenCalled();
    expect(signedOut.api.list).not.toHaveBeenCalled();
  });
});

/** The code a page asks for at start: the files of its route's chunks, as the build lists them in the page. */
describe('the code a page asks for at start', () => {
  const files = { signedInConsole: ['/assets/signed.js'], grid: ['/assets/grid.js'], form: ['/assets/form.js'] };
  const preloaded = (path: string, options?: { phone?: boolean }) => {
    document.head.innerHTML = '';
    const listed = document.createElement('script');
    listed.type = 'application/json';
    listed.id = routeChunksElementId;
    listed.textContent = JSON.stringify(files);
    document.head.appendChild(listed);
    preloadRouteChunks(path, document, options);
    return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  };

  it("a list's grid, except on a phone, where its two-line rows need none; a record's form, and the reports' grid, either way", () => {
    expect(preloaded('/companies')).toEqual(['/assets/signed.js', '/assets/grid.js']);
    expect(preloaded('/companies', { phone: true })).toEqual(['/assets/signed.js']);
    expect(preloaded('/activity', { phone: true })).toEqual(['/assets/signed.js']);
    expect(preloaded('/companies/4f1c', { phone: true })).toEqual(['/assets/signed.js', '/assets/form.js']);
    expect(preloaded('/reports', { phone: true })).toEqual(['/assets/signed.js', '/assets/grid.js']);
  });

  it("reads a phone's width as the views do: below the theme's sm breakpoint", () => {
    expect(theme.breakpoints.down('sm')).toBe(`@media ${phoneMediaQuery}`);
  });
});
