import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Content } from '../../../src/domain/catalogue';
import type { VideoFailure } from '../../../src/domain/video';
import type { ContentWizardContext } from '../../../src/machines/content-wizard.machine';
import { AUTO_CLOSE_MS } from '../../../src/machines/notifications.machine';
import { access, refreshRefused } from '../../support/fixtures/catalogue';
import { contentWizardModel } from '../../support/models/content-wizard';
import type { GraphEvent } from '../../support/paths/model';
import { openSignedIn } from '../ui/console';
import {
  combobox,
  contentWizardUi,
  frameHeight,
  leadingToContents,
  progressText,
  replaceNote,
  textbox,
  uploaderFrame,
  wizardAddress,
} from '../ui/content-wizard.ui';
import { pageAlerts, videoSession, type VideoSessionHarness } from '../ui/video-session';
import { notificationTexts, visibleNotices, type Notice } from './notices';
import { endingAfter, type WalkSpec } from './walk';

/**
 * Where the user is in a new content's wizard: step 1 (the details), then for a video step 2: the uploader being
 * prepared (its token), refused, its frame loading then shown, the uploaded video being saved on the content, or
 * that failing; done once an article is saved, the video saved, or the wizard left.
 */
type Phase =
  | 'details'
  | 'preparing'
  | 'token failed'
  | 'loading frame'
  | 'frame'
  | 'saving video'
  | 'save failed'
  | 'article saved'
  | 'video saved'
  | 'left';

/**
 * A new content's wizard as a user sees it, in the product's words (the product spec's "Content creation" and
 * "Content wizard", docs/decisions.md: INLINE content is saved in step 1), not the machine's: the phase, the content
 * step 1 created (what was typed, its kind and render type), the uploader's height, the video it reported and the
 * version of the content a save of the video is for, the notifications.
 */
export interface WizardReference {
  /** The session has a video configuration: without one, the uploader is refused at once, without a call. */
  configured: boolean;
  phase: Phase;
  /** What step 1 sent and the API created: the title typed, the kind, its render type, the text of an article. */
  content: Pick<Content, 'title' | 'type' | 'renderType' | 'text'> | null;
  /** The version of the content the video is saved on: the created one's, or the one read again after a conflict. */
  version: number | null;
  /** The uploader frame's height: 600 px until it asks for another, clamped to 300–1200 px. */
  height: number;
  /** The video id the uploader reported. */
  uploaded: string | null;
  /** This save of the video already read the content again after a conflict: a second conflict is the user's to see. */
  readAgain: boolean;
  /** The red alert of step 2, Retry after it. */
  alert: string | null;
  notices: Notice[];
}

const HEIGHT = { initial: 600, min: 300, max: 1200 };
const tokenFailures: Record<string, string> = {
  'token: no configuration': 'Vinapse configuration unavailable. Login required.',
  // The server's words, else "Refresh token failed".
  'token: refresh refused': (refreshRefused as Extract<VideoFailure, { kind: 'refreshFailed' }>).message ?? 'Refresh token failed',
};
const saveFailed = 'Failed to update content';

/** The session's variants: a walk's console is signed in with or without a video configuration. */
const CONFIGURED = 'a video configuration';
const UNCONFIGURED = 'no video configuration';

/** Step 2's phases: the stepper's second step, "Finish later" below. */
const uploadPhases: readonly Phase[] = ['preparing', 'token failed', 'loading frame', 'frame', 'saving video', 'save failed'];

/** The page each phase is on: the wizard's own, the new article's, or the contents (where a video or Finish later leads). */
const pageOf = (phase: Phase) => {
  if (phase === 'article saved') return { path: '/contents/k1', title: 'Edit content' };
  if (phase === 'video saved' || phase === 'left') return { path: '/contents', title: 'Contents' };
  return { path: '/contents/new', title: 'New content' };
};

/** The uploader's frame is on the page (loading, then shown). */
const framed = (phase: Phase) => phase === 'loading frame' || phase === 'frame';

/**
 * The upload in each of its phases, a new content's step 2 or an existing content's page: the content by its title,
 * what it says it is doing, the uploader once it may be used (given that title and the token), Finish later.
 */
function expectUpload(phase: Phase, title: string) {
  expect(
    screen.getByText(`Upload the video of “${title}”.`),
    'the title typed in step 1 or read, or the one read again after a conflict',
  ).toBeTruthy();
  const status = {
    preparing: ['Preparing the uploader…'],
    'saving video': ['Saving the video…'],
    'loading frame': ['Loading the uploader…'],
  };
  expect(progressText(), 'what the upload says it is doing').toEqual(status[phase as keyof typeof status] ?? []);
  if (framed(phase)) {
    const src = new URL(uploaderFrame()!.getAttribute('src')!);
    expect(src.searchParams.get('title'), "the uploader is given the content's title").toBe(title);
    expect(src.searchParams.get('token'), 'and the upload token').toBe(access.token);
  } else expect(uploaderFrame(), 'the uploader only once it may be used').toBeNull();
  expect(screen.getByRole('button', { name: 'Finish later' })).toBeTruthy();
}

