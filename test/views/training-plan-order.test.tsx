import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin, pending } from '../support/fixtures/session';
import { renderConsole } from '../support/views/render-console';
import { contents, modulesAndItems, plans } from './training-plan-fixtures';
import { notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, trainingPlans = modulesAndItems()) => {
  const view = renderConsole({
    path,
    signedIn: companyLogin,
    resources: { 'training-plans': plans(), contents: contents() },
    trainingPlans,
  });
  await screen.findByTestId('page-title');
  return view;
};

const rows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('tbody tr')] as HTMLElement[];
const titles = (testId: string) => rows(testId).map((row) => row.querySelectorAll('td')[1]?.textContent);
const orders = (testId: string) => rows(testId).map((row) => row.querySelectorAll('td')[2]?.textContent);
const rowOf = (testId: string, id: string) => rows(testId).find((row) => row.dataset.id === id)!;
const handle = (title: string) => screen.getByRole('button', { name: `Reorder ${title}` });
const announcement = () => document.querySelector('[aria-live="assertive"]')?.textContent;
const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };
const dataTransfer = () => ({ setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: 'all', dropEffect: 'none' });

const modulesShown = async () => {
  await waitFor(() => expect(titles('modules-table')).toEqual(['Welcome', 'Tools', 'Wrap-up']));
};

