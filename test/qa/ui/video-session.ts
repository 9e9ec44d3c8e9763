import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { storageKeys } from '../../../src/api/storage';
import type { LoginResponse, SessionState, VinapseConfig } from '../../../src/domain/session';
import type { VideoFailure } from '../../../src/domain/video';
import { access, refreshRefused } from '../../support/fixtures/catalogue';
import type { Path } from '../../support/paths/graph-paths';
import { companyLogin, meAnswer } from '../../support/fixtures/session';
import type { Scenario } from '../../support/paths/model';
import { memoryStore, openConsole, openSignedIn, storedSession, type OpenedConsole } from './console';

/**
 * The video token in the console, for the paths of the machines that ask for it (the content wizard, the player):
 * `obtainVideoAccess` is src/api/video-token.ts on the real session. A session whose video configuration is
 * disabled gets `configurationUnavailable` at once, without a call; a configured one with no token of its own asks
 * `POST auth/refresh-jwt`, whose answer makes `token: ok` or `token: refresh refused`.
 */

/** The company's video service as the API configures it: `access` (the models' token answer) comes from it. */
export const videoConfiguration: VinapseConfig = {
  enabled: true,
  tenantId: 'tenant-1',
  courseId: access.courseId,
  serviceUrl: access.serviceUrl,
};
export const noVideoConfiguration: VinapseConfig = { enabled: false, tenantId: null, courseId: null, serviceUrl: null };

/** A company admin's session, with or without a video configuration; never a video token yet, so `token: ok` is a real refresh. */
export const videoSession = (configured: boolean): LoginResponse => ({
  ...companyLogin,
  vinapseConfig: configured ? videoConfiguration : noVideoConfiguration,
  jwtTokens: { vinapse: null },
});

/** The labels of a path's events, in order (the path's events are the scenario's own objects). */
export const pathLabels = (scenario: Scenario, path: Path) =>
  path.steps.slice(1).map((step) => scenario.events.find(([, event]) => event === step.event)?.[0] ?? step.event.type);

const tokenOutcome = /^token: /;
const needsConfiguration = (label: string) => label !== 'token: no configuration';

export interface VideoSessionHarness {
  console: OpenedConsole;
  /**
   * The session as the background check (`GET users/me`, held until then) reports it: set when the path's token
   * outcomes need the configuration to change between two requests (the API's answer updates the stored session).
   */
  pendingCheck: SessionState | null;
}

/**
 * The console at `address`, signed in with the session the path's first token outcome needs. When a later outcome
 * needs the other one (a configuration that appears, or goes away, between two tries), the background check of the
 * session is held: answering it (see {@link answerSessionCheck}) brings the server's configuration.
 */
export function openForTokens(address: string, scenario: Scenario, path: Path): VideoSessionHarness {
  const needs = pathLabels(scenario, path)
    .filter((label) => tokenOutcome.test(label))
    .map(needsConfiguration);
  const changes = needs.filter((need, index) => index > 0 && need !== needs[index - 1]).length;
  expect(changes, 'the session check changes the configuration once at most').toBeLessThanOrEqual(1);
  const first = videoSession(needs[0] ?? true);
  if (changes === 0) return { console: openSignedIn(address, first), pendingCheck: null };
  const { token: _, ...later } = videoSession(!needs[0]);
  return { console: openConsole({ path: address, store: memoryStore(storedSession(first)) }), pendingCheck: later };
}

/** The held background check of the session answered (if the path holds one), and the stored session updated by it. */
export async function answerSessionCheck(harness: VideoSessionHarness) {
  const state = harness.pendingCheck;
  if (!state) return;
  harness.pendingCheck = null;
  const { console: c } = harness;
  (await c.network.next('GET', 'users/me')).respond(200, meAnswer(state, state.user.name));
  await waitFor(() => {
    const stored = JSON.parse(c.store.getItem(storageKeys.session) ?? 'null') as SessionState | null;
    expect(stored?.vinapseConfig.enabled).toBe(state.vinapseConfig.enabled);
  });
}

/** `POST auth/refresh-jwt` as the API answers it: a token for the video service, or a 409 without a video configuration. */
export async function answerTokenRequest(c: OpenedConsole, outcome: 'ok' | 'refused') {
  const request = await c.network.next('POST', 'auth/refresh-jwt');
  expect(request.headers.get('authorization')).toBe(`Bearer ${companyLogin.token}`);
  if (outcome === 'ok') {
    request.respond(200, {
      success: true,
      jwtTokens: { vinapse: { token: access.token, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
    });
  } else {
    const { message } = refreshRefused as Extract<VideoFailure, { kind: 'refreshFailed' }>;
    request.respond(409, { statusCode: 409, success: false, error: 'Conflict', message });
  }
}

/** 'token: no configuration': nothing is asked, the session has no video configuration. */
export function expectNoTokenRequest(c: OpenedConsole) {
  expect(c.network.held().some((request) => request.path === 'auth/refresh-jwt')).toBe(false);
}

/** What the alert says for the models' failures (src/views/video/video-failure-text.ts, in English): the API's words for a refusal. */
export const failureText = (failure: VideoFailure | null) => {
  switch (failure?.kind) {
    case 'configurationUnavailable':
      return 'Vinapse configuration unavailable. Login required.';
    case 'refreshFailed':
      return (refreshRefused as Extract<VideoFailure, { kind: 'refreshFailed' }>).message;
    default:
      throw new Error(`no token failure of the models: ${JSON.stringify(failure)}`);
  }
};

/** The one Retry button of the screen (an alert's action). */
export const retryButton = () => {
  const buttons = screen.getAllByRole('button', { name: 'Retry' });
  expect(buttons).toHaveLength(1);
  return buttons[0]!;
};

/** The alerts of the page, not the notifications'. */
export const pageAlerts = () => {
  const notifications = screen.queryByTestId('notifications');
  return screen.queryAllByRole('alert').filter((alert) => !notifications?.contains(alert));
};
