import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin } from '../support/fixtures/session';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { contents, modulesAndItems, plans } from './training-plan-fixtures';
import { dataCells, notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({
    path,
    signedIn: companyLogin,
    resources: { 'training-plans': plans(), contents: contents() },
    trainingPlans: modulesAndItems(),
    ...options,
  });
  await screen.findByTestId('page-title');
  return view;
};

type User = ReturnType<typeof renderConsole>['user'];

const gridRows = () => screen.getAllByRole('row', { hidden: true }).slice(1);
/** What each cell says: its text, or the name of the icon standing for its value (the freely navigable tick). */
const cellTexts = (row: HTMLElement) =>
  dataCells(row).map((cell) => cell.textContent || (cell.querySelector('[role="img"]')?.getAttribute('aria-label') ?? ''));
const gridRowNamed = (name: string) => gridRows().find((row) => within(row).queryByText(name))!;
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
/** The plan's own Delete, in its form (each module row has one too). */
const planDelete = () => within(document.querySelector('form')!).getByRole('button', { name: 'Delete', hidden: true });
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
const tableRows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('tbody tr')] as HTMLElement[];
const rowCells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(1, -1).map((cell) => cell.textContent);
const fill = async (user: User, input: HTMLInputElement, text: string) => {
  await user.click(input);
  await user.paste(text);
};
const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };

describe('training plans list', () => {
  it('shows name, status badge, freely navigable tick and the created date', async () => {
    await open('/training-plans');
    expect(screen.getByTestId('page-title').textContent).toBe('Training plans');
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    expect(cellTexts(gridRowNamed('Onboarding')).slice(0, 4)).toEqual(['Onboarding', 'Draft', '', '3/4/2025']);
    expect(cellTexts(gridRowNamed('Safety first')).slice(0, 4)).toEqual(['Safety first', 'Published', 'Freely navigable', '5/6/2025']);
    expect(within(gridRowNamed('Safety first')).getByText('Published').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorSuccess',
    );
    expect(within(gridRowNamed('Onboarding')).getByText('Draft').closest('.MuiChip-root')?.className).not.toContain('MuiChip-colorSuccess');
  });

  it('speaks Italian, dates included', async () => {
    await open('/training-plans', { language: 'it' });
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    expect(cellTexts(gridRowNamed('Safety first')).slice(0, 4)).toEqual(['Safety first', 'Pubblicato', 'Navigazione libera', '06/05/2025']);
  });

  it('searches names and statuses on the server', async () => {
    const resource = plans();
    const { user } = await open('/training-plans', { resources: { 'training-plans': resource } });
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'publ');
    // Typed slowly (a loaded machine), a prefix may be asked first: the last request is the whole word's.
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query.search).toBe('publ'));
    await waitFor(() => expect(gridRows()).toHaveLength(1));
    expect(cellTexts(gridRows()[0]!)[0]).toBe('Safety first');
  });

  it('deletes a draft after confirmation; a published plan cannot be deleted and says why', async () => {
    const resource = plans();
    const { user } = await open('/training-plans', { resources: { 'training-plans': resource } });
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    const blocked = within(gridRowNamed('Safety first')).getByRole('button', { name: 'Delete', hidden: true });
    expect(blocked.hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(blocked)).toBe('Set the plan back to Draft to delete it');
    await user.click(within(gridRowNamed('Onboarding')).getByRole('button', { name: 'Delete', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(gridRows()).toHaveLength(1));
    expect(resource.api.remove).toHaveBeenCalledExactlyOnceWith('plan-1');
    await waitFor(() => expect(notificationTexts()).toEqual(['Training plan deleted']));
  });
});

