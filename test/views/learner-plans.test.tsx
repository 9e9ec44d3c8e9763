import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { fakeDelivery, type FakeUserEnrolment } from '../support/views/fake-delivery';
import { renderConsole } from '../support/views/render-console';
import { companies, users } from '../support/views/resource-fixtures';
import { cellTexts } from '../support/views/screen-queries';
import { modulesAndItems, plans } from './training-plan-fixtures';

const enrolment = (id: string, planName: string, status: FakeUserEnrolment['status'], progress: number): FakeUserEnrolment => ({
  id,
  enrolledAt: '2026-11-01T09:00:00.000Z',
  trainingPlanId: `plan-${id}`,
  planName,
  userId: 'u2',
  status,
  dueDate: '2026-11-24T12:00:00.000Z',
  startedAt: null,
  completedAt: null,
  progress,
  lastActivityAt: null,
});

const delivery = () =>
  fakeDelivery({
    userEnrolments: [enrolment('e1', 'Safety basics', 'OVERDUE', 0.5), enrolment('e2', 'Onboarding', 'COMPLETED', 1)],
    attention: {
      overdue: {
        total: 7,
        learners: [
          {
            enrolmentId: 'e1',
            userId: 'u2',
            name: 'Bruno',
            surname: 'Bianchi',
            email: 'bruno@example.com',
            trainingPlanId: 'plan-e1',
            planName: 'Safety basics',
            dueDate: '2026-11-24T12:00:00.000Z',
          },
        ],
      },
      unassignedPlans: { total: 1, plans: [{ id: 'plan-9', name: 'Forklift licence' }] },
    },
  });

const planRows = () =>
  within(screen.getByRole('region', { name: 'Training plans', hidden: true }))
    .queryAllByRole('row', { hidden: true })
    .slice(1);

