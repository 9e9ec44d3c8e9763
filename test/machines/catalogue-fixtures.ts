import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Content } from '../../src/domain/catalogue';
import type { Failure } from '../../src/domain/failure';
import type { StoredRecord } from '../../src/domain/resource';
import type { VideoAccess, VideoFailure } from '../../src/domain/video';
import {
  contentWizardMachine,
  type AttachVideoInput,
  type ContentWizardEmitted,
} from '../../src/machines/content-wizard.machine';
import { formMachine, type SaveRecordInput } from '../../src/machines/form.machine';
import { newContentFields } from '../../src/views/resources/content-fields';

export const serviceUrl = 'http://acme.localhost:3001';
export const serviceOrigin = 'http://acme.localhost:3001';
export const access: VideoAccess = { serviceUrl, courseId: 'company-1', token: 'video-token' };

/** A new Video of company-1: what a content holds besides its id, title and timestamps. */
export const contentDefaults = {
  background: null,
  type: 'Video',
  renderType: 'REFERENCE',
  text: null,
  topicIds: [],
  topics: [],
  externalUuid: null,
  status: 'DRAFT',
  companyId: 'company-1',
  tenantId: 'tenant-1',
} satisfies Partial<Content>;

export const storedContent = (fields: Partial<Content> = {}): Content => ({
  id: 'k1',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
  title: 'Forklift training',
  ...contentDefaults,
  ...fields,
});

export const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };
export const noConfiguration: VideoFailure = { kind: 'configurationUnavailable' };
export const refreshRefused: VideoFailure = { kind: 'refreshFailed', message: 'No video service is configured for this account' };
export const staleContent: Failure = {
  kind: 'http',
  status: 409,
  message: 'Changed by someone else',
  errors: [{ field: 'version', message: 'changed by someone else' }],
};

/** A message as the window would receive it, from the video service unless told otherwise. */
export const message = (data: unknown, origin = serviceOrigin) => ({ type: 'wizard.message' as const, origin, data });

export interface WizardFakes {
  createContent: (input: SaveRecordInput) => Promise<StoredRecord>;
  obtainVideoAccess: () => Promise<VideoAccess>;
  attachVideo: (input: AttachVideoInput) => Promise<StoredRecord>;
}

/** The wizard on fakes, step 1 being the real form machine: creation answers a REFERENCE content, the token and the patch succeed. */
export function startWizard(overrides: Partial<WizardFakes> = {}) {
  const fakes = {
    createContent: vi.fn(overrides.createContent ?? (async ({ body }: SaveRecordInput) => storedContent(body as Partial<Content>))),
    obtainVideoAccess: vi.fn(overrides.obtainVideoAccess ?? (async () => access)),
    attachVideo: vi.fn(overrides.attachVideo ?? (async () => storedContent({ version: 2, status: 'PENDING_PROCESSING' }))),
  };
  const actor = createActor(
    contentWizardMachine.provide({
      actors: {
        contentForm: formMachine.provide({
          actors: {
            loadRecord: fromPromise<StoredRecord, { id: string; reload: boolean }>(async () => storedContent()),
            saveRecord: fromPromise(({ input }) => fakes.createContent(input)),
          },
        }),
        obtainVideoAccess: fromPromise(() => fakes.obtainVideoAccess()),
        attachVideo: fromPromise(({ input }) => fakes.attachVideo(input)),
      },
    }),
    { input: { fields: newContentFields } },
  );
  const emitted: ContentWizardEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const form = () => actor.getSnapshot().children.form!;
  const change = (field: string, value: string) => form().send({ type: 'form.change', field, value });
  return { actor, fakes, emitted, form, change };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
