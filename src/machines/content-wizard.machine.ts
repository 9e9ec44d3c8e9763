import { assign, fromCallback, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { Content } from '../domain/catalogue';
import type { Failure } from '../domain/failure';
import type { StoredRecord } from '../domain/resource';
import type { VideoAccess, VideoFailure } from '../domain/video';
import type { FieldSpec } from './form-fields';
import { formMachine, isStaleVersion, type FormMessages } from './form.machine';
import { notProvided } from './not-provided';
import { outcomeActions } from './outcomes';
import type { UploaderEvent } from './uploader-messages';
import { clampUploaderHeight, serviceOrigin, UPLOADER_HEIGHT } from './video-links';

/** /contents/new: a new content, whose details come first. */
export interface NewContentInput {
  /** Step 1's fields: a new content starts as a Video (REFERENCE). */
  fields: readonly FieldSpec[];
  /** What step 1 says once the content is saved (or not). */
  messages: FormMessages;
  /** The contents: where the wizard leads once done; a content created INLINE opens at `{leaveTo}/{id}`. */
  leaveTo: string;
}

/** /contents/{id}/video: an existing REFERENCE content gets its (first, or a new) video; the wizard starts at the upload. */
export interface ExistingContentInput {
  contentId: string;
  /** Where the wizard leads once done or left: the content's page. */
  leaveTo: string;
}

export type ContentWizardInput = NewContentInput | ExistingContentInput;

/** What the wizard keeps of the content it uploads a video for (created in step 1, or read first). */
export interface CreatedContent {
  id: string;
  version: number;
  title: string;
  /** The video the content had when the wizard began (a video being replaced); null for a new content. */
  videoBefore: string | null;
}

export interface ContentWizardContext {
  /** The existing content the wizard was opened for; null for a new content. */
  contentId: string | null;
  fields: readonly FieldSpec[];
  messages: FormMessages;
  leaveTo: string;
  content: CreatedContent | null;
  access: VideoAccess | null;
  /** The origin of `access.serviceUrl`: the only one whose messages count. */
  serviceOrigin: string | null;
  frameHeight: number;
  /** The video id the uploader reported. */
  externalUuid: string | null;
  videoFailure: VideoFailure | null;
  failure: Failure | null;
}

/** `wizard.leave`: 'Finish later' (or Back, before the upload): to `leaveTo`, the content staying as it is. */
export type ContentWizardEvent = UploaderEvent | { type: 'wizard.frameLoaded' } | { type: 'wizard.retry' } | { type: 'wizard.leave' };

export interface AttachVideoInput {
  id: string;
  externalUuid: string;
  version: number;
}

/** What the uploader bridge listens for: messages of the uploader frame's window from this origin only. */
export interface UploaderBridgeInput {
  origin: string;
}

const createdContent = (record: StoredRecord | null): CreatedContent => {
  const content = (record ?? {}) as Partial<Content>;
  return { id: content.id ?? '', version: content.version ?? 0, title: content.title ?? '', videoBefore: content.externalUuid ?? null };
};

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

/** An existing content's wizard starts at the upload: it has no step 1, whose form alone reads these. */
const noStepOne: { fields: readonly FieldSpec[]; messages: FormMessages } = {
  fields: [],
  messages: { createdKey: '', updatedKey: '' },
};

/** The attach request of the content as the wizard knows it now. */
const attachInput = ({ context }: { context: ContentWizardContext }): AttachVideoInput => ({
  id: context.content!.id,
  externalUuid: context.externalUuid!,
  version: context.content!.version,
});

/** Attached: the user hears it and goes back to the contents, where the video shows as being processed. */
const attachedActions = [
  { type: 'notify', params: { severity: 'success', messageKey: 'feedback.videoUploaded' } },
  { type: 'navigate', params: ({ context }: { context: ContentWizardContext }) => ({ path: context.leaveTo }) },
] as const;

/** Left before the end ('Finish later', the uploader's 'Back to contents'): where the user came from. */
const leaveActions = [
  { type: 'navigate', params: ({ context }: { context: ContentWizardContext }) => ({ path: context.leaveTo }) },
] as const;

const attachFailedNotice = { type: 'notify', params: { severity: 'error', messageKey: 'feedback.contentUpdateFailed' } } as const;

/**
 * The two-step creation of a content: step 1 is the content form; INLINE content is then saved and done, REFERENCE
 * content goes on to the video service's uploader, whose messages the uploader bridge (an actor src/app provides:
 * it listens to the uploader frame's window only, from the service's origin only) turns into `uploader.*` events.
 * Given an existing content instead, the wizard reads it and starts at the upload: its first video (none was attached,
 * or the service could not process it) or a new one replacing it, through the same uploader and attach.
 */
export const contentWizardMachine = setup({
  types: {
    input: {} as ContentWizardInput,
    context: {} as ContentWizardContext,
    events: {} as ContentWizardEvent,
    children: {} as { form: 'contentForm' },
  },
  actors: {
    contentForm: formMachine,
    obtainVideoAccess: notProvided<VideoAccess>('obtainVideoAccess'),
    attachVideo: notProvided<StoredRecord, AttachVideoInput>('attachVideo'),
    loadContent: notProvided<StoredRecord, { id: string }>('loadContent'),
    /** Sends the uploader's messages as `uploader.*` events; hears nothing unless src/app provides it. */
    uploaderBridge: fromCallback<EventObject, UploaderBridgeInput>(() => {}),
  },
  actions: outcomeActions,
  guards: {
    isInline: (_, record: StoredRecord | null) => (record as Partial<Content> | null)?.renderType === 'INLINE',
    forExistingContent: ({ context }) => context.contentId !== null,
    isReference: (_, record: StoredRecord) => (record as Partial<Content>).renderType === 'REFERENCE',
    isStaleVersion: (_, failure: Failure) => isStaleVersion(failure),
    /** Another video than the one uploaded here, and than the one the content had when the wizard began. */
    hasOtherVideo: ({ context }, record: StoredRecord) => {
      const attached = (record as Partial<Content>).externalUuid;
      return Boolean(attached) && attached !== context.externalUuid && attached !== context.content?.videoBefore;
    },
  },
}).createMachine({
  id: 'contentWizard',
  context: ({ input }) => ({
    contentId: 'contentId' in input ? input.contentId : null,
    fields: 'fields' in input ? input.fields : noStepOne.fields,
    messages: 'messages' in input ? input.messages : noStepOne.messages,
    leaveTo: input.leaveTo,
    content: null,
    access: null,
    serviceOrigin: null,
    frameHeight: UPLOADER_HEIGHT.initial,
    externalUuid: null,
    videoFailure: null,
    failure: null,
  }),
  initial: 'starting',
  on: {
    // Sent by the screens of the upload (and of an existing content's reading) only; step 1 has the form's Cancel.
    'wizard.leave': { target: '.left', actions: leaveActions },
  },
  states: {
    starting: {
      description: 'A new content begins with its details; an existing one is read first.',
      always: [{ guard: 'forExistingContent', target: 'opening' }, { target: 'details' }],
    },
    opening: {
      description: 'The existing content is read: its title for the uploader, its version for the attach, the video it has.',
      tags: 'busy',
      invoke: {
        id: 'openContent',
        src: 'loadContent',
        input: ({ context }) => ({ id: context.contentId! }),
        onDone: [
          {
            guard: { type: 'isReference', params: ({ event }) => event.output },
            target: 'preparingUpload',
            actions: assign({ content: ({ event }) => createdContent(event.output), failure: null }),
          },
          { target: 'notReference', actions: assign({ content: ({ event }) => createdContent(event.output), failure: null }) },
        ],
        onError: { target: 'openFailed', actions: assign({ failure: failureOf }) },
      },
    },
    openFailed: {
      on: { 'wizard.retry': 'opening' },
    },
    notReference: {
      description: 'An INLINE content shows its text: it has no video to upload.',
    },
    details: {
      description: 'Step 1: the content form; saving it creates the content.',
      invoke: {
        id: 'form',
        src: 'contentForm',
        input: ({ context }) => ({ id: null, fields: context.fields, messages: context.messages }),
        onDone: [
          {
            guard: { type: 'isInline', params: ({ event }) => event.output.record },
            target: 'savedInline',
            actions: [
              assign({ content: ({ event }) => createdContent(event.output.record) }),
              { type: 'navigate', params: ({ context }) => ({ path: `${context.leaveTo}/${context.content!.id}`, replace: true }) },
            ],
          },
          { target: 'preparingUpload', actions: assign({ content: ({ event }) => createdContent(event.output.record) }) },
        ],
      },
    },
    preparingUpload: {
      description: 'Step 2 begins: a token for the uploader.',
      tags: 'busy',
      invoke: {
        id: 'obtainVideoAccess',
        src: 'obtainVideoAccess',
        onDone: {
          target: 'uploading',
          actions: assign({
            access: ({ event }) => event.output,
            serviceOrigin: ({ event }) => serviceOrigin(event.output),
            videoFailure: null,
          }),
        },
        onError: { target: 'tokenFailed', actions: assign({ videoFailure: ({ event }) => event.error as VideoFailure }) },
      },
    },
    tokenFailed: {
      on: { 'wizard.retry': 'preparingUpload' },
    },
    uploading: {
      description: "Step 2: the uploader's frame; the uploader bridge listens to it meanwhile.",
      initial: 'loadingFrame',
      invoke: {
        id: 'uploaderBridge',
        src: 'uploaderBridge',
        input: ({ context }) => ({ origin: context.serviceOrigin ?? '' }),
      },
      on: {
        'uploader.update': { target: 'attaching', actions: assign({ externalUuid: ({ event }) => event.uuid }) },
        'uploader.reload': { target: 'left', actions: leaveActions },
        'uploader.resize': { actions: assign({ frameHeight: ({ event }) => clampUploaderHeight(event.height) }) },
      },
      states: {
        loadingFrame: {
          on: { 'wizard.frameLoaded': 'showingFrame' },
        },
        showingFrame: {},
      },
    },
    attaching: {
      description: 'The uploaded video is attached to the content, which waits for processing.',
      tags: 'busy',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'attachVideo',
            src: 'attachVideo',
            input: attachInput,
            onDone: { target: '#contentWizard.attached', actions: attachedActions },
            onError: [
              { guard: { type: 'isStaleVersion', params: failureOf }, target: 'reloading', actions: assign({ failure: failureOf }) },
              { target: '#contentWizard.attachFailed', actions: [assign({ failure: failureOf }), attachFailedNotice] },
            ],
          },
        },
        reloading: {
          description:
            'Someone saved the content since step 1 (its title, say): it is read again (step 2 then names it by its title now), and the video still goes to it unless another video was attached meanwhile.',
          invoke: {
            id: 'loadContent',
            src: 'loadContent',
            input: ({ context }) => ({ id: context.content!.id }),
            onDone: [
              {
                guard: { type: 'hasOtherVideo', params: ({ event }) => event.output },
                target: '#contentWizard.attachFailed',
                actions: [
                  assign({ content: ({ context, event }) => ({ ...context.content!, title: createdContent(event.output).title }) }),
                  attachFailedNotice,
                ],
              },
              {
                target: 'resending',
                // The title it has now too: step 2 names the content as it is (the uploader, done with, keeps its own).
                actions: assign({
                  content: ({ context, event }) => ({
                    ...context.content!,
                    version: event.output.version,
                    title: createdContent(event.output).title,
                  }),
                }),
              },
            ],
            onError: { target: '#contentWizard.attachFailed', actions: [assign({ failure: failureOf }), attachFailedNotice] },
          },
        },
        resending: {
          description: 'Once more, on the version the content has now; a second failure is the user’s to see.',
          invoke: {
            id: 'attachVideo',
            src: 'attachVideo',
            input: attachInput,
            onDone: { target: '#contentWizard.attached', actions: attachedActions },
            onError: { target: '#contentWizard.attachFailed', actions: [assign({ failure: failureOf }), attachFailedNotice] },
          },
        },
      },
    },
    attachFailed: {
      on: { 'wizard.retry': 'attaching' },
    },
    savedInline: { type: 'final', description: 'INLINE content needs no upload: created in step 1.' },
    attached: { type: 'final' },
    left: { type: 'final', description: "Left before the end: 'Finish later', Back, or the uploader's 'Back to contents'." },
  },
});

