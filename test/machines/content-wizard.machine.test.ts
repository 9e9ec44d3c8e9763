import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  selectAccess,
  selectAttachFailure,
  selectFrameHeight,
  selectIsFrameLoading,
  selectStep,
  selectVideoFailure,
} from '../../src/machines/content-wizard.machine';
import { selectIsComplete } from '../../src/machines/form.machine';
import { pending } from '../support/fixtures/session';
import { access, flush, noConfiguration, refreshRefused, serverError, staleContent, startWizard, storedContent } from '../support/fixtures/catalogue';

/** The wizard in step 2 with the uploader's frame shown. */
async function uploading(overrides: Parameters<typeof startWizard>[0] = {}) {
  const wizard = startWizard(overrides);
  wizard.change('title', 'Forklift training');
  wizard.form().send({ type: 'form.submit' });
  await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
  return wizard;
}

describe('content wizard: step 1', () => {
  it('starts with the content form of a new Video (REFERENCE), which cannot go on without a title', () => {
    const { actor, form, change } = startWizard();
    expect(selectStep(actor.getSnapshot())).toBe('details');
    expect(form().getSnapshot().context.values).toMatchObject({ title: '', type: 'Video', renderType: 'REFERENCE' });
    expect(selectIsComplete(form().getSnapshot())).toBe(false);
    change('title', '  ');
    expect(selectIsComplete(form().getSnapshot())).toBe(false);
    change('title', 'Forklift training');
    expect(selectIsComplete(form().getSnapshot())).toBe(true);
  });

  it('creates REFERENCE content with its topics and goes on to the upload with its id and version', async () => {
    const { actor, fakes, change, form } = startWizard();
    change('title', 'Forklift training');
    form().send({ type: 'form.change', field: 'topics', value: [{ id: 't1', name: 'Safety' }] });
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    expect(fakes.createContent).toHaveBeenCalledWith({
      id: null,
      body: { title: 'Forklift training', background: null, type: 'Video', renderType: 'REFERENCE', topicIds: ['t1'] },
      version: null,
      idempotencyKey: null,
    });
    expect(actor.getSnapshot().context.content).toEqual({ id: 'k1', version: 1, title: 'Forklift training' });
    expect(selectAccess(actor.getSnapshot())).toEqual(access);
    expect(selectStep(actor.getSnapshot())).toBe('upload');
  });

  it('saves INLINE content in step 1, says so and ends there, leading to the new content in place of the wizard', async () => {
    const { actor, fakes, change, form, outcomes } = startWizard();
    change('title', 'Welcome');
    change('type', 'Article');
    change('renderType', 'INLINE');
    change('text', 'Hello');
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.createContent.mock.calls[0]![0].body).toMatchObject({ type: 'Article', renderType: 'INLINE', text: 'Hello' });
    expect(actor.getSnapshot().value).toBe('savedInline');
    expect(actor.getSnapshot().context.content?.id).toBe('k1');
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.contentCreated' } },
      { navigate: null },
      { navigate: { path: '/contents/k1', replace: true } },
    ]);
    expect(fakes.obtainVideoAccess).not.toHaveBeenCalled();
  });

  it('stays in step 1 when the creation fails', async () => {
    const { actor, change, form } = startWizard({ createContent: () => Promise.reject(serverError) });
    change('title', 'Forklift training');
    form().send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('details');
    expect(form().getSnapshot().value).toBe('editing');
  });
});

