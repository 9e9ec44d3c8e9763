import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { fakeResource } from '../support/views/fake-api';
import { companyRecords, users } from '../support/views/resource-fixtures';

const openUsers = async (path: string, options: RenderOptions = {}) => {
  const resource = users();
  const view = renderConsole({ path, signedIn: tenantLogin, resources: { users: resource }, ...options });
  await screen.findByTestId('page-title');
  return { ...view, resource };
};

const lastFilters = (resource: ReturnType<typeof users>) => resource.api.list.mock.calls.at(-1)![0].filters;
const params = (location: string) => Object.fromEntries(new URLSearchParams(location.split('?')[1] ?? ''));
const chipTexts = (name = 'Filters set') => {
  const list = screen.queryByRole('list', { name });
  return list
    ? within(list)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label'))
    : [];
};

/** Issue 29: a list's filters beside its search, kept in the address, read by screen readers as chips. */
describe('list filters', () => {
  it("asks for the address's filters and shows each as a chip a screen reader names", async () => {
    const { resource } = await openUsers('/users?status=PENDING&scope=COMPANY&page=1');
    await waitFor(() => expect(lastFilters(resource)).toEqual({ status: 'PENDING', scope: 'COMPANY' }));
    expect(chipTexts()).toEqual(['Remove the filter Status: Pending', 'Remove the filter Scope: Company']);
    const button = screen.getByRole('button', { name: 'Filters (2 set)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves out what the address holds that is no filter of the list, or no value of one', async () => {
    const { resource } = await openUsers('/users?status=BOGUS&favourite=1&enabled=%00&groupId=x&status=ACTIVE');
    await waitFor(() => expect(resource.api.list).toHaveBeenCalled());
    expect(lastFilters(resource)).toEqual({});
    expect(chipTexts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('a filter chosen leads to the address with it on the first page, the sort and search kept; a chip removed drops it', async () => {
    const { user, location, resource } = await openUsers('/users?page=2&pageSize=2&sortBy=name&sortOrder=desc&search=a&status=PENDING');
    await user.click(screen.getByRole('button', { name: 'Filters (1 set)' }));
    const panel = await screen.findByRole('search', { name: 'Filters' });
    expect(within(panel).getAllByRole('combobox').length).toBeGreaterThanOrEqual(3);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Scope' }), 'TENANT');

    await waitFor(() =>
      expect(params(location())).toMatchObject({ page: '1', pageSize: '2', sortBy: 'name', search: 'a', scope: 'TENANT' }),
    );
    expect(params(location()).status).toBe('PENDING');
    await waitFor(() => expect(lastFilters(resource)).toEqual({ status: 'PENDING', scope: 'TENANT' }));
    // The panel stays open, on the field just changed.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-filter')).toBe('scope'));

    await user.click(within(screen.getByRole('button', { name: 'Remove the filter Status: Pending' })).getByTestId('CancelIcon'));
    await waitFor(() => expect(params(location()).status).toBeUndefined());
    await waitFor(() => expect(lastFilters(resource)).toEqual({ scope: 'TENANT' }));
  });

  it("offers a TENANT admin the company filter but not the group filter (a COMPANY admin's)", async () => {
    const { user } = await openUsers('/users');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('search', { name: 'Filters' });
    expect(within(panel).getByRole('combobox', { name: 'Company' })).toBeTruthy();
    expect(within(panel).queryByRole('combobox', { name: 'Group' })).toBeNull();
    expect(within(panel).getByRole('combobox', { name: 'Enabled' })).toBeTruthy();
  });

  // 30 companies, the last (past the picker's first 25 names) with an id an address may hold.
  const farId = '00000000-0000-4000-8000-000000000030';
  const goneId = '00000000-0000-4000-8000-0000000000ff';
  const companies = () => fakeResource(companyRecords(30).map((company, index) => (index === 29 ? { ...company, id: farId } : company)));

  it("names a company past the picker's first 25 by reading it", async () => {
    const many = companies();
    await openUsers(`/users?companyId=${farId}`, { resources: { users: users(), companies: many } });
    await waitFor(() => expect(chipTexts()).toEqual(['Remove the filter Company: Company 30']));
    expect(many.api.get).toHaveBeenCalledWith(farId);
  });

  it('names a company gone as the one chosen, with no notice', async () => {
    const many = companies();
    await openUsers(`/users?companyId=${goneId}`, { resources: { users: users(), companies: many } });
    await waitFor(() => expect(many.api.get).toHaveBeenCalledWith(goneId));
    await waitFor(() => expect(chipTexts()).toEqual(['Remove the filter Company: the one chosen']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Italian', async () => {
    await openUsers('/users?status=ACTIVE&enabled=false', { language: 'it' });
    await waitFor(() =>
      expect(chipTexts('Filtri impostati')).toEqual(['Rimuovi il filtro Stato: Attivo', 'Rimuovi il filtro Abilitato: No']),
    );
    expect(screen.getByRole('button', { name: 'Filtri (2 impostati)' })).toBeTruthy();
  });
});
