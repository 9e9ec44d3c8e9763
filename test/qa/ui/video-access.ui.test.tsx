import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { VideoAccessContext } from '../../../src/machines/video-access.machine';
import { access, storedContent } from '../../support/fixtures/catalogue';
import { videoAccessModel } from '../../support/models/video-access';
import { describeUiPaths } from './paths';
import {
  answerSessionCheck,
  answerTokenRequest,
  expectNoTokenRequest,
  failureText,
  openForTokens,
  pageAlerts,
  retryButton,
} from './video-session';

/** A READY video content: its edit page shows the player below the form. */
const video = storedContent({ externalUuid: 'video-1', status: 'READY' });
const playerFrame = () => screen.queryByTestId('player-frame');

describeUiPaths(videoAccessModel, {
  open: (scenario, path) => {
    const harness = openForTokens(`/contents/${video.id}`, scenario, path);
    harness.console.network.always('GET', `contents/${video.id}`, () => ({ status: 200, body: video }));
    return harness;
  },
  perform: {
    'token: ok': async ({ console: c }) => answerTokenRequest(c, 'ok'),
    'token: refresh refused': async ({ console: c }) => answerTokenRequest(c, 'refused'),
    'token: no configuration': async ({ console: c }) => expectNoTokenRequest(c),
    retry: async (harness) => {
      await answerSessionCheck(harness);
      await harness.console.user.click(retryButton());
    },
  },
  // Without a video configuration the token is refused before anything is asked: the spinner never shows.
  momentary: (state, nextLabel) => state.matches('obtaining') && nextLabel === 'token: no configuration',
  show: {
    obtaining: () => {
      expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
      expect(playerFrame()).toBeNull();
      expect(pageAlerts()).toEqual([]);
    },
    ready: () => {
      expect(playerFrame()?.getAttribute('src')).toBe(
        `${access.serviceUrl}/course/${access.courseId}/watch/video-1?token=${access.token}&lang=en`,
      );
      expect(screen.queryByRole('progressbar', { name: 'Loading…' })).toBeNull();
    },
    failed: (_, snapshot) => {
      const alerts = pageAlerts();
      expect(alerts.map((alert) => alert.textContent)).toEqual([`${failureText((snapshot.context as VideoAccessContext).failure)}Retry`]);
      expect(playerFrame()).toBeNull();
    },
  },
});
