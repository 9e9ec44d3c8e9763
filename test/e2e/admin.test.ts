import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { apiSession, unique, type Page } from './api';
import { demo, menuLabels, signIn, usePage } from './browser';

interface UserRow {
  id: string;
  name: string;
  surname: string;
  email: string;
  companyId: string | null;
}

const dataRows = (page: BrowserPage) => page.locator('[role="row"][data-id]');
const displayedRows = (page: BrowserPage) => page.locator('.MuiTablePagination-displayedRows').innerText();

/** The grid is there (its code arrives after the page's) and shows its rows: nothing is loading any more. */
async function waitForList(page: BrowserPage) {
  await page.getByRole('grid').waitFor();
  await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
}

describe('a COMPANY admin', () => {
  const page = usePage();

  it('cannot see the users of another company, in the list or by id', async () => {
    const root = await apiSession(demo.root);
    const companyAdmin = await apiSession(demo.company);
    const all = await root.call<Page<UserRow>>('GET', 'users?pageSize=100');
    const foreign = all.body.items.find((user) => user.companyId && user.companyId !== companyAdmin.session.user.companyId);
    expect(foreign, 'the demo data has users of another company').toBeDefined();
    if (!foreign) return;

    await signIn(page(), demo.company);
    await page().goto('/users');
    await waitForList(page());
    expect(await dataRows(page()).count()).toBeGreaterThan(0);
    await page().getByRole('textbox', { name: 'Search' }).fill(foreign.email);
    await expect.poll(() => page().getByText('No records found').count()).toBe(1);
    expect(await dataRows(page()).count()).toBe(0);

    await page().goto(`/users/${foreign.id}`);
    await expect.poll(() => page().getByText('Error loading user').count()).toBeGreaterThan(0);
    expect(await page().getByRole('textbox', { name: 'Email' }).count()).toBe(0);
  });
});

describe('a TENANT admin managing companies', () => {
  const page = usePage();

  it('creates, searches, edits, sorts, pages and deletes a company', async () => {
    const name = unique('Zeta Logistics');
    await signIn(page(), demo.tenant);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();
    await page().waitForURL('**/companies');
    await waitForList(page());

    // create
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/companies/new');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByText('Required field').count()).toBeGreaterThanOrEqual(3);
    await page().getByRole('textbox', { name: 'Name' }).fill(name);
    await page().getByRole('textbox', { name: 'Tax ID' }).fill('IT01234567890');
    await page().getByRole('textbox', { name: 'Country code' }).fill('IT');
    await page().getByRole('textbox', { name: 'Address line 1' }).fill('Via Roma 1');
    await page().getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByText('Invalid email').count()).toBe(1);
    await page().getByRole('textbox', { name: 'Email' }).fill('info@zeta.example');
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/companies(\?.*)?$/);

    // search
    await waitForList(page());
    await page().getByRole('textbox', { name: 'Search' }).fill(name.toUpperCase());
    await expect.poll(() => dataRows(page()).count()).toBe(1);
    expect(await dataRows(page()).first().innerText()).toContain(name);
    expect(new URL(page().url()).searchParams.get('search')).toBe(name.toUpperCase());

    // edit
    await dataRows(page()).first().getByRole('button', { name: 'Edit' }).click();
    await page().waitForURL(/\/companies\/[0-9a-f-]{36}$/);
    const nameField = page().getByRole('textbox', { name: 'Name' });
    await expect.poll(() => nameField.inputValue()).toBe(name);
    await nameField.fill(`${name} Renamed`);
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/companies(\?.*)?$/);
    await page().getByRole('textbox', { name: 'Search' }).fill(`${name} Renamed`);
    await expect.poll(() => dataRows(page()).count()).toBe(1);

    // sort and page over all companies of the tenant
    await page().getByRole('textbox', { name: 'Search' }).fill('');
    await expect.poll(() => new URL(page().url()).searchParams.get('search')).toBeNull();
    const tenant = await apiSession(demo.tenant);
    const byName = await tenant.call<Page<{ name: string }>>('GET', 'companies?pageSize=100&sortBy=name&sortOrder=desc');
    const total = byName.body.total;
    expect(total).toBeGreaterThan(4);
    await page().getByRole('button', { name: 'Sort Name descending' }).click();
    await expect.poll(() => dataRows(page()).first().innerText()).toContain(byName.body.items[0]?.name ?? '?');
    expect(new URL(page().url()).searchParams.get('sortOrder')).toBe('desc');

    await page()
      .getByRole('combobox', { name: /rows per page/i })
      .click();
    await page().getByRole('option', { name: '2', exact: true }).click();
    await expect.poll(() => displayedRows(page())).toBe(`1–2 of ${total}`);
    await page().getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => displayedRows(page())).toBe(`3–4 of ${total}`);
    // The footer shows the new page before its rows arrive: wait for the rows, as the user does.
    await expect.poll(() => dataRows(page()).first().innerText()).toContain(byName.body.items[2]?.name ?? '?');
    await page().getByRole('button', { name: 'Sort Name ascending' }).click();
    await expect.poll(() => displayedRows(page())).toBe(`1–2 of ${total}`);

    // delete
    await page().getByRole('textbox', { name: 'Search' }).fill(`${name} Renamed`);
    await expect.poll(() => dataRows(page()).count()).toBe(1);
    await dataRows(page()).first().getByRole('button', { name: 'Delete' }).click();
    const dialog = page().getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure to delete?');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page().getByText('No records found').count()).toBe(1);
    const after = await tenant.call<Page<{ name: string }>>('GET', `companies?search=${encodeURIComponent(name)}`);
    expect(after.body.total).toBe(0);
  });
});