/** The stepper's active step, as MUI marks it. */
const activeStep = () => document.querySelector('.MuiStepLabel-label.Mui-active')?.textContent ?? null;

/** The rules a walk checks a new content's wizard against. */
export const wizardReference = {
  initial: (variant?: string): WizardReference => ({
    configured: variant !== UNCONFIGURED,
    phase: 'details',
    content: null,
    version: null,
    height: HEIGHT.initial,
    uploaded: null,
    readAgain: false,
    alert: null,
    notices: [],
  }),
  step(state: WizardReference, label: string, event: GraphEvent): WizardReference {
    const notify = (text: string) => [...state.notices, { text, at: 0 }];
    const saveFailure = { ...state, phase: 'save failed' as const, alert: saveFailed, notices: notify(saveFailed) };
    if (label.startsWith('resize ')) {
      // The uploader asks for a height (forced or not): the frame takes it, within 300–1200 px.
      const { height } = event as unknown as { height: number };
      return { ...state, height: Math.min(HEIGHT.max, Math.max(HEIGHT.min, height)) };
    }
    switch (label) {
      case 'details: an INLINE article saved':
      case 'details: a video created': {
        // Step 1 creates the content; an INLINE one (an article) is then done and opens as its own page, a REFERENCE
        // one (a video) goes on to its upload.
        const { record } = (event as unknown as { output: { record: Content } }).output;
        const content = { title: record.title, type: record.type, renderType: record.renderType, text: record.text };
        const created = { ...state, content, version: record.version, notices: notify('Content created successfully') };
        return { ...created, phase: record.renderType === 'INLINE' ? 'article saved' : 'preparing' };
      }
      case 'token: ok':
        return { ...state, phase: 'loading frame', alert: null };
      case 'token: no configuration':
      case 'token: refresh refused':
        return { ...state, phase: 'token failed', alert: tokenFailures[label]! };
      case 'retry':
        return { ...state, phase: state.phase === 'token failed' ? 'preparing' : 'saving video', readAgain: false, alert: null };
      case 'frame loaded':
        return { ...state, phase: 'frame' };
      case 'update':
        return { ...state, phase: 'saving video', uploaded: (event as unknown as { uuid: string }).uuid, readAgain: false };
      case 'reload':
        return { ...state, phase: 'left' };
      case 'attach: ok':
        return { ...state, phase: 'video saved', notices: notify('Video uploaded: it is being processed') };
      // Someone saved the content meanwhile: it is read again, and the video saved once more on the version read,
      // unless the content got another video meanwhile; a conflict again then fails.
      case 'attach: stale version':
        return state.readAgain ? saveFailure : state;
      // The content read again names step 2 by the title it has now.
      case 'read again: no other video': {
        const { output } = event as unknown as { output: Content };
        return { ...state, content: { ...state.content!, title: output.title }, version: output.version, readAgain: true };
      }
      case 'read again: another video attached':
        return { ...saveFailure, content: { ...state.content!, title: (event as unknown as { output: Content }).output.title } };
      case 'read again: 500':
      case 'attach: 500':
        return saveFailure;
      default:
        throw new Error(`the content wizard's reference has no rule for "${label}"`);
    }
  },
  check(state: WizardReference, { console: c }: VideoSessionHarness, snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as ContentWizardContext;
    const { phase, content } = state;
    expect(notificationTexts(), 'the notifications still open').toEqual(visibleNotices(state.notices, 0, AUTO_CLOSE_MS));
    const page = pageOf(phase);
    expect(c.history.current(), 'the page').toBe(page.path);
    expect(screen.getByTestId('page-title').textContent, "the page's title").toBe(page.title);
    expect(context.content?.title ?? null, 'the title the wizard keeps').toBe(content?.title ?? null);
    expect(context.content?.version ?? null, 'the version a save of the video is for').toBe(state.version);
    expect(context.externalUuid, 'the video the uploader reported').toBe(state.uploaded);
    expect(context.frameHeight, "the uploader's height").toBe(state.height);
    if (phase === 'article saved') {
      // The article as created: its title, kind, render type and text, on its own page.
      expect(textbox('Title').value, 'the title typed').toBe(content!.title);
      expect(combobox('Type').textContent, 'the kind').toBe('Article');
      expect(combobox('Render type').textContent, 'its render type').toBe('Inline');
      expect(screen.getByTestId('content-text-preview').textContent, 'the text typed').toBe(content!.text);
      return;
    }
    if (phase === 'video saved' || phase === 'left') {
      expect(screen.queryByTestId('uploader-frame'), 'the wizard is gone').toBeNull();
      return;
    }
    const upload = uploadPhases.includes(phase);
    expect(activeStep(), 'the step shown').toBe(upload ? 'Video upload' : 'Details');
    if (!upload) {
      // A new content starts as a Video, shown by reference: its render type is locked, it has no text, it continues.
      expect(textbox('Title').value, 'nothing typed yet').toBe('');
      expect(combobox('Type').textContent, 'a new content is a Video').toBe('Video');
      expect(combobox('Render type').textContent, 'a Video is shown by reference').toBe('Reference');
      expect(combobox('Render type').getAttribute('aria-disabled'), "a Video's render type is locked").toBe('true');
      expect(screen.queryByRole('textbox', { name: 'Text', hidden: true }), 'no text but for an inline content').toBeNull();
      expect(uploaderFrame(), 'no uploader in step 1').toBeNull();
      return;
    }
    expectUpload(phase, content!.title);
    expect(
      pageAlerts().map((alert) => alert.textContent),
      'the alert of step 2, with Retry',
    ).toEqual(state.alert ? [`${state.alert}Retry`] : []);
    if (framed(phase)) expect(frameHeight(), "the frame's height").toBe(`${state.height}px`);
  },
};

