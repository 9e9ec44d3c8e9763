import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unique } from './api';
import { demo, signIn, usePage } from './browser';

/**
 * 1 000 users, `;`-separated with a byte-order mark as a spreadsheet saves them, five of them bad: an email that is
 * not one and a repeated email (the form's rules, in the browser), a scope the TENANT admin may not give, a company of
 * another tenant and a company that does not exist (the API's rules, in its dry run and import).
 */
function usersFile(marker: string) {
  const rows = Array.from({ length: 1000 }, (_, index) => [
    'Import',
    `User ${index}`,
    `import.${marker}.${index}@example.com`,
    index % 2 === 0 ? 'Acme Robotics S.p.A.' : '',
    '',
  ]);
  rows[100]![2] = 'not-an-email';
  rows[300]![2] = rows[299]![2]!;
  rows[500]![4] = 'GLOBAL';
  rows[700]![3] = 'Globex Consulting GmbH';
  rows[900]![3] = 'No Such Company';
  const lines = [['Nome', 'Cognome', 'Email', 'Azienda', 'Ambito'], ...rows].map((cells) => cells.join(';'));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

const badLines = [
  ['102', 'failed', 'Email', 'Invalid email'],
  ['302', 'failed', 'Email', 'Appears more than once in the file (first on line 301)'],
  ['502', 'failed', 'Scope', 'Not allowed'],
  ['702', 'failed', 'Company', 'Not found'],
  ['902', 'failed', 'Company', 'Not found'],
];

describe('importing users from a CSV file', () => {
  const page = usePage();

  it('imports 1 000 rows in batches, reports the 5 bad ones with their reasons, and creates nothing twice when run again', async () => {
    const file = { name: 'acme-users.csv', mimeType: 'text/csv', buffer: usersFile(unique('imp').replace(/\W/g, '').toLowerCase()) };
    await signIn(page(), demo.tenant);
    await page().goto('/users');
    const dialog = page().getByRole('dialog', { name: 'Import users from a CSV file' });

    const importFile = async () => {
      await page().getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.locator('input[type=file]').setInputFiles(file);
      await expect.poll(() => dialog.getByText('acme-users.csv: 1,000 rows').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Check the rows' }).click();
      const previewShown = dialog.getByRole('heading', { name: 'What the import will do' }).or(dialog.getByRole('alert'));
      await previewShown.first().waitFor({ timeout: 120_000 });
      expect(await dialog.getByRole('alert').count(), await dialog.innerText()).toBe(0);
    };

    await importFile();
    expect(await dialog.getByRole('status').innerText()).toMatch(/995 to create\s+0 already there \(skipped\)\s+5 with errors/);
    await dialog.getByRole('button', { name: 'Import 995 new users' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Import finished' }).count(), { timeout: 120_000 }).toBe(1);
    expect(await dialog.getByRole('status').innerText()).toMatch(/995 created\s+0 skipped\s+5 failed/);
    const reported = dialog.getByRole('table', { name: 'Import finished' }).locator('tbody tr');
    const cells = await reported.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(cells).toEqual(badLines);

    const [download] = await Promise.all([
      page().waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the report (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('acme-users-report.csv');
    const csv = (await text((await download.createReadStream()) as Readable))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('Line,Email,Outcome,Field,Reason');
    expect(csv).toHaveLength(1001);
    expect(csv.filter((line) => line.includes(',created,'))).toHaveLength(995);
    expect(csv[101]).toBe('102,not-an-email,failed,Email,Invalid email');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await importFile();
    expect(await dialog.getByRole('status').innerText()).toMatch(/0 to create\s+995 already there \(skipped\)\s+5 with errors/);
    await dialog.getByRole('button', { name: 'Import 0 new users' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Import finished' }).count(), { timeout: 120_000 }).toBe(1);
    expect(await dialog.getByRole('status').innerText()).toMatch(/0 created\s+995 skipped\s+5 failed/);
  }, 300_000);

  it('says why a file cannot be imported: not text, one column', async () => {
    await signIn(page(), demo.company);
    await page().goto('/users');
    await page().getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Import users from a CSV file' });
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'photo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x01]),
    });
    await expect.poll(() => dialog.getByText(/not a UTF-8 text file/).count()).toBe(1);
    await input.setInputFiles({
      name: 'tabs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name\tSurname\tEmail\nAnna\tNeri\ta@example.com\n'),
    });
    await expect.poll(() => dialog.getByText(/Only one column was found/).count()).toBe(1);
  }, 120_000);
});