describe('a GLOBAL admin assuming a tenant', () => {
  const page = usePage();

  it('acts as the tenant with a banner, then goes back to root', async () => {
    const root = await apiSession(demo.root);
    const tenants = await root.call<Page<{ id: string; name: string }>>('GET', 'tenants?sortBy=name');
    const target = tenants.body.items[0];
    expect(target).toBeDefined();
    if (!target) return;

    await signIn(page(), demo.root);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Tenants' }).click();
    await waitForList(page());
    const row = dataRows(page()).filter({ hasText: target.name });
    await row.getByRole('button', { name: 'Assume tenant' }).click();
    await page().waitForURL('**/home');
    await expect.poll(() => menuLabels(page())).toEqual(['Companies', 'Users', 'Activity', 'Reports']);
    const banner = page().getByTestId('assumed-tenant-banner');
    await expect.poll(() => banner.innerText()).toContain(target.name);
    await expect.poll(() => page().getByTestId('sidebar-header').innerText()).toContain(target.name);

    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Companies' }).click();
    await waitForList(page());
    expect(await dataRows(page()).count()).toBeGreaterThan(0);

    await banner.getByRole('button', { name: 'Back to root admin' }).click();
    await expect.poll(() => menuLabels(page())).toEqual(['Tenants', 'Users', 'Activity', 'Reports']);
    expect(await page().getByTestId('assumed-tenant-banner').count()).toBe(0);
    expect(await page().getByTestId('sidebar-header').innerText()).toContain('Root admin');
  });
});

describe('a list URL', () => {
  const page = usePage();

  it('restores page, page size, sort and search on reload and when pasted', async () => {
    const admin = await apiSession(demo.company);
    const expected = await admin.call<Page<UserRow>>('GET', 'users?page=2&pageSize=2&sortBy=surname&sortOrder=desc');
    expect(expected.body.items).toHaveLength(2);
    const total = expected.body.total;

    await signIn(page(), demo.company);
    await page().goto('/users?page=2&pageSize=2&sortBy=surname&sortOrder=desc');
    await expect.poll(() => displayedRows(page())).toBe(`3–4 of ${total}`);
    expect(await dataRows(page()).first().innerText()).toContain(expected.body.items[0]?.surname ?? '?');

    await page().reload();
    await expect.poll(() => displayedRows(page())).toBe(`3–4 of ${total}`);
    expect(await dataRows(page()).first().innerText()).toContain(expected.body.items[0]?.surname ?? '?');

    const first = expected.body.items[0];
    if (!first) return;
    await page().goto(`/users?search=${encodeURIComponent(first.email.toUpperCase())}`);
    await expect.poll(() => dataRows(page()).count()).toBe(1);
    await page().reload();
    await expect.poll(() => page().getByRole('textbox', { name: 'Search' }).inputValue()).toBe(first.email.toUpperCase());
    await expect.poll(() => dataRows(page()).first().innerText()).toContain(first.email);

    await page().goBack();
    await expect.poll(() => displayedRows(page())).toBe(`3–4 of ${total}`);
  });
});
