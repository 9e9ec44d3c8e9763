import { fromPromise } from 'xstate';
import type { VideoAccess } from '../domain/video';
import { contentWizardMachine } from '../machines/content-wizard.machine';
import type { formMachine } from '../machines/form.machine';
import { videoAccessMachine } from '../machines/video-access.machine';
import type { VideoMachines } from '../views/actors';
import type { CachedResourceApi } from './cached-apis';
import type { OutcomeActions } from './outcomes';
import { uploaderBridge } from './uploader-bridge';

/** A token for the video service's frames; aborted when the machine that asked stops. */
export type ObtainVideoAccess = (signal: AbortSignal) => Promise<VideoAccess>;

/**
 * The content wizard and the player's token machine: step 1 is the contents' own form machine, the video is attached
 * with a `PUT` of the content (read again first, when someone saved it meanwhile) through the query cache, the
 * uploader's messages come through the uploader bridge, and both machines ask `obtainVideoAccess` for their token.
 */
export function provideVideoMachines(
  obtainVideoAccess: ObtainVideoAccess,
  contents: CachedResourceApi,
  contentForm: typeof formMachine,
  outcomes: OutcomeActions,
): VideoMachines {
  const obtain = fromPromise<VideoAccess, void>(({ signal }) => obtainVideoAccess(signal));
  return {
    wizard: contentWizardMachine.provide({
      actors: {
        contentForm,
        obtainVideoAccess: obtain,
        attachVideo: fromPromise(({ input: { id, externalUuid, version } }) =>
          contents.update(id, { externalUuid, status: 'PENDING_PROCESSING', version }),
        ),
        loadContent: fromPromise(({ input: { id } }) => contents.get(id, { reload: true })),
        uploaderBridge,
      },
      actions: outcomes,
    }),
    player: videoAccessMachine.provide({ actors: { obtainVideoAccess: obtain } }),
  };
}
