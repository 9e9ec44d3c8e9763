import type { AnyMachineSnapshot } from 'xstate';
import { contentWizardMachine, type ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import { UPLOADER_HEIGHT } from '../../../src/machines/video-links';
import {
  access,
  existingContentInput,
  failedVideoContent,
  noConfiguration,
  refreshRefused,
  serverError,
  staleContent,
  storedContent,
  wizardInput,
} from '../fixtures/catalogue';
import { done, error, type GraphEvent } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

/** The events both scenarios offer, by label: the same label is the same event (and the same executor in the UI). */
const events = {
  tokenOk: ['token: ok', done('obtainVideoAccess', access)],
  noConfiguration: ['token: no configuration', error('obtainVideoAccess', noConfiguration)],
  retry: ['retry', { type: 'wizard.retry' }],
  frameLoaded: ['frame loaded', { type: 'wizard.frameLoaded' }],
  update: ['update', { type: 'uploader.update', uuid: 'video-1' }],
  reload: ['reload', { type: 'uploader.reload' }],
  attachOk: ['attach: ok', done('attachVideo', storedContent({ version: 2, externalUuid: 'video-1', status: 'PENDING_PROCESSING' }))],
  attachStale: ['attach: stale version', error('attachVideo', staleContent)],
  otherVideo: ['read again: another video attached', done('loadContent', storedContent({ version: 2, externalUuid: 'video-other' }))],
} satisfies Record<string, [string, GraphEvent]>;

/** What counts of a snapshot: its value, the frame's height while the frame is shown, the video ids, the version and the failure kinds. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { frameHeight, externalUuid, content, videoFailure, failure } = snapshot.context as ContentWizardContext;
  // The frame's height counts only while the frame is shown: the wizard never comes back to it.
  return JSON.stringify({
    value: snapshot.value,
    frameHeight: snapshot.matches('uploading') ? frameHeight : null,
    externalUuid,
    version: content?.version ?? null,
    videoBefore: content?.videoBefore ?? null,
    videoFailure: videoFailure?.kind ?? null,
    failure: failure?.status ?? null,
  });
};

export const contentWizardModel = defineModel({
  name: 'content-wizard',
  summary:
    "Creating a content in two steps: its details (the content form), then for a video the upload in the video service frame and attaching the uploaded video; or, for an existing content (its edit page's 'Upload a video', 'Upload it again', 'Replace video'), the upload alone.",
  machine: contentWizardMachine,
  bounded:
    "A state is its value, the frame's height while the frame is shown, the video id received, the content's version, the video it had and the failure kinds; heights come from a handful of resize messages. 'Finish later' and the frame's heights are each offered in one scenario (the existing content's, the new one's): the transitions are the same in both.",
  impossible: [
    'A finished wizard (saved, attached or left) takes no more events: its screen has led elsewhere.',
    'Messages of another window, of another origin or of another shape never become `uploader.*` events: the uploader bridge drops them (test/views/content-wizard.test.tsx plays them in the console, test/machines/uploader-messages.test.ts reads them).',
  ],
  scenarios: [
    {
      name: 'wizard',
      input: wizardInput,
      serializeState,
      events: [
        [
          'details: an INLINE article saved',
          done('form', { record: storedContent({ type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' }) }),
        ],
        ['details: a video created', done('form', { record: storedContent() })],
        events.tokenOk,
        events.noConfiguration,
        ['token: refresh refused', error('obtainVideoAccess', refreshRefused)],
        events.retry,
        events.frameLoaded,
        events.update,
        events.reload,
        ['resize 720', { type: 'uploader.resize', height: 720 }],
        ['resize 120 (below 300)', { type: 'uploader.resize', height: 120 }],
        ['resize 5000 (above 1200)', { type: 'uploader.resize', height: 5000 }],
        ['resize forced 450', { type: 'uploader.resize', height: 450, force: true }],
        events.attachOk,
        events.attachStale,
        ['attach: 500', error('attachVideo', serverError)],
        ['read again: no other video', done('loadContent', storedContent({ version: 2, title: 'Forklift basics' }))],
        events.otherVideo,
        ['read again: 500', error('loadContent', serverError)],
      ],
    },
    {
      name: 'existing content',
      input: existingContentInput,
      serializeState,
      // The machine handles 'finish later' at its root, which a graph would also take from a final state.
      isImpossible: (snapshot) => snapshot.status === 'done',
      events: [
        ['open: a FAILED video', done('openContent', failedVideoContent())],
        [
          'open: an article (INLINE)',
          done('openContent', storedContent({ type: 'Article', renderType: 'INLINE', text: 'Hello', status: 'READY' })),
        ],
        ['open: 500', error('openContent', serverError)],
        events.retry,
        ['finish later', { type: 'wizard.leave' }],
        // The token's failures are the new content's scenario's: the same states, and Retry there needs the session check.
        events.tokenOk,
        events.frameLoaded,
        events.update,
        events.reload,
        events.attachOk,
        events.attachStale,
        ['read again: the video it had', done('loadContent', failedVideoContent({ version: 4, title: 'Forklift basics' }))],
        events.otherVideo,
      ],
    },
  ],
  requirements: [
    {
      id: 'WIZARD-INLINE',
      rule: 'An inline content (an article) is done once its details are saved.',
      by: ['contentWizard.details \u2014xstate.done.actor.form [isInline]\u2192 contentWizard.savedInline'],
    },
    {
      id: 'WIZARD-UPLOAD-ACCESS',
      rule: 'A reference content gets an upload access for the video service; a failure offers Retry.',
      by: [
        'contentWizard.details \u2014xstate.done.actor.form\u2192 contentWizard.preparingUpload',
        'contentWizard.preparingUpload \u2014xstate.done.actor.obtainVideoAccess\u2192 contentWizard.uploading',
        'contentWizard.preparingUpload \u2014xstate.error.actor.obtainVideoAccess\u2192 contentWizard.tokenFailed',
        'contentWizard.tokenFailed \u2014wizard.retry\u2192 contentWizard.preparingUpload',
      ],
    },
    {
      id: 'WIZARD-UPLOADER',
      rule: 'The uploader frame shows once loaded and takes the height it asks for.',
      by: [
        'contentWizard.uploading.loadingFrame \u2014wizard.frameLoaded\u2192 contentWizard.uploading.showingFrame',
        'contentWizard.uploading \u2014uploader.resize\u2192 itself',
      ],
    },
    {
      id: 'WIZARD-ATTACH',
      rule: 'An uploaded video is attached to the content; a failure offers Retry.',
      by: [
        'contentWizard.uploading \u2014uploader.update\u2192 contentWizard.attaching',
        'contentWizard.attaching.sending \u2014xstate.done.actor.attachVideo\u2192 contentWizard.attached',
        'contentWizard.attaching.sending \u2014xstate.error.actor.attachVideo\u2192 contentWizard.attachFailed',
        'contentWizard.attachFailed \u2014wizard.retry\u2192 contentWizard.attaching',
      ],
    },
    {
      id: 'WIZARD-ATTACH-STALE',
      rule: 'When the content changed meanwhile (409), it is reloaded and the video attached again, unless it got another video.',
      by: [
        'contentWizard.attaching.sending \u2014xstate.error.actor.attachVideo [isStaleVersion]\u2192 contentWizard.attaching.reloading',
        'contentWizard.attaching.reloading \u2014xstate.done.actor.loadContent [hasOtherVideo]\u2192 contentWizard.attachFailed',
        'contentWizard.attaching.reloading \u2014xstate.done.actor.loadContent\u2192 contentWizard.attaching.resending',
        'contentWizard.attaching.reloading \u2014xstate.error.actor.loadContent\u2192 contentWizard.attachFailed',
        'contentWizard.attaching.resending \u2014xstate.done.actor.attachVideo\u2192 contentWizard.attached',
        'contentWizard.attaching.resending \u2014xstate.error.actor.attachVideo\u2192 contentWizard.attachFailed',
      ],
    },
    {
      id: 'WIZARD-LEAVE',
      rule: "'Finish later' (Back, before the upload) and the uploader's 'Back to contents' leave the wizard for where the user came from; the content stays.",
      by: [
        'contentWizard.uploading \u2014uploader.reload\u2192 contentWizard.left',
        'contentWizard \u2014wizard.leave\u2192 contentWizard.left',
      ],
    },
    {
      id: 'WIZARD-EXISTING',
      rule: 'An existing REFERENCE content (none attached, a FAILED video, or one to replace) opens at the upload; a read failure offers Retry, an INLINE content has no video to upload.',
      by: [
        'contentWizard.starting \u2014always [forExistingContent]\u2192 contentWizard.opening',
        'contentWizard.opening \u2014xstate.done.actor.openContent [isReference]\u2192 contentWizard.preparingUpload',
        'contentWizard.opening \u2014xstate.done.actor.openContent\u2192 contentWizard.notReference',
        'contentWizard.opening \u2014xstate.error.actor.openContent\u2192 contentWizard.openFailed',
        'contentWizard.openFailed \u2014wizard.retry\u2192 contentWizard.opening',
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
    [
      'a video id only ever comes from the video service',
      (s) => [null, 'video-1'].includes((s.context as ContentWizardContext).externalUuid),
    ],
    [
      'the content is the one the wizard was opened for, if any',
      (s) => {
        const { contentId, content } = s.context as ContentWizardContext;
        return contentId === null || content === null || content.id === contentId;
      },
    ],
  ],
});
