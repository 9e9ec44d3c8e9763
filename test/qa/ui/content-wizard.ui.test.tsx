import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Content } from '../../../src/domain/catalogue';
import type { Failure } from '../../../src/domain/failure';
import type { StoredRecord } from '../../../src/domain/resource';
import type { ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import { access, storedContent } from '../../machines/catalogue-fixtures';
import type { GraphEvent } from '../../machines/graph-paths';
import { contentWizardModel } from '../models/content-wizard';
import { describeUiPaths } from './paths';
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

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name, hidden: true });
const combobox = (name: string) => screen.getByRole('combobox', { name, hidden: true });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const uploaderFrame = () => screen.queryByTestId<HTMLIFrameElement>('uploader-frame');
const notificationTexts = () => within(screen.getByTestId('notifications')).queryAllByRole('alert').map((alert) => alert.textContent);
const progressText = () => screen.queryAllByRole('status').map((status) => status.textContent);

/** The record a `details:` event's form answers, as `POST contents` returns it. */
const createdRecord = (event: GraphEvent) => (event as unknown as { output: { record: Content } }).output.record;
/** The record an `attach: ok` answers with, or the failure of `attach: stale version`, as the API sends them. */
const attachOutcome = (event: GraphEvent) => event as unknown as { output?: StoredRecord; error?: Failure };

