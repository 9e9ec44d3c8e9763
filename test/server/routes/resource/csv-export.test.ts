import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema';
import { EXPORT_BATCH_SIZE } from '../../../../server/routes/resource/csv-export';
import { bearer, demo, useTestApp } from '../../../support/server/harness';
import { allPages, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

interface Named {
  id: string;
  name: string;
}

/** The export's rows as arrays of cells, header first; the BOM checked and dropped. */
function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { relax_column_count: false }) as string[][];
}

const exportOf = async (api: Api, url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { ...bearer(api.token), ...headers } });

describe('GET /api/{resource}/export', () => {
  let world: DemoWorld;
  let root: Api;
  let tenantAdmin: Api;
  let companyAdmin: Api;
  const marker = `QzExport${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    for (const name of ['Beta', 'alpha', 'Gamma', '=HYPERLINK("http://evil.example.com")', '+39 1', '@SUM(A1)', '-2+3', 'x;=1+1;']) {
      const response = await tenantAdmin.post('/api/companies', { name: `${name} ${marker}`, taxId: 'IT1', countryCode: 'IT' });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('answers every row the list answers for the same search and sort, in the same order, as a CSV download', async () => {
    const query = `search=${marker.toLowerCase()}&sortBy=name&sortOrder=desc`;
    const listed = await allPages<Named>(tenantAdmin, `/api/companies?${query}`);
    const response = await exportOf(tenantAdmin, `/api/companies/export?${query}`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="companies-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = csvRows(response.body);
    expect(header!.slice(0, 5)).toEqual(['ID', 'Created', 'Updated', 'Tenant', 'Name']);
    expect(header).not.toContain('tenantId');
    expect(header).not.toContain('version');
    expect(listed).toHaveLength(8);
    expect(rows.map((row) => row[0])).toEqual(listed.map((company) => company.id));
    expect(rows.every((row) => row[3] === 'Acme Learning')).toBe(true);
  });

  it('escapes cells that a spreadsheet would run as formulas', async () => {
    const response = await exportOf(tenantAdmin, `/api/companies/export?search=${marker}&sortBy=name`);
    const names = csvRows(response.body)
      .slice(1)
      .map((row) => row[4]);

    expect(names).toEqual(
      expect.arrayContaining([
        `'=HYPERLINK("http://evil.example.com") ${marker}`,
        `'+39 1 ${marker}`,
        `'@SUM(A1) ${marker}`,
        `'-2+3 ${marker}`,
        `alpha ${marker}`,
      ]),
    );
    expect(names.filter((name) => /^[=+\-@]/.test(name!))).toEqual([]);
  });

  it('quotes every cell, and a spreadsheet splitting lines on ; (or , tab |) finds no formula inside a value', async () => {
    const response = await exportOf(tenantAdmin, `/api/companies/export?search=${marker}&sortBy=name&lang=it`);
    const body = response.body.slice(1);
    const lines = body.split('\r\n').filter((line) => line !== '');
    const quotedCell = '"(?:[^"]|"")*"';

    expect(lines).toHaveLength(9);
    for (const line of lines) expect(line).toMatch(new RegExp(`^${quotedCell}(?:,${quotedCell})*$`));
    // Read as a spreadsheet with another separator reads it: a cell starts after any separator or line break, and
    // its leading quotes and spaces are not part of what it evaluates.
    for (const separator of [';', ',', '\t', '|']) {
      const cells = body.split(new RegExp(`[${separator}\r\n]`)).map((cell) => cell.replace(/^[ "]+/, ''));
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    }
    const names = csvRows(response.body).map((row) => row[4]);
    expect(names).toContain(`x;'=1+1; ${marker}`);
    expect(names).toContain(`'=HYPERLINK("http://evil.example.com") ${marker}`);
  });

  it('writes the header row in the language asked by lang, else by Accept-Language, else English', async () => {
    const url = `/api/companies/export?search=${marker}`;
    const header = async (path: string, headers?: Record<string, string>) => csvRows((await exportOf(tenantAdmin, path, headers)).body)[0]!;

    expect((await header(`${url}&lang=it`)).slice(0, 5)).toEqual(['ID', 'Creato il', 'Modificato il', 'Tenant', 'Nome']);
    expect((await header(url, { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' }))[4]).toBe('Nome');
    expect((await header(`${url}&lang=en`, { 'accept-language': 'it' }))[4]).toBe('Name');
    expect((await header(url, { 'accept-language': 'de' }))[4]).toBe('Name');
  });

  it('refuses a lang it does not write (400 on query.lang), whatever else the string holds', async () => {
    for (const lang of ['xx', 'IT', 'it-IT', 'en;', '%3Cscript%3E', 'e'.repeat(5000)]) {
      const response = await exportOf(tenantAdmin, `/api/companies/export?lang=${lang}`);

      expect(response.statusCode, lang).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'lang', rule: 'oneOf' })]);
    }
  });

  it('keeps the tenancy filter of the list: a TENANT admin exports only its own tenant', async () => {
    const response = await exportOf(tenantAdmin, '/api/users/export');
    const listed = await allPages<Named>(tenantAdmin, '/api/users');
    const rows = csvRows(response.body).slice(1);

    expect(rows.map((row) => row[0])).toEqual(listed.map((user) => user.id));
    expect(rows.map((row) => row[0])).not.toContain(world.globexAdmin.id);
  });

  it('has the authorization of the list, and never exports a password', async () => {
    const unsigned = await testApp.app.inject({ method: 'GET', url: '/api/users/export' });
    const forbidden = await exportOf(companyAdmin, '/api/companies/export');
    const usersExport = await exportOf(root, '/api/users/export');

    expect(unsigned.statusCode).toBe(401);
    expect(forbidden.statusCode).toBe(403);
    expect(csvRows(usersExport.body)[0]).toEqual([
      'ID',
      'Created',
      'Updated',
      'Name',
      'Surname',
      'Email',
      'Status',
      'Enabled',
      'Scope',
      'Administrator',
      'Tenant',
      'Company',
    ]);
    expect(usersExport.body).not.toMatch(/argon2|password/i);
  });

  it('answers 400, not 500, for bad input', async () => {
    const badOrder = await exportOf(tenantAdmin, '/api/companies/export?sortOrder=sideways');
    const unknownParam = await exportOf(tenantAdmin, '/api/companies/export?page=2');
    const longSearch = await exportOf(tenantAdmin, `/api/companies/export?search=${'x'.repeat(101)}`);

    expect([badOrder.statusCode, unknownParam.statusCode, longSearch.statusCode]).toEqual([400, 400, 400]);
  });

  it('reads a long list batch after batch, every row once, in the order of the list', async () => {
    const count = EXPORT_BATCH_SIZE * 2 + 7;
    const bulk = `QzBulk${randomBytes(3).toString('hex')}`;
    const rows = Array.from({ length: count }, (_, index) => ({
      name: `${bulk} ${String(index).padStart(5, '0')}`,
      surname: 'Export',
      email: `${bulk.toLowerCase()}.${index}@example.com`,
      scope: 'COMPANY' as const,
      tenantId: world.acme.id,
      companyId: world.acmeRobotics.id,
    }));
    for (let start = 0; start < count; start += 500) await testApp.db.insert(users).values(rows.slice(start, start + 500));

    const response = await exportOf(root, `/api/users/export?search=${bulk}&sortBy=name&sortOrder=desc`);
    const names = csvRows(response.body)
      .slice(1)
      .map((row) => row[3]);

    expect(names).toEqual(rows.map((row) => row.name).reverse());
  });
});
