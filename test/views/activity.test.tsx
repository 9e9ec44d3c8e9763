import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../src/domain/activity';
import type { ListRequest } from '../../src/domain/resource';
import { companyLogin, tenantLogin } from '../support/fixtures/session';
import { createI18n } from '../../src/i18n';
import { activityList } from '../../src/views/activity/activity-list';
import { dataColumn } from '../../src/views/list/ListGrid';
import { loadTranslationsAtOnce } from '../support/translations';
import { renderConsole } from '../support/views/render-console';
import { activityEntry as entry } from '../support/views/resource-fixtures';
import { dataRows } from '../support/views/screen-queries';

const openActivity = async (path: string, items: ActivityEntry[] = [entry]) => {
  const list = vi.fn(async (_request: ListRequest) => ({ items, total: items.length, totalIsEstimate: false }));
  const view = renderConsole({ path, signedIn: tenantLogin, activity: list });
  await screen.findByTestId('page-title');
  return { ...view, list };
};

describe('the Activity page', () => {
  it('asks for the filters of its address and shows who changed what of which record', async () => {
    const { list } = await openActivity('/activity?page=1&pageSize=10&sortOrder=asc&entity=company&action=UPDATE');

    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(list.mock.calls.at(-1)![0].filters).toEqual({ entity: 'company', action: 'UPDATE' });
    expect(screen.getByTestId('page-title').textContent).toBe('Activity');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Record' }).value).toBe('company');
    const row = within(dataRows()[0]!);
    expect(row.getByText('Updated')).toBeTruthy();
    expect(row.getByText('City')).toBeTruthy();
    expect(row.getByText(/tenant\.admin@example\.com/)).toBeTruthy();
    // The Record column names the record, not only its kind, and leads to it.
    expect(row.getByRole('link', { name: 'Company Zeta', hidden: true }).getAttribute('href')).toBe('/companies/c1');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Edit', hidden: true })).toBeNull();
  });

  it("offers one text search (the list's), and gives When and Who the width to be read whole", async () => {
    await openActivity('/activity?page=1&pageSize=10&sortOrder=asc');
    await waitFor(() => expect(dataRows()).toHaveLength(1));

    const textFields = screen.getAllByRole('textbox', { hidden: true }).filter((field) => field.getAttribute('type') === 'text');
    expect(textFields).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Who (name or email)', hidden: true })).toBeNull();
    // The grid's columns as it gets them (jsdom lays nothing out): When and Who never narrower than they read.
    const i18n = createI18n('en', { load: loadTranslationsAtOnce });
    const columns = activityList.columns.map((column) => dataColumn(column, i18n.t, {} as never));
    const minWidthOf = (header: string) => columns.find((column) => column.headerName === header)?.minWidth ?? 0;
    expect(minWidthOf('When')).toBeGreaterThanOrEqual(200);
    expect(minWidthOf('Who')).toBeGreaterThanOrEqual(280);
  });

  it('leads to the first page of other filters, keeping the page size, and asks for them', async () => {
    const { user, list, location } = await openActivity('/activity?page=3&pageSize=25&sortOrder=asc&entity=company');
    await waitFor(() => expect(list).toHaveBeenCalled());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'CREATE');

    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('action')).toBe('CREATE'));
    const params = new URLSearchParams(location().split('?')[1]);
    expect([params.get('page'), params.get('pageSize'), params.get('entity')]).toEqual(['1', '25', 'company']);
    await waitFor(() =>
      expect(list.mock.calls.at(-1)![0]).toMatchObject({
        filters: { entity: 'company', action: 'CREATE' },
        query: { page: 1, pageSize: 25 },
      }),
    );
  });

  it('names every record the API names and leads to those that have a page; one without a name is its kind', async () => {
    await openActivity('/activity?page=1&pageSize=10&sortOrder=asc', [
      { ...entry, id: 'a2', entity: 'user', entityId: 'u9', entityName: 'Ada Lovelace' },
      { ...entry, id: 'a3', entity: 'module', entityId: 'm1', entityName: 'First steps' },
      { ...entry, id: 'a4', entity: 'session', entityId: 's1', entityName: null, action: 'LOGIN' },
    ]);
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    const [user, module, session] = dataRows().map((row) => within(row));
    expect(user!.getByRole('link', { name: 'User Ada Lovelace', hidden: true }).getAttribute('href')).toBe('/users/u9');
    expect(module!.getByText('Module First steps')).toBeTruthy();
    expect(module!.queryByRole('link', { hidden: true })).toBeNull();
    expect(session!.getByText('Session')).toBeTruthy();
    expect(session!.queryByRole('link', { hidden: true })).toBeNull();
  });

  it('names the system that acted when no user did: the video service, or the wait for it timing out', async () => {
    const bySystem = (id: string, system: ActivityEntry['system']): ActivityEntry => ({
      ...entry,
      id,
      actor: null,
      system,
      entity: 'content',
      entityId: `k-${id}`,
      changed: ['status'],
    });
    await openActivity('/activity?entity=content', [bySystem('s1', 'video-service'), bySystem('s2', 'processing-timeout')]);

    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(within(dataRows()[0]!).getByText('The video service')).toBeTruthy();
    expect(within(dataRows()[1]!).getByText('The console: no word from the video service in time')).toBeTruthy();
  });

  it('leaves out filters the API would refuse', async () => {
    const { list } = await openActivity('/activity?entity=spaceship&from=yesterday&action=UPDATE');

    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(list.mock.calls.at(-1)![0].filters).toEqual({ action: 'UPDATE' });
  });

  it('is not a page of a COMPANY admin: the address says so and reads no activity', async () => {
    const { location } = renderConsole({ path: '/activity', signedIn: companyLogin });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not available for your account');
    expect(location()).toBe('/activity');
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
