import type { QueryClient } from '@tanstack/query-core';
import { createUserImportApi } from '../api/user-import';
import { createVideoTokens } from '../api/video-token';
import type { formMachine } from '../machines/form.machine';
import type { TrainingPlanMachines, VideoMachines } from '../views/actors';
import type { CachedApis } from './cached-apis';
import type { SignedInDependencies } from './signed-in-machines';
import { provideTrainingPlanMachines } from './training-plans';
import { provideUserImport, type UserImportMachines } from './user-import';
import { provideVideoMachines } from './video';

/**
 * The machines of a few screens only: the content wizard and the player (contents), the plan editor's ordered
 * tables (training plans), the CSV import (users). A chunk of their own in the browser, fetched with those screens,
 * so that a list of companies never loads them.
 */
export interface ScreenMachines {
  video: VideoMachines;
  trainingPlans: TrainingPlanMachines;
  userImport: UserImportMachines;
}

/** What the screens' machines are built on: the signed-in console's API, cache and contents form. */
export interface ScreenMachineDependencies extends SignedInDependencies {
  apis: CachedApis;
  queryClient: QueryClient;
  contentForm: typeof formMachine;
}

export function provideScreenMachines({
  http,
  session,
  outcomes,
  readAccessToken,
  storage,
  apis,
  queryClient,
  contentForm,
}: ScreenMachineDependencies): ScreenMachines {
  const videoTokens = createVideoTokens({
    http,
    readSession: () => session.getSnapshot().context.session?.state ?? null,
    readAccessToken,
    storeToken: (vinapse) => session.send({ type: 'session.videoTokenRefreshed', vinapse }),
  });
  return {
    video: provideVideoMachines(videoTokens.obtain, apis.resources.contents, contentForm, outcomes),
    trainingPlans: provideTrainingPlanMachines(apis.trainingPlans, apis.resources['training-plans'], outcomes),
    userImport: provideUserImport({
      api: createUserImportApi(http),
      storage,
      importedUsers: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
    }),
  };
}
