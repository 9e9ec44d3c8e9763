import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { demo, signIn, usePage } from './browser';

const path = (page: BrowserPage) => new URL(page.url()).pathname;
const leaveDialog = (page: BrowserPage) => page.getByRole('dialog').filter({ hasText: 'Unsaved changes' });

describe("the browser's Back button on an edited form", () => {
  const page = usePage();

  it('asks first: Stay keeps the form and what was typed, Leave page goes back to the list', async () => {
    await signIn(page(), demo.tenant);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();
    await page().waitForURL('**/companies');
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/companies/new');
    const name = page().getByRole('textbox', { name: 'Name' });
    await name.fill('Typed, not saved');

    await page().goBack({ waitUntil: 'commit' });
    await expect.poll(() => leaveDialog(page()).count()).toBe(1);
    await expect.poll(() => path(page())).toBe('/companies/new');
    await leaveDialog(page()).getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => leaveDialog(page()).count()).toBe(0);
    expect(path(page())).toBe('/companies/new');
    expect(await name.inputValue()).toBe('Typed, not saved');

    await page().goBack({ waitUntil: 'commit' });
    await expect.poll(() => leaveDialog(page()).count()).toBe(1);
    await leaveDialog(page()).getByRole('button', { name: 'Leave page' }).click();
    await expect.poll(() => path(page())).toBe('/companies');
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('Companies');
    // The dialog fades out as the list comes: on a loaded machine it may still be leaving when the title shows.
    await expect.poll(() => leaveDialog(page()).count()).toBe(0);
  });

  it('does not ask when nothing was changed', async () => {
    await signIn(page(), demo.tenant);
    await page().goto('/companies');
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/companies/new');
    await page().getByRole('textbox', { name: 'Name' }).waitFor();

    await page().goBack({ waitUntil: 'commit' });
    await expect.poll(() => path(page())).toBe('/companies');
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('Companies');
    expect(await leaveDialog(page()).count()).toBe(0);
  });
});
