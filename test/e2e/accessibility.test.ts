import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { signIn, usePage } from './browser';
import { scopeAccounts, screensOf, showEveryKindOfRow, waitForScreen, type ScopeName } from './screens';

/** Every serious or critical violation axe finds on the page as it is now, one line each, with where. */
async function seriousViolations(page: BrowserPage, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Each pass: a language and a colour scheme, and which scopes it visits (the dark Italian pass: the COMPANY admin's many screens). */
const passes = [
  { locale: 'en-US', name: 'English', scheme: 'light', scopes: ['GLOBAL', 'TENANT', 'COMPANY'] },
  { locale: 'it-IT', name: 'Italian', scheme: 'light', scopes: ['GLOBAL', 'TENANT', 'COMPANY'] },
  { locale: 'en-US', name: 'English', scheme: 'dark', scopes: ['GLOBAL', 'TENANT', 'COMPANY'] },
  { locale: 'it-IT', name: 'Italian', scheme: 'dark', scopes: ['COMPANY'] },
] as const satisfies readonly { locale: string; name: string; scheme: 'light' | 'dark'; scopes: readonly ScopeName[] }[];

for (const { locale, name, scheme, scopes } of passes) {
  describe(`axe on every screen, in ${name}, ${scheme} theme`, () => {
    const page = usePage(locale);

    /** The system asks for the scheme; the console follows it while the user chose none (test/e2e/theme.test.ts). */
    const open = async (path: string) => {
      await page().goto(path);
      await expect.poll(() => page().evaluate(() => document.documentElement.getAttribute('data-color-scheme'))).toBe(scheme);
    };

    it('finds nothing serious on the sign-in page', async () => {
      await page().emulateMedia({ colorScheme: scheme });
      await open('/login');
      await page().locator('input[type="password"]').waitFor();
      expect(await seriousViolations(page(), '/login')).toEqual([]);
    });

    for (const scope of scopes) {
      it(`finds nothing serious on any screen of a ${scope} admin`, { timeout: 600_000 }, async () => {
        const screens = await screensOf(scope);
        await showEveryKindOfRow(scope, screens);
        await page().emulateMedia({ colorScheme: scheme });
        await signIn(page(), scopeAccounts[scope]);
        const found: string[] = [];
        for (const path of screens) {
          await open(path);
          await waitForScreen(page());
          found.push(...(await seriousViolations(page(), path)));
        }
        expect(found).toEqual([]);
      });
    }
  });
}
