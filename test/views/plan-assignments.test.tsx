import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin } from '../support/fixtures/session';
import { fakeResource, record } from '../support/views/fake-api';
import { fakeDelivery, type FakeAssignment } from '../support/views/fake-delivery';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts } from '../support/views/screen-queries';
import { modulesAndItems, plans } from './training-plan-fixtures';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, trainingPlans: modulesAndItems(), ...options });
  await screen.findByTestId('page-title');
  return view;
};

const companyUsers = () =>
  fakeResource(
    [
      record('u1', { name: 'Ada', surname: 'Lovelace', email: 'ada@example.com' }),
      record('u2', { name: 'Bruno', surname: 'Bianchi', email: 'bruno@example.com' }),
    ],
    ['name', 'surname', 'email'],
  );
const companyGroups = () => fakeResource([record('g1', { name: 'New hires', memberCount: 2 })], ['name']);

const existing: FakeAssignment = {
  id: 'a1',
  createdAt: '2026-11-20T09:30:00.000Z',
  trainingPlanId: 'plan-2',
  target: 'GROUP',
  userId: null,
  groupId: 'g1',
  targetName: 'New hires',
  dueDate: '2026-12-24T22:59:59.000Z',
  learnerCount: 5,
};

const panel = () => screen.getByRole('region', { name: 'Assignments', hidden: true });
const assignmentRows = () => within(panel()).queryAllByRole('row', { hidden: true }).slice(1);
const alertsBehindDialog = () =>
  within(screen.getByTestId('notifications'))
    .queryAllByRole('alert', { hidden: true })
    .map((alert) => alert.textContent);

describe("a plan's assignments", { timeout: 45_000 }, () => {
  it('lists them (to whom, due date, learners, when) and removes one after the confirmation', async () => {
    const delivery = fakeDelivery({
      assignments: [
        existing,
        { ...existing, id: 'a2', target: 'COMPANY', groupId: null, targetName: null, dueDate: null, learnerCount: 9 },
      ],
    });
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
    await waitFor(() => expect(assignmentRows()).toHaveLength(2));
    expect(cellTexts(assignmentRows()[0]!).slice(0, 3)).toEqual(['New hires (Groups)', 'Dec 24, 2026', '5']);
    expect(cellTexts(assignmentRows()[1]!).slice(0, 3)).toEqual(['The whole company', 'None', '9']);
    await user.click(within(assignmentRows()[0]!).getByRole('button', { name: 'Delete', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(delivery.spies.removeAssignment).toHaveBeenCalledWith('plan-2', 'a1'));
    await waitFor(() => expect(assignmentRows()).toHaveLength(1));
  });

  it('offers no Assign on a DRAFT plan, saying to publish it first', async () => {
    await open('/training-plans/plan-1', { resources: { 'training-plans': plans() } });
    expect(await within(panel()).findByText('Publish the plan to assign it')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Assign', hidden: true })).toBeNull();
  });

  it('assigns a PUBLISHED plan to two users with a due date, then lists the new assignments', async () => {
    const delivery = fakeDelivery();
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans(), users: companyUsers() }, delivery });
    await user.click(await within(panel()).findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the plan' });
    expect(within(dialog).getByRole('combobox', { name: 'Assign to' }).textContent).toBe('Users');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Required field')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Users' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace (ada@example.com)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Users' }));
    await user.click(await screen.findByRole('option', { name: 'Bruno Bianchi (bruno@example.com)' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(delivery.spies.assign).toHaveBeenCalledTimes(1));
    const [planId, body] = delivery.spies.assign.mock.calls[0]!;
    expect(planId).toBe('plan-2');
    expect(body).toEqual({ userIds: ['u1', 'u2'], dueDate: new Date('2026-12-31T23:59:59').toISOString() });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(assignmentRows()).toHaveLength(2));
    expect(alertsBehindDialog()).toContain('Plan assigned');
  });

  it('assigns to groups or to the whole company, without a due date', async () => {
    const delivery = fakeDelivery();
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans(), groups: companyGroups() }, delivery });
    await user.click(await within(panel()).findByRole('button', { name: 'Assign' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign the plan' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByRole('option', { name: 'Groups' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Users' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'New hires' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(delivery.spies.assign.mock.calls.at(-1)![1]).toEqual({ groupIds: ['g1'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(panel()).getByRole('button', { name: 'Assign' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign the plan' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByRole('option', { name: 'The whole company' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(delivery.spies.assign.mock.calls.at(-1)![1]).toEqual({ wholeCompany: true }));
    await waitFor(() => expect(assignmentRows()).toHaveLength(2));
  });

  it("shows the server's refusal on its field and keeps the dialog open", async () => {
    const delivery = fakeDelivery();
    delivery.spies.assign.mockRejectedValueOnce({
      kind: 'http',
      status: 400,
      message: 'Bad request',
      errors: [{ field: 'dueDate', message: 'must be a date-time between 1970 and 9999' }],
    });
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
    await user.click(await within(panel()).findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the plan' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByRole('option', { name: 'The whole company' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('must be a date-time between 1970 and 9999')).toBeTruthy();
    await waitFor(() => expect(alertsBehindDialog()).toContain('The plan could not be assigned'));
    expect(screen.getByRole('dialog', { name: 'Assign the plan' })).toBeTruthy();
    expect(assignmentRows()).toHaveLength(0);
  });
});
