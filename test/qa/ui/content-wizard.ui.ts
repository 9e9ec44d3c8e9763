import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Content } from '../../../src/domain/catalogue';
import type { Failure } from '../../../src/domain/failure';
import type { StoredRecord } from '../../../src/domain/resource';
import type { ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import { access } from '../../support/fixtures/catalogue';
import type { GraphEvent } from '../../support/paths/graph-paths';
import type { Scenario } from '../../support/paths/model';
import type { MachineUi } from './paths';
import {
  answerSessionCheck,
  answerTokenRequest,
  expectNoTokenRequest,
  failureText,
  openForTokens,
  pageAlerts,
  retryButton,
  type VideoSessionHarness,
} from './video-session';
import { notificationTexts } from '../../support/views/screen-queries';

export const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
export const combobox = (name: string) => screen.getByRole('combobox', { name, hidden: true });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
export const uploaderFrame = () => screen.queryByTestId<HTMLIFrameElement>('uploader-frame');
/** What the page's status lines say: preparing, saving the video, loading the uploader. */
export const progressText = () => screen.queryAllByRole('status').map((status) => status.textContent);

/** The record a `details:` event's form answers, as `POST contents` returns it. */
const createdRecord = (event: GraphEvent) => (event as unknown as { output: { record: Content } }).output.record;
/** What an invoked call answers in the model (`attach: ok`, `read again: …`), or its failure, to be sent as the API sends them. */
const outcomeOf = (event: GraphEvent) => event as unknown as { output?: StoredRecord; error?: Extract<Failure, { kind: 'http' }> };

/** A failure as the API sends it (docs/api-contract.md, "Errors"). */
const errorBody = ({ status, message, errors }: Extract<Failure, { kind: 'http' }>) => ({
  statusCode: status,
  error: status === 409 ? 'Conflict' : 'Internal Server Error',
  message,
  ...(errors && { errors }),
});

/** The version of the content the wizard holds now: the one its attach request carries. */
const wizardVersion = ({ console: c }: VideoSessionHarness) =>
  (c.actors.latest('contentWizard')?.getSnapshot().context as ContentWizardContext).content?.version;

/** Step 1 as a user fills it: the title, then (for an INLINE article) type, render type and text; then saving creates the content. */
async function createContent({ console: c }: VideoSessionHarness, record: Content) {
  await c.user.click(await screen.findByRole('textbox', { name: 'Title', hidden: true }));
  await c.user.paste(record.title);
  if (record.renderType === 'INLINE') {
    await c.user.click(combobox('Type'));
    await c.user.click(await screen.findByRole('option', { name: record.type }));
    await c.user.click(combobox('Render type'));
    await c.user.click(await screen.findByRole('option', { name: 'Inline' }));
    await c.user.click(textbox('Text'));
    await c.user.paste(record.text ?? '');
    await c.user.click(button('Save'));
  } else {
    await c.user.click(button('Continue'));
  }
  const request = await c.network.next('POST', 'contents');
  expect(request.body).toEqual({
    title: record.title,
    background: null,
    type: record.type,
    renderType: record.renderType,
    topicIds: [],
    ...(record.renderType === 'INLINE' && { text: record.text }),
  });
  request.respond(201, record);
}

/**
 * The uploader's message of an `uploader.*` event, as the video service posts it: from the uploader frame's window
 * (`source`) and the service's origin, with the protocol's own type (`update`, `reload`, `resize`).
 */
const message = async (_: VideoSessionHarness, event: GraphEvent) => {
  const source = uploaderFrame()?.contentWindow;
  expect(source, "the uploader frame's window").toBeTruthy();
  const { type, ...fields } = event;
  const data = { type: type.replace(/^uploader\./, ''), ...fields };
  act(() => void window.dispatchEvent(new MessageEvent('message', { origin: new URL(access.serviceUrl).origin, data, source })));
};

/** The frame's height as laid out (the box around the frame has it). */
export const frameHeight = () => getComputedStyle(uploaderFrame()!.parentElement!).height;

/** Step 2's heading: the content by its title (the one read again after a conflict, if it was renamed meanwhile). */
const uploadText = (context: ContentWizardContext) => `Upload the video of “${context.content!.title}”.`;
/** What an upload replacing a video says of the one the content has. */
export const replaceNote = 'The current video stays until the new one is uploaded.';

/** Opened for an existing content (/contents/k1/video) rather than a new one. */
const forExisting = (context: ContentWizardContext) => context.contentId !== null;

/** The page's title: the wizard's for a new content, the content video's (the tab naming the content) for an existing one. */
const expectTitle = (context: ContentWizardContext) => {
  expect(screen.getByTestId('page-title').textContent).toBe(forExisting(context) ? 'Content video' : 'New content');
  // The steps of a new content's wizard; an existing content's upload is one step.
  expect(screen.queryByText('Details') === null).toBe(forExisting(context));
};

/** What step 2 shows in every state but the frame's: its title, no frame, and `status`/alerts as given. */
const expectStep2 = ({ status, alerts }: { status: string[]; alerts: string[] }, context: ContentWizardContext) => {
  expectTitle(context);
  expect(screen.getByText(uploadText(context))).toBeTruthy();
  expect(screen.queryByText(replaceNote) !== null).toBe(context.content?.videoBefore !== null);
  expect(uploaderFrame()).toBeNull();
  expect(progressText()).toEqual(status);
  expect(pageAlerts().map((alert) => alert.textContent)).toEqual(alerts);
  expect(button('Finish later')).toBeTruthy();
};

const expectFrame = (context: ContentWizardContext, loading: boolean) => {
  expectTitle(context);
  expect(screen.queryByText(replaceNote) !== null).toBe(context.content?.videoBefore !== null);
  expect(uploaderFrame()?.getAttribute('src')).toBe(
    `${access.serviceUrl}/upload?courseId=${access.courseId}&title=Forklift%20training&lang=en&token=${access.token}`,
  );
  expect(frameHeight()).toBe(`${context.frameHeight}px`);
  expect(screen.queryByText('Loading the uploader…') !== null).toBe(loading);
  expect(pageAlerts()).toEqual([]);
};

/** The attach request (`PUT contents/k1` on the version the wizard holds) answered with the event's failure. */
async function attachFails(harness: VideoSessionHarness, event: GraphEvent) {
  const request = await harness.console.network.next('PUT', 'contents/k1');
  expect(request.body).toEqual({ externalUuid: 'video-1', status: 'PENDING_PROCESSING', version: wizardVersion(harness) });
  const failure = outcomeOf(event).error!;
  request.respond(failure.status, errorBody(failure));
}

/** After a conflict the console reads the content again, from the API (not the cache): answered as the event says. */
async function readAgain({ console: c }: VideoSessionHarness, event: GraphEvent) {
  const request = await c.network.next('GET', 'contents/k1');
  const { output, error } = outcomeOf(event);
  if (error) request.respond(error.status, errorBody(error));
  else request.respond(200, output);
}

/** Before the upload of an existing content: its title, `alerts` and `status` as given, Back, no frame. */
const expectOpening = ({ status, alerts }: { status: string[]; alerts: string[] }, context: ContentWizardContext) => {
  expectTitle(context);
  expect(progressText()).toEqual(status);
  expect(pageAlerts().map((alert) => alert.textContent)).toEqual(alerts);
  expect(button('Back')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Finish later' })).toBeNull();
  expect(uploaderFrame()).toBeNull();
};

/** Where a scenario's wizard opens: a new content's, or the existing content k1's video. */
export const wizardAddress = (scenario: Scenario) => (scenario.name === 'existing content' ? '/contents/k1/video' : '/contents/new');

/** The wizard's console, where the wizard leads answered at once: the contents (their first page). */
export const leadingToContents = (harness: VideoSessionHarness) => {
  harness.console.network.always('GET', 'contents', () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
  return harness;
};

/** The wizard's actor in the console. */
const wizardSnapshot = ({ console: c }: VideoSessionHarness) => c.actors.latest('contentWizard')!.getSnapshot();

/** The content's page, where an existing content's wizard leads once done or left. */
const expectContentPage = ({ console: c }: VideoSessionHarness) => {
  expect(c.history.current()).toBe('/contents/k1');
  expect(screen.getByTestId('page-title').textContent).toBe('Edit content');
};

/** How the content wizard's paths (and random walks) are played in the console: where it opens, each event, each state on screen. */
export const contentWizardUi: MachineUi<VideoSessionHarness> = {
  open: (scenario, path) => leadingToContents(openForTokens(wizardAddress(scenario), scenario, path)),
  perform: {
    'details: an INLINE article saved': async (harness, event) => {
      const record = createdRecord(event);
      harness.console.network.always('GET', `contents/${record.id}`, () => ({ status: 200, body: record }));
      await createContent(harness, record);
    },
    'details: a video created': async (harness, event) => createContent(harness, createdRecord(event)),
    // The existing content as the API answers `GET contents/k1` (read from the API, not the cache).
    'open: a FAILED video': readAgain,
    'open: an article (INLINE)': readAgain,
    'open: 500': readAgain,
    'finish later': async ({ console: c }) => {
      const leave = screen.queryByRole('button', { name: 'Finish later' }) ?? button('Back');
      await c.user.click(leave);
    },
    'token: ok': async ({ console: c }) => answerTokenRequest(c, 'ok'),
    'token: refresh refused': async ({ console: c }) => answerTokenRequest(c, 'refused'),
    'token: no configuration': async ({ console: c }) => expectNoTokenRequest(c),
    retry: async (harness) => {
      // The session check brings the configuration a token retry needs; retrying a read needs none.
      if (wizardSnapshot(harness).matches('tokenFailed')) await answerSessionCheck(harness);
      await harness.console.user.click(retryButton());
    },
    'frame loaded': async () => void fireEvent.load(uploaderFrame()!),
    update: message,
    reload: message,
    'resize 720': message,
    'resize 120 (below 300)': message,
    'resize 5000 (above 1200)': message,
    'resize forced 450': message,
    'attach: ok': async (harness, event) => {
      const request = await harness.console.network.next('PUT', 'contents/k1');
      expect(request.body).toEqual({ externalUuid: 'video-1', status: 'PENDING_PROCESSING', version: wizardVersion(harness) });
      request.respond(200, outcomeOf(event).output);
    },
    'attach: stale version': attachFails,
    'attach: 500': attachFails,
    'read again: no other video': readAgain,
    'read again: the video it had': readAgain,
    'read again: another video attached': readAgain,
    'read again: 500': readAgain,
  },
  // Without a video configuration the token is refused before anything is asked: "Preparing" never shows.
  momentary: (state, nextLabel) => state.matches('preparingUpload') && nextLabel === 'token: no configuration',
  show: {
    opening: (_, snapshot) => expectOpening({ status: ['Loading…'], alerts: [] }, snapshot.context as ContentWizardContext),
    openFailed: (_, snapshot) =>
      expectOpening({ status: [], alerts: ['Error loading contentRetry'] }, snapshot.context as ContentWizardContext),
    notReference: (_, snapshot) =>
      expectOpening(
        { status: [], alerts: ['This content is shown inline: it has no video to upload.'] },
        snapshot.context as ContentWizardContext,
      ),
    details: () => {
      expect(screen.getByTestId('page-title').textContent).toBe('New content');
      expect(textbox('Title')).toBeTruthy();
      expect(button('Continue')).toBeTruthy();
      expect(uploaderFrame()).toBeNull();
    },
    preparingUpload: (_, snapshot) =>
      expectStep2({ status: ['Preparing the uploader…'], alerts: [] }, snapshot.context as ContentWizardContext),
    tokenFailed: (_, snapshot) => {
      const context = snapshot.context as ContentWizardContext;
      expectStep2({ status: [], alerts: [`${failureText(context.videoFailure)}Retry`] }, context);
    },
    'uploading.loadingFrame': (_, snapshot) => expectFrame(snapshot.context as ContentWizardContext, true),
    'uploading.showingFrame': (_, snapshot) => expectFrame(snapshot.context as ContentWizardContext, false),
    'attaching.sending': (_, snapshot) =>
      expectStep2({ status: ['Saving the video…'], alerts: [] }, snapshot.context as ContentWizardContext),
    'attaching.reloading': (_, snapshot) =>
      expectStep2({ status: ['Saving the video…'], alerts: [] }, snapshot.context as ContentWizardContext),
    'attaching.resending': (_, snapshot) =>
      expectStep2({ status: ['Saving the video…'], alerts: [] }, snapshot.context as ContentWizardContext),
    attachFailed: (_, snapshot) => {
      expectStep2({ status: [], alerts: ['Failed to update contentRetry'] }, snapshot.context as ContentWizardContext);
      expect(notificationTexts()).toContain('Failed to update content');
    },
    savedInline: ({ console: c }) => {
      expect(c.history.current()).toBe('/contents/k1');
      expect(screen.getByTestId('page-title').textContent).toBe('Edit content');
      expect(screen.getByTestId('content-text-preview').textContent).toBe('Hello');
      expect(notificationTexts()).toEqual(['Content created successfully']);
    },
    attached: (harness, snapshot) => {
      const { console: c } = harness;
      expect(notificationTexts()).toContain('Video uploaded: it is being processed');
      if (forExisting(snapshot.context as ContentWizardContext)) return expectContentPage(harness);
      expect(c.history.current()).toBe('/contents');
      expect(screen.getByTestId('page-title').textContent).toBe('Contents');
      expect(notificationTexts()).toContain('Video uploaded: it is being processed');
    },
    left: (harness, snapshot) => {
      const { console: c } = harness;
      if (forExisting(snapshot.context as ContentWizardContext)) {
        expectContentPage(harness);
        // Only a failed attach said something, once each time it failed (its notices stay): leaving tells nothing.
        const actor = c.actors.latest('contentWizard')!;
        const failures = c.actors
          .snapshots(actor)
          .filter((before, index, all) => before.matches('attachFailed') && !all[index - 1]?.matches('attachFailed')).length;
        return expect(notificationTexts()).toEqual(Array.from({ length: failures }, () => 'Failed to update content'));
      }
      expect(c.history.current()).toBe('/contents');
      expect(screen.getByTestId('page-title').textContent).toBe('Contents');
      expect(notificationTexts()).toEqual(['Content created successfully']);
    },
  },
};
