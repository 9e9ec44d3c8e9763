import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import {
  selectAccess,
  selectAttachFailure,
  selectContent,
  selectForExistingContent,
  selectFrameHeight,
  selectIsAttaching,
  selectIsFrameLoading,
  selectIsNotReference,
  selectIsOpening,
  selectIsPreparing,
  selectOpenFailure,
  selectStep,
  selectVideoFailure,
} from '../../src/machines/content-wizard.machine';
import { selectIsComplete } from '../../src/machines/form.machine';
import { pending } from '../support/fixtures/session';
import {
  access,
  existingContentInput,
  failedVideoContent,
  flush,
  noConfiguration,
  refreshRefused,
  serverError,
  staleContent,
  startWizard,
  storedContent,
} from '../support/fixtures/catalogue';

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
    expect(actor.getSnapshot().context.content).toEqual({ id: 'k1', version: 1, title: 'Forklift training', videoBefore: null });
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
    expect(selectIsPreparing(wizard.actor.getSnapshot())).toBe(false);
    wizard.change('title', 'Forklift training');
    wizard.form().send({ type: 'form.submit' });
    await waitFor(wizard.actor, selectIsPreparing, { timeout: 1000 });
    expect(wizard.actor.getSnapshot().value).toBe('preparingUpload');
    wizard.actor.send({ type: 'uploader.update', uuid: 'v1' });
    expect(wizard.actor.getSnapshot().value).toBe('preparingUpload');
    expect(selectAccess(wizard.actor.getSnapshot())).toBeNull();
  });
});