export type ContentWizardSnapshot = SnapshotFrom<typeof contentWizardMachine>;

export type WizardStep = 'details' | 'upload';

export const selectStep = (snapshot: ContentWizardSnapshot): WizardStep => (snapshot.matches('details') ? 'details' : 'upload');
export const selectForm = (snapshot: ContentWizardSnapshot) => snapshot.children.form;
export const selectContent = (snapshot: ContentWizardSnapshot) => snapshot.context.content;
/** The contents, where leaving the wizard leads. */
export const selectLeaveTo = (snapshot: ContentWizardSnapshot) => snapshot.context.leaveTo;
export const selectAccess = (snapshot: ContentWizardSnapshot) => (snapshot.matches('uploading') ? snapshot.context.access : null);
export const selectFrameHeight = (snapshot: ContentWizardSnapshot) => snapshot.context.frameHeight;
export const selectIsFrameLoading = (snapshot: ContentWizardSnapshot) => snapshot.matches({ uploading: 'loadingFrame' });
export const selectVideoFailure = (snapshot: ContentWizardSnapshot) =>
  snapshot.matches('tokenFailed') ? snapshot.context.videoFailure : null;
export const selectAttachFailure = (snapshot: ContentWizardSnapshot) =>
  snapshot.matches('attachFailed') ? snapshot.context.failure : null;
/** Opened for an existing content (`/contents/{id}/video`) rather than a new one. */
export const selectForExistingContent = (snapshot: ContentWizardSnapshot) => snapshot.context.contentId !== null;
export const selectIsOpening = (snapshot: ContentWizardSnapshot) => snapshot.matches('opening');
export const selectOpenFailure = (snapshot: ContentWizardSnapshot) => (snapshot.matches('openFailed') ? snapshot.context.failure : null);
export const selectIsNotReference = (snapshot: ContentWizardSnapshot) => snapshot.matches('notReference');
export const selectIsPreparing = (snapshot: ContentWizardSnapshot) => snapshot.matches('preparingUpload');
export const selectIsAttaching = (snapshot: ContentWizardSnapshot) => snapshot.matches('attaching');
