import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import { cacheAccountApi, createAccountApi, type AccountApi } from '../api/account';
import { cacheResourceApi } from '../api/resource-cache';
import { createResourceApi, type ResourceApi } from '../api/resources';
import { cacheTrainingPlanApis, createTrainingPlanApis, type TrainingPlanApis } from '../api/training-plans';
import { resourceNames, type ResourceName } from '../domain/resource';

/** The calls of the signed-in screens, straight to the API. */
export interface ConsoleApis {
  resources: Record<ResourceName, ResourceApi>;
  trainingPlans: TrainingPlanApis;
  account: AccountApi;
}

export const createConsoleApis = (http: KyInstance): ConsoleApis => ({
  resources: Object.fromEntries(resourceNames.map((resource) => [resource, createResourceApi(http, resource)])) as ConsoleApis['resources'],
  trainingPlans: createTrainingPlanApis(http),
  account: createAccountApi(http),
});

export type CachedResourceApi = ReturnType<typeof cacheResourceApi>;

/** Every call of the signed-in screens through the one query cache, wrapped once for all their machines. */
export function cacheConsoleApis({ resources, trainingPlans, account }: ConsoleApis, queryClient: QueryClient) {
  return {
    resources: Object.fromEntries(
      resourceNames.map((resource) => [resource, cacheResourceApi(resources[resource], queryClient, resource)]),
    ) as Record<ResourceName, CachedResourceApi>,
    trainingPlans: cacheTrainingPlanApis(trainingPlans, queryClient),
    account: cacheAccountApi(account, queryClient),
  };
}

export type CachedApis = ReturnType<typeof cacheConsoleApis>;
