import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';

interface Named {
  id: string;
  name: string;
}

describe('exporting a list', () => {
  const page = usePage();

  it('downloads the searched, sorted list as CSV: the rows the API lists, in its order', async () => {
    const tenant = await apiSession(demo.tenant);
    const marker = unique('Export');
    for (const name of ['Bravo', 'alpha', '=Charlie']) {
      const created = await tenant.call('POST', 'companies', { name: `${name} ${marker}`, taxId: 'IT1', countryCode: 'IT' });
      expect(created.status).toBe(201);
    }
    const query = `search=${encodeURIComponent(marker)}&sortBy=name&sortOrder=desc`;
    const listed = await tenant.call<Page<Named>>('GET', `companies?${query}&pageSize=100`);

    await signIn(page(), demo.tenant);
    await page().goto(`/companies?${query}`);
    await expect.poll(() => page().locator('[role="row"][data-id]').count()).toBe(3);
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await text((await download.createReadStream()) as Readable);
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];

    expect(header!.slice(0, 5)).toEqual(['ID', 'Created', 'Updated', 'Tenant', 'Name']);
    expect(rows.map((row) => row[0])).toEqual(listed.body.items.map((company) => company.id));
    expect(rows.map((row) => row[4])).toEqual(
      listed.body.items.map((company) => (company.name.startsWith('=') ? `'${company.name}` : company.name)),
    );
    await expect.poll(() => page().getByText('The CSV file was downloaded').count()).toBe(1);
  });
});

describe('the history of a record', () => {
  const page = usePage();

  it('shows who changed which field of a company, the newest first, once it is saved', async () => {
    const tenant = await apiSession(demo.tenant);
    const name = unique('History');
    const created = await tenant.call<Named>('POST', 'companies', { name, taxId: 'IT1', countryCode: 'IT' });
    expect(created.status).toBe(201);

    await signIn(page(), demo.tenant);
    await page().goto(`/companies/${created.body.id}`);
    const history = page().getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByRole('row').count()).toBe(2);
    await page().getByRole('textbox', { name: 'City' }).fill('Torino');
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/companies(\?.*)?$/);
    await page().goto(`/companies/${created.body.id}`);

    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    const newest = await history.getByRole('row').nth(1).innerText();
    expect(newest).toContain('Updated');
    expect(newest).toContain('City');
    expect(newest).toContain(tenant.session.user.name);
    expect(newest).toContain('tenant.admin@example.com');
    expect(await history.getByRole('row').nth(2).innerText()).toContain('Created');
  });
});
