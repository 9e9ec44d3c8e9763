import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema';
import { MAX_BULK_ROWS } from '../../../../contract/bulk-limits';
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

/** `POST {resource}/export`: the selected rows, by id (issue 29). */
const selectionExportOf = async (api: Api, url: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: bearer(api.token) });

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
    const exported = csvRows(response.body).slice(1);

    expect(exported.map((row) => row[3])).toEqual(rows.map((row) => row.name).reverse());

    // The most rows a selection may name, more than a batch: every one once, in the order asked.
    const selected = exported.slice(0, MAX_BULK_ROWS).map((row) => row[0]);
    const selection = await selectionExportOf(root, '/api/users/export?sortBy=name', { ids: [...selected].reverse() });
    expect(selection.statusCode, selection.body).toBe(200);
    expect(csvRows(selection.body).slice(1)).toEqual(exported.slice(0, MAX_BULK_ROWS).reverse());
  });
});

describe('POST /api/{resource}/export: the selected rows (issue 29)', () => {
  let world: DemoWorld;
  let tenantAdmin: Api;
  let companyAdmin: Api;
  const marker = `QzSelected${randomBytes(3).toString('hex')}`;
  let created: Named[];

  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    created = [];
    for (const name of ['Delta', 'Alpha', 'Charlie', 'Bravo']) {
      const response = await tenantAdmin.post('/api/companies', { name: `${name} ${marker}`, taxId: 'IT1', countryCode: 'IT' });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json());
    }
  });

  it("answers exactly the selected rows, with the list export's columns, in the list's sort and the language asked", async () => {
    const [delta, alpha, charlie] = created;
    const ids = [delta!.id, alpha!.id, charlie!.id, alpha!.id];
    const response = await selectionExportOf(tenantAdmin, '/api/companies/export?sortBy=name&sortOrder=desc&lang=it', { ids });
    const whole = csvRows((await exportOf(tenantAdmin, `/api/companies/export?search=${marker}&lang=it`)).body);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="companies-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(whole[0]);
    expect(header!.slice(0, 5)).toEqual(['ID', 'Creato il', 'Modificato il', 'Tenant', 'Nome']);
    expect(rows.map((row) => row[4])).toEqual([`Delta ${marker}`, `Charlie ${marker}`, `Alpha ${marker}`]);
    expect(rows).toEqual(expect.arrayContaining(whole.slice(1).filter((row) => ids.includes(row[0]!))));
  });

  it("leaves out another tenant's, another company's and unknown ids: they are simply not in the file", async () => {
    const [own] = created;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const asTenant = await selectionExportOf(tenantAdmin, '/api/companies/export', {
      ids: [own!.id, world.globexConsulting.id, world.globexEnergy.id, unknown],
    });
    const asCompany = await selectionExportOf(companyAdmin, '/api/users/export', {
      ids: [world.companyAdmin.id, world.acmeFoodsAdmin.id, world.tenantAdmin.id, world.globexAdmin.id, world.root.id],
    });

    expect(asTenant.statusCode, asTenant.body).toBe(200);
    expect(csvRows(asTenant.body).map((row) => row[0])).toEqual(['ID', own!.id]);
    expect(asCompany.statusCode, asCompany.body).toBe(200);
    expect(csvRows(asCompany.body).map((row) => row[0])).toEqual(['ID', world.companyAdmin.id]);
  });

  it('has the authorization of the list', async () => {
    const unsigned = await testApp.app.inject({ method: 'POST', url: '/api/companies/export', payload: { ids: [created[0]!.id] } });
    const forbidden = await selectionExportOf(companyAdmin, '/api/companies/export', { ids: [created[0]!.id] });

    expect([unsigned.statusCode, forbidden.statusCode]).toEqual([401, 403]);
  });

  it('answers 400 with the field at fault for ids that are not a selection: none, not uuids, more than a bulk action may name', async () => {
    const id = created[0]!.id;
    const tooMany = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: 'all' }, 'ids'],
      [{ ids: ['not-a-uuid'] }, 'ids.0'],
      [{ ids: [id, 42] }, 'ids.1'],
      [{ ids: tooMany }, 'ids'],
      [{ ids: [id], search: 'acme' }, 'search'],
    ];
    for (const [payload, field] of cases) {
      const response = await selectionExportOf(tenantAdmin, '/api/companies/export', payload);

      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().errors?.[0]?.field, JSON.stringify(payload).slice(0, 80)).toBe(field);
    }
    const badQuery = await selectionExportOf(tenantAdmin, '/api/companies/export?search=acme', { ids: [id] });
    const badLang = await selectionExportOf(tenantAdmin, '/api/companies/export?lang=de', { ids: [id] });
    expect([badQuery.statusCode, badLang.statusCode]).toEqual([400, 400]);
  });
});
