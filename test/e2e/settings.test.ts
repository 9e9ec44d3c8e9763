import { describe, expect, it } from 'vitest';
import { apiSession, unique } from './api';
import { demo, signIn, usePage } from './browser';

/** A TENANT admin of its own, so changing its password leaves the demo accounts alone. */
async function newTenantAdmin() {
  const tenantAdmin = await apiSession(demo.tenant);
  const email = `${unique('settings').replaceAll(' ', '.').toLowerCase()}@example.com`;
  const password = 'First-pass-2026';
  const created = await tenantAdmin.call<{ id: string }>('POST', 'users', {
    name: 'Sara',
    surname: 'Settings',
    email,
    password,
    admin: true,
  });
  expect(created.status).toBe(201);
  return { email, password };
}

describe('the settings page', () => {
  const page = usePage();

  it('renames the signed-in user at once and changes the password: the old one stops working, the new one signs in', async () => {
    const account = await newTenantAdmin();
    await signIn(page(), account);
    const header = page().getByTestId('sidebar-header');
    await expect.poll(() => header.innerText()).toContain('Sara');

    await page().getByTestId('user-menu-button').click();
    await page().getByRole('menuitem', { name: 'Settings' }).click();
    await page().waitForURL('**/settings');
    const name = page().getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.inputValue()).toBe('Sara');
    await name.fill('Serena');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Profile saved');
    await expect.poll(() => header.innerText()).toContain('Serena');

    await page()
      .getByLabel(/^Current password/)
      .fill('not-my-password');
    await page()
      .getByLabel(/^New password/)
      .fill('Second-pass-2026');
    await page()
      .getByLabel(/^Confirm new password/)
      .fill('Second-pass-2026');
    await page().getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page().getByText('Incorrect').count()).toBeGreaterThan(0);

    await page()
      .getByLabel(/^Current password/)
      .fill(account.password);
    await page().getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Password changed');
    await expect
      .poll(() =>
        page()
          .getByLabel(/^Current password/)
          .inputValue(),
      )
      .toBe('');

    await page().reload();
    await expect.poll(() => header.innerText()).toContain('Serena');
    await page().getByTestId('user-menu-button').click();
    await page().getByTestId('logout').click();
    await page().waitForURL('**/login');

    const oldLogin = await fetch(new URL('/api/auth/login', page().url()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(oldLogin.status).toBe(401);
    await signIn(page(), { email: account.email, password: 'Second-pass-2026' });
    await expect.poll(() => header.innerText()).toContain('Serena');
  });
});
