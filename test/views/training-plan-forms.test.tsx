import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin } from '../support/fixtures/session';
import { quizzes } from '../support/views/catalogue-fixtures';
import { renderConsole } from '../support/views/render-console';
import { contents, modulesAndItems, plans } from './training-plan-fixtures';
import { notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, nested = modulesAndItems(), planResource = plans()) => {
  const view = renderConsole({
    path,
    signedIn: companyLogin,
    resources: { 'training-plans': planResource, contents: contents(), quizzes: quizzes() },
    trainingPlans: nested,
  });
  await screen.findByTestId('page-title');
  return view;
};

type User = ReturnType<typeof renderConsole>['user'];

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const combobox = (name: string) => screen.getByRole<HTMLInputElement>('combobox', { name, hidden: true });
const fill = async (user: User, input: HTMLInputElement, text: string) => {
  await user.click(input);
  await user.paste(text);
};
const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save' }));
const rows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('tbody tr')] as HTMLElement[];
const cells = (testId: string) => rows(testId).map((row) => [...row.querySelectorAll('td')].slice(1, -1).map((cell) => cell.textContent));

describe('module page', () => {
  it('creates a module, which the API puts last, and goes back to the plan', async () => {
    const nested = modulesAndItems();
    const { user, location } = await open('/training-plans/plan-1/modules/new', nested);
    expect(screen.getByTestId('page-title').textContent).toBe('New module');
    expect(screen.queryByTestId('items-table')).toBeNull();
    await save(user);
    expect(textbox('Title').getAttribute('aria-invalid')).toBe('true');
    expect(nested.modules.spies.create).not.toHaveBeenCalled();
    await fill(user, textbox('Title'), 'Feedback');
    await save(user);
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1'));
    expect(nested.modules.spies.create).toHaveBeenCalledExactlyOnceWith('plan-1', { title: 'Feedback' });
    await waitFor(() => expect(notificationTexts()).toEqual(['Module created']));
    await waitFor(() => expect(cells('modules-table').map(([title]) => title)).toEqual(['Welcome', 'Tools', 'Wrap-up', 'Feedback']));
  });

  it('edits a module, shows its items, and goes back to the plan', async () => {
    const nested = modulesAndItems();
    const { user, location } = await open('/training-plans/plan-1/modules/m1', nested);
    expect(screen.getByTestId('page-title').textContent).toBe('Edit module');
    await waitFor(() => expect(textbox('Title').value).toBe('Welcome'));
    await waitFor(() =>
      expect(cells('items-table')).toEqual([
        ['Intro', '1', 'Content'],
        ['Check', '2', 'Quiz'],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Add item' })).toBeTruthy();
    await user.clear(textbox('Title'));
    await fill(user, textbox('Title'), 'Hello');
    await save(user);
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1'));
    expect(nested.modules.spies.update).toHaveBeenCalledWith('plan-1', 'm1', { title: 'Hello', version: 1 });
    await waitFor(() => expect(notificationTexts()).toEqual(['Module updated']));
    await waitFor(() => expect(cells('modules-table')[0]![0]).toBe('Hello'));
  });

  it("says 'Update failed' when the module cannot be saved", async () => {
    const nested = modulesAndItems();
    nested.modules.spies.update.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    const { user, location } = await open('/training-plans/plan-1/modules/m1', nested);
    await waitFor(() => expect(textbox('Title').value).toBe('Welcome'));
    await save(user);
    await waitFor(() => expect(notificationTexts()).toEqual(['Update failed']));
    expect(location()).toBe('/training-plans/plan-1/modules/m1');
  });

  it("says 'Error loading module' when the module cannot be loaded", async () => {
    await open('/training-plans/plan-1/modules/nope');
    expect(await screen.findByText('Error loading module')).toBeTruthy();
  });

  it('asks the API for the plan again after its modules changed (a plan shows its modules)', async () => {
    const planResource = plans();
    const { user } = await open('/training-plans/plan-1', modulesAndItems(), planResource);
    await waitFor(() => expect(rows('modules-table')).toHaveLength(3));
    const planReads = planResource.api.get.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Add module' }));
    await fill(user, await waitFor(() => textbox('Title')), 'Feedback');
    await save(user);
    await waitFor(() => expect(rows('modules-table')).toHaveLength(4));
    expect(planResource.api.get.mock.calls.length).toBeGreaterThan(planReads);
  });
});

describe('item page', () => {
  it('creates an item without content: contentId is left out, and the page goes back to the module', async () => {
    const nested = modulesAndItems();
    const { user, location } = await open('/training-plans/plan-1/modules/m1/items/new', nested);
    expect(screen.getByTestId('page-title').textContent).toBe('New item');
    expect(combobox('Type').textContent).toBe('Content');
    await fill(user, textbox('Title'), 'Recap');
    await user.click(combobox('Type'));
    await user.click(await screen.findByRole('option', { name: 'Quiz' }));
    await save(user);
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1/modules/m1'));
    expect(nested.items.spies.create).toHaveBeenCalledExactlyOnceWith('m1', { title: 'Recap', type: 'QUIZ' });
    await waitFor(() => expect(notificationTexts()).toEqual(['Item created']));
    await waitFor(() => expect(cells('items-table').map(([title]) => title)).toEqual(['Intro', 'Check', 'Recap']));
  });

  it("picks a content among the company's contents, searching by title", async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1/modules/m1/items/new', nested);
    await fill(user, textbox('Title'), 'Read this');
    await user.type(combobox('Content'), 'hand');
    await user.click(await screen.findByRole('option', { name: 'Handbook' }));
    await save(user);
    await waitFor(() =>
      expect(nested.items.spies.create).toHaveBeenCalledExactlyOnceWith('m1', { title: 'Read this', type: 'CONTENT', contentId: 'k2' }),
    );
  });

  it("offers a QUIZ item the company's quizzes where a CONTENT item offers contents", async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1/modules/m1/items/new', nested);
    await fill(user, textbox('Title'), 'Check');
    expect(screen.queryByRole('combobox', { name: 'Quiz', hidden: true })).toBeNull();
    await user.click(combobox('Type'));
    await user.click(await screen.findByRole('option', { name: 'Quiz' }));
    expect(screen.queryByRole('combobox', { name: 'Content', hidden: true })).toBeNull();
    await user.type(combobox('Quiz'), 'fork');
    await user.click(await screen.findByRole('option', { name: 'Forklift safety' }));
    await save(user);
    await waitFor(() =>
      expect(nested.items.spies.create).toHaveBeenCalledExactlyOnceWith('m1', { title: 'Check', type: 'QUIZ', quizId: 'q1' }),
    );
  });

  it('edits an item with its content, and clearing the content sends null', async () => {
    const nested = modulesAndItems();
    const { user, location } = await open('/training-plans/plan-1/modules/m1/items/i1', nested);
    expect(screen.getByTestId('page-title').textContent).toBe('Edit item');
    await waitFor(() => expect(combobox('Content').value).toBe('Welcome video'));
    await user.clear(combobox('Content'));
    await save(user);
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1/modules/m1'));
    expect(nested.items.spies.update).toHaveBeenCalledWith('m1', 'i1', { title: 'Intro', type: 'CONTENT', contentId: null, version: 1 });
    await waitFor(() => expect(notificationTexts()).toEqual(['Item updated']));
  });

  it("says 'Error loading item' when the item cannot be loaded", async () => {
    await open('/training-plans/plan-1/modules/m1/items/nope');
    expect(await screen.findByText('Error loading item')).toBeTruthy();
  });

  it("shows the module's new item count on the plan page without a reload", async () => {
    const { user, location } = await open('/training-plans/plan-1');
    await waitFor(() => expect(cells('modules-table')[0]).toEqual(['Welcome', '1', '2']));
    await user.click(within(rows('modules-table')[0]!).getByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await fill(user, await waitFor(() => textbox('Title')), 'Recap');
    await save(user);
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1/modules/m1'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/training-plans/plan-1'));
    await waitFor(() => expect(cells('modules-table')[0]).toEqual(['Welcome', '1', '3']));
  });
});
