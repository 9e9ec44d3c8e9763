import { assign, setup, type SnapshotFrom } from 'xstate';
import type { VideoAccess, VideoFailure } from '../domain/video';
import { notProvided } from './not-provided';

export interface VideoAccessContext {
  access: VideoAccess | null;
  failure: VideoFailure | null;
}

export type VideoAccessEvent = { type: 'video.retry' };

/** A token for the video service's frames (the player of a content): obtained once, asked again only on retry. */
export const videoAccessMachine = setup({
  types: {
    context: {} as VideoAccessContext,
    events: {} as VideoAccessEvent,
  },
  actors: {
    obtainVideoAccess: notProvided<VideoAccess>('obtainVideoAccess'),
  },
}).createMachine({
  id: 'videoAccess',
  context: { access: null, failure: null },
  initial: 'obtaining',
  states: {
    obtaining: {
      tags: 'busy',
      invoke: {
        id: 'obtainVideoAccess',
        src: 'obtainVideoAccess',
        onDone: { target: 'ready', actions: assign({ access: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as VideoFailure }) },
      },
    },
    ready: {},
    failed: {
      on: { 'video.retry': 'obtaining' },
    },
  },
});

export type VideoAccessSnapshot = SnapshotFrom<typeof videoAccessMachine>;

/** The token once obtained: it is set only on the way to `ready`, which the machine never leaves. */
export const selectVideoAccess = (snapshot: VideoAccessSnapshot) => snapshot.context.access;
export const selectVideoFailure = (snapshot: VideoAccessSnapshot) => (snapshot.matches('failed') ? snapshot.context.failure : null);
