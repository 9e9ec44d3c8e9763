import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../../src/domain/resource';
import type { VideoAccess } from '../../../src/domain/video';
import { contentWizardMachine, type AttachVideoInput, type ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import type { formMachine } from '../../../src/machines/form.machine';
import { UPLOADER_HEIGHT } from '../../../src/machines/video-links';
import { access, noConfiguration, refreshRefused, serverError, staleContent, storedContent, wizardInput } from '../fixtures/catalogue';
import { done, error } from '../paths/graph-paths';
import type { MachineModel } from '../paths/model';

export const contentWizardModel: MachineModel = {
  name: 'content-wizard',
  summary: 'Creating a content in two steps: its details (the content form), then for a video the upload in the video service frame and attaching the uploaded video.',
  machine: contentWizardMachine,
  bounded:
    "A state is its value, the frame's height while the frame is shown, the video id received, the content's version and the failure kinds; heights come from a handful of resize messages.",
  impossible: [
    "Messages of another window, of another origin or of another shape never become `uploader.*` events: the uploader bridge drops them (test/views/content-wizard.test.tsx plays them in the console, test/machines/uploader-messages.test.ts reads them).",
  ],
  scenarios: [
    {
      name: 'wizard',
      input: wizardInput,
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { frameHeight, externalUuid, content, videoFailure, failure } = snapshot.context as ContentWizardContext;
        // The frame's height counts only while the frame is shown: the wizard never comes back to it.
        return JSON.stringify({
          value: snapshot.value,
          frameHeight: snapshot.matches('uploading') ? frameHeight : null,
          externalUuid,
          version: content?.version ?? null,
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
        ['update', { type: 'uploader.update', uuid: 'video-1' }],
        ['reload', { type: 'uploader.reload' }],
        ['resize 720', { type: 'uploader.resize', height: 720 }],
        ['resize 120 (below 300)', { type: 'uploader.resize', height: 120 }],
        ['resize 5000 (above 1200)', { type: 'uploader.resize', height: 5000 }],
        ['resize forced 450', { type: 'uploader.resize', height: 450, force: true }],
        ['attach: ok', done('attachVideo', storedContent({ version: 2, externalUuid: 'video-1', status: 'PENDING_PROCESSING' }))],
        ['attach: stale version', error('attachVideo', staleContent)],
        ['attach: 500', error('attachVideo', serverError)],
        ['read again: no other video', done('loadContent', storedContent({ version: 2, title: 'Forklift basics' }))],
        ['read again: another video attached', done('loadContent', storedContent({ version: 2, externalUuid: 'video-other' }))],
        ['read again: 500', error('loadContent', serverError)],
      ],
    },
  ],
  provide: (invoked) =>
    contentWizardMachine.provide({
      actors: {
        contentForm: invoked<{ record: StoredRecord }, unknown>() as unknown as typeof formMachine,
        obtainVideoAccess: invoked<VideoAccess, void>(),
        attachVideo: invoked<StoredRecord, AttachVideoInput>(),
        loadContent: invoked<StoredRecord, { id: string }>(),
      },
    }),
  requirements: [
    {
      id: 'WIZARD-INLINE',
      rule: "An inline content (an article) is done once its details are saved.",
      by: [
        "contentWizard.details \u2014xstate.done.actor.form [isInline]\u2192 contentWizard.savedInline",
      ],
    },
    {
      id: 'WIZARD-UPLOAD-ACCESS',
      rule: "A reference content gets an upload access for the video service; a failure offers Retry.",
      by: [
        "contentWizard.details \u2014xstate.done.actor.form\u2192 contentWizard.preparingUpload",
        "contentWizard.preparingUpload \u2014xstate.done.actor.obtainVideoAccess\u2192 contentWizard.uploading",
        "contentWizard.preparingUpload \u2014xstate.error.actor.obtainVideoAccess\u2192 contentWizard.tokenFailed",
        "contentWizard.tokenFailed \u2014wizard.retry\u2192 contentWizard.preparingUpload",
      ],
    },
    {
      id: 'WIZARD-UPLOADER',
      rule: "The uploader frame shows once loaded and takes the height it asks for.",
      by: [
        "contentWizard.uploading.loadingFrame \u2014wizard.frameLoaded\u2192 contentWizard.uploading.showingFrame",
        "contentWizard.uploading \u2014uploader.resize\u2192 itself",
      ],
    },
    {
      id: 'WIZARD-ATTACH',
      rule: "An uploaded video is attached to the content; a failure offers Retry.",
      by: [
        "contentWizard.uploading \u2014uploader.update\u2192 contentWizard.attaching",
        "contentWizard.attaching.sending \u2014xstate.done.actor.attachVideo\u2192 contentWizard.attached",
        "contentWizard.attaching.sending \u2014xstate.error.actor.attachVideo\u2192 contentWizard.attachFailed",
        "contentWizard.attachFailed \u2014wizard.retry\u2192 contentWizard.attaching",
      ],
    },
    {
      id: 'WIZARD-ATTACH-STALE',
      rule: "When the content changed meanwhile (409), it is reloaded and the video attached again, unless it got another video.",
      by: [
        "contentWizard.attaching.sending \u2014xstate.error.actor.attachVideo [isStaleVersion]\u2192 contentWizard.attaching.reloading",
        "contentWizard.attaching.reloading \u2014xstate.done.actor.loadContent [hasOtherVideo]\u2192 contentWizard.attachFailed",
        "contentWizard.attaching.reloading \u2014xstate.done.actor.loadContent\u2192 contentWizard.attaching.resending",
        "contentWizard.attaching.reloading \u2014xstate.error.actor.loadContent\u2192 contentWizard.attachFailed",
        "contentWizard.attaching.resending \u2014xstate.done.actor.attachVideo\u2192 contentWizard.attached",
        "contentWizard.attaching.resending \u2014xstate.error.actor.attachVideo\u2192 contentWizard.attachFailed",
      ],
    },
    {
      id: 'WIZARD-LEAVE',
      rule: "The uploader's \"finish later\" leaves the wizard; the content stays.",
      by: [
        "contentWizard.uploading \u2014uploader.reload\u2192 contentWizard.left",
      ],
    },
  ],
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
