import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import { companyLogin, pending } from '../support/fixtures/session';
import { contents, topics, videoOrigin, videoToken } from '../support/views/catalogue-fixtures';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

const openWizard = async (options: RenderOptions = {}) => {
  const view = renderConsole({
    path: '/contents/new',
    signedIn: companyLogin,
    refreshVideoToken: async () => videoToken,
    ...options,
  });
  await screen.findByRole('textbox', { name: 'Title', hidden: true });
  return view;
};
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const combobox = (name: string) => screen.getByRole('combobox', { name, hidden: true });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const choose = async (user: ReturnType<typeof renderConsole>['user'], field: string, option: string) => {
  await user.click(combobox(field));
  await user.click(await screen.findByRole('option', { name: option }));
};
const uploaderWindow = () => screen.getByTestId<HTMLIFrameElement>('uploader-frame').contentWindow!;
/** A message reaching the window, from the uploader frame unless another source is given. */
const post = (data: unknown, origin = videoOrigin, source: MessageEventSource | null = uploaderWindow()) =>
  act(() => void window.dispatchEvent(new MessageEvent('message', { origin, data, source })));
const frameHeight = () => getComputedStyle(screen.getByTestId('uploader-frame').parentElement!).height;

/** Step 1 done for a video: the uploader frame is there. */
async function toUploader(options: RenderOptions = {}) {
  const view = await openWizard(options);
  await view.user.type(textbox('Title'), 'Forklift training');
  await view.user.click(button('Continue'));
  await screen.findByTestId('uploader-frame');
  return view;
}

