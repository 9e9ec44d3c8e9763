import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../../src/machines/list.machine';
import { assumedLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { companies, tenants, users } from '../support/views/resource-fixtures';
import { cellTexts, dataRows, notificationTexts } from '../support/views/screen-queries';

const openList = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: tenantLogin, ...options });
  await screen.findByTestId('page-title');
  return view;
};

const names = () => dataRows().map((row) => cellTexts(row)[0]);
const rowNamed = (name: string) => dataRows().find((row) => within(row).queryByText(name))!;
const rangeLabel = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent;
const lastQuery = (calls: Array<[{ query: object }]>) => calls.at(-1)![0].query;

describe('list screen', () => {
  it('shows the title, the toolbar, the columns and a page of rows', async () => {
    await openList('/companies', { resources: { companies: companies() } });
    expect(screen.getByTestId('page-title').textContent).toBe('Companies');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const dataHeaders = screen.getAllByRole('columnheader').filter((header) => header.getAttribute('data-field') !== '__check__');
    expect(dataHeaders.map((header) => header.getAttribute('aria-label') ?? header.textContent)).toEqual(['Name', 'Address', 'Actions']);
    expect(cellTexts(dataRows()[0]!).slice(0, 2)).toEqual(['Company 01', 'Via Roma 1, Milano']);
    expect(rangeLabel()).toBe('1–10 of 23');
    expect(
      within(dataRows()[0]!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit', 'Delete']);
  });

  it('says "of about" when the total is an estimate', async () => {
    const resource = companies();
    const rows = companies();
    resource.api.list.mockImplementation(async (request) => ({ ...(await rows.api.list(request)), total: 12_000, totalIsEstimate: true }));
    await openList('/companies', { resources: { companies: resource } });
    await waitFor(() => expect(rangeLabel()).toBe('1–10 of about 12,000'));
  });

  it('opens the form to add and to edit', async () => {
    const { user, location } = await openList('/companies', { resources: { companies: companies() } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(within(rowNamed('Company 02')).getByRole('button', { name: 'Edit' }));
    expect(location()).toBe('/companies/c02');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Edit company');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(location()).toBe('/companies/new');
  });

  it('speaks Italian', async () => {
    await openList('/companies', { language: 'it', resources: { companies: companies() } });
    expect(screen.getByTestId('page-title').textContent).toBe('Aziende');
    expect(screen.getByRole('textbox', { name: 'Cerca' })).toBeTruthy();
    await waitFor(() => expect(rangeLabel()).toBe('1–10 di 23'));
    expect(screen.getByRole('button', { name: 'Ordina Nome in modo decrescente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vai alla pagina successiva' })).toBeTruthy();
  });
});

describe('list paging and sorting', () => {
  it('offers 2, 10, 25 and 50 rows a page, and a new size starts at page 1', async () => {
    const resource = companies();
    const { user } = await openList('/companies?page=2', { resources: { companies: resource } });
    await waitFor(() => expect(rangeLabel()).toBe('11–20 of 23'));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:', hidden: true }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['2', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(rangeLabel()).toBe('1–23 of 23'));
    expect(lastQuery(resource.api.list.mock.calls)).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('sorts with the up and down buttons of sortable columns, back to page 1', async () => {
    const resource = companies();
    const { user } = await openList('/companies?page=2', { resources: { companies: resource } });
    await waitFor(() => expect(rangeLabel()).toBe('11–20 of 23'));
    expect(screen.queryByRole('button', { name: /Sort Address/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sort Name descending' }));
    await waitFor(() => expect(names()[0]).toBe('Company 23'));
    expect(rangeLabel()).toBe('1–10 of 23');
    expect(lastQuery(resource.api.list.mock.calls)).toEqual({ page: 1, pageSize: 10, sortBy: 'name', sortOrder: 'desc', search: '' });
    expect(screen.getByRole('button', { name: 'Sort Name descending' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rangeLabel()).toBe('11–20 of 23'));
    await user.click(screen.getByRole('button', { name: 'Sort Name ascending' }));
    await waitFor(() => expect(names()[0]).toBe('Company 01'));
    expect(lastQuery(resource.api.list.mock.calls)).toMatchObject({ page: 1, sortBy: 'name', sortOrder: 'asc' });
  });

  it('sends one request for what is typed in the search box, from page 1', async () => {
    const resource = companies();
    // The pause after typing runs on a clock the test moves: on a loaded machine a keystroke may take longer than it.
    const clock = new SimulatedClock();
    const { user } = await openList('/companies?page=2', { resources: { companies: resource }, clock });
    await waitFor(() => expect(rangeLabel()).toBe('11–20 of 23'));
    const callsBefore = resource.api.list.mock.calls.length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'company 2');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'company 2');
    expect(resource.api.list.mock.calls.length, 'nothing is asked before the pause').toBe(callsBefore);
    act(() => clock.increment(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(names()).toEqual(['Company 20', 'Company 21', 'Company 22', 'Company 23']));
    const searches = resource.api.list.mock.calls.slice(callsBefore).map(([{ query }]) => query);
    expect(searches).toEqual([{ page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: 'company 2' }]);
  });
});

describe('list address', () => {
  it('starts from a pasted link', async () => {
    const resource = companies();
    await openList('/companies?page=2&pageSize=2&sortBy=name&sortOrder=desc&search=company', { resources: { companies: resource } });
    await waitFor(() => expect(names()).toEqual(['Company 21', 'Company 20']));
    expect(resource.api.list.mock.calls[0]![0].query).toEqual({
      page: 2,
      pageSize: 2,
      sortBy: 'name',
      sortOrder: 'desc',
      search: 'company',
    });
    expect(rangeLabel()).toBe('3–4 of 23');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'company');
    expect(screen.getByRole('button', { name: 'Sort Name descending' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('falls back to the defaults for values it cannot use', async () => {
    const resource = companies();
    const path = '/companies?page=zero&pageSize=7&sortBy=password&sortOrder=up';
    const { location } = await openList(path, { resources: { companies: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(resource.api.list.mock.calls[0]![0].query).toEqual({ page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' });
    expect(location()).toBe(path);
  });

  it('writes each change to the address, and follows back and forward', async () => {
    const resource = companies();
    const { user, history } = await openList('/companies', { resources: { companies: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(history.current()).toBe('/companies?page=2&pageSize=10&sortOrder=asc'));
    await user.click(screen.getByRole('button', { name: 'Sort Name descending' }));
    await waitFor(() => expect(history.current()).toBe('/companies?page=1&pageSize=10&sortBy=name&sortOrder=desc'));
    await waitFor(() => expect(names()[0]).toBe('Company 23'));

    act(() => history.back());
    await waitFor(() => expect(names()[0]).toBe('Company 11'));
    expect(screen.getByRole('button', { name: 'Sort Name descending' }).getAttribute('aria-pressed')).toBe('false');
    act(() => history.back());
    await waitFor(() => expect(names()[0]).toBe('Company 01'));
    act(() => history.forward());
    await waitFor(() => expect(names()[0]).toBe('Company 11'));
    expect(history.entries()).toEqual([
      '/companies',
      '/companies?page=2&pageSize=10&sortOrder=asc',
      '/companies?page=1&pageSize=10&sortBy=name&sortOrder=desc',
    ]);
  });

  it('shows a page seen moments ago from the cache, and asks the API again on refresh', async () => {
    const resource = companies();
    const { user, history } = await openList('/companies', { resources: { companies: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(names()[0]).toBe('Company 11'));
    const calls = resource.api.list.mock.calls.length;
    act(() => history.back());
    await waitFor(() => expect(names()[0]).toBe('Company 01'));
    expect(resource.api.list).toHaveBeenCalledTimes(calls);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(resource.api.list).toHaveBeenCalledTimes(calls + 1));
  });
});

describe('list place', { timeout: 30_000 }, () => {
  it('comes back from a form, by Cancel or Save, to the page, size, sort and search it left', async () => {
    const place = '/companies?page=2&pageSize=10&sortBy=name&sortOrder=desc&search=Company';
    const resource = companies();
    const { user, location } = await openList(place, { resources: { companies: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const left = location();
    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe(left));
    await waitFor(() => expect(dataRows()).toHaveLength(10));

    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name', hidden: true }).value).not.toBe(''));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(left));
    expect(rangeLabel()).toMatch(/^11–20 of/);
  });
});

describe('list delete', () => {
  it('disables Delete while a page loads or the search waits for its pause, as the machine would ignore it', async () => {
    const resource = companies();
    // The pause after typing runs on a clock the test moves: on a loaded machine typing may take longer than the pause.
    const clock = new SimulatedClock();
    const { user } = await openList('/companies', { resources: { companies: resource }, clock });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const deleteOf = (name: string) => within(rowNamed(name)).getByRole('button', { name: 'Delete', hidden: true });
    expect(deleteOf('Company 03')).toHaveProperty('disabled', false);

    let answer: (page: Awaited<ReturnType<typeof resource.api.list>>) => void = () => {};
    const page = await resource.api.list.getMockImplementation()!({
      query: { page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' },
      filters: {},
    });
    resource.api.list.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(deleteOf('Company 03')).toHaveProperty('disabled', true));
    act(() => answer(page));
    await waitFor(() => expect(deleteOf('Company 03')).toHaveProperty('disabled', false));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Company');
    expect(deleteOf('Company 03')).toHaveProperty('disabled', true);
    act(() => clock.increment(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(resource.api.list).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(deleteOf('Company 03')).toHaveProperty('disabled', false));
  });

  it('says so in Italian too', async () => {
    const resource = users();
    const { user } = await openList('/users', { resources: { users: resource }, language: 'it' });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Elimina' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Utente eliminato']));
  });

  it("says 'Delete failed', with the API's reason when it gives one", async () => {
    const resource = companies();
    resource.api.remove
      .mockRejectedValueOnce({ kind: 'http', status: 409, message: 'The company still has users' })
      .mockRejectedValueOnce({ kind: 'network', status: 'FETCH_ERROR' });
    const { user } = await openList('/companies', { resources: { companies: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    for (const expected of [
      ['Delete failed: The company still has users'],
      ['Delete failed: The company still has users', 'Delete failed'],
    ]) {
      await user.click(within(rowNamed('Company 03')).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(notificationTexts()).toEqual(expected));
    }
    expect(names()).toContain('Company 03');
  });

  it("says the API's reason in Italian by its code", async () => {
    const resource = companies();
    resource.api.remove.mockRejectedValueOnce({
      kind: 'http',
      status: 409,
      code: 'COMPANY_IN_USE',
      message: 'The company still has users, topics, contents or training plans',
    });
    const { user } = await openList('/companies', { resources: { companies: resource }, language: 'it' });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(within(rowNamed('Company 03')).getByRole('button', { name: 'Elimina' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(notificationTexts()).toEqual([
        "Eliminazione non riuscita: l'azienda ha ancora utenti, argomenti, contenuti o piani formativi",
      ]),
    );
  });
});

describe('users list', () => {
  it('shows status, names, email, scope and enabled, sorting the scope by email', async () => {
    const resource = users();
    const { user } = await openList('/users', { resources: { users: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const [ada, bruno] = dataRows() as [HTMLElement, HTMLElement];
    expect(cellTexts(ada).slice(1, 4)).toEqual(['Ada', 'Lovelace', 'ada@example.com']);
    expect(within(ada).getByRole('img', { name: 'Active' })).toBeTruthy();
    expect(within(ada).getByRole('img', { name: 'Tenant' })).toBeTruthy();
    expect(within(ada).getByRole('img', { name: 'Enabled' })).toBeTruthy();
    expect(within(bruno).getByRole('img', { name: 'Pending' })).toBeTruthy();
    expect(within(bruno).getByRole('img', { name: 'Company' })).toBeTruthy();
    expect(within(bruno).queryByRole('img', { name: 'Enabled' })).toBeNull();
    for (const column of ['Name', 'Surname', 'Scope'])
      expect(screen.getByRole('button', { name: `Sort ${column} ascending` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sort Email ascending' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sort Scope descending' }));
    await waitFor(() => expect(lastQuery(resource.api.list.mock.calls)).toMatchObject({ sortBy: 'email', sortOrder: 'desc' }));
    await user.click(screen.getByRole('button', { name: 'Sort Surname ascending' }));
    await waitFor(() => expect(dataRows().map((row) => cellTexts(row)[2])).toEqual(['Bianchi', 'Lovelace']));
    expect(lastQuery(resource.api.list.mock.calls)).toMatchObject({ sortBy: 'surname', sortOrder: 'asc' });
  });
});

describe('tenants list', () => {
  it('assumes a tenant and goes home', async () => {
    const { user, fakes, location } = await openList('/tenants', {
      signedIn: globalLogin,
      assume: async () => assumedLogin,
      resources: { tenants: tenants() },
    });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellTexts(rowNamed('Acme Learning')).slice(0, 2)).toEqual(['Acme Learning', 'https://acme.test']);
    await user.click(within(rowNamed('Acme Learning')).getByRole('button', { name: 'Assume tenant' }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(fakes.assume).toHaveBeenCalledWith({ tenantId: 'tenant-1' });
    await waitFor(() => expect(notificationTexts()).toEqual(['You are now acting in tenant Acme Learning']));
  });

  it("shows the API's message, else 'Login failed', when assuming fails", async () => {
    const { user, fakes, location } = await openList('/tenants', {
      signedIn: globalLogin,
      assume: () => Promise.reject({ kind: 'http', status: 404, message: 'Tenant not found' }),
      resources: { tenants: tenants() },
    });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.click(within(rowNamed('Beta Academy')).getByRole('button', { name: 'Assume tenant' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Tenant not found']));
    fakes.assume.mockRejectedValueOnce({ kind: 'network', status: 'FETCH_ERROR' });
    await user.click(within(rowNamed('Beta Academy')).getByRole('button', { name: 'Assume tenant' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Tenant not found', 'Login failed']));
    expect(location()).toBe('/tenants');
  });

  it('has no delete action', async () => {
    await openList('/tenants', { signedIn: globalLogin, resources: { tenants: tenants() } });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
