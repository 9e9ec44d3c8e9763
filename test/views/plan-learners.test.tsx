import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { companyLogin } from '../support/fixtures/session';
import { fakeDelivery, type FakeEnrolment } from '../support/views/fake-delivery';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts } from '../support/views/screen-queries';
import { modulesAndItems, plans } from './training-plan-fixtures';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, trainingPlans: modulesAndItems(), ...options });
  await screen.findByTestId('page-title');
  return view;
};

const enrolment = (id: string, name: string, status: FakeEnrolment['status'], progress: number): FakeEnrolment => ({
  id,
  enrolledAt: '2026-11-01T09:00:00.000Z',
  trainingPlanId: 'plan-2',
  userId: `user-${id}`,
  name,
  surname: 'Rossi',
  email: `${name.toLowerCase()}@example.com`,
  status,
  dueDate: '2026-12-24T12:00:00.000Z',
  startedAt: null,
  completedAt: null,
  progress,
  lastActivityAt: status === 'NOT_STARTED' ? null : '2026-11-20T12:00:00.000Z',
});

const summary = {
  enrolled: 3,
  notStarted: 1,
  inProgress: 0,
  completed: 1,
  overdue: 1,
  completionRate: 1 / 3,
  completionsByDay: [{ day: '2026-11-20', completed: 1 }],
};

const learners = () =>
  fakeDelivery({
    summary,
    enrolments: [
      enrolment('e1', 'Anna', 'COMPLETED', 1),
      enrolment('e2', 'Bea', 'OVERDUE', 0.5),
      enrolment('e3', 'Ciro', 'NOT_STARTED', 0),
    ],
  });

const learnerRows = () =>
  within(screen.getByRole('region', { name: 'Learners', hidden: true }))
    .queryAllByRole('row', { hidden: true })
    .slice(1);

describe("a plan's Learners tab", { timeout: 45_000 }, () => {
  it('shows the counts, the charts with their numbers as text, and the learners with status chips and progress', async () => {
    const delivery = learners();
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
    await user.click(await screen.findByRole('tab', { name: 'Learners' }));
    await waitFor(() => expect(screen.getAllByTestId('learner-count')).toHaveLength(6));
    const figures = Object.fromEntries(
      screen.getAllByTestId('learner-count').map((value) => [value.previousElementSibling!.textContent, value.textContent]),
    );
    expect(figures).toEqual({
      Enrolled: '3',
      'Not started': '1',
      'In progress': '0',
      Completed: '1',
      Overdue: '1',
      'Completion rate': '33%',
    });
    const breakdown = screen.getByRole('figure', { name: 'Status breakdown' });
    expect(breakdown.textContent).toContain('Not started: 1, In progress: 0, Completed: 1, Overdue: 1');
    expect(screen.getByRole('figure', { name: 'Completions over time' }).textContent).toContain('Nov 20, 2026: 1');
    await waitFor(() => expect(learnerRows()).toHaveLength(3));
    expect(cellTexts(learnerRows()[1]!).slice(0, 6)).toEqual([
      'Bea Rossi',
      'bea@example.com',
      'Overdue',
      '50%',
      'Dec 24, 2026',
      'Nov 20, 2026',
    ]);
    expect(cellTexts(learnerRows()[2]!)[5]).toBe('—');
  });

  it('filters by status, searches and sorts on the server', async () => {
    const delivery = learners();
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
    await user.click(await screen.findByRole('tab', { name: 'Learners' }));
    await waitFor(() => expect(learnerRows()).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'Learner status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(learnerRows()).toHaveLength(1));
    expect(delivery.spies.listEnrolments.mock.calls.at(-1)![1].filters).toEqual({ status: 'OVERDUE' });
    expect(cellTexts(learnerRows()[0]!)[0]).toBe('Bea Rossi');
    await user.click(screen.getByRole('combobox', { name: 'Learner status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(learnerRows()).toHaveLength(3));
    const panel = screen.getByRole('region', { name: 'Learners' });
    await user.type(within(panel).getByRole('textbox', { name: 'Search' }), 'ciro');
    await waitFor(() => expect(learnerRows()).toHaveLength(1));
    await user.click(within(panel).getByRole('button', { name: 'Sort Progress descending' }));
    await waitFor(() =>
      expect(delivery.spies.listEnrolments.mock.calls.at(-1)![1].query).toMatchObject({
        sortBy: 'progress',
        sortOrder: 'desc',
        search: 'ciro',
      }),
    );
  });

  it('exports the learners as CSV with the status filter shown', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:saved'), revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const delivery = learners();
      const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
      await user.click(await screen.findByRole('tab', { name: 'Learners' }));
      await user.click(await screen.findByRole('combobox', { name: 'Learner status' }));
      await user.click(await screen.findByRole('option', { name: 'Completed' }));
      await waitFor(() => expect(learnerRows()).toHaveLength(1));

      await user.click(within(screen.getByRole('region', { name: 'Learners' })).getByRole('button', { name: 'Export CSV' }));

      await screen.findByText('The CSV file was downloaded');
      const [planId, request] = delivery.spies.exportLearners.mock.calls.at(-1)!;
      expect([planId, request.filters]).toEqual(['plan-2', { status: 'COMPLETED', lang: 'en' }]);
      expect(saved).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('says when nobody completed yet, and Retry after the figures failed to load', async () => {
    const delivery = fakeDelivery();
    delivery.spies.enrolmentSummary.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    const { user } = await open('/training-plans/plan-2', { resources: { 'training-plans': plans() }, delivery });
    await user.click(await screen.findByRole('tab', { name: 'Learners' }));
    expect(await screen.findByText('Error loading the learners’ figures')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No completions yet')).toBeTruthy();
    expect(screen.getAllByTestId('learner-count').map((value) => value.textContent)).toEqual(['0', '0', '0', '0', '0', '0%']);
  });
});
