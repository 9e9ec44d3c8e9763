import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../../src/domain/resource';
import type { VideoAccess } from '../../../src/domain/video';
import { contentWizardMachine, type AttachVideoInput, type ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import type { formMachine } from '../../../src/machines/form.machine';
import { UPLOADER_HEIGHT } from '../../../src/machines/video-links';
import { newContentFields } from '../../../src/views/resources/content-fields';
import { access, message, noConfiguration, refreshRefused, staleContent, storedContent } from '../../machines/catalogue-fixtures';
import { done, error } from '../../machines/graph-paths';
import type { MachineModel } from '../model';

export const contentWizardModel: MachineModel = {
  name: 'content-wizard',
  summary: 'Creating a content in two steps: its details (the content form), then for a video the upload in the video service frame and attaching the uploaded video.',
  machine: contentWizardMachine,
  bounded:
    "A state is its value, the frame's height while the frame is shown, the video id received and the failure kinds; heights come from a handful of resize messages.",
  scenarios: [
    {
      name: 'wizard',
      input: { fields: newContentFields },
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { frameHeight, externalUuid, videoFailure, failure } = snapshot.context as ContentWizardContext;
        // The frame's height counts only while the frame is shown: the wizard never comes back to it.
        return JSON.stringify({
          value: snapshot.value,
          frameHeight: snapshot.matches('uploading') ? frameHeight : null,
          externalUuid,
          videoFailure: videoFailure?.kind ?? null,
          failure: failure?.status ?? null,
        });
      },
      events: [
        ['details: an INLINE article saved', done('form', { record: storedContent({ type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' }) })],
        ['details: a video created', done('form', { record: storedContent() })],
        ['token: ok', done('obtainVideoAccess', access)],
        ['token: no configuration', error('obtainVideoAccess', noConfiguration)],
        ['token: refresh refused', error('obtainVideoAccess', refreshRefused)],
        ['retry', { type: 'wizard.retry' }],
        ['frame loaded', { type: 'wizard.frameLoaded' }],
        ['update', message({ type: 'update', uuid: 'video-1' })],
        ['update from another origin', message({ type: 'update', uuid: 'video-2' }, 'http://evil.localhost:3001')],
        ['reload', message({ type: 'reload' })],
        ['resize 720', message({ type: 'resize', height: 720 })],
        ['resize 120 (below 300)', message({ type: 'resize', height: 120 })],
        ['resize 5000 (above 1200)', message({ type: 'resize', height: 5000 })],
        ['resize forced 450', message({ type: 'resize', height: 450, force: true })],
        ['resize "tall"', message({ type: 'resize', height: 'tall' })],
        ['attach: ok', done('attachVideo', storedContent({ version: 2, externalUuid: 'video-1', status: 'PENDING_PROCESSING' }))],
        ['attach: stale version', error('attachVideo', staleContent)],
      ],
    },
  ],
  provide: (invoked) =>
    contentWizardMachine.provide({
      actors: {
        contentForm: invoked<{ record: StoredRecord }, unknown>() as unknown as typeof formMachine,
        obtainVideoAccess: invoked<VideoAccess, void>(),
        attachVideo: invoked<StoredRecord, AttachVideoInput>(),
      },
    }),
  invariants: [
    [
      'the frame is between its minimum and maximum height',
      (s) => {
        const { frameHeight } = s.context as ContentWizardContext;
        return frameHeight >= UPLOADER_HEIGHT.min && frameHeight <= UPLOADER_HEIGHT.max;
      },
    ],
    ['a video id only ever comes from the video service', (s) => [null, 'video-1'].includes((s.context as ContentWizardContext).externalUuid)],
  ],
};
