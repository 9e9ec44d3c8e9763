import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyLogin } from '../support/fixtures/session';
import { contentRecord, contents, videoOrigin, videoToken } from '../support/views/catalogue-fixtures';
import { renderConsole, type RenderOptions } from '../support/views/render-console';
import { notificationTexts } from '../support/views/screen-queries';

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
const videoPanel = () => screen.getByTestId('content-video');
const panelButtons = () =>
  within(videoPanel())
    .queryAllByRole('button')
    .map((button) => button.textContent);
const uploaderWindow = () => screen.getByTestId<HTMLIFrameElement>('uploader-frame').contentWindow!;
const post = (data: unknown) =>
  act(() => void window.dispatchEvent(new MessageEvent('message', { origin: videoOrigin, data, source: uploaderWindow() })));

describe("a content's video on its edit page", () => {
  it.each([
    ['a Video without one (the wizard was left)', 'k3', 'This content has no video yet.', ['Upload a video']],
    ['a FAILED video: no player, why, and Upload it again', 'k5', 'This video could not be processed.', ['Upload it again']],
    ['a READY video: its player, and Replace video', 'k1', null, ['Replace video']],
    ['a video being processed: its player, and Replace video', 'k4', null, ['Replace video']],
  ] as const)('%s', async (_, id, text, buttons) => {
    await openRecord(`/contents/${id}`, { resources: { contents: contents() } });
    await waitFor(() => expect(panelButtons()).toEqual(buttons));
    if (text) expect(videoPanel().textContent).toContain(text);
    if (text) expect(within(videoPanel()).queryByTestId('player-frame')).toBeNull();
    else expect(await within(videoPanel()).findByTestId('player-frame')).toBeTruthy();
  });

  it('offers a podcast an audio file, not a video', async () => {
    const podcast = contentRecord('k9', { title: 'Safety talk', type: 'Podcast', status: 'DRAFT' });
    await openRecord('/contents/k9', { resources: { contents: contents([podcast]) } });
    await waitFor(() => expect(panelButtons()).toEqual(['Upload an audio file']));
    expect(videoPanel().textContent).toContain('This podcast has no audio file yet.');
    expect(videoPanel().textContent).not.toMatch(/video/i);
  });

  it('shows a neutral placeholder that says so when the background image cannot be loaded', async () => {
    await openRecord('/contents/k9', {
      resources: { contents: contents([contentRecord('k9', { title: 'Gone', background: 'https://img.test/gone.png' })]) },
    });
    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Preview of Background' });
    act(() => void image.dispatchEvent(new Event('error')));
    expect(await screen.findByRole('img', { name: 'The image of Background cannot be shown: check its address' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of Background' })).toBeNull();
  });

  it.each([
    ['Upload a video', 'k3'],
    ['Upload it again', 'k5'],
    ['Replace video', 'k1'],
  ])('%s opens the uploader of that content', async (action, id) => {
    const { user, location } = await openRecord(`/contents/${id}`, { resources: { contents: contents() } });
    await user.click(await within(videoPanel()).findByRole('button', { name: action }));
    await waitFor(() => expect(location()).toBe(`/contents/${id}/video`));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Content video');
    const frame = await screen.findByTestId('uploader-frame');
    expect(new URL(frame.getAttribute('src')!).searchParams.get('courseId')).toBe('company-1');
  });

  it('offers nothing for an INLINE article, and asks to save first a content switched to Reference', async () => {
    const { user } = await openRecord('/contents/k2', { resources: { contents: contents() } });
    expect(screen.queryByTestId('content-video')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Render type', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Reference' }));
    expect(videoPanel().textContent).toContain('Save the content as Reference to upload its video.');
    expect(panelButtons()).toEqual([]);
  });

  it('in Italian', async () => {
    await open('/contents/k5', { resources: { contents: contents() }, language: 'it' });
    await screen.findByRole('button', { name: 'Salva' });
    await waitFor(() => expect(panelButtons()).toEqual(['Caricalo di nuovo']));
    expect(videoPanel().textContent).toContain('Non è stato possibile elaborare questo video.');
  });
});

describe('/contents/{id}/video', () => {
  it("uploads the content's first video: attached on the version read, then back to its page, told so", async () => {
    const resource = contents();
    const { location } = await open('/contents/k3/video', { resources: { contents: resource } });
    expect(screen.getByTestId('page-title').textContent).toBe('Content video');
    expect(await screen.findByText('Upload the video of “Warehouse tour”.')).toBeTruthy();
    await screen.findByTestId('uploader-frame');
    expect(screen.queryByText('The current video stays until the new one is uploaded.')).toBeNull();
    expect(screen.queryByText('Details')).toBeNull();
    post({ type: 'update', uuid: 'video-9' });
    await waitFor(() => expect(location()).toBe('/contents/k3'));
    expect(resource.api.update).toHaveBeenCalledWith('k3', { externalUuid: 'video-9', status: 'PENDING_PROCESSING', version: 1 });
    await waitFor(() => expect(notificationTexts()).toEqual(['Video uploaded: it is being processed']));
    expect(await within(await screen.findByTestId('content-video')).findByRole('button', { name: 'Replace video' })).toBeTruthy();
  });

  it('says the current video stays while replacing one; Finish later leads back to the content, unchanged', async () => {
    const resource = contents();
    const { user, location } = await open('/contents/k1/video', { resources: { contents: resource } });
    await screen.findByTestId('uploader-frame');
    expect(screen.getByText('The current video stays until the new one is uploaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finish later' }));
    await waitFor(() => expect(location()).toBe('/contents/k1'));
    expect(resource.api.update).not.toHaveBeenCalled();
  });

  it('has no upload for an INLINE content, and Back leads to it', async () => {
    const { user, location } = await open('/contents/k2/video', { resources: { contents: contents() } });
    expect(await screen.findByText('This content is shown inline: it has no video to upload.')).toBeTruthy();
    expect(screen.queryByTestId('uploader-frame')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/contents/k2'));
  });

  it('says a content that cannot be read, and reads it again on Retry', async () => {
    const resource = contents([contentRecord('k3', { title: 'Warehouse tour' })]);
    resource.api.get.mockRejectedValueOnce({ kind: 'http', status: 500, message: 'Boom' });
    const { user } = await open('/contents/k3/video', { resources: { contents: resource } });
    expect(await screen.findByText('Error loading content')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('uploader-frame')).toBeTruthy();
  });
});
