import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { companyLogin, tenantLogin } from '../support/fixtures/session';
import { fakeResource, record } from '../support/views/fake-api';
import { renderConsole } from '../support/views/render-console';
import { dataRows } from '../support/views/screen-queries';

/** Issue 29: a COMPANY admin adds the selected users to a group, or assigns them a plan, from the users list. */
const people = () =>
  fakeResource(
    ['Ada', 'Bruno', 'Carla'].map((name, index) =>
      record(`u${index + 1}`, {
        name,
        surname: 'Rossi',
        email: `${name.toLowerCase()}@example.com`,
        status: 'ACTIVE',
        enabled: true,
        scope: 'COMPANY',
        admin: false,
        companyId: 'company-1',
        tenantId: 'tenant-1',
      }),
    ),
    ['name', 'surname', 'email'],
  );
const groups = () =>
  fakeResource([record('g1', { name: 'New hires', description: null, memberCount: 0, companyId: 'company-1', tenantId: 'tenant-1' })]);
const plans = () =>
  fakeResource([
    record('p1', { name: 'Onboarding', status: 'PUBLISHED', freelyNavigable: false, moduleCount: 1 }),
    record('p2', { name: 'Safety draft', status: 'DRAFT', freelyNavigable: false, moduleCount: 0 }),
  ]);

const openUsers = async (signedIn = companyLogin, language?: 'it') => {
  const users = people();
  const view = renderConsole({
    path: '/users',
    signedIn,
    resources: { users, groups: groups(), 'training-plans': plans() },
    ...(language && { language }),
  });
  await waitFor(() => expect(dataRows()).toHaveLength(3));
  return { ...view, users };
};

/** Checks every row on the page, then clicks the bulk action named in the selection's bar. */
const selectAllAnd = async (user: UserEvent, action: string, selected = '3 selected') => {
  await user.click(screen.getAllByRole('checkbox', { hidden: true })[0]!);
  const bar = await screen.findByRole('region', { name: selected, hidden: true });
  await user.click(within(bar).getByRole('button', { name: action, hidden: true }));
  return screen.findByRole('dialog');
};

const pick = async (user: UserEvent, dialog: HTMLElement, field: string, option: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('users list: add to a group, assign a plan', () => {
  it('adds the selected users to the group picked, Confirm waiting for it', async () => {
    const { user, users } = await openUsers();
    const dialog = await selectAllAnd(user, 'Add to group');
    expect(within(dialog).getByText('Add 3 users to a group? Those already in it are skipped.')).toBeTruthy();
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to group' });
    expect(confirm.disabled).toBe(true);

    await pick(user, dialog, 'Group', 'New hires');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(users.api.bulk).toHaveBeenCalledOnce());
    expect(users.api.bulk.mock.calls[0]![0]).toEqual({ action: 'addToGroup', groupId: 'g1', ids: ['u1', 'u2', 'u3'] });
  });

  it('offers only the published plans, and sends the plan with the due date at the end of its day', async () => {
    const { user, users } = await openUsers();
    const dialog = await selectAllAnd(user, 'Assign a plan');
    await user.click(within(dialog).getByRole('combobox', { name: 'Published training plan' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Onboarding']));
    await user.click(screen.getByRole('option', { name: 'Onboarding' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2099-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Assign a plan' }));

    await waitFor(() => expect(users.api.bulk).toHaveBeenCalledOnce());
    expect(users.api.bulk.mock.calls[0]![0]).toEqual({
      action: 'assignPlan',
      planId: 'p1',
      dueDate: new Date('2099-06-30T23:59:59').toISOString(),
      ids: ['u1', 'u2', 'u3'],
    });
  });

  it('speaks Italian', async () => {
    const { user } = await openUsers(companyLogin, 'it');
    const dialog = await selectAllAnd(user, 'Aggiungi al gruppo', '3 selezionati');
    expect(within(dialog).getByText('Aggiungere 3 utenti a un gruppo? Chi ne fa già parte viene saltato.')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Gruppo' })).toBeTruthy();
  });

  it('offers neither action to a TENANT admin', async () => {
    const { user } = await openUsers(tenantLogin);
    await user.click(screen.getAllByRole('checkbox', { hidden: true })[0]!);
    const bar = await screen.findByRole('region', { name: '3 selected', hidden: true });
    expect(within(bar).getByRole('button', { name: 'Disable', hidden: true })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Add to group', hidden: true })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Assign a plan', hidden: true })).toBeNull();
  });
});
