import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin } from '../support/fixtures/session';
import { topics } from '../support/views/catalogue-fixtures';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts, dataRows, messageOf, notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, ...options });
  await screen.findByTestId('page-title');
  return view;
};
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });

describe('topics', () => {
  it('lists name, colour swatch and status, sortable by name and status', async () => {
    const resource = topics();
    const { user } = await open('/topics', { resources: { topics: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Topics');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(cellTexts(dataRows()[0]!).slice(0, 3)).toEqual(['Safety', '#D32F2F', 'Active']);
    expect(screen.getByRole('button', { name: 'Sort Name ascending' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sort Status descending' }));
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ sortBy: 'status', sortOrder: 'desc' }));
  });

  it('deletes a topic after the confirmation', async () => {
    const resource = topics();
    const { user } = await open('/topics', { resources: { topics: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    await user.click(within(dataRows()[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(resource.api.remove).toHaveBeenCalledWith('t1'));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
  });

  it('starts a new topic black and PENDING; the colour is a picker and a hex text, checked before saving', async () => {
    const resource = topics([]);
    const { user } = await open('/topics/new', { resources: { topics: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('New topic');
    expect(textbox('Colour').value).toBe('#000000');
    expect(screen.getByLabelText<HTMLInputElement>('Pick a colour').value).toBe('#000000');
    expect(screen.getByRole('combobox', { name: 'Status', hidden: true }).textContent).toBe('Pending');
    await user.clear(textbox('Colour'));
    await user.type(textbox('Colour'), '#12zz34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf(textbox('Name'))).toBe('Required field');
    expect(messageOf(textbox('Colour'))).toBe('A colour as #RRGGBB (e.g. #1E5AA8)');
    fireEvent.input(screen.getByLabelText('Pick a colour'), { target: { value: '#12ab34' } });
    expect(textbox('Colour').value).toBe('#12AB34');
    expect(messageOf(textbox('Colour'))).toBeUndefined();
    expect(resource.api.create).not.toHaveBeenCalled();
  });

  it("creates the topic, says so, and stays: the page becomes the new topic's edit page", async () => {
    const resource = topics([]);
    const { user, location, history } = await open('/topics/new', { resources: { topics: resource } });
    await user.type(textbox('Name'), 'Safety');
    await user.clear(textbox('Colour'));
    await user.type(textbox('Colour'), '#12ab34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/topics/new-1'));
    expect(resource.api.create).toHaveBeenCalledWith({ name: 'Safety', color: '#12AB34', status: 'PENDING' }, expect.any(String));
    await waitFor(() => expect(notificationTexts()).toEqual(['Topic created']));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Edit topic'));
    expect(await screen.findByDisplayValue('Safety')).toBeTruthy();
    expect(history.entries()).toEqual(['/topics/new-1']);
  });

  it("updates a topic and says 'Topic updated'; failures say 'Create failed' and 'Update failed'", async () => {
    const resource = topics();
    resource.api.update.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' } satisfies Failure);
    const { user, location } = await open('/topics/t2', { resources: { topics: resource } });
    await screen.findByDisplayValue('Onboarding');
    await user.click(screen.getByRole('combobox', { name: 'Status', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Update failed']));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/topics'));
    expect(resource.api.update).toHaveBeenLastCalledWith('t2', { name: 'Onboarding', color: '#1E5AA8', status: 'ACTIVE', version: 1 });
    expect(notificationTexts()).toContain('Topic updated');
  });

  it("says 'Create failed' when the API refuses a new topic", async () => {
    const resource = topics([]);
    resource.api.create.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' } satisfies Failure);
    const { user, location } = await open('/topics/new', { resources: { topics: resource } });
    await user.type(textbox('Name'), 'Safety');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Create failed']));
    expect(location()).toBe('/topics/new');
  });

  it("says 'Error loading topic' for a topic that cannot be loaded", async () => {
    await open('/topics/missing', { resources: { topics: topics() } });
    expect(await screen.findByText('Error loading topic')).toBeTruthy();
  });
});
