import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, unique } from './api';
import { baseURL, demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';

const mailURL = inject('mailURL');

interface Mail {
  id: string;
  to: string[];
  subject: string;
  text: string;
}

/** The newest mail to `to` in the mail catcher `npm start` runs, waiting for it as a person waits for a mail. */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const reply = await fetch(`${mailURL}/api/messages?to=${encodeURIComponent(to)}`);
    const { items } = (await reply.json()) as { items: Mail[] };
    const mail = items.find((candidate) => subject.test(candidate.subject));
    if (mail) return mail;
    await sleep(250);
  }
  throw new Error(`No mail "${subject.source}" to ${to} within a minute`);
}

/** The console's link a mail carries (`…/invitation#token=…`, `…/reset-password#token=…`). */
function linkIn(mail: Mail, page: 'invitation' | 'reset-password'): string {
  const link = new RegExp(`https?://[^\\s"<>]+/${page}#token=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${page} link in the mail "${mail.subject}":\n${mail.text}`);
  expect(link.startsWith(baseURL)).toBe(true);
  return link;
}

const notifications = (page: Page) => page.getByTestId('notifications').innerText();

/** Chooses the password on a link's page: both fields, then the page's button. */
async function choosePassword(page: Page, password: string, button: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm the new password/).fill(password);
  await page.getByRole('button', { name: button }).click();
}

describe('accounts that run themselves: invitations and forgotten passwords, by mail', () => {
  const page = usePage();

  it('an admin creates a user with an invitation; the user opens the mail, sets a password and signs in', async () => {
    const email = `${unique('invited').replaceAll(' ', '.').toLowerCase()}@example.com`;
    await signIn(page(), demo.tenant);
    await page().goto('/users/new');
    await page().getByRole('textbox', { name: 'Name', exact: true }).fill('Ivo');
    await page().getByRole('textbox', { name: 'Surname' }).fill('Invitato');
    await page().getByRole('textbox', { name: 'Email' }).fill(email);
    await page().getByRole('switch', { name: 'Administrator' }).check();
    await page().getByRole('switch', { name: 'Send invitation' }).check();
    await expect
      .poll(() =>
        page()
          .getByLabel(/^Password/)
          .count(),
      )
      .toBe(0);
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notifications(page())).toContain('User created');

    // Its page says an invitation waits, and a second one so soon is refused in words.
    await page().getByRole('textbox', { name: 'Search' }).fill(email);
    await page().getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Edit' }).click();
    const account = page().getByTestId('user-account');
    await expect.poll(() => account.getByTestId('invitation-state').innerText()).toMatch(/Invitation sent .*, valid until/);
    await account.getByRole('button', { name: 'Resend invitation' }).click();
    await expect.poll(() => notifications(page())).toContain('An invitation was sent less than a minute ago');

    // The invited user, in a browser of their own, follows the mail's link.
    const mail = await mailTo(email, /^You are invited/);
    const invited = await page().context().browser()!.newContext({ baseURL, locale: 'en-US' });
    try {
      const guest = await invited.newPage();
      await guest.goto(linkIn(mail, 'invitation'));
      await expect.poll(() => guest.getByTestId('link-greeting').innerText()).toBe(`Hello Ivo, choose the password for ${email}.`);
      expect(new URL(guest.url()).hash).toBe('');
      expect(await seriousViolations(guest)).toEqual([]);
      await choosePassword(guest, 'password123', 'Set password and activate');
      await expect.poll(() => guest.getByText('Too common: choose a password that is harder to guess').count()).toBe(1);
      await choosePassword(guest, 'Ivo-chose-this-2026', 'Set password and activate');
      await guest.waitForURL('**/login');
      await expect.poll(() => notifications(guest)).toContain(`Your account is active: sign in with ${email} and the new password`);
      await signIn(guest, { email, password: 'Ivo-chose-this-2026' });

      // The link worked once.
      await guest.goto(linkIn(mail, 'invitation'));
      await expect.poll(() => guest.getByTestId('link-invalid').innerText()).toContain('This link no longer works');
    } finally {
      await invited.close();
    }
  });

  it('a user resets a forgotten password from the sign-in page', async () => {
    const admin = await apiSession(demo.tenant);
    const email = `${unique('forgetful').replaceAll(' ', '.').toLowerCase()}@example.com`;
    const created = await admin.call('POST', 'users', {
      name: 'Fosca',
      surname: 'Smemorata',
      email,
      password: 'Old-password-2026',
      admin: true,
    });
    expect(created.status).toBe(201);

    await page().goto('/login');
    await page().getByRole('link', { name: 'Forgot password?' }).click();
    await page().waitForURL('**/forgot-password');
    await page()
      .getByLabel(/^Email/)
      .fill(email);
    await page().getByRole('button', { name: 'Send the link' }).click();
    await expect
      .poll(() => page().getByTestId('reset-requested').innerText())
      .toBe(`If ${email} has an account, a link to choose a new password is on its way. It works for one hour.`);

    const mail = await mailTo(email, /^Reset your password/);
    await page().goto(linkIn(mail, 'reset-password'));
    await expect.poll(() => page().getByTestId('link-greeting').innerText()).toContain(email);
    await choosePassword(page(), 'Fosca-remembers-2026', 'Set password');
    await page().waitForURL('**/login');
    await expect.poll(() => notifications(page())).toContain(`Your password is changed: sign in with ${email} and the new password`);

    const oldLogin = await fetch(new URL('/api/auth/login', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Old-password-2026' }),
    });
    expect(oldLogin.status).toBe(401);
    await signIn(page(), { email, password: 'Fosca-remembers-2026' });
  });

  it('asks for a reset link by keyboard alone on a 360 px phone, the page no wider than the window', async () => {
    await page().setViewportSize({ width: 360, height: 740 });
    await page().goto('/login');
    await page().locator('input[name="email"]').focus();
    // Email, Password, Sign in, then the link.
    for (let step = 0; step < 3; step += 1) await page().keyboard.press('Tab');
    await expect.poll(() => page().evaluate(() => document.activeElement?.textContent)).toBe('Forgot password?');
    await page().keyboard.press('Enter');
    await page().waitForURL('**/forgot-password');
    await expect.poll(() => page().evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page().keyboard.type('nobody.at.all@example.com');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('reset-requested').innerText()).toContain('If nobody.at.all@example.com has an account');
    expect(await seriousViolations(page())).toEqual([]);
    expect(await page().evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)).toBeLessThanOrEqual(0);
    await page().goto('/reset-password#token=not-a-token-of-ours_0123456789');
    await expect.poll(() => page().getByTestId('link-invalid').innerText()).toContain('This link no longer works');
    expect(await seriousViolations(page())).toEqual([]);
    expect(await page().evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
