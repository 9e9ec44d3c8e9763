import type { QueryClient } from '@tanstack/query-core';
import { fromPromise } from 'xstate';
import { cacheResourceApi } from '../api/resource-cache';
import type { ResourceApi } from '../api/resources';
import type { Content } from '../domain/catalogue';
import type { Failure } from '../domain/failure';
import type { VideoAccess } from '../domain/video';
import { contentWizardMachine } from '../machines/content-wizard.machine';
import type { formMachine } from '../machines/form.machine';
import { videoAccessMachine } from '../machines/video-access.machine';
import type { VideoMachines } from '../views/actors';

/** The API's answer to a write based on a version that is no longer the record's (docs/api-contract.md). */
const isStaleVersion = (failure: unknown) => {
  const known = failure as Partial<Failure> & { errors?: Array<{ field: string }> };
  return known.kind === 'http' && known.status === 409 && (known.errors ?? []).some(({ field }) => field === 'version');
};

/** A token for the video service's frames; aborted when the machine that asked stops. */
export type ObtainVideoAccess = (signal: AbortSignal) => Promise<VideoAccess>;

/**
 * The content wizard and the player's token machine: step 1 is the contents' own form machine, the video is attached
 * with a `PUT` of the content through the query cache, and both ask `obtainVideoAccess` for their token.
 */
export function provideVideoMachines(
  obtainVideoAccess: ObtainVideoAccess,
  contentsApi: ResourceApi<Content>,
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
        attachVideo: fromPromise(async ({ input: { id, externalUuid, version } }) => {
          const attach = (current: number) => contents.update(id, { externalUuid, status: 'PENDING_PROCESSING', version: current });
          try {
            return await attach(version);
          } catch (failure) {
            if (!isStaleVersion(failure)) throw failure;
            // Saved by someone else since step 1 (its title, say): the video still goes to it, on its current
            // version, unless another video was attached meanwhile; then the conflict is the user's to see.
            const current = await contents.get(id, { reload: true });
            const attached = (current as { externalUuid?: string | null }).externalUuid;
            if (attached && attached !== externalUuid) throw failure;
            return attach(current.version);
          }
        }),
      },
    }),
    player: videoAccessMachine.provide({ actors: { obtainVideoAccess: obtain } }),
  };
}
