import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';
import { sidewaysOverflow, waitForScreen } from './screens';

/** Each phone row's primary and secondary lines, and how many text lines each takes (one when it is cut, not wrapped). */
const phoneRows = (page: BrowserPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="phone-rows"] li[data-id]')].map((row) => {
      const line = (selector: string) => {
        const element = row.querySelector<HTMLElement>(selector);
        const height = Number.parseFloat(getComputedStyle(element ?? row).lineHeight);
        return { text: element?.innerText ?? '', lines: element ? Math.round(element.getBoundingClientRect().height / height) : 0 };
      };
      return { primary: line('.MuiListItemText-primary'), secondary: line('.MuiListItemText-secondary') };
    }),
  );

/** The list toolbar's search and buttons: the rows they sit on (their vertical centres), and any label on two lines. */
const toolbarLayout = (page: BrowserPage) =>
  page.evaluate(() => {
    const toolbar = document.querySelector('[data-testid="list-toolbar"]');
    const controls = [...(toolbar?.querySelectorAll<HTMLElement>('button, .MuiTextField-root') ?? [])];
    const centres = new Set(
      controls.map((control) => Math.round((control.getBoundingClientRect().top + control.getBoundingClientRect().bottom) / 2 / 8)),
    );
    const wrapped = controls
      .filter((control) => control.tagName === 'BUTTON' && control.getBoundingClientRect().height > 48)
      .map((control) => control.innerText);
    return { rows: centres.size, controls: controls.length, wrapped };
  });

describe('lists on a 360 px phone', () => {
  const page = usePage();

  for (const { path, rowText } of [
    { path: '/users', rowText: /@/ },
    { path: '/activity', rowText: /\d{4}/ },
  ]) {
    it(`show ${path}'s rows on two lines, the toolbar on one row, axe clean`, { timeout: 300_000 }, async () => {
      await page().setViewportSize({ width: 360, height: 740 });
      await signIn(page(), demo.tenant);
      await page().goto(path);
      await waitForScreen(page());
      await expect.poll(async () => (await phoneRows(page())).length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await page().locator('[role="grid"]').count()).toBe(0);
      for (const row of await phoneRows(page())) {
        expect(row.primary.text).not.toBe('');
        expect(row.primary.lines).toBe(1);
        expect(row.secondary.text).toMatch(rowText);
        expect(row.secondary.lines).toBe(1);
      }
      const toolbar = await toolbarLayout(page());
      expect(toolbar.controls).toBeGreaterThan(1);
      expect(toolbar).toMatchObject({ rows: 1, wrapped: [] });
      expect(await sidewaysOverflow(page())).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page())).toEqual([]);
    });
  }
});
