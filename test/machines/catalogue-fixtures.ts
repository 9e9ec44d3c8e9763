import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Content } from '../../src/domain/catalogue';
import type { Failure } from '../../src/domain/failure';
import type { StoredRecord } from '../../src/domain/resource';
import type { VideoAccess, VideoFailure } from '../../src/domain/video';
import { contentWizardMachine, type AttachVideoInput, type ContentWizardInput } from '../../src/machines/content-wizard.machine';
import { formMachine, type SaveRecordInput } from '../../src/machines/form.machine';
import { newContentFields, newContentMessages } from '../../src/views/resources/content-fields';
import { recordOutcomes } from './outcome-fixtures';

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


/** The wizard as /contents/new starts it. */
export const wizardInput: ContentWizardInput = { fields: newContentFields, messages: newContentMessages, leaveTo: '/contents' };

export interface WizardFakes {
  createContent: (input: SaveRecordInput) => Promise<StoredRecord>;
  obtainVideoAccess: () => Promise<VideoAccess>;
  attachVideo: (input: AttachVideoInput) => Promise<StoredRecord>;
  loadContent: (input: { id: string }) => Promise<StoredRecord>;
}

/** The wizard on fakes, step 1 being the real form machine: creation answers a REFERENCE content, the token and the patch succeed. */
export function startWizard(overrides: Partial<WizardFakes> = {}) {
  const fakes = {
    createContent: vi.fn(overrides.createContent ?? (async ({ body }: SaveRecordInput) => storedContent(body as Partial<Content>))),
    obtainVideoAccess: vi.fn(overrides.obtainVideoAccess ?? (async () => access)),
    attachVideo: vi.fn(overrides.attachVideo ?? (async () => storedContent({ version: 2, status: 'PENDING_PROCESSING' }))),
    loadContent: vi.fn(overrides.loadContent ?? (async () => storedContent({ version: 2 }))),
  };
  const recorded = recordOutcomes();
  const actor = createActor(
    contentWizardMachine.provide({
      actors: {
        contentForm: formMachine.provide({
          actors: {
            loadRecord: fromPromise<StoredRecord, { id: string; reload: boolean }>(async () => storedContent()),
            saveRecord: fromPromise(({ input }) => fakes.createContent(input)),
          },
          actions: recorded.actions,
        }),
        obtainVideoAccess: fromPromise(() => fakes.obtainVideoAccess()),
        attachVideo: fromPromise(({ input }) => fakes.attachVideo(input)),
        loadContent: fromPromise(({ input }) => fakes.loadContent(input)),
      },
      actions: recorded.actions,
    }),
    { input: wizardInput },
  );
  actor.start();
  const form = () => actor.getSnapshot().children.form!;
  const change = (field: string, value: string) => form().send({ type: 'form.change', field, value });
  return { actor, fakes, outcomes: recorded.outcomes, form, change };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
