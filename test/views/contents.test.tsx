import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin, pending } from '../support/fixtures/session';
import { storageKeys } from '../../src/api/storage';
import { contentRecord, contents, topics, videoToken } from '../support/views/catalogue-fixtures';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { cellTexts, dataRows, notificationTexts } from '../support/views/screen-queries';

const open = async (path: string, options: RenderOptions = {}) => {
  const view = renderConsole({ path, signedIn: companyLogin, refreshVideoToken: async () => videoToken, ...options });
  await screen.findByTestId('page-title');
  return view;
};
const openRecord = async (path: string, options: RenderOptions = {}) => {
  const view = await open(path, options);
  await screen.findByRole('button', { name: 'Save' });
  return view;
};
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const combobox = (name: string) => screen.getByRole('combobox', { name, hidden: true });
const choose = async (user: ReturnType<typeof renderConsole>['user'], field: string, option: string) => {
  await user.click(combobox(field));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('contents list', () => {
  it('shows title, type and the status as it is named, sortable by title', async () => {
    const resource = contents();
    const { user } = await open('/contents', { resources: { contents: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Contents');
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(dataRows().map((row) => cellTexts(row).slice(0, 3))).toEqual([
      ['Forklift training', 'Video', 'Ready'],
      ['Welcome', 'Article', 'Ready'],
      ['Warehouse tour', 'Video', 'Draft'],
      ['Night shift', 'Video', 'Processing'],
      ['Broken upload', 'Video', 'Failed'],
    ]);
    expect(screen.queryByRole('button', { name: 'Sort Type ascending' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sort Title descending' }));
    await waitFor(() => expect(resource.api.list.mock.calls.at(-1)![0].query).toMatchObject({ sortBy: 'title', sortOrder: 'desc' }));
  });

  it('marks the videos still waiting for one: none attached yet, or one the service could not process', async () => {
    await open('/contents', { resources: { contents: contents() } });
    await waitFor(() => expect(dataRows()).toHaveLength(5));

    expect(dataRows().map((row) => [cellTexts(row)[0], cellTexts(row)[3]])).toEqual([
      ['Forklift training', ''],
      ['Welcome', ''],
      ['Warehouse tour', 'Waiting for a video'],
      ['Night shift', ''],
      ['Broken upload', 'Waiting for a video'],
    ]);
  });

  it('follows a video being processed until it is READY, without a reload', async () => {
    const resource = contents([contentRecord('k4', { title: 'Night shift', externalUuid: 'video-4', status: 'PENDING_PROCESSING' })]);
    await open('/contents', { resources: { contents: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(cellTexts(dataRows()[0]!)[2]).toBe('Processing');
    resource.records.set('k4', { ...resource.records.get('k4')!, status: 'READY', version: 2 });
    await waitFor(() => expect(cellTexts(dataRows()[0]!)[2]).toBe('Ready'), { timeout: 6000 });
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('deletes a content after the confirmation, and says why when the API refuses', async () => {
    const resource = contents();
    resource.api.remove.mockRejectedValueOnce({ kind: 'http', status: 409, message: 'Used by the plan Onboarding' } satisfies Failure);
    const { user } = await open('/contents', { resources: { contents: resource } });
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    await user.click(within(dataRows()[2]!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Delete failed: Used by the plan Onboarding']));
    await user.click(within(dataRows()[2]!).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    expect(resource.api.remove).toHaveBeenLastCalledWith('k3');
  });
});

describe('content edit', () => {
  it('edits an article: every field, the text shown as text, never as markup, and no player', async () => {
    const text = '<img src="x" onerror="window.__injected = 1"><script>window.__injected = 2</script>Hello & welcome';
    const resource = contents([contentRecord('k2', { title: 'Welcome', type: 'Article', renderType: 'INLINE', text, status: 'READY' })]);
    await openRecord('/contents/k2', { resources: { contents: resource, topics: topics() } });
    expect(screen.getByTestId('page-title').textContent).toBe('Edit content');
    expect(['Title', 'Background', 'Text'].map((name) => textbox(name).value)).toEqual(['Welcome', '', text]);
    expect(combobox('Type').textContent).toBe('Article');
    expect(combobox('Render type').textContent).toBe('Inline');
    expect(screen.getByRole('combobox', { name: 'Topics', hidden: true })).toBeTruthy();
    const preview = screen.getByTestId('content-text-preview');
    expect(preview.textContent).toBe(text);
    expect(preview.querySelectorAll('img, script')).toHaveLength(0);
    expect((window as unknown as { __injected?: number }).__injected).toBeUndefined();
    expect(screen.queryByTestId('player-frame')).toBeNull();
  });

  it('applies the rules: Video locks REFERENCE and drops the text, REFERENCE drops the text', async () => {
    const resource = contents([
      contentRecord('k2', { title: 'Welcome', type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' }),
    ]);
    const { user } = await openRecord('/contents/k2', { resources: { contents: resource } });
    await choose(user, 'Render type', 'Reference');
    expect(screen.queryByRole('textbox', { name: 'Text', hidden: true })).toBeNull();
    expect(screen.queryByTestId('content-text-preview')).toBeNull();
    await choose(user, 'Render type', 'Inline');
    expect(textbox('Text').value).toBe('');
    await user.type(textbox('Text'), 'Draft');
    await choose(user, 'Type', 'Video');
    expect(screen.queryByRole('textbox', { name: 'Text', hidden: true })).toBeNull();
    expect(combobox('Render type').textContent).toBe('Reference');
    expect(combobox('Render type').getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resource.api.update).toHaveBeenCalled());
    expect(resource.api.update).toHaveBeenCalledWith('k2', {
      title: 'Welcome',
      background: null,
      type: 'Video',
      renderType: 'REFERENCE',
      topicIds: [],
      version: 1,
    });
  });

  it('previews a valid background image URL only', async () => {
    const { user } = await openRecord('/contents/k3', { resources: { contents: contents() } });
    await user.type(textbox('Background'), 'not a url');
    expect(screen.queryByRole('img', { name: 'Preview of Background' })).toBeNull();
    await user.clear(textbox('Background'));
    await user.type(textbox('Background'), 'https://img.test/cover.png');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of Background' }).src).toBe('https://img.test/cover.png');
  });

  it('shows the topics as chips in their colours, and sends the chosen ones as topicIds', async () => {
    const resource = contents();
    const { user, location } = await openRecord('/contents/k1', { resources: { contents: resource, topics: topics() } });
    const chip = screen.getByRole('button', { name: 'Safety', hidden: true });
    expect(getComputedStyle(chip).backgroundColor).toBe('rgb(211, 47, 47)');
    await user.click(screen.getByRole('combobox', { name: 'Topics', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Onboarding' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/contents'));
    expect(resource.api.update.mock.calls[0]![1]).toMatchObject({ topicIds: ['t1', 't2'] });
    await waitFor(() => expect(notificationTexts()).toEqual(['Content updated successfully']));
  });

  it("says 'Failed to update content' and 'Error loading content'", async () => {
    const resource = contents();
    resource.api.update.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' } satisfies Failure);
    const { user } = await openRecord('/contents/k3', { resources: { contents: resource } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toEqual(['Failed to update content']));
  });

  it("says 'Error loading content' for a content that cannot be loaded", async () => {
    await open('/contents/missing', { resources: { contents: contents() } });
    expect(await screen.findByText('Error loading content')).toBeTruthy();
  });

  it('plays the video of a non-inline content in a 16:9 player frame', async () => {
    await openRecord('/contents/k1', { resources: { contents: contents() }, language: 'en' });
    const frame = await screen.findByTestId('player-frame');
    expect(frame.getAttribute('title')).toBe('Video player');
    expect(frame.getAttribute('src')).toBe('http://acme.localhost:3001/course/company-1/watch/video-1?token=video-token&lang=en');
  });

  it('has no player without a video, nor for INLINE content', async () => {
    const access = vi.fn(async () => videoToken);
    await openRecord('/contents/k3', { resources: { contents: contents() }, refreshVideoToken: access });
    expect(screen.queryByTestId('player-frame')).toBeNull();
    expect(access).not.toHaveBeenCalled();
  });

  const aborted = () => Promise.reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
  it.each<[string, RenderOptions, string]>([
    ['no configuration', { videoConfigured: false }, 'Vinapse configuration unavailable. Login required.'],
    [
      'a refused refresh',
      { refreshVideoToken: () => Promise.reject({ kind: 'http', status: 400 } satisfies Failure) },
      'Refresh token failed',
    ],
    [
      "the server's words",
      {
        refreshVideoToken: () =>
          Promise.reject({ kind: 'http', status: 403, message: 'No video service is configured for this account' } satisfies Failure),
      },
      'No video service is configured for this account',
    ],
    ['a request cancelled', { refreshVideoToken: aborted }, 'Request timeout or cancelled'],
  ])('says why there is no player: %s', async (_, options, text) => {
    await openRecord('/contents/k1', { resources: { contents: contents() }, ...options });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByTestId('player-frame')).toBeNull();
  });

  it('says why there is no player: no access token (the session ended in another tab)', async () => {
    const { store, history } = await open('/contents', { resources: { contents: contents() }, refreshVideoToken: async () => videoToken });
    store.removeItem(storageKeys.token);
    act(() => history.navigate('/contents/k1'));
    expect(await screen.findByText('Token authentication not available - login')).toBeTruthy();
    expect(screen.queryByTestId('player-frame')).toBeNull();
  });

  it('waits for the token with a progress in the frame', async () => {
    await openRecord('/contents/k1', { resources: { contents: contents() }, refreshVideoToken: pending });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByTestId('player-frame')).toBeNull();
  });
});
