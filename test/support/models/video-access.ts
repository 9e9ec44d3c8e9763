import type { AnyMachineSnapshot } from 'xstate';
import type { VideoAccess } from '../../../src/domain/video';
import { videoAccessMachine, type VideoAccessContext } from '../../../src/machines/video-access.machine';
import { access, noConfiguration, refreshRefused } from '../fixtures/catalogue';
import { done, error } from '../paths/graph-paths';
import type { MachineModel } from '../paths/model';

export const videoAccessModel: MachineModel = {
  name: 'video-access',
  summary: "The player's token for the video service: obtained, or the reason it could not be, with a retry.",
  machine: videoAccessMachine,
  bounded: 'A state is its value, the token and the failure kind; the context holds nothing else.',
  scenarios: [
    {
      name: 'player',
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { access: obtained, failure } = snapshot.context as VideoAccessContext;
        return JSON.stringify({ value: snapshot.value, token: obtained?.token ?? null, failure: failure?.kind ?? null });
      },
      events: [
        ['retry', { type: 'video.retry' }],
        ['token: ok', done('obtainVideoAccess', access)],
        ['token: no configuration', error('obtainVideoAccess', noConfiguration)],
        ['token: refresh refused', error('obtainVideoAccess', refreshRefused)],
      ],
    },
  ],
  provide: (invoked) => videoAccessMachine.provide({ actors: { obtainVideoAccess: invoked<VideoAccess, void>() } }),
  requirements: [
    {
      id: 'VIDEO-ACCESS',
      rule: 'A video player gets its access from the API before it loads; a failure offers Retry.',
      by: [
        'videoAccess.obtaining \u2014xstate.done.actor.obtainVideoAccess\u2192 videoAccess.ready',
        'videoAccess.obtaining \u2014xstate.error.actor.obtainVideoAccess\u2192 videoAccess.failed',
        'videoAccess.failed \u2014video.retry\u2192 videoAccess.obtaining',
      ],
    },
  ],
  manual: {
    scenario: 'player',
    screen: 'a video content (Contents → Edit, below the form: "Video")',
    account:
      '`company.admin@example.com`, password `Demo-2026!` (COMPANY admin of Acme Robotics S.p.A., whose video tenant is `acme-robotics`)',
    preconditions: [
      'The server started with `npm start` and its video service (port 3001); a browser that resolves `*.localhost` (Chrome, Firefox, Edge).',
      'A video uploaded: run the smoke checklist of the content-wizard plan first (the content "Forklift basics" with a small MP4 file), and wait until its status in the Contents list is no longer "Processing".',
    ],
    smoke: [
      {
        do: 'Click "Contents" in the sidebar, then "Edit" in the row of Forklift basics.',
        see: 'Below the form, "Video": a spinner for a moment, then the video service\'s player with the uploaded video, which plays.',
        events: ['token: ok'],
        state: 'ready',
      },
    ],
  },
  readable: {
    start: {
      start:
        'sign in as `company.admin@example.com`, upload a video (the content-wizard checklist), then open that content from Contents → Edit',
    },
    events: {
      retry: { do: 'Click "Retry" in the red alert' },
      'token: ok': { wait: "the console gets the video service's token" },
    },
    screens: {
      obtaining: 'a spinner in the video frame',
      ready: "the video service's player with the video",
      failed: 'the red alert with the reason ("Vinapse configuration unavailable. Login required.", or the server\'s words) and "Retry"',
    },
    automated: {
      'token: no configuration': 'the account has no video service configured',
      'token: refresh refused': 'the server refuses to renew the video token',
    },
  },
  invariants: [
    ['a token or a failure, never both', (s) => !((s.context as VideoAccessContext).access && (s.context as VideoAccessContext).failure)],
    ['ready exactly when a token is held', (s) => s.matches('ready') === ((s.context as VideoAccessContext).access !== null)],
  ],
};
