import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin, globalLogin, pending, tenantLogin } from '../support/fixtures/session';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { companies, tenants, users } from '../support/views/resource-fixtures';
import { messageOf, notificationTexts } from '../support/views/screen-queries';

const openForm = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: tenantLogin, ...options });
  await screen.findByRole('button', { name: 'Save' });
  return view;
};

/** `hidden: true` skips the visibility check, which is slow on a whole MUI form in jsdom. */
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
/** Puts a value in a field at once (typing is covered where it matters: country code, search). */
const fill = async (user: ReturnType<typeof renderConsole>['user'], input: HTMLInputElement, text: string) => {
  await user.click(input);
  await user.paste(text);
};
const hasAsterisk = (input: HTMLInputElement) => Boolean(input.labels?.[0]?.querySelector('.MuiFormLabel-asterisk'));
/** A company named Gamma: the required fields only. */
const fillRequired = async (user: ReturnType<typeof renderConsole>['user']) => {
  await fill(user, textbox('Name'), 'Gamma');
  await fill(user, textbox('Tax ID'), 'IT1');
  await fill(user, textbox('Country code'), 'IT');
};
const save = (user: ReturnType<typeof renderConsole>['user']) => user.click(screen.getByRole('button', { name: 'Save' }));

const companyLabels = [
  'Name',
  'Tax ID',
  'Domain',
  'Video tenant',
  'Address line 1',
  'Address line 2',
  'Postal code',
  'City',
  'Region',
  'Country code',
  'Phone',
  'Email',
];