describe('ordering modules and items', () => {
  it('moves a module by keyboard and saves the new order in one request', async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    expect(handle('Welcome').getAttribute('tabindex')).toBe('0');
    expect(handle('Welcome').getAttribute('draggable')).toBe('true');
    handle('Welcome').focus();
    await user.keyboard('[Space]');
    expect(announcement()).toMatch(/^Welcome picked up, position 1 of 3\./);
    await user.keyboard('[ArrowDown][ArrowDown]');
    expect(titles('modules-table')).toEqual(['Tools', 'Wrap-up', 'Welcome']);
    expect(orders('modules-table')).toEqual(['1', '2', '3']);
    expect(announcement()).toBe('Welcome moved to position 3 of 3.');
    expect(document.activeElement).toBe(handle('Welcome'));
    expect(nested.modules.spies.reorder).not.toHaveBeenCalled();
    await user.keyboard('[Enter]');
    expect(announcement()).toBe('Welcome dropped at position 3 of 3.');
    await waitFor(() => expect(nested.modules.spies.reorder).toHaveBeenCalledTimes(1));
    expect(nested.modules.spies.reorder).toHaveBeenCalledWith('plan-1', ['m2', 'm3', 'm1']);
    expect(nested.modules.titles('plan-1')).toEqual(['Tools', 'Wrap-up', 'Welcome']);
  });

  it('puts the module back when the move is cancelled with Escape', async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    handle('Tools').focus();
    await user.keyboard('[Space][ArrowUp]');
    expect(titles('modules-table')).toEqual(['Tools', 'Welcome', 'Wrap-up']);
    await user.keyboard('[Escape]');
    expect(titles('modules-table')).toEqual(['Welcome', 'Tools', 'Wrap-up']);
    expect(announcement()).toBe('Reorder cancelled: Tools is back at position 2 of 3.');
    expect(nested.modules.spies.reorder).not.toHaveBeenCalled();
  });

  it('shows the new order at once and rolls it back, saying so, when the API refuses it', async () => {
    const nested = modulesAndItems();
    let refuse: (failure: Failure) => void = () => {};
    nested.modules.spies.reorder.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    handle('Wrap-up').focus();
    await user.keyboard('[Space][ArrowUp][Space]');
    expect(titles('modules-table')).toEqual(['Welcome', 'Wrap-up', 'Tools']);
    refuse(serverError);
    await waitFor(() => expect(titles('modules-table')).toEqual(['Welcome', 'Tools', 'Wrap-up']));
    await waitFor(() => expect(notificationTexts()).toEqual(['The new order could not be saved']));
  });

  it('moves a module by drag and drop, in one request', async () => {
    const nested = modulesAndItems();
    await open('/training-plans/plan-1', nested);
    await modulesShown();
    const transfer = dataTransfer();
    fireEvent.dragStart(handle('Wrap-up'), { dataTransfer: transfer });
    expect(transfer.setData).toHaveBeenCalledWith('text/plain', 'm3');
    expect(announcement()).toMatch(/^Wrap-up picked up, position 3 of 3\./);
    fireEvent.dragOver(rowOf('modules-table', 'm2'), { dataTransfer: transfer });
    expect(announcement()).toBe('Wrap-up moved to position 2 of 3.');
    fireEvent.dragOver(rowOf('modules-table', 'm1'), { dataTransfer: transfer });
    fireEvent.dragOver(rowOf('modules-table', 'm3'), { dataTransfer: transfer });
    expect(announcement()).toBe('Wrap-up moved to position 1 of 3.');
    expect(titles('modules-table')).toEqual(['Wrap-up', 'Welcome', 'Tools']);
    fireEvent.drop(rowOf('modules-table', 'm3'), { dataTransfer: transfer });
    fireEvent.dragEnd(handle('Wrap-up'), { dataTransfer: transfer });
    await waitFor(() => expect(nested.modules.spies.reorder).toHaveBeenCalledTimes(1));
    expect(nested.modules.spies.reorder).toHaveBeenCalledWith('plan-1', ['m3', 'm1', 'm2']);
    expect(titles('modules-table')).toEqual(['Wrap-up', 'Welcome', 'Tools']);
  });

  it('puts the rows back when a drag ends without a drop', async () => {
    const nested = modulesAndItems();
    await open('/training-plans/plan-1', nested);
    await modulesShown();
    fireEvent.dragStart(handle('Welcome'));
    fireEvent.dragOver(rowOf('modules-table', 'm3'));
    expect(titles('modules-table')).toEqual(['Tools', 'Wrap-up', 'Welcome']);
    fireEvent.dragEnd(handle('Welcome'));
    expect(titles('modules-table')).toEqual(['Welcome', 'Tools', 'Wrap-up']);
    expect(nested.modules.spies.reorder).not.toHaveBeenCalled();
  });

  it('moves a row one step with Move up / Move down, the ends disabled', async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    expect(within(rows('modules-table')[0]!).getByRole('button', { name: 'Move up' }).hasAttribute('disabled')).toBe(true);
    expect(within(rows('modules-table')[2]!).getByRole('button', { name: 'Move down' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(rows('modules-table')[0]!).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(nested.modules.spies.reorder).toHaveBeenCalledWith('plan-1', ['m2', 'm1', 'm3']));
    expect(titles('modules-table')).toEqual(['Tools', 'Welcome', 'Wrap-up']);
  });

  it("reorders a module's items the same way", async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1/modules/m1', nested);
    await waitFor(() => expect(titles('items-table')).toEqual(['Intro', 'Check']));
    expect(rows('items-table').map((row) => row.querySelectorAll('td')[3]?.textContent)).toEqual(['Content', 'Quiz']);
    handle('Check').focus();
    await user.keyboard('[Space][ArrowUp][Space]');
    await waitFor(() => expect(nested.items.spies.reorder).toHaveBeenCalledTimes(1));
    expect(nested.items.spies.reorder).toHaveBeenCalledWith('m1', ['i2', 'i1']);
    expect(nested.modules.spies.reorder).not.toHaveBeenCalled();
  });

  it('holds still while the order is being saved', async () => {
    const nested = modulesAndItems();
    nested.modules.spies.reorder.mockImplementation(pending);
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    await user.click(within(rows('modules-table')[1]!).getByRole('button', { name: 'Move up' }));
    expect(within(rows('modules-table')[1]!).getByRole('button', { name: 'Move up' }).hasAttribute('disabled')).toBe(true);
    handle('Wrap-up').focus();
    await user.keyboard('[Space][ArrowUp][Space]');
    expect(titles('modules-table')).toEqual(['Tools', 'Welcome', 'Wrap-up']);
    expect(nested.modules.spies.reorder).toHaveBeenCalledTimes(1);
  });

  it('deletes a module of a draft plan after confirmation, and the others close the gap', async () => {
    const nested = modulesAndItems();
    const { user } = await open('/training-plans/plan-1', nested);
    await modulesShown();
    await user.click(within(rowOf('modules-table', 'm2')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nested.modules.spies.remove).not.toHaveBeenCalled();
    await user.click(within(rowOf('modules-table', 'm2')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(titles('modules-table')).toEqual(['Welcome', 'Wrap-up']));
    expect(orders('modules-table')).toEqual(['1', '2']);
    expect(nested.modules.spies.remove).toHaveBeenCalledExactlyOnceWith('plan-1', 'm2');
    await waitFor(() => expect(notificationTexts()).toEqual(['Module deleted']));
  });

  it('says when the modules cannot be loaded, and retries', async () => {
    const nested = modulesAndItems();
    nested.modules.spies.list.mockRejectedValueOnce(serverError);
    const { user } = await open('/training-plans/plan-1', nested);
    expect(await screen.findByText('Fetch error 500')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await modulesShown();
  });
});
