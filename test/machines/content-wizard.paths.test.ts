import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../src/domain/resource';
import type { VideoAccess } from '../../src/domain/video';
import { contentWizardMachine, type AttachVideoInput, type ContentWizardContext } from '../../src/machines/content-wizard.machine';
import type { formMachine } from '../../src/machines/form.machine';
import { newContentFields } from '../../src/views/resources/content-fields';
import { access, message, noConfiguration, refreshRefused, staleContent, storedContent } from './catalogue-fixtures';
import { definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions, type GraphEvent } from './graph-paths';

const input = { fields: newContentFields };

/** What the uploader bridge decides shows in the frame's height, the video id and the failure kinds. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { frameHeight, externalUuid, videoFailure, failure } = snapshot.context as ContentWizardContext;
  return JSON.stringify({ value: snapshot.value, frameHeight, externalUuid, videoFailure: videoFailure?.kind ?? null, failure: failure?.status ?? null });
};

const events: Array<[string, GraphEvent]> = [
  ['form: INLINE saved', done('form', { record: storedContent({ type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' }) })],
  ['form: REFERENCE created', done('form', { record: storedContent() })],
  ['token: ok', done('obtainVideoAccess', access)],
  ['token: no configuration', error('obtainVideoAccess', noConfiguration)],
  ['token: no access token', error('obtainVideoAccess', { kind: 'tokenUnavailable' })],
  ['token: refresh refused', error('obtainVideoAccess', refreshRefused)],
  ['token: aborted', error('obtainVideoAccess', { kind: 'aborted' })],
  ['retry', { type: 'wizard.retry' }],
  ['frame loaded', { type: 'wizard.frameLoaded' }],
  ['update', message({ type: 'update', uuid: 'video-1' })],
  ['update from another origin', message({ type: 'update', uuid: 'video-2' }, 'http://evil.localhost:3001')],
  ['update with a numeric uuid', message({ type: 'update', uuid: 7 })],
  ['reload', message({ type: 'reload' })],
  ['reload from another origin', message({ type: 'reload' }, 'http://localhost:3000')],
  ['reload with garbage', message({ type: 'reload', then: 'javascript:alert(1)' })],
  ['resize 720', message({ type: 'resize', height: 720 })],
  ['resize 120 (below 300)', message({ type: 'resize', height: 120 })],
  ['resize 5000 (above 1200)', message({ type: 'resize', height: 5000 })],
  ['resize forced 450', message({ type: 'resize', height: 450, force: true })],
  ['resize "tall"', message({ type: 'resize', height: 'tall' })],
  ['unknown type', message({ type: 'navigate', to: '/users' })],
  ['text data', message('reload')],
  ['attach: ok', done('attachVideo', storedContent({ version: 2, externalUuid: 'video-1', status: 'PENDING_PROCESSING' }))],
  ['attach: stale version', error('attachVideo', staleContent)],
];

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(contentWizardMachine, { input, events, serializeState });

const options: DriveOptions = {
  input,
  describeEvent,
  serializeState,
  provide: (invoked) =>
    contentWizardMachine.provide({
      actors: {
        contentForm: invoked<{ record: StoredRecord }, unknown>() as unknown as typeof formMachine,
        obtainVideoAccess: invoked<VideoAccess, void>(),
        attachVideo: invoked<StoredRecord, AttachVideoInput>(),
      },
    }),
};

describe('content wizard: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));
});

describe('content wizard: every transition', () => {
  it.each(transitionPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));

  it('reaches the clamped heights and ignores every malformed or foreign message', () => {
    const heights = new Set(shortestPaths.map((path) => (path.state.context as ContentWizardContext).frameHeight));
    expect([...heights].sort((a, b) => a - b)).toEqual([300, 450, 600, 720, 1200]);
    const uuids = new Set(shortestPaths.map((path) => (path.state.context as ContentWizardContext).externalUuid));
    expect([...uuids]).toEqual(expect.arrayContaining([null, 'video-1']));
    expect(uuids.has('video-2')).toBe(false);
    const ignored = ['update from another origin', 'update with a numeric uuid', 'reload from another origin', 'reload with garbage', 'resize "tall"', 'unknown type', 'text data'];
    const used = new Set(transitionPaths.flatMap((path) => path.steps.map((step) => describeEvent(step.event))));
    expect(ignored.filter((label) => used.has(label))).toEqual([]);
  });

  it('together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    const defined = definedByMachine(contentWizardMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });
});