describe('content wizard: the uploader bridge', () => {
  it("listens to the video service's origin only, from the token's service URL", async () => {
    const { fakes } = await uploading({
      obtainVideoAccess: async () => ({ ...access, serviceUrl: 'https://video.example.com/tenant/acme/' }),
    });
    expect(fakes.listen.mock.calls).toEqual([[{ origin: 'https://video.example.com' }]]);
  });

  it('shows a placeholder until the frame has loaded', async () => {
    const { actor } = await uploading();
    expect(selectIsFrameLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'wizard.frameLoaded' });
    expect(selectIsFrameLoading(actor.getSnapshot())).toBe(false);
  });

  it('attaches the uploaded video: PUT externalUuid, PENDING_PROCESSING and the version, then says so and leads to the contents', async () => {
    const { actor, fakes, outcomes } = await uploading();
    expect(selectIsAttaching(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    expect(selectIsAttaching(actor.getSnapshot())).toBe(true);
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

  it("leaves for the contents on 'Finish later', the content staying without a video", async () => {
    const { actor, fakes, outcomes } = await uploading();
    actor.send({ type: 'wizard.leave' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(outcomes.at(-1)).toEqual({ navigate: { path: '/contents' } });
    expect(fakes.attachVideo).not.toHaveBeenCalled();
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
    const { actor, fakes, outcomes } = await uploading({
      loadContent: async () => storedContent({ version: 3, title: 'Forklift basics' }),
    });
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

  it.each([
    ['a second conflict', { version: 3, title: 'Forklift basics' }],
    ['another video attached', { version: 3, title: 'Forklift basics', externalUuid: 'video-other' }],
  ] as const)('names the content by the title read again, renamed meanwhile, when the save then fails on %s', async (_, reread) => {
    const { actor } = await uploading({ attachVideo: () => Promise.reject(staleContent), loadContent: async () => storedContent(reread) });
    expect(selectContent(actor.getSnapshot())?.title).toBe('Forklift training');
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(selectContent(actor.getSnapshot())).toMatchObject({ id: 'k1', title: 'Forklift basics' });
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
    const { actor, fakes } = await uploading({
      attachVideo: () => Promise.reject(staleContent),
      loadContent: () => Promise.reject(serverError),
    });
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

/** The wizard opened for the existing content k1 (/contents/k1/video), which it reads as `loadContent` answers. */
async function openExisting(
  overrides: Parameters<typeof startWizard>[0] = {},
  until: 'uploading' | 'opening' | 'preparingUpload' | 'openFailed' | 'notReference' = 'uploading',
) {
  const wizard = startWizard({ loadContent: async () => failedVideoContent(), ...overrides }, existingContentInput);
  await waitFor(wizard.actor, (snapshot) => snapshot.matches(until), { timeout: 1000 });
  return wizard;
}

describe('content wizard: an existing content’s video', () => {
  it('reads the content first, without any form, and starts at the upload with its title, version and the video it had', async () => {
    const wizard = startWizard({ loadContent: async () => failedVideoContent() }, existingContentInput);
    expect(wizard.actor.getSnapshot().value).toBe('opening');
    expect(selectIsOpening(wizard.actor.getSnapshot())).toBe(true);
    expect(selectForExistingContent(wizard.actor.getSnapshot())).toBe(true);
    expect(selectStep(wizard.actor.getSnapshot())).toBe('upload');
    expect(wizard.actor.getSnapshot().children.form).toBeUndefined();
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    expect(wizard.fakes.loadContent).toHaveBeenCalledWith({ id: 'k1' });
    expect(wizard.fakes.createContent).not.toHaveBeenCalled();
    expect(selectContent(wizard.actor.getSnapshot())).toEqual({ id: 'k1', version: 3, title: 'Forklift training', videoBefore: 'video-0' });
    expect(selectAccess(wizard.actor.getSnapshot())).toEqual(access);
  });

  it('a new content is not an existing one: the wizard starts with its details', () => {
    const { actor } = startWizard();
    expect(selectForExistingContent(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().value).toBe('details');
  });

  it('attaches the new video on the version read (replacing a FAILED one), says so and leads back to the content', async () => {
    const { actor, fakes, outcomes } = await openExisting();
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(actor.getSnapshot().value).toBe('attached');
    expect(fakes.attachVideo).toHaveBeenCalledWith({ id: 'k1', externalUuid: 'video-1', version: 3 });
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.videoUploaded' } },
      { navigate: { path: '/contents/k1' } },
    ]);
  });

  it('gives a content without a video its first one', async () => {
    const { actor, fakes } = await openExisting({ loadContent: async () => storedContent({ version: 5 }) });
    expect(selectContent(actor.getSnapshot())?.videoBefore).toBeNull();
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledWith({ id: 'k1', externalUuid: 'video-1', version: 5 });
  });

  it.each([
    ['while reading the content', 'opening', { loadContent: pending }],
    ['while the token is on its way', 'preparingUpload', { obtainVideoAccess: pending }],
    ['with the uploader shown', 'uploading', {}],
    ['after a failed attach', 'attachFailed', { attachVideo: () => Promise.reject(serverError) }],
  ] as const)("'Finish later' (or Back) leads back to the content, which keeps its video: %s", async (_, state, fakes) => {
    const { actor, fakes: called, outcomes } = await openExisting(fakes, state === 'attachFailed' ? 'uploading' : state);
    if (state === 'attachFailed') {
      actor.send({ type: 'uploader.update', uuid: 'video-1' });
      await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    }
    actor.send({ type: 'wizard.leave' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(outcomes.at(-1)).toEqual({ navigate: { path: '/contents/k1' } });
    expect(called.attachVideo).toHaveBeenCalledTimes(state === 'attachFailed' ? 1 : 0);
  });

  it("leads back to the content when the uploader's 'Back to contents' is clicked", async () => {
    const { actor, outcomes } = await openExisting();
    actor.send({ type: 'uploader.reload' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(outcomes).toEqual([{ navigate: { path: '/contents/k1' } }]);
  });

  it('says when the content cannot be read, and reads it again on retry', async () => {
    const wizard = await openExisting({ loadContent: () => Promise.reject(serverError) }, 'openFailed');
    expect(selectOpenFailure(wizard.actor.getSnapshot())).toEqual(serverError);
    expect(wizard.fakes.obtainVideoAccess).not.toHaveBeenCalled();
    wizard.fakes.loadContent.mockResolvedValueOnce(failedVideoContent());
    wizard.actor.send({ type: 'wizard.retry' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    expect(wizard.fakes.loadContent).toHaveBeenCalledTimes(2);
    expect(selectOpenFailure(wizard.actor.getSnapshot())).toBeNull();
  });

  it('offers no upload for an INLINE content: it has no video', async () => {
    const inline = storedContent({ type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' });
    const { actor, fakes, outcomes } = await openExisting({ loadContent: async () => inline }, 'notReference');
    expect(selectIsNotReference(actor.getSnapshot())).toBe(true);
    expect(fakes.obtainVideoAccess).not.toHaveBeenCalled();
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    expect(actor.getSnapshot().value).toBe('notReference');
    actor.send({ type: 'wizard.leave' });
    expect(outcomes).toEqual([{ navigate: { path: '/contents/k1' } }]);
  });

  it.each([
    ['the video it had (the one being replaced)', { title: 'Forklift basics' }],
    ['no video any more (removed meanwhile)', { externalUuid: null }],
    ['the video uploaded here already', { externalUuid: 'video-1' }],
  ] as const)('after a conflict, still attaches on the version read again when the content has %s', async (_, reread) => {
    const { actor, fakes } = await openExisting({
      attachVideo: vi
        .fn()
        .mockRejectedValueOnce(staleContent)
        .mockResolvedValue(storedContent({ version: 5 })),
      loadContent: vi
        .fn()
        .mockResolvedValueOnce(failedVideoContent())
        .mockResolvedValue(failedVideoContent({ version: 4, ...reread })),
    });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(actor.getSnapshot().value).toBe('attached');
    expect(fakes.attachVideo.mock.calls.map(([input]) => input)).toEqual([
      { id: 'k1', externalUuid: 'video-1', version: 3 },
      { id: 'k1', externalUuid: 'video-1', version: 4 },
    ]);
  });

  it('after a conflict, shows it when someone else attached a third video meanwhile', async () => {
    const { actor, fakes } = await openExisting({
      attachVideo: () => Promise.reject(staleContent),
      loadContent: vi
        .fn()
        .mockResolvedValueOnce(failedVideoContent())
        .mockResolvedValue(failedVideoContent({ version: 4, externalUuid: 'video-other', status: 'PENDING_PROCESSING' })),
    });
    actor.send({ type: 'uploader.update', uuid: 'video-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledTimes(1);
  });
});