describe("a learner's plans on the user's page", { timeout: 45_000 }, () => {
  it('lists the plans with status and progress, each leading to the plan, and filters by status', async () => {
    const fakes = delivery();
    const { user } = renderConsole({ path: '/users/u2', signedIn: companyLogin, resources: { users: users() }, delivery: fakes });
    await screen.findByTestId('page-title');
    await waitFor(() => expect(planRows()).toHaveLength(2));
    expect(cellTexts(planRows()[0]!).slice(0, 3)).toEqual(['Safety basics', 'Overdue', '50%']);
    expect(within(planRows()[0]!).getByRole('link', { name: 'Safety basics', hidden: true }).getAttribute('href')).toBe(
      '/training-plans/plan-e1',
    );

    await user.click(screen.getByRole('combobox', { name: 'Learner status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(planRows()).toHaveLength(1));
    expect(fakes.spies.listUserEnrolments.mock.calls.at(-1)).toEqual(['u2', expect.objectContaining({ filters: { status: 'COMPLETED' } })]);
  });

  it('shows a TENANT admin the plans without links to plan pages it cannot open', async () => {
    renderConsole({
      path: '/users/u2',
      signedIn: tenantLogin,
      resources: { users: users(), companies: companies(3) },
      delivery: delivery(),
      language: 'it',
    });
    await screen.findByTestId('page-title');
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Piani formativi', hidden: true })).getByText('Safety basics')).toBeTruthy(),
    );
    expect(within(screen.getByRole('region', { name: 'Piani formativi', hidden: true })).queryByRole('link', { hidden: true })).toBeNull();
  });

  it('has no Training plans panel on a TENANT admin’s page', async () => {
    const fakes = delivery();
    renderConsole({ path: '/users/u1', signedIn: tenantLogin, resources: { users: users(), companies: companies(3) }, delivery: fakes });
    await screen.findByTestId('page-title');
    await screen.findByRole('textbox', { name: 'Email', hidden: true });
    expect(screen.queryByRole('region', { name: 'Training plans', hidden: true })).toBeNull();
    expect(fakes.spies.listUserEnrolments).not.toHaveBeenCalled();
  });
});

describe("/home's Needs attention", { timeout: 30_000 }, () => {
  it('counts the overdue learners, names them with their plan leading to its overdue learners, and the unassigned plans', async () => {
    renderConsole({ path: '/home', signedIn: companyLogin, delivery: delivery() });
    const card = within(await screen.findByRole('region', { name: 'Needs attention' }));
    await waitFor(() => expect(card.getByTestId('attention-overdue').textContent).toBe('7 learners overdue'));
    expect(card.getByRole('link', { name: 'Bruno Bianchi — Safety basics (due Nov 24, 2026)' }).getAttribute('href')).toBe(
      '/training-plans/plan-e1?learners=OVERDUE',
    );
    expect(card.getByTestId('attention-unassigned').textContent).toBe('1 published plan nobody is assigned to');
    expect(card.getByRole('link', { name: 'Forklift licence' }).getAttribute('href')).toBe('/training-plans/plan-9');
  });

  it("opens a plan's Learners tab filtered by Overdue from its link", async () => {
    const fakes = fakeDelivery();
    renderConsole({
      path: '/training-plans/plan-2?learners=OVERDUE',
      signedIn: companyLogin,
      resources: { 'training-plans': plans() },
      trainingPlans: modulesAndItems(),
      delivery: fakes,
    });
    expect((await screen.findByRole('tab', { name: 'Learners' })).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(fakes.spies.listEnrolments).toHaveBeenCalled());
    expect(fakes.spies.listEnrolments.mock.calls.at(-1)).toEqual(['plan-2', expect.objectContaining({ filters: { status: 'OVERDUE' } })]);
  });

  it('says when nothing needs attention, in Italian', async () => {
    renderConsole({ path: '/home', signedIn: companyLogin, language: 'it' });
    const card = within(await screen.findByRole('region', { name: 'Da seguire' }));
    expect(await card.findByText(/^Niente da seguire/)).toBeTruthy();
  });

  const companyAttention = {
    overdue: { total: 9, learners: [] },
    unassignedPlans: { total: 2, plans: [] },
    companies: {
      total: 6,
      items: [
        { id: 'c1', name: 'Acme Robotics S.p.A.', tenant: { id: 't1', name: 'Acme Learning' }, overdue: 8, unassignedPlans: 0 },
        { id: 'c2', name: 'Acme Foods & Co', tenant: { id: 't1', name: 'Acme Learning' }, overdue: 1, unassignedPlans: 2 },
      ],
    },
  };

  it('shows a TENANT admin its counts and the companies most overdue first, each leading to its report line', async () => {
    const fakes = fakeDelivery({ attention: companyAttention });
    renderConsole({ path: '/home', signedIn: tenantLogin, delivery: fakes });
    const card = within(await screen.findByRole('region', { name: 'Needs attention' }));
    await waitFor(() => expect(card.getByTestId('attention-overdue').textContent).toBe('9 learners overdue'));
    expect(card.getByTestId('attention-unassigned').textContent).toBe('2 published plans nobody is assigned to');
    expect(card.getByTestId('attention-companies').textContent).toBe('6 companies need attention');
    const links = card.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Acme Robotics S.p.A. (Acme Learning): 8 learners overdue, 0 plans unassigned',
      'Acme Foods & Co (Acme Learning): 1 learner overdue, 2 plans unassigned',
    ]);
    expect(links[1]!.getAttribute('href')).toBe('/reports?search=Acme%20Foods%20%26%20Co');
    expect(fakes.spies.homeAttention).toHaveBeenCalled();
  });

  it('shows a GLOBAL admin the same in Italian', async () => {
    renderConsole({ path: '/home', signedIn: globalLogin, language: 'it', delivery: fakeDelivery({ attention: companyAttention }) });
    const card = within(await screen.findByRole('region', { name: 'Da seguire' }));
    await waitFor(() => expect(card.getByTestId('attention-companies').textContent).toBe('6 aziende da seguire'));
    expect(card.getByTestId('attention-overdue').textContent).toBe('9 discenti in ritardo');
    expect(card.getAllByRole('link').map((link) => link.textContent)[1]).toBe(
      'Acme Foods & Co (Acme Learning): 1 discente in ritardo, 2 piani non assegnati',
    );
  });
});
