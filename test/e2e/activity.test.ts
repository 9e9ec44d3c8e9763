import type { Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSession, unique } from './api';
import { demo, menuLabels, signIn, usePage } from './browser';

const dataRows = (page: BrowserPage) => page.locator('[role="row"][data-id]');
/** The row of the company's own change: its Record cell leads to the company's edit page. */
const rowOf = (page: BrowserPage, companyId: string) => dataRows(page).filter({ has: page.locator(`a[href="/companies/${companyId}"]`) });
const filtersOf = (page: BrowserPage) => {
  const params = new URL(page.url()).searchParams;
  return { entity: params.get('entity'), action: params.get('action') };
};

describe('the Activity page', () => {
  const page = usePage();

  it("finds a TENANT admin's edit of a company by record and action, and keeps the filters across a reload and Back", async () => {
    const tenant = await apiSession(demo.tenant);
    const created = await tenant.call<{ id: string }>('POST', 'companies', { name: unique('Activity'), taxId: 'IT1', countryCode: 'IT' });
    expect(created.status).toBe(201);
    const companyId = created.body.id;

    // Edit the company in the console.
    await signIn(page(), demo.tenant);
    await page().goto(`/companies/${companyId}`);
    const city = page().getByRole('textbox', { name: 'City' });
    await expect.poll(() => page().getByRole('textbox', { name: 'Name' }).inputValue()).not.toBe('');
    await city.fill('Torino');
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/companies(\?.*)?$/);

    // Open Activity from the menu and narrow it to companies' updates.
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Activity' }).click();
    await page().waitForURL('**/activity');
    await expect.poll(() => dataRows(page()).count()).toBeGreaterThan(0);
    // 50 rows a page: other tests' changes on the same server do not push this one off the page.
    await page()
      .getByRole('combobox', { name: /rows per page/i })
      .click();
    await page().getByRole('option', { name: '50', exact: true }).click();
    await expect.poll(() => new URL(page().url()).searchParams.get('pageSize')).toBe('50');
    await page().getByRole('combobox', { name: 'Record' }).selectOption('company');
    await expect.poll(() => filtersOf(page())).toEqual({ entity: 'company', action: null });
    await page().getByRole('combobox', { name: 'Action' }).selectOption('UPDATE');
    await expect.poll(() => filtersOf(page())).toEqual({ entity: 'company', action: 'UPDATE' });

    await expect.poll(() => rowOf(page(), companyId).count()).toBe(1);
    const row = await rowOf(page(), companyId).innerText();
    expect(row).toContain('Updated');
    expect(row).toContain('City');
    expect(row).toContain(demo.tenant.email);
    // Every row shown is a company's update (the creation of the same company is filtered out).
    for (const text of await dataRows(page()).allInnerTexts()) expect(text).toMatch(/Updated[\s\S]*Company/);

    // A reload keeps the filters: in the address, in the fields, in the rows.
    await page().reload();
    await expect.poll(() => rowOf(page(), companyId).count()).toBe(1);
    expect(filtersOf(page())).toEqual({ entity: 'company', action: 'UPDATE' });
    expect(await page().getByRole('combobox', { name: 'Record' }).inputValue()).toBe('company');
    expect(await page().getByRole('combobox', { name: 'Action' }).inputValue()).toBe('UPDATE');

    // Only creations: the update is gone, the creation is there; Back brings the updates again.
    await page().getByRole('combobox', { name: 'Action' }).selectOption('CREATE');
    await expect.poll(() => filtersOf(page())).toEqual({ entity: 'company', action: 'CREATE' });
    await expect.poll(async () => (await rowOf(page(), companyId).allInnerTexts()).join()).toContain('Created');
    expect(await rowOf(page(), companyId).count()).toBe(1);
    await page().goBack();
    await expect.poll(() => filtersOf(page())).toEqual({ entity: 'company', action: 'UPDATE' });
    await expect.poll(async () => (await rowOf(page(), companyId).allInnerTexts()).join()).toContain('Updated');
    expect(await page().getByRole('combobox', { name: 'Action' }).inputValue()).toBe('UPDATE');

    // A range that starts tomorrow shows nothing; clearing the filters shows every row again.
    const browserTomorrow = await page().evaluate(() => {
      const next = new Date(Date.now() + 24 * 3600 * 1000);
      return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    });
    await page().getByLabel('From').fill(browserTomorrow);
    await expect.poll(() => new URL(page().url()).searchParams.get('from')).not.toBeNull();
    await expect.poll(() => page().getByText('No records found').count()).toBe(1);
    await page().getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => filtersOf(page())).toEqual({ entity: null, action: null });
    await expect.poll(() => dataRows(page()).count()).toBeGreaterThan(0);
    expect(new URL(page().url()).searchParams.get('from')).toBeNull();
    expect(await page().getByRole('combobox', { name: 'Record' }).inputValue()).toBe('');
    expect(new URL(page().url()).searchParams.get('pageSize')).toBe('50');
  });

  it('is not offered to a COMPANY admin, and a typed address says it is not available; the API refuses the whole log', async () => {
    const company = await apiSession(demo.company);
    const refused = await company.call<{ code: string }>('GET', 'activity');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACTIVITY_RECORD_REQUIRED');

    await signIn(page(), demo.company);
    expect(await menuLabels(page())).not.toContain('Activity');
    await page().goto('/activity');
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Not available for your account');
    expect(new URL(page().url()).pathname).toBe('/activity');
  });
});
