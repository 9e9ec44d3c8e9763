import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin } from '../support/fixtures/session';
import { fakeResource, record, type FakeRecord } from '../support/views/fake-api';
import { fakeDelivery, type FakeMember } from '../support/views/fake-delivery';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts, dataRows, messageOf, notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, ...options });
  await screen.findByTestId('page-title');
  return view;
};
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });

const groupRecords: FakeRecord[] = [
  record('g1', { name: 'New hires', description: 'Joined this year', memberCount: 2, companyId: 'company-1', tenantId: 'tenant-1' }),
  record('g2', { name: 'Warehouse team', description: null, memberCount: 0, companyId: 'company-1', tenantId: 'tenant-1' }),
];
const groups = (items: FakeRecord[] = groupRecords) => fakeResource(items, ['name', 'description']);

const learners: Omit<FakeMember, 'addedAt'>[] = [
  { userId: 'u1', name: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
  { userId: 'u2', name: 'Bruno', surname: 'Bianchi', email: 'bruno@example.com' },
  { userId: 'u3', name: 'Carla', surname: 'Conti', email: 'carla@example.com' },
];
const companyUsers = () =>
  fakeResource(
    learners.map(({ userId, ...user }) => record(userId, { ...user, status: 'ACTIVE', scope: 'COMPANY', companyId: 'company-1' })),
    ['name', 'surname', 'email'],
  );
const delivery = () =>
  fakeDelivery({
    users: learners,
    members: {
      g1: [
        { ...learners[0]!, addedAt: '2026-11-02T09:00:00.000Z' },
        { ...learners[1]!, addedAt: '2026-11-03T09:00:00.000Z' },
      ],
    },
  });

/** The rows of the Members panel's grid. */
const memberRows = () =>
  within(screen.getByRole('region', { name: 'Members', hidden: true }))
    .queryAllByRole('row', { hidden: true })
    .slice(1);

describe('groups', { timeout: 20_000 }, () => {
  it("is in a COMPANY admin's menu and lists name, description and member count, sortable by name", async () => {
    const resource = groups();
    const { user } = await open('/groups', { resources: { groups: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Groups');
    expect(screen.getAllByRole('link', { name: 'Groups', hidden: true }).length).toBeGreaterThan(0);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellTexts(dataRows()[0]!).slice(0, 3)).toEqual(['New hires', 'Joined this year', '2']);
    expect(cellTexts(dataRows()[1]!).slice(0, 3)).toEqual(['Warehouse team', '', '0']);
    await user.click(screen.getByRole('button', { name: 'Sort Name descending' }));
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ sortBy: 'name', sortOrder: 'desc' }));
  });

  it('creates a group (the name required) and becomes its page, with its members panel', async () => {
    const resource = groups([]);
    const { user, location } = await open('/groups/new', { resources: { groups: resource }, delivery: fakeDelivery() });
    expect(screen.getByTestId('page-title').textContent).toBe('New group');
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf(textbox('Name'))).toBe('Required field');
    expect(resource.api.create).not.toHaveBeenCalled();
    await user.type(textbox('Name'), 'Night shift');
    await user.type(textbox('Description'), 'After 22:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/groups/new-1'));
    expect(resource.api.create).toHaveBeenCalledWith({ name: 'Night shift', description: 'After 22:00' }, expect.any(String));
    expect(notificationTexts()).toContain('Group created');
    expect(await screen.findByRole('region', { name: 'Members' })).toBeTruthy();
  });

  it("lists a group's members and adds two users picked by name, surname and email", async () => {
    const members = delivery();
    members.memberships.set('g1', []);
    const { user } = await open('/groups/g1', { resources: { groups: groups(), users: companyUsers() }, delivery: members });
    expect(await screen.findByDisplayValue('New hires')).toBeTruthy();
    await waitFor(() => expect(members.spies.listMembers).toHaveBeenCalled());
    expect(memberRows()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Required field')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Users to add' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace (ada@example.com)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Users to add' }));
    await user.click(await screen.findByRole('option', { name: 'Carla Conti (carla@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(members.spies.addMembers).toHaveBeenCalledWith('g1', ['u1', 'u3'], expect.any(String)));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(notificationTexts()).toContain('Members added'));
    await waitFor(() => expect(memberRows()).toHaveLength(2));
    expect(cellTexts(memberRows()[0]!).slice(0, 2)).toEqual(['Carla Conti', 'carla@example.com']);
    expect(cellTexts(memberRows()[1]!).slice(0, 2)).toEqual(['Ada Lovelace', 'ada@example.com']);
  });

  it("shows the API's refusal on the picker and keeps the dialog open; Cancel closes it without a call", async () => {
    const members = fakeDelivery({ users: [], members: { g1: [] } });
    const { user } = await open('/groups/g1', { resources: { groups: groups(), users: companyUsers() }, delivery: members });
    await screen.findByDisplayValue('New hires');
    await user.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Users to add' }));
    await user.click(await screen.findByRole('option', { name: 'Bruno Bianchi (bruno@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(dialog).getByText('not a user of the company')).toBeTruthy());
    // The dialog hides the page from assistive technology: the notice is there, behind it.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('notifications'))
          .queryAllByRole('alert', { hidden: true })
          .map((alert) => alert.textContent),
      ).toContain('The members could not be added'),
    );
    expect(screen.getByRole('dialog', { name: 'Add members' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(members.spies.addMembers).toHaveBeenCalledTimes(1);
  });

  it('removes a member after the confirmation, and pages and searches the members', async () => {
    const members = delivery();
    const { user } = await open('/groups/g1', { resources: { groups: groups(), users: companyUsers() }, delivery: members });
    await waitFor(() => expect(memberRows()).toHaveLength(2));
    expect(members.spies.listMembers.mock.calls[0]![1].query).toMatchObject({ page: 1 });
    const panel = screen.getByRole('region', { name: 'Members' });
    await user.type(within(panel).getByRole('textbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(memberRows()).toHaveLength(1));
    expect(members.spies.listMembers.mock.calls.at(-1)![1].query.search).toBe('ada');
    await user.click(within(memberRows()[0]!).getByRole('button', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(members.spies.removeMember).not.toHaveBeenCalled();
    await user.click(within(memberRows()[0]!).getByRole('button', { name: 'Delete', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(members.spies.removeMember).toHaveBeenCalledWith('g1', 'u1'));
    await waitFor(() => expect(memberRows()).toHaveLength(0));
    await waitFor(() => expect(notificationTexts()).toContain('Member removed from the group'));
  });
});