/**
 * A new content's wizard (`/contents/new`), the model's `wizard` scenario, in a company admin's console signed in
 * with a video configuration (the token asked for, answered or refused by the API) or, in one walk out of four,
 * without one (the token refused at once, without a call: the uploader's preparation is then a momentary state).
 */
export const contentWizardWalk: WalkSpec<VideoSessionHarness, WizardReference> = {
  model: contentWizardModel,
  scenario: 'wizard',
  ui: contentWizardUi,
  reference: wizardReference,
  file: 'test/qa/walks/content-wizard.walk.test.tsx',
  variants: {
    [CONFIGURED]: { cannot: ['token: no configuration'], weight: 3 },
    [UNCONFIGURED]: { cannot: ['token: ok', 'token: refresh refused'] },
  },
  // An article is saved in step 1 and the walk ends there: one walk in five or so, the others go on to the upload.
  weights: { 'details: an INLINE article saved': 0.25 },
  // Without a video configuration, the uploader's preparation ends at once: the token is refused without a call.
  atOnce: (state, _, __, after) => (!state.configured && after.matches('preparingUpload') ? 'token: no configuration' : undefined),
  // Leaving for the contents (the uploader's "Back to contents", the video saved) ends the walk.
  avoid: endingAfter(5, ['reload', 'attach: ok']),
  open: (scenario, _, { consoleMachines, variant }) =>
    leadingToContents({
      console: openSignedIn(wizardAddress(scenario), videoSession(variant !== UNCONFIGURED), undefined, consoleMachines),
      pendingCheck: null,
    }),
};

/**
 * Where the user is in an existing content's upload (`/contents/k1/video`: its edit page's "Upload it again"): the
 * content being read, that failing, an article (nothing to upload), then as a new content's step 2; done once the
 * video is saved or the upload left, both back on the content's page.
 */
type ExistingPhase = 'opening' | 'open failed' | 'inline' | Exclude<Phase, 'details' | 'token failed' | 'article saved'>;

export interface ExistingReference {
  phase: ExistingPhase;
  /** The content as read when the upload opened: its title, its version, the video it had. */
  content: Pick<Content, 'title' | 'version' | 'externalUuid'> | null;
  /** The version the video is saved on: the one read, or the one read again after a conflict. */
  version: number | null;
  uploaded: string | null;
  readAgain: boolean;
  alert: string | null;
  notices: Notice[];
}

const existingTexts = {
  openFailed: 'Error loading content',
  inline: 'This content is shown inline: it has no video to upload.',
};

