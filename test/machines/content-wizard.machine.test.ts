import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  selectAccess,
  selectAttachFailure,
  selectEnding,
  selectFrameHeight,
  selectIsFrameLoading,
  selectStep,
  selectVideoFailure,
} from '../../src/machines/content-wizard.machine';
import { selectIsComplete } from '../../src/machines/form.machine';
import { pending } from './session-fixtures';
import { access, flush, message, noConfiguration, refreshRefused, serverError, staleContent, startWizard, storedContent } from './catalogue-fixtures';

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

  it('saves INLINE content in step 1 and ends there, with the new id', async () => {
    const { actor, fakes, change, form } = startWizard();
    change('title', 'Welcome');
    change('type', 'Article');
    change('renderType', 'INLINE');
    change('text', 'Hello');
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.createContent.mock.calls[0]![0].body).toMatchObject({ type: 'Article', renderType: 'INLINE', text: 'Hello' });
    expect(selectEnding(actor.getSnapshot())).toBe('savedInline');
    expect(actor.getSnapshot().context.content?.id).toBe('k1');
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
    wizard.actor.send(message({ type: 'update', uuid: 'v1' }));
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

  it('attaches the uploaded video: PUT externalUuid, PENDING_PROCESSING and the version, then ends', async () => {
    const { actor, fakes, emitted } = await uploading();
    actor.send(message({ type: 'update', uuid: 'video-1' }));
    expect(actor.getSnapshot().value).toBe('attaching');
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenCalledWith({ id: 'k1', externalUuid: 'video-1', version: 1 });
    expect(selectEnding(actor.getSnapshot())).toBe('attached');
    expect(emitted).toEqual([{ type: 'wizard.videoAttached', content: { id: 'k1', version: 1, title: 'Forklift training' } }]);
  });

  it('keeps the video id when attaching fails, and tries again on retry', async () => {
    const { actor, fakes, emitted } = await uploading({ attachVideo: () => Promise.reject(staleContent) });
    actor.send(message({ type: 'update', uuid: 'video-1' }));
    await waitFor(actor, (snapshot) => snapshot.matches('attachFailed'), { timeout: 1000 });
    expect(selectAttachFailure(actor.getSnapshot())).toEqual(staleContent);
    expect(emitted).toEqual([{ type: 'wizard.attachFailed', failure: staleContent }]);
    fakes.attachVideo.mockResolvedValueOnce(storedContent({ version: 2 }));
    actor.send({ type: 'wizard.retry' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(fakes.attachVideo).toHaveBeenLastCalledWith({ id: 'k1', externalUuid: 'video-1', version: 1 });
  });

  it('goes back to the contents when the uploader asks for a reload', async () => {
    const { actor, fakes } = await uploading();
    actor.send(message({ type: 'reload' }));
    expect(selectEnding(actor.getSnapshot())).toBe('left');
    expect(fakes.attachVideo).not.toHaveBeenCalled();
  });

  it.each([
    ['a height in range', { type: 'resize', height: 720 }, 720],
    ['below 300 px', { type: 'resize', height: 120 }, 300],
    ['above 1200 px', { type: 'resize', height: 5000 }, 1200],
    ['negative', { type: 'resize', height: -40 }, 300],
    ['the forced first height', { type: 'resize', height: 450, force: true }, 450],
  ])('resizes the frame: %s', async (_, data, height) => {
    const { actor } = await uploading();
    expect(selectFrameHeight(actor.getSnapshot())).toBe(600);
    actor.send(message(data));
    expect(selectFrameHeight(actor.getSnapshot())).toBe(height);
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
  });

  it.each([
    ['an update from another origin', message({ type: 'update', uuid: 'v1' }, 'http://evil.localhost:3001')],
    ['a reload from the console itself', message({ type: 'reload' }, 'http://localhost:3000')],
    ['a resize from another port', message({ type: 'resize', height: 900 }, 'http://acme.localhost:3002')],
    ['an origin that merely starts alike', message({ type: 'reload' }, 'http://acme.localhost:30011')],
    ['an unknown type', message({ type: 'delete', uuid: 'v1' })],
    ['an update without uuid', message({ type: 'update' })],
    ['an update with a numeric uuid', message({ type: 'update', uuid: 42 })],
    ['an update with an empty uuid', message({ type: 'update', uuid: '' })],
    ['an update with extra fields', message({ type: 'update', uuid: 'v1', status: 'READY' })],
    ['a reload with extra fields', message({ type: 'reload', to: '/users' })],
    ['a resize with a text height', message({ type: 'resize', height: '900' })],
    ['a resize with no height', message({ type: 'resize' })],
    ['a resize with NaN', message({ type: 'resize', height: Number.NaN })],
    ['a resize with Infinity', message({ type: 'resize', height: Number.POSITIVE_INFINITY })],
    ['a resize with a non-boolean force', message({ type: 'resize', height: 900, force: 'yes' })],
    ['a text message', message('{"type":"reload"}')],
    ['null', message(null)],
    ['an array', message([{ type: 'reload' }])],
    ['a number', message(7)],
  ])('ignores %s', async (_, event) => {
    const { actor, fakes } = await uploading();
    const before = actor.getSnapshot();
    actor.send(event);
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(selectFrameHeight(actor.getSnapshot())).toBe(600);
    expect(actor.getSnapshot().context.externalUuid).toBeNull();
    expect(fakes.attachVideo).not.toHaveBeenCalled();
  });

  it('ignores uploader messages before step 2 and while attaching', async () => {
    const wizard = startWizard({ attachVideo: pending });
    wizard.actor.send(message({ type: 'update', uuid: 'v1' }));
    wizard.actor.send(message({ type: 'reload' }));
    expect(wizard.actor.getSnapshot().value).toBe('details');
    wizard.change('title', 'Forklift training');
    wizard.form().send({ type: 'form.submit' });
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('uploading'), { timeout: 1000 });
    wizard.actor.send(message({ type: 'update', uuid: 'v1' }));
    wizard.actor.send(message({ type: 'update', uuid: 'v2' }));
    wizard.actor.send(message({ type: 'reload' }));
    expect(wizard.actor.getSnapshot().value).toBe('attaching');
    expect(wizard.fakes.attachVideo).toHaveBeenCalledTimes(1);
    expect(wizard.actor.getSnapshot().context.externalUuid).toBe('v1');
  });
});