describe('training plan page', () => {
  /** Selects both plans and deletes them in one bulk action, the API skipping the second with `skip`; answers the status. */
  const deleteBothPlans = async (language: 'en' | 'it', skip: { code: string; message: string }) => {
    const [selected, remove] = language === 'en' ? ['2 selected', 'Delete'] : ['2 selezionati', 'Elimina'];
    const resource = plans();
    resource.api.bulk.mockImplementationOnce(async (request) => ({
      action: request.action,
      requested: 2,
      succeeded: 1,
      skipped: [{ id: 'plan-2', ...skip }],
    }));
    const { user } = await open('/training-plans', { resources: { 'training-plans': resource }, language });
    await waitFor(() => expect(gridRows()).toHaveLength(2));

    await user.click(screen.getAllByRole('checkbox', { hidden: true })[0]!);
    const bar = await screen.findByRole('region', { name: selected, hidden: true });
    await user.click(within(bar).getByRole('button', { name: remove, hidden: true }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: remove }));

    await waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toMatch(/^(Done|Fatto)/));
    return { resource, status: screen.getByRole('status', { hidden: true }).textContent };
  };

  it.each([
    ['en', 'Done: 1 of 2 succeeded, 1 skipped.', '1 skipped: published or archived: set the plan back to Draft first'],
    ['it', 'Fatto: 1 su 2 riusciti, 1 saltati.', '1 saltati: pubblicato o archiviato: riportare prima il piano in Bozza'],
  ] as const)('deletes the selected plans in one request, and says which were skipped and why (%s)', async (language, done, because) => {
    const { resource, status } = await deleteBothPlans(language, {
      code: 'PLAN_NOT_DRAFT',
      message: 'Set the plan back to Draft before deleting it',
    });

    expect(status).toContain(done);
    expect(status).toContain(because);
    expect(resource.api.bulk.mock.calls[0]![0]).toEqual({ action: 'delete', ids: ['plan-1', 'plan-2'] });
  });

  it.each([
    ['en', '1 skipped: Locked by the yearly audit'],
    ['it', '1 saltati: Locked by the yearly audit'],
  ] as const)('says the API’s own message for a skip reason it has no words for (%s)', async (language, because) => {
    const { status } = await deleteBothPlans(language, { code: 'PLAN_LOCKED_BY_AUDIT', message: 'Locked by the yearly audit' });

    expect(status).toContain(because);
  });

  it('creates a plan with the defaults, stays on its page and shows its (empty) modules', async () => {
    const resource = plans();
    const { user, location } = await open('/training-plans/new', { resources: { 'training-plans': resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('New training plan');
    expect(screen.queryByTestId('modules-table')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status', hidden: true }).textContent).toBe('Draft');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Freely navigable', hidden: true }).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(textbox('Name').getAttribute('aria-invalid')).toBe('true');
    await fill(user, textbox('Name'), 'Leadership');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/training-plans/new-1'));
    expect(resource.api.create).toHaveBeenCalledExactlyOnceWith(
      { name: 'Leadership', status: 'DRAFT', freelyNavigable: false },
      expect.any(String),
    );
    await waitFor(() => expect(notificationTexts()).toEqual(['Training plan created']));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Edit training plan');
    await screen.findByTestId('modules-table');
    // Its modules and its assignments, both empty.
    await waitFor(() => expect(screen.getAllByText('No records found')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Add module' })).toBeTruthy();
    expect(textbox('Name').value).toBe('Leadership');
  });

  it("says 'Create failed' and stays on the new plan's form", async () => {
    const resource = plans();
    resource.api.create.mockRejectedValueOnce(serverError);
    const { user, location } = await open('/training-plans/new', { resources: { 'training-plans': resource } });
    await fill(user, textbox('Name'), 'Leadership');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Create failed']));
    expect(location()).toBe('/training-plans/new');
  });

  it('shows the modules in order with their item counts, and adds one', async () => {
    const { user, location } = await open('/training-plans/plan-1');
    await waitFor(() => expect(tableRows('modules-table')).toHaveLength(3));
    expect(tableRows('modules-table').map(rowCells)).toEqual([
      ['Welcome', '1', '2'],
      ['Tools', '2', '0'],
      ['Wrap-up', '3', '0'],
    ]);
    expect(tableRows('modules-table').map((row) => row.dataset.id)).toEqual(['m1', 'm2', 'm3']);
    await user.click(within(tableRows('modules-table')[1]!).getByRole('button', { name: 'Edit' }));
    expect(location()).toBe('/training-plans/plan-1/modules/m2');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Add module' }));
    expect(location()).toBe('/training-plans/plan-1/modules/new');
  });

  it('updates the plan and goes back to the list', async () => {
    const resource = plans();
    const { user, location } = await open('/training-plans/plan-1', { resources: { 'training-plans': resource } });
    await waitFor(() => expect(textbox('Name').value).toBe('Onboarding'));
    await user.click(screen.getByRole('switch', { name: 'Freely navigable', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/training-plans'));
    expect(resource.api.update).toHaveBeenCalledWith('plan-1', { name: 'Onboarding', status: 'DRAFT', freelyNavigable: true, version: 1 });
    await waitFor(() => expect(notificationTexts()).toEqual(['Training plan updated']));
  });

  it('deletes a draft plan from its page after confirmation', async () => {
    const resource = plans();
    const { user, location } = await open('/training-plans/plan-1', { resources: { 'training-plans': resource } });
    await waitFor(() => expect(textbox('Name').value).toBe('Onboarding'));
    await user.click(planDelete());
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/training-plans'));
    expect(resource.api.remove).toHaveBeenCalledExactlyOnceWith('plan-1');
    await waitFor(() => expect(notificationTexts()).toEqual(['Training plan deleted']));
  });

  it('disables deleting a published plan and its modules, saying why', async () => {
    await open('/training-plans/plan-2');
    await waitFor(() => expect(textbox('Name').value).toBe('Safety first'));
    expect(planDelete().hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(planDelete())).toBe('Set the plan back to Draft to delete it');
    await waitFor(() => expect(tableRows('modules-table')).toHaveLength(1));
    const moduleDelete = within(tableRows('modules-table')[0]!).getByRole('button', { name: 'Delete', hidden: true });
    expect(moduleDelete.hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(moduleDelete)).toBe('Set the plan back to Draft to delete it');
  });

  it("says 'Error loading training plan' when the plan cannot be loaded", async () => {
    await open('/training-plans/nope');
    expect(await screen.findByText('Error loading training plan')).toBeTruthy();
  });
});
