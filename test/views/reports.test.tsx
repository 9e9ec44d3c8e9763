import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyCompletion, GroupCompletion, PlanCompletion } from '../../src/domain/reports';
import type { ListRequest } from '../../src/domain/resource';
import { companyLogin, globalLogin, tenantLogin } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { dataRows } from '../support/views/screen-queries';

const counts = { enrolled: 12345, notStarted: 400, inProgress: 300, completed: 250, overdue: 59, completionRate: 250 / 1009 };
const company: CompanyCompletion = { id: 'c1', name: 'Acme Robotics S.p.A.', tenant: { id: 'tenant-1', name: 'Acme Learning' }, ...counts };
const plan: PlanCompletion = { id: 'p1', name: 'New hire onboarding', status: 'PUBLISHED', ...counts };
const unassigned: PlanCompletion = {
  id: 'p2',
  name: 'Draft plan',
  status: 'DRAFT',
  enrolled: 0,
  notStarted: 0,
  inProgress: 0,
  completed: 0,
  overdue: 0,
  completionRate: null,
};
const group: GroupCompletion = { id: 'g1', name: 'New hires', memberCount: 5, ...counts };

const rowsOf: Record<string, unknown[]> = { companies: [company], plans: [plan, unassigned], groups: [group] };
const openReports = async (path: string, signedIn = companyLogin, language: 'en' | 'it' = 'en') => {
  const reports = vi.fn(async (name: string, _request: ListRequest) => ({
    items: rowsOf[name],
    total: rowsOf[name]!.length,
    totalIsEstimate: false,
  }));
  const view = renderConsole({ path, signedIn, reports, language });
  await screen.findByTestId('page-title');
  return { ...view, reports };
};

describe('the completion reports', () => {
  it('gives a TENANT admin completion per company, counts and rate in the page’s language, the name leading to the company', async () => {
    const { reports } = await openReports('/reports?page=1&pageSize=10&sortBy=completionRate&sortOrder=desc', tenantLogin);

    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(reports.mock.calls.at(-1)).toEqual([
      'companies',
      expect.objectContaining({ query: expect.objectContaining({ sortBy: 'completionRate', sortOrder: 'desc' }) }),
    ]);
    expect(screen.getByTestId('page-title').textContent).toBe('Completion by company');
    const row = within(dataRows()[0]!);
    expect(row.getByRole('link', { name: 'Acme Robotics S.p.A.', hidden: true }).getAttribute('href')).toBe('/companies/c1');
    expect(row.getByText('12,345')).toBeTruthy();
    expect(row.getByText('25%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Edit', hidden: true })).toBeNull();
  });

  it('gives a GLOBAL admin the same report without links to company pages it cannot open', async () => {
    await openReports('/reports', globalLogin);

    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(within(dataRows()[0]!).queryByRole('link', { hidden: true })).toBeNull();
    expect(within(dataRows()[0]!).getByText('Acme Robotics S.p.A.')).toBeTruthy();
  });

  it('gives a COMPANY admin its plans, then its groups by the tab, each report in the address', async () => {
    const { user, reports, location } = await openReports('/reports', companyLogin, 'it');

    await waitFor(() => expect(location()).toMatch(/^\/reports\/plans/));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(reports.mock.calls.at(-1)![0]).toBe('plans');
    const first = within(dataRows()[0]!);
    expect(first.getByRole('link', { name: 'New hire onboarding', hidden: true }).getAttribute('href')).toBe('/training-plans/p1');
    expect(first.getByText('12.345')).toBeTruthy();
    expect(first.getByText('Pubblicato')).toBeTruthy();
    // Nobody enrolled: a dash that says so, not 0 %.
    expect(within(dataRows()[1]!).getByLabelText('Nessun iscritto')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Per gruppo' }));

    await waitFor(() => expect(location()).toMatch(/^\/reports\/groups/));
    await waitFor(() => expect(reports.mock.calls.at(-1)![0]).toBe('groups'));
    await waitFor(() => expect(within(dataRows()[0]!).getByText('New hires')).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Per gruppo' }).getAttribute('aria-selected')).toBe('true');
  });

  it('is in each scope’s menu', async () => {
    await openReports('/home', companyLogin);
    expect(screen.getAllByRole('link', { name: 'Reports' }).length).toBeGreaterThan(0);
  });
});
