import type { QueryClient } from '@tanstack/query-core';
import { fromPromise } from 'xstate';
import { cacheResourceApi } from '../api/resource-cache';
import type { ResourceApi } from '../api/resources';
import type { VideoAccess } from '../domain/video';
import { contentWizardMachine } from '../machines/content-wizard.machine';
import type { formMachine } from '../machines/form.machine';
import { videoAccessMachine } from '../machines/video-access.machine';
import type { VideoMachines } from '../views/actors';

/** A token for the video service's frames; aborted when the machine that asked stops. */
export type ObtainVideoAccess = (signal: AbortSignal) => Promise<VideoAccess>;

/**
 * The content wizard and the player's token machine: step 1 is the contents' own form machine, the video is attached
 * with a `PUT` of the content through the query cache, and both ask `obtainVideoAccess` for their token.
 */
export function provideVideoMachines(
  obtainVideoAccess: ObtainVideoAccess,
  contentsApi: ResourceApi,
  queryClient: QueryClient,
  contentForm: typeof formMachine,
): VideoMachines {
  const contents = cacheResourceApi(contentsApi, queryClient, 'contents');
  const obtain = fromPromise<VideoAccess, void>(({ signal }) => obtainVideoAccess(signal));
  return {
    wizard: contentWizardMachine.provide({
      actors: {
        contentForm,
        obtainVideoAccess: obtain,
        attachVideo: fromPromise(({ input: { id, externalUuid, version } }) =>
          contents.update(id, { externalUuid, status: 'PENDING_PROCESSING', version }),
        ),
      },
    }),
    player: videoAccessMachine.provide({ actors: { obtainVideoAccess: obtain } }),
  };
}
