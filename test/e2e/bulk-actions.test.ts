import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';
import { seriousViolations } from './axe';

interface UserRow {
  id: string;
  surname: string;
  enabled: boolean;
}

interface CompanyRow {
  id: string;
  name: string;
}

describe('bulk actions on a list (issue 29)', () => {
  const page = usePage();

  it('disables 25 users selected across three pages in one action, and says so', async () => {
    const admin = await apiSession(demo.company);
    // Users of this test's own, by a surname no other test uses: other tests on the same server change the demo users.
    const tag = unique('Bulk').replace(/\s/g, '');
    for (let index = 0; index < 25; index += 1) {
      const made = await admin.call<UserRow>('POST', 'users', {
        name: `Bulk${index}`,
        surname: tag,
        email: `bulk.${index}.${tag.toLowerCase()}@example.com`,
        scope: 'COMPANY',
      });
      expect(made.status).toBe(201);
    }

    await signIn(page(), demo.company);
    await page().goto(`/users?search=${tag}&pageSize=10`);
    const grid = page().getByRole('grid');
    await expect.poll(() => grid.innerText()).toContain(tag);
    // Each page's own "select all" checks its rows; the selection outlives the page.
    for (const pageNumber of [1, 2, 3]) {
      if (pageNumber > 1) {
        await page().getByRole('button', { name: 'Go to next page' }).click();
        await expect.poll(() => grid.innerText()).toContain(`Bulk${(pageNumber - 1) * 10}`);
      }
      await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
    }
    await expect.poll(() => page().getByRole('region', { name: '25 selected' }).isVisible()).toBe(true);

    await page().getByRole('region', { name: '25 selected' }).getByRole('button', { name: 'Disable' }).click();
    const dialog = page().getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Disable 25 users?');
    await dialog.getByRole('button', { name: 'Disable' }).click();

    await expect
      .poll(() => page().getByRole('status').filter({ hasText: 'Done:' }).innerText())
      .toContain('Done: 25 of 25 succeeded, 0 skipped.');
    const listed = await admin.call<Page<UserRow>>('GET', `users?search=${tag}&pageSize=100`);
    expect(listed.body.items.map((user) => user.enabled)).toEqual(Array.from({ length: 25 }, () => false));
  }, 240_000);

  it('exports the 3 rows selected as CSV, and no other', async () => {
    const tenant = await apiSession(demo.tenant);
    const marker = unique('Selected');
    for (const name of ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']) {
      const created = await tenant.call('POST', 'companies', { name: `${name} ${marker}`, taxId: 'IT1', countryCode: 'IT' });
      expect(created.status).toBe(201);
    }
    const query = `search=${encodeURIComponent(marker)}&sortBy=name&sortOrder=asc`;
    const listed = (await tenant.call<Page<CompanyRow>>('GET', `companies?${query}&pageSize=100`)).body.items;
    const chosen = [listed[0]!, listed[2]!, listed[4]!];

    await signIn(page(), demo.tenant);
    await page().goto(`/companies?${query}`);
    await expect.poll(() => page().locator('[role="row"][data-id]').count()).toBe(5);
    for (const company of chosen) await page().locator(`[role="row"][data-id="${company.id}"]`).getByRole('checkbox').check();
    const bar = page().getByRole('region', { name: '3 selected' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    // The selection's bar with its Export selection, as a screen reader meets it.
    expect(await seriousViolations(page())).toEqual([]);
    const [download] = await Promise.all([page().waitForEvent('download'), bar.getByRole('button', { name: 'Export selection' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d\d-\d\d\.csv$/);
    const [header, ...rows] = parse(await text((await download.createReadStream()) as Readable), { bom: true }) as string[][];

    expect(header!.slice(0, 5)).toEqual(['ID', 'Created', 'Updated', 'Tenant', 'Name']);
    expect(rows.map((row) => [row[0], row[4]])).toEqual(chosen.map((company) => [company.id, company.name]));
    await expect.poll(() => page().getByText('The CSV file was downloaded').count()).toBe(1);
  }, 240_000);

  it('exports a selected tenant: a list with no bulk action still selects for its export', async () => {
    const root = await apiSession(demo.root);
    const marker = unique('Chosen tenant');
    const made: CompanyRow[] = [];
    for (const name of ['Alpha', 'Bravo']) {
      const created = await root.call<CompanyRow>('POST', 'tenants', { name: `${name} ${marker}` });
      expect(created.status).toBe(201);
      made.push(created.body);
    }

    await signIn(page(), demo.root);
    await page().goto(`/tenants?search=${encodeURIComponent(marker)}`);
    await expect.poll(() => page().locator('[role="row"][data-id]').count()).toBe(2);
    await page().locator(`[role="row"][data-id="${made[1]!.id}"]`).getByRole('checkbox').check();
    const bar = page().getByRole('region', { name: '1 selected' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    // No bulk action is offered where one row has none (a tenant is never deleted).
    expect(await bar.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const [download] = await Promise.all([page().waitForEvent('download'), bar.getByRole('button', { name: 'Export selection' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tenants-\d{4}-\d\d-\d\d\.csv$/);
    const [, ...rows] = parse(await text((await download.createReadStream()) as Readable), { bom: true }) as string[][];
    expect(rows.map((row) => row[0])).toEqual([made[1]!.id]);
  }, 240_000);
});

describe('filters on a list (issue 29)', () => {
  const page = usePage();

  it('filters users by status and company, and the filters survive a reload and Back', async () => {
    const admin = await apiSession(demo.tenant);
    const companyNamed = async (name: string) =>
      (await admin.call<Page<CompanyRow>>('GET', `companies?search=${encodeURIComponent(name)}`)).body.items[0]!;
    const [robotics, foods] = [await companyNamed('Acme Robotics'), await companyNamed('Acme Foods')];
    // This test's own users, by a surname no other test uses: pending (no password) and active, in two companies.
    const tag = unique('Filter').replace(/\s/g, '');
    const user = async (name: string, companyId: string, password?: string) => {
      const made = await admin.call('POST', 'users', {
        name,
        surname: tag,
        email: `${name.toLowerCase()}.${tag.toLowerCase()}@example.com`,
        scope: 'COMPANY',
        companyId,
        ...(password && { password }),
      });
      expect(made.status).toBe(201);
    };
    await user('PendingRobotics', robotics.id);
    await user('PendingFoods', foods.id);
    await user('ActiveFoods', foods.id, 'Filter-2026-long!');

    await signIn(page(), demo.tenant);
    await page().goto(`/users?search=${tag}`);
    /** The names the grid shows of this test's users, once it shows some. */
    const shown = async () => {
      const text = await page().getByRole('grid').innerText();
      return ['PendingRobotics', 'PendingFoods', 'ActiveFoods'].filter((name) => text.includes(name));
    };
    await expect.poll(shown).toEqual(['PendingRobotics', 'PendingFoods', 'ActiveFoods']);

    await page().getByRole('button', { name: 'Filters' }).click();
    const panel = page().getByRole('search', { name: 'Filters' });
    await panel.getByRole('combobox', { name: 'Status' }).selectOption('PENDING');
    await expect.poll(() => new URL(page().url()).searchParams.get('status')).toBe('PENDING');
    await expect.poll(shown).toEqual(['PendingRobotics', 'PendingFoods']);
    await panel.getByRole('combobox', { name: 'Company' }).fill('Acme Foods');
    await page().getByRole('option', { name: foods.name }).click();
    await expect.poll(() => new URL(page().url()).searchParams.get('companyId')).toBe(foods.id);
    await expect.poll(shown).toEqual(['PendingFoods']);
    const chips = page().getByRole('list', { name: 'Filters set' });
    await expect.poll(() => chips.innerText()).toContain(`Company: ${foods.name}`);
    expect(await chips.innerText()).toContain('Status: Pending');
    // The open panel and the chips, as a screen reader meets them.
    expect(await seriousViolations(page())).toEqual([]);

    await page().reload();
    await expect.poll(shown).toEqual(['PendingFoods']);
    await expect.poll(() => page().getByRole('list', { name: 'Filters set' }).innerText()).toContain('Status: Pending');

    await page().goBack();
    await expect.poll(() => new URL(page().url()).searchParams.get('companyId')).toBeNull();
    expect(new URL(page().url()).searchParams.get('status')).toBe('PENDING');
    await expect.poll(shown).toEqual(['PendingRobotics', 'PendingFoods']);
  }, 240_000);
});
