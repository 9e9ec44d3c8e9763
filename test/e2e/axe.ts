import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious or critical violations axe finds on the page once it is still: a dialog or menu fading in is measured
 * half transparent, its text then failing the contrast rule, so every running animation and transition (MUI's fades,
 * slides and ripples) is let finish first.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id }) => id);
}
