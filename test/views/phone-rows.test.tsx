import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListRequest } from '../../src/domain/resource';
import { activityList } from '../../src/views/activity/activity-list';
import { companiesResource } from '../../src/views/resources/companies';
import { contentsResource } from '../../src/views/resources/contents';
import { groupsResource } from '../../src/views/resources/groups';
import { quizzesResource } from '../../src/views/resources/quizzes';
import { tenantsResource } from '../../src/views/resources/tenants';
import { topicsResource } from '../../src/views/resources/topics';
import { trainingPlansResource } from '../../src/views/resources/training-plans';
import { usersResource } from '../../src/views/resources/users';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { activityEntry as entry, companies, users } from '../support/views/resource-fixtures';

/** A 360 px window as MUI's media queries read it: below every `min-width`, inside every `max-width` under 600 px. */
function phoneWidth() {
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || 360 <= Number(max[1])) && (!min || 360 >= Number(min[1]));
  };
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        onchange: null,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const phoneRows = () => within(screen.getByTestId('phone-rows')).queryAllByRole('listitem');

describe('a list on a 360 px phone', { timeout: 15_000 }, () => {
  beforeEach(phoneWidth);
  afterEach(() => vi.unstubAllGlobals());

  it('shows each user on two lines, name and surname over the email, after the status and scope, leading to its page', async () => {
    const { user, location } = renderConsole({ path: '/users', signedIn: tenantLogin, resources: { users: users() } });
    await waitFor(() => expect(phoneRows().length).toBeGreaterThan(0));
    expect(screen.queryByRole('grid')).toBeNull();
    const ada = phoneRows().find((row) => row.textContent?.includes('Ada Lovelace'))!;
    expect(within(ada).getByText('ada@example.com')).toBeTruthy();
    expect(within(ada).getByRole('img', { name: 'Active' })).toBeTruthy();
    expect(within(ada).getByRole('img', { name: 'Tenant' })).toBeTruthy();
    // The toolbar's buttons are icons named by their labels.
    for (const name of ['Export CSV', 'Add']) expect(screen.getByRole('button', { name })).toBeTruthy();
    await user.click(within(ada).getByRole('link'));
    expect(location()).toBe('/users/u1');
  });

  it('selects rows by their checkboxes and acts on them with the same bar as the grid', { timeout: 60_000 }, async () => {
    const resource = users();
    const { user } = renderConsole({ path: '/users', signedIn: tenantLogin, resources: { users: resource } });
    await waitFor(() => expect(phoneRows().length).toBeGreaterThan(1));
    const [first, second] = phoneRows();

    await user.click(within(first!).getByRole('checkbox'));
    await user.click(within(second!).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: '2 selected' });
    await user.click(within(second!).getByRole('checkbox'));
    await screen.findByRole('region', { name: '1 selected' });
    await user.click(within(bar).getByRole('button', { name: 'Disable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));

    await waitFor(() =>
      expect(resource.api.bulk.mock.calls.map(([request]) => request)).toEqual([
        { action: 'disable', ids: [first!.getAttribute('data-id')] },
      ]),
    );
    // The rows are drawn again once the list has reloaded after the action: the first row's checkbox read afresh.
    const id = first!.getAttribute('data-id');
    const row = await waitFor(() => {
      const found = phoneRows().find((item) => item.getAttribute('data-id') === id);
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(row).getByRole('checkbox').getAttribute('aria-labelledby')).toBe(`phone-row-${id}`);
  });

  it('pages, sorts and deletes with the list machine, as the grid does', async () => {
    const resource = companies();
    const { user } = renderConsole({ path: '/companies', signedIn: tenantLogin, resources: { companies: resource } });
    await waitFor(() => expect(phoneRows()).toHaveLength(10));
    expect(phoneRows()[0]!.textContent).toContain('Company 01');
    expect(phoneRows()[0]!.textContent).toContain('Via Roma 1, Milano');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ page: 2 }));
    await waitFor(() => expect(phoneRows()[0]!.textContent).toContain('Company 11'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (descending)');
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ sortBy: 'name', sortOrder: 'desc' }));

    await waitFor(() => expect(within(phoneRows()[0]!).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false));
    await user.click(within(phoneRows()[0]!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows on Activity what was done to which record, then who and when, the record a link', async () => {
    const activity = vi.fn(async (_request: ListRequest) => ({ items: [entry], total: 1, totalIsEstimate: false }));
    renderConsole({ path: '/activity', signedIn: tenantLogin, activity });
    await waitFor(() => expect(phoneRows()).toHaveLength(1));
    const row = within(phoneRows()[0]!);
    expect(row.getByText(/Updated/)).toBeTruthy();
    expect(row.getByRole('link', { name: 'Company Zeta' }).getAttribute('href')).toBe('/companies/c1');
    expect(row.getByText(/Tomaso Rossi/)).toBeTruthy();
    expect(row.getByText(/2026/)).toBeTruthy();
  });

  it("names only columns of its own list in every resource's phone rows", () => {
    const configs = [
      activityList,
      ...[
        usersResource,
        companiesResource,
        contentsResource,
        groupsResource,
        quizzesResource,
        tenantsResource,
        topicsResource,
        trainingPlansResource,
      ].map(({ list }) => list as { phone?: typeof activityList.phone; columns: ReadonlyArray<{ field: string }> }),
    ];
    for (const { phone, columns } of configs) {
      expect(phone?.primary.length).toBeGreaterThan(0);
      const fields = columns.map(({ field }) => field);
      expect(fields).toEqual(expect.arrayContaining([...phone!.primary, ...(phone!.secondary ?? []), ...(phone!.status ?? [])]));
    }
  });
});
