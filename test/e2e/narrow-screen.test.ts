import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { signIn, usePage } from './browser';
import { scopeAccounts, screensOf, showEveryKindOfRow, waitForScreen, type ScopeName } from './screens';

/** How much wider than the window the page is: what the user would have to scroll sideways. */
const sidewaysOverflow = (page: BrowserPage) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** Row actions of the screen's list or ordered tables that lie (partly) outside the window. */
const actionsOutOfReach = (page: BrowserPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="row"][data-id] button, tr[data-id] button')]
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
