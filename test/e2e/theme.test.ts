import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, signIn, usePage } from './browser';

/** The scheme the console applies (MUI's `data-color-scheme` on <html>) and the page's background as painted. */
const applied = (page: Page) =>
  page.evaluate(() => ({
    scheme: document.documentElement.getAttribute('data-color-scheme'),
    background: getComputedStyle(document.body).backgroundColor,
  }));

/** Dark: every channel of the background below the middle grey. */
const isDark = (background: string) => (background.match(/\d+/g) ?? []).slice(0, 3).every((channel) => Number(channel) < 128);

describe('dark mode', () => {
  const page = usePage();

  it('follows the system setting while the user chose nothing', async () => {
    await page().emulateMedia({ colorScheme: 'dark' });
    await signIn(page(), demo.tenant);
    await expect.poll(() => applied(page())).toMatchObject({ scheme: 'dark' });
    expect(isDark((await applied(page())).background)).toBe(true);

    await page().emulateMedia({ colorScheme: 'light' });

    await expect.poll(() => applied(page())).toMatchObject({ scheme: 'light' });
    expect(isDark((await applied(page())).background)).toBe(false);
  });

  it('switches to dark from the user menu and stays dark after a reload, whatever the system says', async () => {
    await page().emulateMedia({ colorScheme: 'light' });
    await signIn(page(), demo.tenant);
    await expect.poll(() => applied(page())).toMatchObject({ scheme: 'light' });

    await page().getByTestId('user-menu-button').click();
    await page().getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => applied(page())).toMatchObject({ scheme: 'dark' });
    await page().reload();

    await expect.poll(() => page().getByTestId('user-menu-button').count()).toBe(1);
    await expect.poll(() => applied(page())).toMatchObject({ scheme: 'dark' });
    expect(isDark((await applied(page())).background)).toBe(true);
    await page().getByTestId('user-menu-button').click();
    expect(await page().getByRole('menuitem', { name: 'Dark' }).getAttribute('class')).toContain('Mui-selected');
  });
});
