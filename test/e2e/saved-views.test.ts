import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unique } from './api';
import { seriousViolations } from './axe';
import { demo, signIn, usePage } from './browser';

const dataRows = (page: BrowserPage) => page.locator('[role="row"][data-id]');
const rowIds = (page: BrowserPage) => dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
const viewsMenu = (page: BrowserPage) => page.getByTestId('saved-views');

describe('saved views (issue 29)', () => {
  const page = usePage();

  it(
    'saves the users list with a search and a sort, reopens it from another list, renames it and deletes it',
    { timeout: 300_000 },
    async () => {
      const name = unique('Example by email');
      await signIn(page(), demo.tenant);
      // Sorted by email, descending (as its address says), then searched as a user types; the address keeps both.
      await page().goto('/users?sortBy=email&sortOrder=desc');
      await expect.poll(() => dataRows(page()).count()).toBeGreaterThan(0);

      await page().getByRole('textbox', { name: 'Search' }).fill('example.com');
      await expect.poll(() => new URL(page().url()).searchParams.get('search')).toBe('example.com');
      expect(Object.fromEntries(new URL(page().url()).searchParams)).toMatchObject({ sortBy: 'email', sortOrder: 'desc' });
      await expect.poll(() => dataRows(page()).count()).toBeGreaterThan(1);
      const saved = await rowIds(page());

      await page().getByRole('button', { name: 'Views' }).click();
      await viewsMenu(page()).getByRole('button', { name: 'Save current view…' }).click();
      await page().getByRole('dialog', { name: 'Save current view' }).getByRole('textbox', { name: 'Name' }).fill(name);
      await page().getByRole('dialog', { name: 'Save current view' }).getByRole('button', { name: 'Save' }).click();
      await page().getByText(`View “${name}” saved`).waitFor();

      // Elsewhere, then the users list at its plain address: other rows, in another order.
      await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();
      await page().waitForURL('**/companies**');
      await page().goto('/users');
      await expect.poll(() => dataRows(page()).count()).toBeGreaterThan(0);
      await expect.poll(() => rowIds(page())).not.toEqual(saved);

      // The view from the menu: the same address (on its first page) and the same rows.
      await page().getByRole('button', { name: 'Views' }).click();
      await viewsMenu(page()).getByRole('link', { name }).click();
      await expect.poll(() => new URL(page().url()).searchParams.get('search')).toBe('example.com');
      expect(Object.fromEntries(new URL(page().url()).searchParams)).toMatchObject({ sortBy: 'email', sortOrder: 'desc' });
      expect(new URL(page().url()).searchParams.get('page')).toBeNull();
      await expect.poll(() => rowIds(page())).toEqual(saved);
      expect(await page().getByRole('textbox', { name: 'Search' }).inputValue()).toBe('example.com');

      // Renamed: the menu lists it under its new name, leading to the same address.
      const renamed = `${name} (renamed)`;
      await page().getByRole('button', { name: 'Views' }).click();
      await viewsMenu(page())
        .getByRole('button', { name: `Rename view ${name}` })
        .click();
      const renaming = page().getByRole('dialog', { name: `Rename the view “${name}”` });
      expect(await renaming.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(name);
      await renaming.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await renaming.getByRole('button', { name: 'Save' }).click();
      await page().getByText(`View renamed “${renamed}”`).waitFor();
      await page().getByRole('button', { name: 'Views' }).click();
      expect(await viewsMenu(page()).getByRole('link', { name: renamed }).getAttribute('href')).toMatch(/search=example\.com/);
      expect(await viewsMenu(page()).getByRole('link', { name, exact: true }).count()).toBe(0);
      await page().keyboard.press('Escape');

      // Deleted once confirmed: the menu lists it no more.
      await page().getByRole('button', { name: 'Views' }).click();
      await viewsMenu(page())
        .getByRole('button', { name: `Delete view ${renamed}` })
        .click();
      await page().getByRole('dialog').getByText(`Delete the view “${renamed}”?`).waitFor();
      await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page().getByText('View deleted').waitFor();
      await page().getByRole('button', { name: 'Views' }).click();
      await expect.poll(() => viewsMenu(page()).getByRole('link', { name: renamed }).count()).toBe(0);
    },
  );

  it('is used by keyboard at 360 px, the menu and the dialog axe clean', { timeout: 300_000 }, async () => {
    await page().setViewportSize({ width: 360, height: 740 });
    await signIn(page(), demo.tenant);
    await page().goto('/users?search=example.com');
    await page().getByRole('button', { name: 'Views' }).waitFor();

    await page().getByRole('button', { name: 'Views' }).focus();
    await page().keyboard.press('Enter');
    await viewsMenu(page()).waitFor();
    expect(await seriousViolations(page())).toEqual([]);
    await viewsMenu(page()).getByRole('button', { name: 'Save current view…' }).focus();
    await page().keyboard.press('Enter');
    const dialog = page().getByRole('dialog', { name: 'Save current view' });
    await dialog.waitFor();
    expect(await seriousViolations(page())).toEqual([]);
    // Escape leaves the dialog without saving.
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
