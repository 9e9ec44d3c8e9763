import { afterAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseURL = inject('baseURL');
export const apiURL = inject('apiURL');

export const demo = {
  root: { email: 'root@example.com', password: 'Demo-2026!' },
  tenant: { email: 'tenant.admin@example.com', password: 'Demo-2026!' },
  company: { email: 'company.admin@example.com', password: 'Demo-2026!' },
} as const;

let browser: Browser | undefined;

async function connectedBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  return browser;
}

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile (empty storage) per test, in English unless told otherwise. */
export function usePage(locale = 'en-US'): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context = await (await connectedBrowser()).newContext({ baseURL, locale });
    page = await context.newPage();
    return async () => {
      await context?.close();
    };
  });
  return () => {
    if (!page) throw new Error('page not ready');
    return page;
  };
}

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
}

export async function menuLabels(page: Page): Promise<string[]> {
  const links = page.getByTestId('sidebar-menu').getByRole('link');
  return (await links.allInnerTexts()).map((text) => text.trim());
}
