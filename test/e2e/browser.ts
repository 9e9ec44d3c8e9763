import { afterAll, beforeEach, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseURL = inject('baseURL');
export const apiURL = inject('apiURL');

export const demo = {
  root: { email: 'root@example.com', password: 'Demo-2026!' },
  tenant: { email: 'tenant.admin@example.com', password: 'Demo-2026!' },
  company: { email: 'company.admin@example.com', password: 'Demo-2026!' },
} as const;

let browser: Browser | undefined;

export async function connectedBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  return browser;
}

afterAll(async () => {
  await browser?.close();
});

/**
 * Reports every Content-Security-Policy violation of every frame (the console's and the video service's pages) to
 * `violations`: the test fails if the console, under its policy, needed anything the policy refuses.
 */
export async function watchPolicyViolations(context: BrowserContext, violations: string[]) {
  await context.exposeBinding('reportPolicyViolation', ({ frame }, violation: string) => {
    violations.push(`${frame.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

/** A fresh browser profile (empty storage) per test, in English unless told otherwise; no CSP violation allowed. */
export function usePage(locale = 'en-US'): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context = await (await connectedBrowser()).newContext({ baseURL, locale });
    const violations: string[] = [];
    await watchPolicyViolations(context, violations);
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
    });
    return async () => {
      await context?.close();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    };
  });
  return () => {
    if (!page) throw new Error('page not ready');
    return page;
  };
}

/** Signs in from /login, in whatever language the page speaks. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/home');
}

export async function menuLabels(page: Page): Promise<string[]> {
  const links = page.getByTestId('sidebar-menu').getByRole('link');
  return (await links.allInnerTexts()).map((text) => text.trim());
}
