import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { demo, signIn, usePage } from './browser';

/** What has the focus: its role or tag, its name, and the grid column it is in. */
const focused = (page: BrowserPage) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '',
      label: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
      field: element?.closest('[data-field]')?.getAttribute('data-field') ?? null,
      inGrid: Boolean(element?.closest('[role="grid"]')),
      // The browser's own judgement of whether the focus is to be shown (as after a key), which MUI draws as a ring.
      shown: Boolean(element?.matches(':focus-visible')),
      // Not compared: when the focus is lost, what the page said then (a failed load, a notification) tells why.
      alerts: [...document.querySelectorAll('[role="alert"], [role="status"]')].map((alert) => alert.textContent?.trim()).filter(Boolean),
    };
  });

/**
 * From the search box, Tab until the focus is in the grid: the grid is one stop of the page's tab order, and it starts
 * on the header's "select all" box (companies offer bulk actions); ArrowRight then reaches the first column's header.
 */
async function tabIntoGrid(page: BrowserPage) {
  await page.getByRole('textbox', { name: 'Search' }).focus();
  for (let stop = 0; stop < 10 && !(await focused(page)).inGrid; stop++) await page.keyboard.press('Tab');
  await expect.poll(() => focused(page)).toMatchObject({ field: '__check__', inGrid: true });
  await page.keyboard.press('ArrowRight');
  return focused(page);
}

async function openCompanies(page: BrowserPage) {
  await signIn(page, demo.tenant);
  await page.goto('/companies?sortBy=name&sortOrder=asc');
  await page.locator('[role="row"][data-id]').first().waitFor();
}

describe('a list driven with the keyboard only', () => {
  const page = usePage();

  it('Tab reaches the grid, the arrows a row and its actions, Enter on Edit opens the record', async () => {
    await openCompanies(page());
    expect(await tabIntoGrid(page())).toMatchObject({ role: 'columnheader', field: 'name' });

    await page().keyboard.press('ArrowDown');
    await expect.poll(() => focused(page())).toMatchObject({ role: 'gridcell', field: 'name' });
    const firstRow = page().locator('[role="row"][data-id]').first();
    const id = await firstRow.getAttribute('data-id');

    await page().keyboard.press('End');
    // In the actions cell, its first action has the focus, and shows it.
    await expect.poll(() => focused(page())).toMatchObject({ label: 'Edit', field: 'actions', shown: true });
    await page().keyboard.press('Enter');
    await page().waitForURL(`**/companies/${id}`);
  });

  it('the arrows move along the row actions, Enter on Delete asks to confirm, Escape keeps the record', async () => {
    await openCompanies(page());
    await tabIntoGrid(page());
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('End');
    await expect.poll(() => focused(page())).toMatchObject({ label: 'Edit' });
    await page().keyboard.press('ArrowRight');
    await expect.poll(() => focused(page())).toMatchObject({ label: 'Delete', field: 'actions', shown: true });
    await page().keyboard.press('Enter');
    const dialog = page().getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure to delete?');
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page().url()).pathname).toBe('/companies');
  });

  it('Enter on a header reaches its sort buttons, the arrows move between them, Enter sorts', async () => {
    await openCompanies(page());
    await tabIntoGrid(page());
    await page().keyboard.press('Enter');
    await expect.poll(() => focused(page())).toMatchObject({ label: 'Sort Name ascending', field: 'name' });
    await page().keyboard.press('ArrowRight');
    await expect.poll(() => focused(page())).toMatchObject({ label: 'Sort Name descending' });
    await page().evaluate(() => Object.assign(window, { sortButton: document.activeElement }));
    await page().keyboard.press('Enter');
    await expect.poll(() => new URL(page().url()).searchParams.get('sortOrder')).toBe('desc');
    // The rows of the new order came and the button that sorted keeps the focus: the same element, still in the page
    // (twice in full runs the focus ended on the body; this tells the reload from the Escape).
    await expect.poll(() => page().getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
    await expect
      .poll(() =>
        page().evaluate(() => {
          const button = (window as unknown as { sortButton: Element }).sortButton;
          return {
            same: document.activeElement === button,
            inPage: document.contains(button),
            focus: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
          };
        }),
      )
      .toEqual({ same: true, inPage: true, focus: 'Sort Name descending' });
    await page().keyboard.press('Escape');
    await expect.poll(() => focused(page())).toMatchObject({ role: 'columnheader', field: 'name' });
  });
});
