import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../../src/domain/resource';
import type { VideoAccess } from '../../../src/domain/video';
import { contentWizardMachine, type AttachVideoInput, type ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import type { formMachine } from '../../../src/machines/form.machine';
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
import type { MachineModel } from '../paths/model';

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

export const contentWizardModel: MachineModel = {
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
  manual: [
    {
      scenario: 'wizard',
      screen: 'A new article (Contents → Add, `/contents/new`)',
      account: '`company.admin@example.com`, password `Demo-2026!` (COMPANY admin of Acme Robotics S.p.A.)',
      preconditions: ['The server started with `npm start`; signed in with the account above, the console in English.'],
      smoke: [
        {
          do: 'Click "Contents" in the sidebar, then "Add"; type `Safety rules` in "Title", keep Type "Article" and Render type "Inline", type `Wear your helmet.` in "Text", click "Save".',
          see: 'The message "Content created successfully"; the page "Edit content" of Safety rules, with "Wear your helmet." under "Text as readers see it".',
          events: ['details: an INLINE article saved'],
          state: 'savedInline',
        },
      ],
    },
    {
      scenario: 'wizard',
      screen: 'A new video and its upload (Contents → Add, `/contents/new`)',
      account: "`company.admin@example.com` (its company's video tenant is `acme-robotics`)",
      preconditions: [
        'The server started with `npm start` and its video service (port 3001); a browser that resolves `*.localhost` (Chrome, Firefox, Edge).',
        'A small video file at hand (an MP4, WebM, Ogg, QuickTime or Matroska file).',
      ],
      smoke: [
        {
          do: 'Click "Contents" in the sidebar, then "Add"; type `Forklift basics` in "Title", choose Type "Video" and Render type "Reference", click "Continue".',
          see: 'The message "Content created successfully"; the step "Video upload": "Upload the video of “Forklift basics”.", then the frame "Upload a video" with "Video file" and "Upload"; "Finish later" below.',
          events: ['details: a video created', 'token: ok', 'frame loaded'],
          state: 'uploading.showingFrame',
        },
        {
          do: 'In the frame, choose the video file under "Video file" and click "Upload".',
          see: '"Uploading… n%", then "Saving the video…"; the message "Video uploaded: it is being processed"; the Contents list, Forklift basics "Processing" (then "Ready" once processed, by itself).',
          events: ['update', 'attach: ok'],
          state: 'attached',
        },
      ],
    },
  ],
  readable: {
    start: {
      start: 'sign in as `company.admin@example.com`, click "Contents" in the sidebar, then "Add": the page "New content", step "Details"',
      'existing content: start':
        'sign in as `company.admin@example.com`; in "Contents", click "Edit" on a video whose video could not be processed (give a video any file that is not a video first, e.g. a text file renamed `.webm`), then "Upload it again": the page "Content video"',
    },
    events: {
      'details: an INLINE article saved': { do: 'Type a Title, keep Type "Article" and Render type "Inline", type a Text, click "Save"' },
      'details: a video created': {
        do: 'Type the Title `Forklift basics`, choose Type "Video" and Render type "Reference", click "Continue"',
      },
      'token: ok': { wait: 'the console gets the upload token' },
      retry: { do: 'Click "Retry"' },
      'frame loaded': { wait: 'the uploader page loads in the frame' },
      update: { do: 'In the frame, choose a video file under "Video file" and click "Upload"' },
      reload: { do: 'Click "Back to contents" in the frame' },
      'attach: ok': { wait: 'the console saves the video on the content' },
      'attach: stale version': { wait: 'the content was saved meanwhile in another tab (edit it there during the upload)' },
      'read again: no other video': { wait: 'the console reads the content again: no other video on it' },
      'read again: another video attached': {
        wait: 'the console reads the content again: another video was attached meanwhile in another tab',
      },
      'open: a FAILED video': { wait: 'the console reads the content: a video whose video could not be processed' },
      'open: an article (INLINE)': {
        wait: 'the console reads the content: an article shown inline (reached by typing `/contents/<its id>/video` in the address bar)',
      },
      'finish later': { do: 'Click "Finish later" (or "Back" where the upload is not offered)' },
      'read again: the video it had': {
        wait: 'the console reads the content again: it still has the video it had, so the new one replaces it',
      },
    },
    screens: {
      details: 'the page "New content", step "Details": the content form',
      preparingUpload: 'step "Video upload": "Preparing the uploader…"',
      tokenFailed:
        'the red alert with the reason ("Vinapse configuration unavailable. Login required.", or the server\'s words) and "Retry"',
      'uploading.loadingFrame': '"Upload the video of “Forklift basics”." and "Loading the uploader…"',
      'uploading.showingFrame': 'the frame "Upload a video" with "Video file" and "Upload"; "Finish later" below',
      'attaching.sending': '"Saving the video…"',
      'attaching.reloading': '"Saving the video…" while the content is read again',
      'attaching.resending': '"Saving the video…" once more',
      attachFailed: 'the red alert "Failed to update content" with "Retry"',
      savedInline: 'the page "Edit content" of the new article, its text under "Text as readers see it"',
      attached: 'the Contents list, the new video "Processing"',
      left: 'the Contents list',
      'existing content: left': 'the page "Edit content" of the content, as it was',
      'existing content: attached': 'the page "Edit content" of the content, its new video "Processing"',
      opening: 'the page "Content video" and its loading line',
      openFailed: 'the red alert "Error loading content" with "Retry"',
      notReference: '"This content is shown inline: it has no video to upload." and "Back"',
    },
    automated: {
      'token: no configuration': 'the account has no video service configured',
      'token: refresh refused': 'the server refuses the upload token',
      'resize 720': 'the uploader page asks for a height of 720 px',
      'resize 120 (below 300)': 'the uploader page asks for 120 px (below the 300 px floor)',
      'resize 5000 (above 1200)': 'the uploader page asks for 5000 px (above the 1200 px ceiling)',
      'resize forced 450': 'the uploader page forces a height of 450 px',
      'attach: 500': 'the server fails to save the video on the content (500)',
      'read again: 500': 'the server fails to read the content again (500)',
      'open: 500': 'the server fails to read the content (500)',
    },
  },
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
};
