import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';
import { scopeAccounts, screensOf, showEveryKindOfRow, waitForScreen, type ScopeName } from './screens';

/** How much wider than the window the page is: what the user would have to scroll sideways. */
const sidewaysOverflow = (page: BrowserPage) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** Row actions of the screen's list or ordered tables that lie (partly) outside the window. */
const actionsOutOfReach = (page: BrowserPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="row"][data-id] button, tr[data-id] button, li[data-id] button')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth;
      })
      .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '?'),
  );

const sizes = [
  { name: 'a 360 px phone', viewport: { width: 360, height: 740 } },
  { name: 'a 1280 px desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of sizes) {
  describe(`every screen on ${name}`, () => {
    const page = usePage();

    for (const scope of ['GLOBAL', 'TENANT', 'COMPANY'] as ScopeName[]) {
      it(`fits the window without sideways scrolling, row actions in reach, for a ${scope} admin`, { timeout: 600_000 }, async () => {
        await page().setViewportSize(viewport);
        const screens = await screensOf(scope);
        await showEveryKindOfRow(scope, screens);
        await signIn(page(), scopeAccounts[scope]);
        const found: string[] = [];
        for (const path of ['/login', ...screens]) {
          await page().goto(path);
          if (path !== '/login') await waitForScreen(page());
          // Waits for the layout to settle (a grid measures its columns after its first paint), then reports.
          const overflow = await expect
            .poll(() => sidewaysOverflow(page()), { timeout: 5_000 })
            .toBeLessThanOrEqual(0)
            .then(
              () => 0,
              () => sidewaysOverflow(page()),
            );
          if (overflow > 0) found.push(`${path}: ${overflow} px too wide`);
          const outOfReach = await actionsOutOfReach(page());
          if (outOfReach.length > 0) found.push(`${path}: out of reach: ${outOfReach.join(', ')}`);
        }
        expect(found).toEqual([]);
      });
    }
  });
}

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
