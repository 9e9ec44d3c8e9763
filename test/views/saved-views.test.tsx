import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../src/domain/saved-views';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { companies } from '../support/views/resource-fixtures';
import { dataRows, notificationTexts } from '../support/views/screen-queries';

const at = '2026-11-28T10:00:00.000Z';
const view = (id: string, name: string, query: string, list = '/companies'): SavedView => ({
  id,
  list,
  name,
  query,
  createdAt: at,
  updatedAt: at,
});

const openList = async (path: string, savedViews: SavedView[], language: 'en' | 'it' = 'en') => {
  const opened = renderConsole({ path, signedIn: tenantLogin, language, resources: { companies: companies() }, savedViews });
  await waitFor(() => expect(dataRows()).toHaveLength(10));
  return opened;
};

describe('saved views of a list', () => {
  it("lists this list's views only, and opens one's address on its first page", async () => {
    const views = [view('v1', 'Descending', 'sortBy=name&sortOrder=desc'), view('v2', 'Of users', 'search=x', '/users')];
    const { user, location } = await openList('/companies?page=2', views);

    await user.click(screen.getByRole('button', { name: 'Views' }));
    const menu = within(await screen.findByTestId('saved-views'));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Descending']);
    await user.click(menu.getByRole('link', { name: 'Descending' }));

    await waitFor(() => expect(location()).toMatch(/^\/companies\?/));
    const params = new URLSearchParams(location().split('?')[1]);
    expect(params.get('sortOrder')).toBe('desc');
    expect(params.get('page')).toBeNull();
  });

  it('saves the address as it is, by keyboard alone, and says a taken name under the field', async () => {
    const views = [view('v1', 'Taken', 'search=a')];
    const { user } = await openList('/companies?sortBy=name&sortOrder=desc&page=2', views);

    screen.getByRole('button', { name: 'Views' }).focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByTestId('saved-views'));
    menu.getByRole('button', { name: 'Save current view…' }).focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Save current view' }));
    await user.keyboard('taken{Enter}');
    expect(await dialog.findByText('This list already has a view named “taken”: choose another name')).toBeTruthy();

    await user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('  By name, descending {Enter}');
    await waitFor(() => expect(notificationTexts()).toContain('View “By name, descending” saved'));
    const saved = views.at(-1)!;
    expect(saved).toMatchObject({ list: '/companies', name: 'By name, descending' });
    // The address as it is, without its page.
    expect(Object.fromEntries(new URLSearchParams(saved.query))).toMatchObject({ sortBy: 'name', sortOrder: 'desc' });
    expect(new URLSearchParams(saved.query).has('page')).toBe(false);
  });

  it('deletes a view once confirmed', async () => {
    const views = [view('v1', 'Old', 'search=a')];
    const { user } = await openList('/companies', views);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(within(await screen.findByTestId('saved-views')).getByRole('button', { name: 'Delete view Old' }));
    const question = within(await screen.findByRole('dialog'));
    expect(question.getByText('Delete the view “Old”?')).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notificationTexts()).toContain('View deleted'));
    expect(views).toEqual([]);
  });

  it('speaks Italian', async () => {
    const { user } = await openList('/companies', [], 'it');
    await user.click(screen.getByRole('button', { name: 'Viste' }));
    const menu = within(await screen.findByTestId('saved-views'));
    expect(menu.getByText('Ancora nessuna vista salvata')).toBeTruthy();
    expect(menu.getByRole('button', { name: 'Salva la vista attuale…' })).toBeTruthy();
  });
});
