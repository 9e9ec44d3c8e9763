import type { AnyMachineSnapshot } from 'xstate';
import { videoAccessMachine, type VideoAccessContext } from '../../../src/machines/video-access.machine';
import { access, noConfiguration, refreshRefused } from '../fixtures/catalogue';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

export const videoAccessModel = defineModel({
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
  invariants: [
    ['a token or a failure, never both', (s) => !((s.context as VideoAccessContext).access && (s.context as VideoAccessContext).failure)],
    ['ready exactly when a token is held', (s) => s.matches('ready') === ((s.context as VideoAccessContext).access !== null)],
  ],
});