/** The rules a walk checks an existing content's upload against (the product spec's "Content video"). */
export const existingReference = {
  initial: (): ExistingReference => ({
    phase: 'opening',
    content: null,
    version: null,
    uploaded: null,
    readAgain: false,
    alert: null,
    notices: [],
  }),
  step(state: ExistingReference, label: string, event: GraphEvent): ExistingReference {
    const notify = (text: string) => [...state.notices, { text, at: 0 }];
    const saveFailure = { ...state, phase: 'save failed' as const, alert: saveFailed, notices: notify(saveFailed) };
    const output = (event as unknown as { output?: Content }).output;
    // The content as read: kept whether or not it can take a video.
    const read = () => ({
      content: { title: output!.title, version: output!.version, externalUuid: output!.externalUuid },
      version: output!.version,
    });
    switch (label) {
      case 'open: a FAILED video':
        return { ...state, ...read(), phase: 'preparing' };
      case 'open: an article (INLINE)':
        return { ...state, ...read(), phase: 'inline', alert: existingTexts.inline };
      case 'open: 500':
        return { ...state, phase: 'open failed', alert: existingTexts.openFailed };
      case 'retry':
        return { ...state, phase: state.phase === 'open failed' ? 'opening' : 'saving video', readAgain: false, alert: null };
      case 'finish later':
      case 'reload':
        return { ...state, phase: 'left' };
      case 'token: ok':
        return { ...state, phase: 'loading frame' };
      case 'frame loaded':
        return { ...state, phase: 'frame' };
      case 'update':
        return { ...state, phase: 'saving video', uploaded: (event as unknown as { uuid: string }).uuid, readAgain: false };
      case 'attach: ok':
        return { ...state, phase: 'video saved', notices: notify('Video uploaded: it is being processed') };
      // Someone saved the content meanwhile: it is read again and the video saved once more on the version read,
      // unless it got another video than the one it had; a second conflict fails.
      case 'attach: stale version':
        return state.readAgain ? saveFailure : state;
      // The content read again names the upload by the title it has now.
      case 'read again: the video it had':
        return { ...state, content: { ...state.content!, title: output!.title }, version: output!.version, readAgain: true };
      case 'read again: another video attached':
        return { ...saveFailure, content: { ...state.content!, title: output!.title } };
      default:
        throw new Error(`the existing content's reference has no rule for "${label}"`);
    }
  },
  check(state: ExistingReference, { console: c }: VideoSessionHarness, snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as ContentWizardContext;
    const { phase } = state;
    expect(notificationTexts(), 'the notifications still open').toEqual(visibleNotices(state.notices, 0, AUTO_CLOSE_MS));
    expect(context.content?.version ?? null, 'the version a save of the video is for').toBe(state.version);
    expect(context.externalUuid, 'the video the uploader reported').toBe(state.uploaded);
    if (phase === 'video saved' || phase === 'left') {
      // Back on the content's page, the upload gone.
      expect(c.history.current(), 'the page').toBe('/contents/k1');
      expect(screen.getByTestId('page-title').textContent, "the page's title").toBe('Edit content');
      expect(uploaderFrame(), 'the upload is gone').toBeNull();
      return;
    }
    expect(c.history.current(), 'the page').toBe('/contents/k1/video');
    expect(screen.getByTestId('page-title').textContent, "the page's title").toBe('Content video');
    expect(screen.queryByText('Details'), 'one step: no details').toBeNull();
    expect(
      pageAlerts().map((alert) => alert.textContent),
      'the alert, with Retry where the content can be read or saved again',
    ).toEqual(state.alert ? [state.phase === 'inline' ? state.alert : `${state.alert}Retry`] : []);
    if (phase === 'opening' || phase === 'open failed' || phase === 'inline') {
      expect(progressText(), 'what the page says it is doing').toEqual(phase === 'opening' ? ['Loading…'] : []);
      expect(screen.getByRole('button', { name: 'Back' }), 'Back, before the upload').toBeTruthy();
      expect(uploaderFrame(), 'no uploader before the content is read').toBeNull();
      return;
    }
    const { content } = state;
    expect(screen.queryByText(replaceNote) !== null, 'the video it had stays until the new one is uploaded').toBe(
      content!.externalUuid !== null,
    );
    expectUpload(phase, content!.title);
  },
};

/**
 * An existing content's upload (`/contents/k1/video`), the model's `existing content` scenario, in a company admin's
 * console with a video configuration (the token's failures are walked in a new content's wizard: the same states).
 */
export const existingContentWalk: WalkSpec<VideoSessionHarness, ExistingReference> = {
  model: contentWizardModel,
  scenario: 'existing content',
  ui: contentWizardUi,
  reference: existingReference,
  file: 'test/qa/walks/content-wizard-existing.walk.test.tsx',
  // An article or a failed read ends the upload where it begins: weighed less, so that most walks upload.
  weights: { 'open: an article (INLINE)': 0.25, 'open: 500': 0.5 },
  // Leaving (Finish later, Back, the uploader's "Back to contents") or the video saved ends the walk.
  avoid: endingAfter(5, ['finish later', 'reload', 'attach: ok']),
  open: (scenario, _, { consoleMachines }) =>
    leadingToContents({
      console: openSignedIn(wizardAddress(scenario), videoSession(true), undefined, consoleMachines),
      pendingCheck: null,
    }),
};
