import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { signIn, usePage } from './browser';
import { seriousViolations } from './axe';
import { scopeAccounts, screensOf, showEveryKindOfRow, sidewaysOverflow, waitForScreen } from './screens';

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

/** What is wrong with the screen as it now is, one line each: axe's serious findings, sideways scrolling, actions out of reach. */
async function faults(page: BrowserPage, path: string): Promise<string[]> {
  // Waits for the layout to settle (a grid measures its columns after its first paint), then reports.
  const overflow = await expect
    .poll(() => sidewaysOverflow(page), { timeout: 5_000 })
    .toBeLessThanOrEqual(0)
    .then(
      () => 0,
      () => sidewaysOverflow(page),
    );
  const outOfReach = await actionsOutOfReach(page);
  return [
    ...(overflow > 0 ? [`${path}: ${overflow} px too wide`] : []),
    ...(outOfReach.length > 0 ? [`${path}: out of reach: ${outOfReach.join(', ')}`] : []),
    ...(await seriousViolations(page)).map((rule) => `${path}: axe ${rule}`),
  ];
}

/**
 * Every screen of each scope, in two passes that between them take each language, colour scheme and window size once:
 * Italian, whose texts run longest, on the phone, where width is tightest. The scheme is the system's, which the
 * console follows while the user chose none (test/e2e/theme.test.ts).
 */
const passes = [
  { name: 'English, light theme, a 1280 px desktop', locale: 'en-US', scheme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'Italian, dark theme, a 360 px phone', locale: 'it-IT', scheme: 'dark', viewport: { width: 360, height: 740 } },
] as const;

for (const { name, locale, scheme, viewport } of passes) {
  describe(`every screen in ${name}`, () => {
    const page = usePage(locale);

    const open = async (path: string) => {
      await page().goto(path);
      await expect.poll(() => page().evaluate(() => document.documentElement.getAttribute('data-color-scheme'))).toBe(scheme);
    };
    const prepare = async () => {
      await page().setViewportSize(viewport);
      await page().emulateMedia({ colorScheme: scheme });
    };

    it('finds nothing serious, nothing too wide, on the sign-in page', async () => {
      await prepare();
      await open('/login');
      await page().locator('input[type="password"]').waitFor();
      expect(await faults(page(), '/login')).toEqual([]);
    });

    for (const scope of ['GLOBAL', 'TENANT', 'COMPANY'] as const) {
      it(
        `finds nothing serious, nothing too wide, every row action in reach, on any screen of a ${scope} admin`,
        { timeout: 600_000 },
        async () => {
          const screens = await screensOf(scope);
          await showEveryKindOfRow(scope, screens);
          await prepare();
          await signIn(page(), scopeAccounts[scope]);
          const found: string[] = [];
          for (const path of screens) {
            await open(path);
            await waitForScreen(page());
            found.push(...(await faults(page(), path)));
          }
          expect(found).toEqual([]);
        },
      );
    }
  });
}
