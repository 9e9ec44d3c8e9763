import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { signIn, usePage } from './browser';
import { scopeAccounts, screensOf, waitForScreen, type ScopeName } from './screens';

/** Every serious or critical violation axe finds on the page as it is now, one line each, with where. */
async function seriousViolations(page: BrowserPage, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const languages = [
  { locale: 'en-US', name: 'English' },
  { locale: 'it-IT', name: 'Italian' },
] as const;

for (const { locale, name } of languages) {
  describe(`axe on every screen, in ${name}`, () => {
    const page = usePage(locale);

    it('finds nothing serious on the sign-in page', async () => {
      await page().goto('/login');
      await page().locator('input[type="password"]').waitFor();
      expect(await seriousViolations(page(), '/login')).toEqual([]);
    });

    for (const scope of ['GLOBAL', 'TENANT', 'COMPANY'] as ScopeName[]) {
      it(`finds nothing serious on any screen of a ${scope} admin`, { timeout: 600_000 }, async () => {
        const screens = await screensOf(scope);
        await signIn(page(), scopeAccounts[scope]);
        const found: string[] = [];
        for (const path of screens) {
          await page().goto(path);
          await waitForScreen(page());
          found.push(...(await seriousViolations(page(), path)));
        }
        expect(found).toEqual([]);
      });
    }
  });
}