describe('company form', () => {
  it('has every company field, with an asterisk on the required ones', async () => {
    await openForm('/companies/new');
    expect(screen.getByTestId('page-title').textContent).toBe('New company');
    const required = companyLabels.filter((label) => hasAsterisk(textbox(label)));
    expect(required).toEqual(['Name', 'Tax ID', 'Country code']);
    expect(textbox('Email').getAttribute('type')).toBe('email');
  });

  it('checks required fields, the email and the country code before calling the API', async () => {
    const resource = companies(0);
    const { user } = await openForm('/companies/new', { resources: { companies: resource } });
    await save(user);
    expect(['Name', 'Tax ID', 'Country code'].map((label) => messageOf(textbox(label)))).toEqual([
      'Required field',
      'Required field',
      'Required field',
    ]);
    await fill(user, textbox('Email'), 'not-an-email');
    await user.type(textbox('Country code'), 'ita');
    expect(textbox('Country code').value).toBe('ITA');
    await save(user);
    expect(messageOf(textbox('Email'))).toBe('Invalid email');
    expect(messageOf(textbox('Country code'))).toBe('Two letters (ISO 3166-1, e.g. IT)');
    expect(resource.api.create).not.toHaveBeenCalled();
  });

  it('refuses a@b as the API does, and saves an ordinary address', async () => {
    const resource = companies(0);
    const { user } = await openForm('/companies/new', { resources: { companies: resource } });
    await fillRequired(user);
    await fill(user, textbox('Email'), 'a@b');
    await save(user);
    expect(messageOf(textbox('Email'))).toBe('Invalid email');
    expect(resource.api.create).not.toHaveBeenCalled();

    await user.clear(textbox('Email'));
    await fill(user, textbox('Email'), 'info@gamma.example.com');
    await save(user);
    await waitFor(() => expect(resource.api.create).toHaveBeenCalled());
    expect(resource.api.create.mock.calls[0]?.[0]).toMatchObject({ email: 'info@gamma.example.com' });
  });

  it('accepts only a DNS label as video tenant, before calling the API', async () => {
    const resource = companies(0);
    const { user } = await openForm('/companies/new', { resources: { companies: resource } });
    await fill(user, textbox('Name'), 'Acme');
    await fill(user, textbox('Tax ID'), 'IT1');
    await fill(user, textbox('Country code'), 'IT');
    await fill(user, textbox('Video tenant'), '127.0.0.1:3299/x#');
    await save(user);
    expect(messageOf(textbox('Video tenant'))).toBe(
      'Lower-case letters, digits and single hyphens between them, at most 63 characters (e.g. acme-robotics)',
    );
    expect(resource.api.create).not.toHaveBeenCalled();
  });

  it('creates the company, says so, and shows the fresh list', async () => {
    const resource = companies(2);
    const { user, location } = renderConsole({ path: '/companies', signedIn: tenantLogin, resources: { companies: resource } });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await screen.findByRole('button', { name: 'Save' });
    await fill(user, textbox('Name'), '  Gamma Srl ');
    await fill(user, textbox('Tax ID'), 'IT999');
    await fill(user, textbox('Country code'), 'it');
    await fill(user, textbox('City'), 'Torino');
    await save(user);
    await waitFor(() => expect(location()).toBe('/companies'));
    expect(resource.api.create).toHaveBeenCalledWith(
      {
        name: 'Gamma Srl',
        taxId: 'IT999',
        domain: null,
        vinapseTenant: null,
        addressLine1: null,
        addressLine2: null,
        postalCode: null,
        city: 'Torino',
        region: null,
        countryCode: 'IT',
        phone: null,
        email: null,
      },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    await waitFor(() => expect(notificationTexts()).toEqual(['Company created successfully']));
    expect(await screen.findByText('Gamma Srl')).toBeTruthy();
  });

  it("says 'Failed to create' and lets the user try again", async () => {
    const resource = companies(0);
    resource.api.create.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' } satisfies Failure);
    const { user, location } = await openForm('/companies/new', { resources: { companies: resource } });
    await fillRequired(user);
    await save(user);
    await waitFor(() => expect(notificationTexts()).toEqual(['Failed to create']));
    expect(location()).toBe('/companies/new');
    await save(user);
    await waitFor(() => expect(location()).toBe('/companies'));
  });

  it('makes one company when the answer of a create is lost and the user saves again, or double-clicks Save', async () => {
    const resource = companies(0);
    const createOnServer = resource.api.create.getMockImplementation()!;
    resource.api.create.mockImplementationOnce(async (body, idempotencyKey) => {
      await createOnServer(body, idempotencyKey);
      throw { kind: 'network', status: 'FETCH_ERROR' } satisfies Failure;
    });
    const { user, location } = await openForm('/companies/new', { resources: { companies: resource } });
    await fillRequired(user);
    await save(user);
    await waitFor(() => expect(notificationTexts()).toEqual(['Failed to create']));

    await user.dblClick(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/companies'));
    expect([...resource.records.values()].filter((company) => company.name === 'Gamma')).toHaveLength(1);
    const keys = resource.api.create.mock.calls.map(([, idempotencyKey]) => idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('disables Save while saving', async () => {
    const resource = companies(0);
    resource.api.create.mockImplementation(pending);
    const { user } = await openForm('/companies/new', { resources: { companies: resource } });
    await fillRequired(user);
    await save(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
  });

  it('loads the record, sends the version it loaded, and returns to the list', async () => {
    const resource = companies(3);
    const { user, location } = await openForm('/companies/c02', { resources: { companies: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Edit company');
    await waitFor(() => expect(textbox('Name').value).toBe('Company 02'));
    expect(textbox('Address line 1').value).toBe('Via Roma 2');
    await user.clear(textbox('Name'));
    await fill(user, textbox('Name'), 'Company Two');
    await save(user);
    await waitFor(() => expect(location()).toBe('/companies'));
    expect(resource.api.update).toHaveBeenCalledWith('c02', expect.objectContaining({ name: 'Company Two', taxId: 'IT02', version: 1 }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Company updated successfully']));
    expect(await screen.findByText('Company Two')).toBeTruthy();
  });

  it("says 'Error loading company' when the record cannot be loaded", async () => {
    renderConsole({ path: '/companies/nope', signedIn: tenantLogin });
    expect(await screen.findByText('Error loading company')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('reports a conflict when someone saved first, and reloads the latest version', async () => {
    const resource = companies(1);
    const { user, location } = await openForm('/companies/c01', { resources: { companies: resource } });
    await waitFor(() => expect(textbox('Name').value).toBe('Company 01'));
    resource.records.set('c01', { ...resource.records.get('c01')!, name: 'Renamed elsewhere', version: 2 });
    await fill(user, textbox('City'), ' centro');
    await save(user);
    expect(await screen.findByText(/Someone else changed this record/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(notificationTexts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reload latest version' }));
    await waitFor(() => expect(textbox('Name').value).toBe('Renamed elsewhere'));
    expect(screen.queryByText(/Someone else changed this record/)).toBeNull();
    await save(user);
    await waitFor(() => expect(location()).toBe('/companies'));
    expect(resource.api.update).toHaveBeenLastCalledWith('c01', expect.objectContaining({ name: 'Renamed elsewhere', version: 2 }));
  });
});

describe('tenant form', () => {
  it('requires a name without an asterisk, and checks the URL', async () => {
    const resource = tenants();
    const { user } = await openForm('/tenants/new', { signedIn: globalLogin, resources: { tenants: resource } });
    expect(['Name', 'Domain name', 'Video tenant', 'URL', 'Description'].map((label) => hasAsterisk(textbox(label)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    await fill(user, textbox('URL'), 'acme.test');
    await save(user);
    expect(messageOf(textbox('Name'))).toBe('Required field');
    expect(messageOf(textbox('URL'))).toBe('Invalid URL (http:// or https://)');
    expect(resource.api.create).not.toHaveBeenCalled();
  });
});

describe('user form', () => {
  const password = () => screen.getByLabelText<HTMLInputElement>('Password');
  const confirmation = () => screen.getByLabelText<HTMLInputElement>('Confirm password');
  const chooseScope = async (user: ReturnType<typeof renderConsole>['user'], scope: string) => {
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await user.click(await screen.findByRole('option', { name: scope }));
  };
  const scopeOptions = async (user: ReturnType<typeof renderConsole>['user']) => {
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    await user.keyboard('{Escape}');
    return options;
  };
  const pick = async (user: ReturnType<typeof renderConsole>['user'], label: string, option: string) => {
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: option }));
  };

  it('labels its fields and marks name, surname and email as required', async () => {
    await openForm('/users/new', { resources: { users: users() } });
    expect(['Name', 'Surname', 'Email'].every((label) => hasAsterisk(textbox(label)))).toBe(true);
    expect(password().getAttribute('type')).toBe('password');
    expect(confirmation().getAttribute('type')).toBe('password');
    expect(screen.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Administrator' })).toHaveProperty('checked', false);
    expect(screen.getByRole('combobox', { name: 'Scope' }).textContent).toBe('Tenant');
  });

  it('wants matching passwords of at least 8 characters when a password is given', async () => {
    const resource = users();
    const { user } = await openForm('/users/new', { resources: { users: resource } });
    await fill(user, textbox('Name'), 'Carla');
    await fill(user, textbox('Surname'), 'Verdi');
    await fill(user, textbox('Email'), 'carla@example.com');
    await fill(user, password(), 'short');
    await save(user);
    expect(messageOf(password())).toBe('At least 8 characters');
    expect(messageOf(confirmation())).toBe('Passwords do not match');
    await fill(user, password(), '-enough');
    await fill(user, confirmation(), 'short-enough');
    await save(user);
    await waitFor(() => expect(resource.api.create).toHaveBeenCalledTimes(1));
    expect(resource.api.create.mock.calls[0]![0]).toEqual({
      name: 'Carla',
      surname: 'Verdi',
      email: 'carla@example.com',
      sendInvitation: false,
      language: 'en',
      password: 'short-enough',
      enabled: true,
      admin: false,
      scope: 'TENANT',
    });
  });

  it('shows the API field errors on the fields, in the user language', async () => {
    const resource = users();
    resource.api.create.mockRejectedValue({
      kind: 'http',
      status: 409,
      message: 'Email already in use',
      errors: [{ field: 'email', message: 'already in use' }],
    } satisfies Failure);
    const { user } = await openForm('/users/new', { resources: { users: resource } });
    await fill(user, textbox('Name'), 'Ada');
    await fill(user, textbox('Surname'), 'Lovelace');
    await fill(user, textbox('Email'), 'ada@example.com');
    await save(user);
    await waitFor(() => expect(messageOf(textbox('Email'))).toBe('Already in use'));
    await waitFor(() => expect(notificationTexts()).toEqual(['Failed to create']));
    await fill(user, textbox('Email'), 'x');
    expect(messageOf(textbox('Email'))).toBeUndefined();
  });

  it("says the API's field rules in Italian, with the rule's values", async () => {
    const resource = companies();
    resource.api.create.mockRejectedValue({
      kind: 'http',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'countryCode must match format "iso-3166-alpha-2"',
      errors: [
        { field: 'countryCode', rule: 'format', params: { format: 'iso-3166-alpha-2' }, message: 'must match format "iso-3166-alpha-2"' },
        { field: 'taxId', rule: 'maxLength', params: { limit: 40 }, message: 'must not have more than 40 characters' },
      ],
    } satisfies Failure);
    const { user } = renderConsole({ path: '/companies/new', signedIn: tenantLogin, resources: { companies: resource }, language: 'it' });
    await screen.findByRole('button', { name: 'Salva' });
    await fill(user, textbox('Nome'), 'Gamma');
    await fill(user, textbox('Partita IVA'), 'IT1');
    await fill(user, textbox('Codice paese'), 'IT');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(messageOf(textbox('Codice paese'))).toBe('Due lettere (ISO 3166-1, es. IT)'));
    expect(messageOf(textbox('Partita IVA'))).toBe('Al massimo 40 caratteri');
  });

  it.each([
    [
      'en',
      'Video tenant',
      'Save',
      'Another tenant uses this video tenant: choose another name, or your tenant’s own',
      'This name is reserved',
    ],
    [
      'it',
      'Tenant video',
      'Salva',
      'Questo tenant video è di un altro tenant: scegli un altro nome, o quello del tuo tenant',
      'Questo nome è riservato',
    ],
  ] as const)(
    'says in %s why the API refused a video tenant: another tenant’s, or reserved',
    async (language, label, saveLabel, taken, reserved) => {
      const resource = companies();
      resource.api.create
        .mockRejectedValueOnce({
          kind: 'http',
          status: 409,
          code: 'ALREADY_IN_USE',
          message: 'vinapseTenant is used by another tenant',
          errors: [{ field: 'vinapseTenant', rule: 'videoTenantTaken', message: 'is used by another tenant' }],
        } satisfies Failure)
        .mockRejectedValueOnce({
          kind: 'http',
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'vinapseTenant is reserved: choose another name',
          errors: [{ field: 'vinapseTenant', rule: 'videoTenantReserved', message: 'is reserved: choose another name' }],
        } satisfies Failure);
      const { user } = renderConsole({ path: '/companies/new', signedIn: tenantLogin, resources: { companies: resource }, language });
      await screen.findByRole('button', { name: saveLabel });
      await fill(user, textbox(language === 'it' ? 'Nome' : 'Name'), 'Gamma');
      await fill(user, textbox(language === 'it' ? 'Partita IVA' : 'Tax ID'), 'IT1');
      await fill(user, textbox(language === 'it' ? 'Codice paese' : 'Country code'), 'IT');
      await fill(user, textbox(label), 'globex');
      await user.click(screen.getByRole('button', { name: saveLabel }));
      await waitFor(() => expect(messageOf(textbox(label))).toBe(taken));

      await fill(user, textbox(label), 'www');
      await user.click(screen.getByRole('button', { name: saveLabel }));
      await waitFor(() => expect(messageOf(textbox(label))).toMatch(new RegExp(`^${reserved}`)));
    },
  );

  it('lets GLOBAL pick any scope, then the tenant and one of its companies', async () => {
    const resource = users();
    const { user } = await openForm('/users/new', {
      signedIn: globalLogin,
      resources: { users: resource, tenants: tenants(), companies: companies(3) },
    });
    expect(await scopeOptions(user)).toEqual(['Global', 'Tenant', 'Company']);
    expect(screen.queryByRole('combobox', { name: 'Tenant' })).toBeNull();
    await chooseScope(user, 'Company');
    await pick(user, 'Tenant', 'Acme Learning');
    await pick(user, 'Company', 'Company 02');
    await fill(user, textbox('Name'), 'Dora');
    await fill(user, textbox('Surname'), 'Neri');
    await fill(user, textbox('Email'), 'dora@example.com');
    await save(user);
    await waitFor(() => expect(resource.api.create).toHaveBeenCalledTimes(1));
    expect(resource.api.create.mock.calls[0]![0]).toMatchObject({ scope: 'COMPANY', tenantId: 'tenant-1', companyId: 'c02' });
  });

  it('lets TENANT create tenant or company users, picking one of its companies', async () => {
    const resource = users();
    const { user } = await openForm('/users/new', { resources: { users: resource, companies: companies(3) } });
    expect(await scopeOptions(user)).toEqual(['Tenant', 'Company']);
    await chooseScope(user, 'Company');
    expect(screen.queryByRole('combobox', { name: 'Tenant' })).toBeNull();
    await save(user);
    expect(messageOf(screen.getByRole('combobox', { name: 'Company' }))).toBe('Required field');
    await pick(user, 'Company', 'Company 03');
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveProperty('value', 'Company 03');
  });

  it('lets COMPANY create users of its own company only', async () => {
    const { user } = await openForm('/users/new', { signedIn: companyLogin, resources: { users: users() } });
    expect(await scopeOptions(user)).toEqual(['Company']);
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
  });

  it('loads a user for editing without its password', async () => {
    const resource = users();
    const { user } = await openForm('/users/u2', {
      signedIn: globalLogin,
      resources: { users: resource, tenants: tenants(), companies: companies(3) },
    });
    await waitFor(() => expect(textbox('Name').value).toBe('Bruno'));
    expect(password().value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveProperty('value', 'Company 01');
    expect(screen.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', false);
    await save(user);
    await waitFor(() => expect(resource.api.update).toHaveBeenCalledTimes(1));
    expect(resource.api.update.mock.calls[0]![1]).toEqual({
      name: 'Bruno',
      surname: 'Bianchi',
      email: 'bruno@example.com',
      enabled: false,
      admin: false,
      scope: 'COMPANY',
      tenantId: 'tenant-1',
      companyId: 'c01',
      version: 1,
    });
  });
});

describe('unsaved changes', () => {
  it('ask before an in-app navigation leaves them, and stay or leave as told', async () => {
    const { user, location } = await openForm('/companies/c01', { resources: { companies: companies(1) } });
    await waitFor(() => expect(textbox('Name').value).toBe('Company 01'));
    await user.type(textbox('City'), ' nord');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your changes are not saved. Leave this page and lose them?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/companies/c01');
    expect(textbox('City').value).toBe('Milano nord');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave page' }));
    await waitFor(() => expect(location()).toBe('/companies'));
  });

  it('leave without asking when nothing changed', async () => {
    const { user, location } = await openForm('/companies/c01', { resources: { companies: companies(1) } });
    await waitFor(() => expect(textbox('Name').value).toBe('Company 01'));
    await user.type(textbox('City'), 'x');
    await user.type(textbox('City'), '{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(location()).toBe('/users'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('make the browser ask before the tab is closed or reloaded', async () => {
    const { user } = await openForm('/companies/new', { resources: { companies: companies(0) } });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      fireEvent(window, event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await fill(user, textbox('Name'), 'Gamma');
    expect(unload()).toBe(true);
  });
});