/** Step 1 as a user fills it: the title, then (for an INLINE article) type, render type and text; then saving creates the content. */
async function createContent({ console: c }: VideoSessionHarness, record: Content) {
  await c.user.click(await screen.findByRole('textbox', { name: 'Title', hidden: true }));
  await c.user.paste(record.title);
  if (record.renderType === 'INLINE') {
    await c.user.click(combobox('Type'));
    await c.user.click(await screen.findByRole('option', { name: record.type }));
    await c.user.click(combobox('Render type'));
    await c.user.click(await screen.findByRole('option', { name: 'INLINE' }));
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

/** A message reaching the window from the uploader frame's window (`source`), with the origin and data the event says. */
const message = async (_: VideoSessionHarness, event: GraphEvent) => {
  const source = uploaderFrame()?.contentWindow;
  expect(source, "the uploader frame's window").toBeTruthy();
  const { origin, data } = event as unknown as { origin: string; data: unknown };
  act(() => void window.dispatchEvent(new MessageEvent('message', { origin, data, source })));
};

/** The frame's height as laid out (the box around the frame has it). */
const frameHeight = () => getComputedStyle(uploaderFrame()!.parentElement!).height;

const uploadText = 'Upload the video of “Forklift training”.';

/** What step 2 shows in every state but the frame's: its title, no frame, and `status`/alerts as given. */
const expectStep2 = ({ status, alerts }: { status: string[]; alerts: string[] }) => {
  expect(screen.getByText(uploadText)).toBeTruthy();
  expect(uploaderFrame()).toBeNull();
  expect(progressText()).toEqual(status);
  expect(pageAlerts().map((alert) => alert.textContent)).toEqual(alerts);
  expect(button('Finish later')).toBeTruthy();
};

const expectFrame = (context: ContentWizardContext, loading: boolean) => {
  expect(uploaderFrame()?.getAttribute('src')).toBe(
    `${access.serviceUrl}/upload?courseId=${access.courseId}&title=Forklift%20training&lang=en&token=${access.token}`,
  );
  expect(frameHeight()).toBe(`${context.frameHeight}px`);
  expect(screen.queryByText('Loading the uploader…') !== null).toBe(loading);
  expect(pageAlerts()).toEqual([]);
};

describeUiPaths(contentWizardModel, {
  open: (scenario, path) => {
    const harness = openForTokens('/contents/new', scenario, path);
    const { network } = harness.console;
    // Where the wizard leads: the contents (its first page) and the new content's page.
    network.always('GET', 'contents', () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
    return harness;
  },
  perform: {
    'details: an INLINE article saved': async (harness, event) => {
      const record = createdRecord(event);
      harness.console.network.always('GET', `contents/${record.id}`, () => ({ status: 200, body: record }));
      await createContent(harness, record);
    },
    'details: a video created': async (harness, event) => createContent(harness, createdRecord(event)),
    'token: ok': async ({ console: c }) => answerTokenRequest(c, 'ok'),
    'token: refresh refused': async ({ console: c }) => answerTokenRequest(c, 'refused'),
    'token: no configuration': async ({ console: c }) => expectNoTokenRequest(c),
    retry: async (harness) => {
      await answerSessionCheck(harness);
      await harness.console.user.click(retryButton());
    },
    'frame loaded': async () => void fireEvent.load(uploaderFrame()!),
    update: message,
    'update from another origin': message,
    reload: message,
    'resize 720': message,
    'resize 120 (below 300)': message,
    'resize 5000 (above 1200)': message,
    'resize forced 450': message,
    'resize "tall"': message,
    'attach: ok': async ({ console: c }, event) => {
      const request = await c.network.next('PUT', 'contents/k1');
      expect(request.body).toEqual({ externalUuid: 'video-1', status: 'PENDING_PROCESSING', version: 1 });
      request.respond(200, attachOutcome(event).output);
    },
    'attach: stale version': async ({ console: c }, event) => {
      const request = await c.network.next('PUT', 'contents/k1');
      const failure = attachOutcome(event).error as Extract<Failure, { kind: 'http' }>;
      request.respond(failure.status, { statusCode: failure.status, error: 'Conflict', message: failure.message, errors: failure.errors });
      // The console reads the content again: another video was attached to it meanwhile, so the conflict stands.
      (await c.network.next('GET', 'contents/k1')).respond(200, { ...storedContent(), version: 2, externalUuid: 'video-other' });
    },
  },
  // Without a video configuration the token is refused before anything is asked: "Preparing" never shows.
  momentary: (state, nextLabel) => state.matches('preparingUpload') && nextLabel === 'token: no configuration',
  show: {
    details: () => {
      expect(screen.getByTestId('page-title').textContent).toBe('New content');
      expect(textbox('Title')).toBeTruthy();
      expect(button('Continue')).toBeTruthy();
      expect(uploaderFrame()).toBeNull();
    },
    preparingUpload: () => expectStep2({ status: ['Preparing the uploader…'], alerts: [] }),
    tokenFailed: (_, snapshot) =>
      expectStep2({ status: [], alerts: [`${failureText((snapshot.context as ContentWizardContext).videoFailure)}Retry`] }),
    'uploading.loadingFrame': (_, snapshot) => expectFrame(snapshot.context as ContentWizardContext, true),
    'uploading.showingFrame': (_, snapshot) => expectFrame(snapshot.context as ContentWizardContext, false),
    attaching: () => expectStep2({ status: ['Saving the video…'], alerts: [] }),
    attachFailed: () => expectStep2({ status: [], alerts: ['Failed to update contentRetry'] }),
    savedInline: ({ console: c }) => {
      expect(c.history.current()).toBe('/contents/k1');
      expect(screen.getByTestId('page-title').textContent).toBe('Edit content');
      expect(screen.getByTestId('content-text-preview').textContent).toBe('Hello');
      expect(notificationTexts()).toEqual(['Content created successfully']);
    },
    attached: ({ console: c }) => {
      expect(c.history.current()).toBe('/contents');
      expect(screen.getByTestId('page-title').textContent).toBe('Contents');
      expect(notificationTexts()).toContain('Video uploaded: it is being processed');
    },
    left: ({ console: c }) => {
      expect(c.history.current()).toBe('/contents');
      expect(screen.getByTestId('page-title').textContent).toBe('Contents');
      expect(notificationTexts()).toEqual(['Content created successfully']);
    },
  },
});
