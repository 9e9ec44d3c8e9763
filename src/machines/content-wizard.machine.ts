import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { Content } from '../domain/catalogue';
import type { Failure } from '../domain/failure';
import type { StoredRecord } from '../domain/resource';
import type { VideoAccess, VideoFailure } from '../domain/video';
import type { FieldSpec } from './form-fields';
import { formMachine } from './form.machine';
import { notProvided } from './not-provided';
import { readUploaderMessage, type UploaderMessage } from './uploader-messages';
import { clampUploaderHeight, serviceOrigin, UPLOADER_HEIGHT } from './video-links';

export interface ContentWizardInput {
  /** Step 1's fields: a new content starts as a Video (REFERENCE). */
  fields: readonly FieldSpec[];
}

/** What the wizard keeps of the content created in step 1. */
export interface CreatedContent {
  id: string;
  version: number;
  title: string;
}

export interface ContentWizardContext {
  fields: readonly FieldSpec[];
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

export type ContentWizardEvent =
  /** A `message` event of the window, as src/app forwards it: anything from anyone. */
  | { type: 'wizard.message'; origin: string; data: unknown }
  | { type: 'wizard.frameLoaded' }
  | { type: 'wizard.retry' };

export type ContentWizardEmitted =
  | { type: 'wizard.videoAttached'; content: CreatedContent }
  | { type: 'wizard.attachFailed'; failure: Failure };

export interface AttachVideoInput {
  id: string;
  externalUuid: string;
  version: number;
}

const createdContent = (record: StoredRecord | null): CreatedContent => {
  const content = (record ?? {}) as Partial<Content>;
  return { id: content.id ?? '', version: content.version ?? 0, title: content.title ?? '' };
};

const messageOf = ({ context, event }: { context: ContentWizardContext; event: ContentWizardEvent }): UploaderMessage | null =>
  event.type === 'wizard.message' ? readUploaderMessage(event.origin, event.data, context.serviceOrigin) : null;

/**
 * The two-step creation of a content (spec §2, §4): step 1 is the content form; INLINE content is then saved and done,
 * REFERENCE content goes on to the video service's uploader, whose messages this machine reads (the uploader bridge).
 */
export const contentWizardMachine = setup({
  types: {
    input: {} as ContentWizardInput,
    context: {} as ContentWizardContext,
    events: {} as ContentWizardEvent,
    emitted: {} as ContentWizardEmitted,
    children: {} as { form: 'contentForm' },
  },
  actors: {
    contentForm: formMachine,
    obtainVideoAccess: notProvided<VideoAccess>('obtainVideoAccess'),
    attachVideo: notProvided<StoredRecord, AttachVideoInput>('attachVideo'),
  },
  guards: {
    isInline: (_, record: StoredRecord | null) => (record as Partial<Content> | null)?.renderType === 'INLINE',
    isUploaderMessage: ({ context, event }, { type }: { type: UploaderMessage['type'] }) => messageOf({ context, event })?.type === type,
  },
}).createMachine({
  id: 'contentWizard',
  context: ({ input }) => ({
    fields: input.fields,
    content: null,
    access: null,
    serviceOrigin: null,
    frameHeight: UPLOADER_HEIGHT.initial,
    externalUuid: null,
    videoFailure: null,
    failure: null,
  }),
  initial: 'details',
  states: {
    details: {
      description: 'Step 1: the content form; saving it creates the content.',
      invoke: {
        id: 'form',
        src: 'contentForm',
        input: ({ context }) => ({ id: null, fields: context.fields }),
        onDone: [
          {
            guard: { type: 'isInline', params: ({ event }) => event.output.record },
            target: 'savedInline',
            actions: assign({ content: ({ event }) => createdContent(event.output.record) }),
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
      description: "Step 2: the uploader's frame. Only its origin's messages of the protocol's shapes count; any other is ignored.",
      initial: 'loadingFrame',
      on: {
        'wizard.message': [
          {
            guard: { type: 'isUploaderMessage', params: { type: 'update' } },
            target: 'attaching',
            actions: assign({ externalUuid: ({ context, event }) => (messageOf({ context, event }) as { uuid: string }).uuid }),
          },
          { guard: { type: 'isUploaderMessage', params: { type: 'reload' } }, target: 'left' },
          {
            guard: { type: 'isUploaderMessage', params: { type: 'resize' } },
            actions: assign({
              frameHeight: ({ context, event }) => clampUploaderHeight((messageOf({ context, event }) as { height: number }).height),
            }),
          },
        ],
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
      invoke: {
        id: 'attachVideo',
        src: 'attachVideo',
        input: ({ context }) => ({ id: context.content!.id, externalUuid: context.externalUuid!, version: context.content!.version }),
        onDone: { target: 'attached', actions: emit(({ context }) => ({ type: 'wizard.videoAttached' as const, content: context.content! })) },
        onError: {
          target: 'attachFailed',
          actions: [
            assign({ failure: ({ event }) => event.error as Failure }),
            emit(({ event }) => ({ type: 'wizard.attachFailed' as const, failure: event.error as Failure })),
          ],
        },
      },
    },
    attachFailed: {
      on: { 'wizard.retry': 'attaching' },
    },
    savedInline: { type: 'final', description: 'INLINE content needs no upload: created in step 1.' },
    attached: { type: 'final' },
    left: { type: 'final', description: 'The uploader asked to go back to the contents.' },
  },
});

export type ContentWizardSnapshot = SnapshotFrom<typeof contentWizardMachine>;

export type WizardStep = 'details' | 'upload';

export const selectStep = (snapshot: ContentWizardSnapshot): WizardStep => (snapshot.matches('details') ? 'details' : 'upload');
export const selectForm = (snapshot: ContentWizardSnapshot) => snapshot.children.form;
export const selectContent = (snapshot: ContentWizardSnapshot) => snapshot.context.content;
export const selectAccess = (snapshot: ContentWizardSnapshot) => (snapshot.matches('uploading') ? snapshot.context.access : null);
export const selectFrameHeight = (snapshot: ContentWizardSnapshot) => snapshot.context.frameHeight;
export const selectIsFrameLoading = (snapshot: ContentWizardSnapshot) => snapshot.matches({ uploading: 'loadingFrame' });
export const selectVideoFailure = (snapshot: ContentWizardSnapshot) => (snapshot.matches('tokenFailed') ? snapshot.context.videoFailure : null);
export const selectAttachFailure = (snapshot: ContentWizardSnapshot) => (snapshot.matches('attachFailed') ? snapshot.context.failure : null);
export const selectIsPreparing = (snapshot: ContentWizardSnapshot) => snapshot.matches('preparingUpload');
export const selectIsAttaching = (snapshot: ContentWizardSnapshot) => snapshot.matches('attaching');
/** Where the wizard ended, if it did: the new INLINE content's page, or the contents. */
export const selectEnding = (snapshot: ContentWizardSnapshot) =>
  snapshot.matches('savedInline') ? 'savedInline' : snapshot.matches('attached') ? 'attached' : snapshot.matches('left') ? 'left' : null;
