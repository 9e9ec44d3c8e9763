import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserImportBody, UserImportResponse } from '../../contract/user-import.schemas';
import { tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { users } from '../support/views/resource-fixtures';

const file = (text: string, name = 'staff.csv') => new File([text], name, { type: 'text/csv' });
const staff = 'Nome;Cognome;Email;Azienda\nAnna;Neri;anna@example.com;Acme\nBruno;Gialli;bruno@;\nCarla;Blu;carla@example.com;Nowhere\n';

async function openImport(language: 'en' | 'it', importUsers?: (body: UserImportBody) => Promise<UserImportResponse>) {
  const view = renderConsole({ path: '/users', language, signedIn: tenantLogin, resources: { users: users() }, importUsers });
  const stored = () => JSON.parse(view.store.entries.get('user_import_mapping') ?? 'null') as unknown;
  await view.user.click(await screen.findByRole('button', { name: language === 'it' ? 'Importa' : 'Import' }));
  const dialog = await screen.findByRole('dialog');
  const upload = (chosen: File) => view.user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, chosen);
  return { ...view, dialog, upload, stored };
}

describe('the CSV import of users', () => {
  it('walks an Italian admin through mapping, preview and report, with reasons in Italian', async () => {
    const importBatch = vi.fn((body: UserImportBody) =>
      Promise.resolve<UserImportResponse>({
        dryRun: body.dryRun,
        results: body.rows.map(({ line }) =>
          line === 4
            ? { line, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' }
            : { line, outcome: 'created', id: 'u1' },
        ),
      }),
    );
    const { dialog, upload, user, stored } = await openImport('it', importBatch);
    expect(within(dialog).getByText('Importa utenti da un file CSV')).toBeDefined();

    await upload(file(staff));
    expect(await within(dialog).findByText(/staff\.csv: 3 righe/)).toBeDefined();
    expect(within(dialog).getByRole('combobox', { name: /Email/ }).textContent).toBe('Email');
    await user.click(within(dialog).getByRole('button', { name: 'Controlla le righe' }));

    expect(await within(dialog).findByText('1 da creare')).toBeDefined();
    expect(within(dialog).getByText('2 con errori (non importate)')).toBeDefined();
    const preview = within(dialog).getByRole('table');
    expect(within(preview).getByText('Email non valida')).toBeDefined();
    expect(within(preview).getByText('Non trovato')).toBeDefined();
    expect(stored()).toEqual({
      name: 'Nome',
      surname: 'Cognome',
      email: 'Email',
      company: 'Azienda',
      scope: null,
      admin: null,
      enabled: null,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Importa 1 nuovo utente' }));
    expect(await within(dialog).findByText('Importazione terminata')).toBeDefined();
    expect(within(dialog).getByText('1 create')).toBeDefined();
    expect(within(dialog).getByText('2 non riuscite')).toBeDefined();
    expect(importBatch.mock.calls.map(([body]) => [body.dryRun, body.rows.map(({ line }) => line)])).toEqual([
      [true, [2, 4]],
      [false, [2, 4]],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Scarica il resoconto (CSV)' })).toBeDefined();
  });

  it.each([
    ['en', 'Check the rows', /^Import 1 new user/, 'This email cannot be used for a new user'],
    ['it', 'Controlla le righe', /^Importa 1 nuovo utente/, 'Questa email non può essere usata per un nuovo utente'],
  ] as const)('says (%s) that an email cannot be used, without saying where it is used', async (language, check, start, reason) => {
    // Issue 26: the import skips an address used outside the admin's reach as `unavailable`.
    const importBatch = vi.fn((body: UserImportBody) =>
      Promise.resolve<UserImportResponse>({
        dryRun: body.dryRun,
        results: body.rows.map(({ line }) =>
          body.dryRun
            ? { line, outcome: 'created' }
            : { line, outcome: 'skipped', field: 'email', rule: 'unavailable', message: 'cannot be used for a new user' },
        ),
      }),
    );
    const { dialog, upload, user } = await openImport(language, importBatch);
    await upload(file('Name;Surname;Email\nAnna;Neri;anna@example.com\n'));
    await user.click(await within(dialog).findByRole('button', { name: check }));
    await user.click(await within(dialog).findByRole('button', { name: start }));

    expect(await within(dialog).findByText(reason)).toBeDefined();
  });

  it('lists the rows with errors before the rows skipped, whatever their lines', async () => {
    const importBatch = vi.fn((body: UserImportBody) =>
      Promise.resolve<UserImportResponse>({
        dryRun: body.dryRun,
        results: body.rows.map(({ line }) =>
          line < 4
            ? { line, outcome: 'skipped', field: 'email', rule: 'exists', message: 'already exists' }
            : { line, outcome: 'failed', field: 'company', rule: 'notFound', message: 'not found' },
        ),
      }),
    );
    const { dialog, upload, user } = await openImport('en', importBatch);
    await upload(file('Name;Surname;Email;Company\nA;A;a@example.com;\nB;B;b@example.com;\nC;C;c@example.com;Nowhere\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Check the rows' }));
    await within(dialog).findByText('2 already there (skipped)');

    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['4', '2', '3']);
  });

  it.each([
    ['', 'This file is empty.'],
    ['anna@example.com;Anna\nbruno@example.com;Bruno\n', 'The first row must name the columns'],
    ['Name\tSurname\tEmail\nAnna\tNeri\ta@example.com\n', 'Only one column was found'],
    ['Name;Surname;Email\n', 'This file has a header but no users under it.'],
    [
      'Name;Surname;Email\nAnna;Neri;a@example.com\n"Bruno;Gialli;b@example.com\nCarla;Verdi;c@example.com\n',
      'Line 3 cannot be read: a quote (")',
    ],
  ])('refuses a bad file with a message and lets another be chosen (%#)', async (text, message) => {
    const { dialog, upload } = await openImport('en');
    await upload(file(text));
    expect(await within(dialog).findByText(new RegExp(message.replace(/[.()]/g, '\\$&')))).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Choose a CSV file' })).toBeDefined();
  });

  it('keeps the check disabled until name, surname and email have a column', async () => {
    const { dialog, upload } = await openImport('en');
    await upload(file('First;Last;Mail of user\nAnna;Neri;anna@example.com\n'));
    await within(dialog).findByText(/staff\.csv: 1 row\./);
    expect((within(dialog).getByRole('button', { name: 'Check the rows' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
