import { generateSync } from 'otplib';
import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, unique } from './api';
import { apiURL, demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';

/**
 * Issue 30, two-factor sign-in in Chromium against the real server: the codes are made here as an authenticator app
 * makes them (otplib, as the server checks them: RFC 6238, SHA-1, 6 digits, 30 s), from the key the page shows.
 */

const password = 'First-pass-2026';

/** A code of the authenticator `stepsAhead` time steps from now: each step is accepted once, so a later sign-in takes the next. */
const codeOf = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

const newEmail = (prefix: string) => `${unique(prefix).replaceAll(' ', '.').toLowerCase()}@example.com`;

/** The key the set-up shows (grouped by four for the eye; the whole key in `data-secret`). */
async function shownKey(page: BrowserPage) {
  const key = page.getByTestId('two-factor-secret');
  await key.waitFor();
  const secret = await key.getAttribute('data-secret');
  expect((await key.innerText()).replaceAll(' ', '')).toBe(secret);
  await expect.poll(() => page.getByRole('img', { name: 'QR code of the new authenticator key' }).isVisible()).toBe(true);
  return secret!;
}

/** The recovery codes shown once, as the page lists them. */
async function shownRecoveryCodes(page: BrowserPage) {
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await list.waitFor();
  return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
}

async function signOut(page: BrowserPage) {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
}

/** The password on the sign-in page, then the second step's code typed and sent with Enter. */
async function signInWithCode(page: BrowserPage, email: string, code: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Two-factor sign-in');
  const field = page.getByLabel(/^Code/);
  await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/home');
}

describe('two-factor sign-in', () => {
  const page = usePage();

  it('an admin turns it on in Settings, signs out, signs in with a code, and once with a recovery code', async () => {
    const tenantAdmin = await apiSession(demo.tenant);
    const email = newEmail('two-factor');
    const created = await tenantAdmin.call('POST', 'users', { name: 'Tina', surname: 'Totp', email, password, admin: true });
    expect(created.status).toBe(201);

    await signIn(page(), { email, password });
    await page().goto('/settings');
    const security = page().getByRole('region', { name: 'Security' });
    await expect.poll(() => security.getByTestId('two-factor-status').innerText()).toContain('Two-factor sign-in is off');
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = await shownKey(page());

    await security.getByLabel(/^Code shown by the app/).fill('000000');
    await security.getByLabel(/^Code shown by the app/).press('Enter');
    await expect.poll(() => security.getByText('The code is not right: try again').count()).toBeGreaterThan(0);
    await security.getByLabel(/^Code shown by the app/).fill(codeOf(secret));
    await security.getByRole('button', { name: 'Confirm' }).click();
    const recoveryCodes = await shownRecoveryCodes(page());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const download = page().waitForEvent('download');
    await security.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await security.getByRole('button', { name: 'I have kept the codes' }).click();
    await expect.poll(() => security.getByTestId('two-factor-status').innerText()).toMatch(/on since .+ 10 recovery codes left/);

    await signOut(page());
    await signInWithCode(page(), email, codeOf(secret, 1));
    await expect.poll(() => page().getByTestId('sidebar-header').innerText()).toContain('Tina');

    await signOut(page());
    await signInWithCode(page(), email, recoveryCodes[0]!);
    await page().goto('/settings');
    await expect.poll(() => security.getByTestId('two-factor-status').innerText()).toContain('9 recovery codes left');
  });

  it('a tenant that requires two-factor sign-in sends its admin to set it up right after the password (360 px wide)', async () => {
    const root = await apiSession(demo.root);
    const tenant = await root.call<{ id: string }>('POST', 'tenants', { name: unique('Two-factor tenant') });
    expect(tenant.status).toBe(201);
    const email = newEmail('required');
    const admin = await root.call('POST', 'users', {
      name: 'Rita',
      surname: 'Required',
      email,
      password,
      admin: true,
      scope: 'TENANT',
      tenantId: tenant.body.id,
    });
    expect(admin.status).toBe(201);
    const policy = await root.call('PUT', `tenants/${tenant.body.id}/security-policy`, { requireTwoFactor: true });
    expect(policy).toEqual({ status: 200, body: { requireTwoFactor: true } });

    await page().setViewportSize({ width: 360, height: 740 });
    await page().goto('/login');
    await page().locator('input[name="email"]').fill(email);
    await page().locator('input[name="password"]').fill(password);
    await page().locator('form button[type="submit"]').click();
    await expect.poll(() => page().getByTestId('page-title').innerText()).toBe('Set up two-factor sign-in');
    const secret = await shownKey(page());
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page())).toEqual([]);

    await page()
      .getByLabel(/^Code shown by the app/)
      .fill(codeOf(secret));
    await page()
      .getByLabel(/^Code shown by the app/)
      .press('Enter');
    const recoveryCodes = await shownRecoveryCodes(page());
    expect(recoveryCodes).toHaveLength(10);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page().getByRole('button', { name: 'I have kept the codes' }).click();
    await page().waitForURL('**/home');
    // At 360 px the sidebar is a drawer: the home page greets the user.
    await expect.poll(() => page().getByText('Welcome, Rita').count()).toBe(1);

    // From now on the password alone is not enough: the server asks for a code.
    const next = await fetch(`${apiURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(next.status).toBe(202);
    expect(((await next.json()) as { step: string }).step).toBe('TWO_FACTOR');
  });
});