describe('content wizard: the token for the uploader', () => {
  it('shows the failure as data and tries again on retry', async () => {
    const wizard = startWizard({ obtainVideoAccess: () => Promise.reject(noConfiguration) });
    wizard.change('title', 'Forklift training');
    wizard.form().send({ type: 'form.submit' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('tokenFailed'), { timeout: 1000 });
    expect(selectVideoFailure(wizard.actor.getSnapshot())).toEqual(noConfiguration);
    wizard.fakes.obtainVideoAccess.mockRejectedValueOnce(refreshRefused);
    wizard.actor.send({ type: 'wizard.retry' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('tokenFailed'), { timeout: 1000 });
    expect(selectVideoFailure(wizard.actor.getSnapshot())).toEqual(refreshRefused);
    wizard.fakes.obtainVideoAccess.mockResolvedValueOnce(access);
    wizard.actor.send({ type: 'wizard.retry' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    expect(wizard.fakes.obtainVideoAccess).toHaveBeenCalledTimes(3);
  });

  it('waits for the token before anything of step 2', async () => {
    const wizard = startWizard({ obtainVideoAccess: pending });
    wizard.change('title', 'Forklift training');
    wizard.form().send({ type: 'form.submit' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('preparingUpload'), { timeout: 1000 });
    wizard.actor.send({ type: 'uploader.update', uuid: 'v1' });
    expect(wizard.actor.getSnapshot().value).toBe('preparingUpload');
    expect(selectAccess(wizard.actor.getSnapshot())).toBeNull();
  });
});

describe('content wizard: the uploader bridge', () => {
  it('shows a placeholder until the frame has loaded', async () => {
    const { actor } = await uploading();
    expect(selectIsFrameLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'wizard.frameLoaded' });
    expect(selectIsFrameLoading(actor.getSnapshot())).toBe(false);
  });

  it('attaches the uploaded video: PUT externalUuid, PENDING_PROCESSING and the version, then says so and leads to the contents', async () => {
    const { actor, fakes, outcomes } = await uploading();
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    expect(actor.getSnapshot().matches('attaching')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledWith({ id: 'k1', externalUuid: 'video-1', version: 1 });
    expect(actor.getSnapshot().value).toBe('attached');
    expect(outcomes.slice(-2)).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.videoUploaded' } },
      { navigate: { path: '/contents' } },
    ]);
  });

  it('keeps the video id when attaching fails, says so, and tries again on retry', async () => {
    const { actor, fakes, outcomes } = await uploading({ attachVideo: () => Promise.reject(serverError) });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(selectAttachFailure(actor.getSnapshot())).toEqual(serverError);
    expect(outcomes.at(-1)).toEqual({ notify: { severity: 'error', messageKey: 'feedback.contentUpdateFailed' } });
    fakes.attachVideo.mockResolvedValueOnce(storedContent({ version: 2 }));
    actor.send({ type: 'wizard.retry' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenLastCalledWith({ id: 'k1', externalUuid: 'video-1', version: 1 });
  });

  it('goes back to the contents when the uploader asks for a reload', async () => {
    const { actor, fakes, outcomes } = await uploading();
    actor.send({ type: 'uploader.reload' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(outcomes.at(-1)).toEqual({ navigate: { path: '/contents' } });
    expect(fakes.attachVideo).not.toHaveBeenCalled();
  });
});

describe('content wizard: a content saved by someone else meanwhile', () => {
  it('reads it again and attaches the video on its current version', async () => {
    const { actor, fakes, outcomes } = await uploading({ loadContent: async () => storedContent({ version: 3, title: 'Forklift basics' }) });
    fakes.attachVideo.mockRejectedValueOnce(staleContent);
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.loadContent).toHaveBeenCalledWith({ id: 'k1' });
    expect(fakes.attachVideo.mock.calls.map(([input]) => input)).toEqual([
      { id: 'k1', externalUuid: 'video-1', version: 1 },
      { id: 'k1', externalUuid: 'video-1', version: 3 },
    ]);
    expect(actor.getSnapshot().value).toBe('attached');
    expect(outcomes.at(-1)).toEqual({ navigate: { path: '/contents' } });
  });

  it('shows the conflict when another video was attached to it meanwhile', async () => {
    const { actor, fakes, outcomes } = await uploading({
      attachVideo: () => Promise.reject(staleContent),
      loadContent: async () => storedContent({ version: 3, externalUuid: 'video-other' }),
    });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledTimes(1);
    expect(selectAttachFailure(actor.getSnapshot())).toEqual(staleContent);
    expect(outcomes.at(-1)).toEqual({ notify: { severity: 'error', messageKey: 'feedback.contentUpdateFailed' } });
  });

  it('tries once more only: a second conflict is the user’s to see', async () => {
    const { actor, fakes } = await uploading({ attachVideo: () => Promise.reject(staleContent) });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(fakes.loadContent).toHaveBeenCalledTimes(1);
    expect(fakes.attachVideo).toHaveBeenCalledTimes(2);
    expect(selectAttachFailure(actor.getSnapshot())).toEqual(staleContent);
  });

  it('shows the failure when the content cannot be read again', async () => {
    const { actor, fakes } = await uploading({ attachVideo: () => Promise.reject(staleContent), loadContent: () => Promise.reject(serverError) });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledTimes(1);
    expect(selectAttachFailure(actor.getSnapshot())).toEqual(serverError);
  });
});

describe('content wizard: uploader events out of step 2', () => {

  it.each([
    ['a height in range', { height: 720 }, 720],
    ['below 300 px', { height: 120 }, 300],
    ['above 1200 px', { height: 5000 }, 1200],
    ['negative', { height: -40 }, 300],
    ['the forced first height', { height: 450, force: true }, 450],
  ])('resizes the frame: %s', async (_, size, height) => {
    const { actor } = await uploading();
    expect(selectFrameHeight(actor.getSnapshot())).toBe(600);
    actor.send({ type: 'uploader.resize', ...size });
    expect(selectFrameHeight(actor.getSnapshot())).toBe(height);
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
  });

  it('ignores uploader events before step 2 and while attaching', async () => {
    const wizard = startWizard({ attachVideo: pending });
    wizard.actor.send({ type: 'uploader.update', uuid: 'v1' });
    wizard.actor.send({ type: 'uploader.reload' });
    expect(wizard.actor.getSnapshot().value).toBe('details');
    wizard.change('title', 'Forklift training');
    wizard.form().send({ type: 'form.submit' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    wizard.actor.send({ type: 'uploader.update', uuid: 'v1' });
    wizard.actor.send({ type: 'uploader.update', uuid: 'v2' });
    wizard.actor.send({ type: 'uploader.reload' });
    expect(wizard.actor.getSnapshot().matches('attaching')).toBe(true);
    expect(wizard.fakes.attachVideo).toHaveBeenCalledTimes(1);
    expect(wizard.actor.getSnapshot().context.externalUuid).toBe('v1');
  });
});