describe('content wizard, step 1', () => {
  it('starts a Video (REFERENCE, locked, no text) and continues only with a title', async () => {
    const { user } = await openWizard({ resources: { contents: contents([]), topics: topics() } });
    expect(screen.getByTestId('page-title').textContent).toBe('New content');
    expect(combobox('Type').textContent).toBe('Video');
    expect(combobox('Render type').textContent).toBe('Reference');
    expect(combobox('Render type').getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Text', hidden: true })).toBeNull();
    expect(textbox('Background')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Topics', hidden: true })).toBeTruthy();
    expect(button('Continue').disabled).toBe(true);
    await user.type(textbox('Title'), '   ');
    expect(button('Continue').disabled).toBe(true);
    await user.type(textbox('Title'), 'Forklift');
    expect(button('Continue').disabled).toBe(false);
  });

  it('saves an Article (INLINE) in step 1, says so and becomes its edit page', async () => {
    const resource = contents([]);
    const { user, location, history } = await openWizard({ resources: { contents: resource } });
    await user.type(textbox('Title'), 'Welcome');
    await choose(user, 'Type', 'Article');
    // An article starts INLINE: no upload step, a text to write.
    expect(combobox('Render type').textContent).toBe('Inline');
    expect(combobox('Render type').getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.type(textbox('Text'), '<b>Hello</b>');
    await user.click(button('Save'));
    await waitFor(() => expect(location()).toBe('/contents/new-1'));
    expect(resource.api.create).toHaveBeenCalledWith(
      {
        title: 'Welcome',
        background: null,
        type: 'Article',
        renderType: 'INLINE',
        topicIds: [],
        text: '<b>Hello</b>',
      },
      expect.any(String),
    );
    expect(history.entries()).toEqual(['/contents/new-1']);
    await waitFor(() => expect(notificationTexts()).toEqual(['Content created successfully']));
    expect((await screen.findByTestId('content-text-preview')).textContent).toBe('<b>Hello</b>');
    expect(screen.getByTestId('page-title').textContent).toBe('Edit content');
  });

  it('disables the button while creating', async () => {
    const resource = contents([]);
    resource.api.create.mockImplementationOnce(pending);
    const { user } = await openWizard({ resources: { contents: resource } });
    await user.type(textbox('Title'), 'Forklift');
    await user.click(button('Continue'));
    await waitFor(() => expect(button('Continue').disabled).toBe(true));
  });

  it("says 'Create failed' and stays in step 1 when the API refuses", async () => {
    const resource = contents([]);
    resource.api.create.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' } satisfies Failure);
    const { user, location } = await openWizard({ resources: { contents: resource } });
    await user.type(textbox('Title'), 'Forklift');
    await user.click(button('Continue'));
    await waitFor(() => expect(notificationTexts()).toEqual(['Create failed']));
    expect(location()).toBe('/contents/new');
    expect(button('Continue').disabled).toBe(false);
  });
});

describe('content wizard, step 2: the uploader', () => {
  it('creates the content with its topics, then embeds the uploader 600 px high behind a placeholder until it loads', async () => {
    const resource = contents([]);
    const { user } = await openWizard({ resources: { contents: resource, topics: topics() }, language: 'en' });
    await user.type(textbox('Title'), 'Forklift & safety');
    await user.click(screen.getByRole('combobox', { name: 'Topics', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Safety' }));
    await user.click(button('Continue'));
    const frame = await screen.findByTestId('uploader-frame');
    expect(resource.api.create).toHaveBeenCalledWith(
      { title: 'Forklift & safety', background: null, type: 'Video', renderType: 'REFERENCE', topicIds: ['t1'] },
      expect.any(String),
    );
    expect(frame.getAttribute('title')).toBe('Video uploader');
    expect(frame.getAttribute('src')).toBe(
      'http://acme.localhost:3001/upload?courseId=company-1&title=Forklift%20%26%20safety&lang=en&token=video-token',
    );
    expect(frameHeight()).toBe('600px');
    expect(screen.getByText('Loading the uploader…')).toBeTruthy();
    fireEvent.load(frame);
    expect(screen.queryByText('Loading the uploader…')).toBeNull();
    expect(screen.getByText('Upload the video of “Forklift & safety”.')).toBeTruthy();
  });

  it('asks for the uploader in Italian when the console speaks Italian', async () => {
    const { user } = renderConsole({
      path: '/contents/new',
      signedIn: companyLogin,
      refreshVideoToken: async () => videoToken,
      language: 'it',
    });
    await user.type(await screen.findByRole('textbox', { name: 'Titolo', hidden: true }), 'Muletto');
    await user.click(screen.getByRole('button', { name: 'Continua' }));
    expect((await screen.findByTestId('uploader-frame')).getAttribute('src')).toContain('&lang=it&');
  });

  it('resizes the frame as the uploader asks, between 300 and 1200 px, and ignores malformed sizes', async () => {
    await toUploader();
    await post({ type: 'resize', height: 750, force: true });
    expect(frameHeight()).toBe('750px');
    await post({ type: 'resize', height: 80 });
    expect(frameHeight()).toBe('300px');
    await post({ type: 'resize', height: 4000 });
    expect(frameHeight()).toBe('1200px');
    await post({ type: 'resize', height: '500' });
    await post({ type: 'resize', height: 500, extra: true });
    await post({ type: 'resize', height: 500 }, 'http://evil.localhost:3001');
    expect(frameHeight()).toBe('1200px');
  });

  it('attaches the uploaded video, says so and shows the contents', async () => {
    const resource = contents([]);
    const { location } = await toUploader({ resources: { contents: resource } });
    await post({ type: 'update', uuid: 'video-9' }, 'http://localhost:3000');
    await post({ type: 'update', uuid: 'video-9', status: 'READY' });
    await post(JSON.stringify({ type: 'update', uuid: 'video-9' }));
    expect(resource.api.update).not.toHaveBeenCalled();
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(location()).toBe('/contents'));
    expect(resource.api.update).toHaveBeenCalledWith('new-1', { externalUuid: 'video-9', status: 'PENDING_PROCESSING', version: 1 });
    await waitFor(() => expect(notificationTexts()).toEqual(['Content created successfully', 'Video uploaded: it is being processed']));
    expect(await screen.findByText('Processing')).toBeTruthy();
  });

  it('attaches the video to a content saved by someone else since step 1, on its current version', async () => {
    const resource = contents([]);
    const { location } = await toUploader({ resources: { contents: resource } });
    const created = resource.records.get('new-1')!;
    resource.records.set('new-1', { ...created, title: 'Renamed meanwhile', version: 2 });
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(location()).toBe('/contents'));
    expect(resource.api.update.mock.calls.map(([, body]) => body.version)).toEqual([1, 2]);
    expect(resource.records.get('new-1')).toMatchObject({ title: 'Renamed meanwhile', externalUuid: 'video-9', version: 3 });
  });

  it('shows the conflict when another video was attached to the content meanwhile', async () => {
    const resource = contents([]);
    const { location } = await toUploader({ resources: { contents: resource } });
    const created = resource.records.get('new-1')!;
    resource.records.set('new-1', { ...created, externalUuid: 'video-other', version: 2 });
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(notificationTexts()).toContain('Failed to update content'));
    expect(location()).toBe('/contents/new');
    expect(resource.api.update).toHaveBeenCalledTimes(1);
    expect(resource.records.get('new-1')).toMatchObject({ externalUuid: 'video-other', version: 2 });
  });

  it('names the content by its title read again when it was renamed meanwhile and the save then fails', async () => {
    const resource = contents([]);
    await toUploader({ resources: { contents: resource } });
    const created = resource.records.get('new-1')!;
    expect(screen.getByText(`Upload the video of “${created.title as string}”.`)).toBeTruthy();
    resource.records.set('new-1', { ...created, title: 'Renamed meanwhile', externalUuid: 'video-other', version: 2 });
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(notificationTexts()).toContain('Failed to update content'));
    expect(screen.getByText('Upload the video of “Renamed meanwhile”.')).toBeTruthy();
  });

  it('goes back to the contents when the uploader says so, and only then', async () => {
    const { location } = await toUploader({ resources: { contents: contents([]) } });
    await post({ type: 'reload' }, 'http://acme.localhost:3002');
    await post({ type: 'reload' }, 'null');
    await post(null);
    expect(location()).toBe('/contents/new');
    await post({ type: 'reload' });
    await waitFor(() => expect(location()).toBe('/contents'));
  });

  it("says 'Failed to update content' when attaching fails, and tries again", async () => {
    const resource = contents([]);
    resource.api.update.mockRejectedValueOnce({ kind: 'network', status: 'FETCH_ERROR' } satisfies Failure);
    const { user, location } = await toUploader({ resources: { contents: resource } });
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(notificationTexts()).toContain('Failed to update content'));
    const alert = screen.getAllByRole('alert').find((element) => !screen.getByTestId('notifications').contains(element))!;
    expect(alert.textContent).toContain('Failed to update content');
    expect(screen.queryByTestId('uploader-frame')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(location()).toBe('/contents'));
    expect(resource.api.update).toHaveBeenCalledTimes(2);
  });

  it('shows why there is no uploader and tries again', async () => {
    const refused: Failure = { kind: 'http', status: 503, message: 'The video service is not reachable' };
    const refresh = vi.fn<() => Promise<typeof videoToken>>().mockRejectedValueOnce(refused).mockResolvedValue(videoToken);
    const { user } = await openWizard({ resources: { contents: contents([]) }, refreshVideoToken: refresh });
    await user.type(textbox('Title'), 'Forklift');
    await user.click(button('Continue'));
    expect(await screen.findByText('The video service is not reachable')).toBeTruthy();
    expect(screen.queryByTestId('uploader-frame')).toBeNull();
    await user.click(button('Retry'));
    expect(await screen.findByTestId('uploader-frame')).toBeTruthy();
  });

  it('stops listening to the window once the wizard is left', async () => {
    const resource = contents([]);
    const { user, location } = await toUploader({ resources: { contents: resource } });
    const frameWindow = uploaderWindow();
    await user.click(button('Finish later'));
    await waitFor(() => expect(location()).toBe('/contents'));
    await post({ type: 'update', uuid: 'video-9' }, videoOrigin, frameWindow);
    expect(resource.api.update).not.toHaveBeenCalled();
  });

  it('takes messages from the uploader frame only, not from another window of the video service', async () => {
    const resource = contents([]);
    const { location } = await toUploader({ resources: { contents: resource } });
    await post({ type: 'update', uuid: 'video-9' }, videoOrigin, window);
    await post({ type: 'update', uuid: 'video-9' }, videoOrigin, null);
    await post({ type: 'reload' }, videoOrigin, null);
    expect(location()).toBe('/contents/new');
    expect(resource.api.update).not.toHaveBeenCalled();
    await post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(location()).toBe('/contents'));
    expect(resource.api.update).toHaveBeenCalledTimes(1);
  });
});
