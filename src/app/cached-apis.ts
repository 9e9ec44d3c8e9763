import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import { cacheAccountApi, createAccountApi, type AccountApi } from '../api/account';
import { createAccountAdminApi, type AccountAdminApi } from '../api/account-admin';
import { createActivityApi, type ActivityApi } from '../api/activity';
import { cacheDeliveryApi, createDeliveryApi, type DeliveryApi } from '../api/delivery';
import { createExportApi, type ExportApi } from '../api/exports';
import { createReportsApi, type ReportsApi } from '../api/reports';
import { cacheResourceApi } from '../api/resource-cache';
import { createQuizApi, type QuizApi } from '../api/quizzes';
import { createResourceApis, type ResourceApis } from '../api/resources';
import { createSavedViewsApi, type SavedViewsApi } from '../api/saved-views';
import { cacheTrainingPlanApis, createTrainingPlanApis, type TrainingPlanApis } from '../api/training-plans';
import type { StoredRecord } from '../domain/resource';

/** The calls of the signed-in screens, straight to the API. */
export interface ConsoleApis {
  resources: ResourceApis;
  trainingPlans: TrainingPlanApis;
  account: AccountApi;
  /** Downloads go straight to the API: a file is never cached. */
  exports: ExportApi;
  /** The audit log, never cached: a record's history changes with every save. */
  activity: ActivityApi;
  /** An admin's actions on other accounts (invitations, second factors, two-factor policies), never cached. */
  accountAdmin: AccountAdminApi;
  /** The completion reports, never cached: learners move them at any time. */
  reports: ReportsApi;
  /** A quiz's preview and QTI exchange, never cached: a preview scores the quiz as stored now. */
  quizzes: QuizApi;
  /** A group's members, a plan's assignments. */
  delivery: DeliveryApi;
  /** The user's saved views of a list, never cached: the menu asks once per list opened. */
  savedViews: SavedViewsApi;
}

export const createConsoleApis = (http: KyInstance): ConsoleApis => ({
  resources: createResourceApis(http),
  trainingPlans: createTrainingPlanApis(http),
  account: createAccountApi(http),
  exports: createExportApi(http),
  activity: createActivityApi(http),
  accountAdmin: createAccountAdminApi(http),
  reports: createReportsApi(http),
  quizzes: createQuizApi(http),
  delivery: createDeliveryApi(http),
  savedViews: createSavedViewsApi(http),
});

export type CachedResourceApi<Item extends StoredRecord = StoredRecord> = ReturnType<typeof cacheResourceApi<Item>>;

/** Every call of the signed-in screens through the one query cache, wrapped once for all their machines. */
export function cacheConsoleApis(
  { resources, trainingPlans, account, exports, activity, accountAdmin, reports, quizzes, delivery, savedViews }: ConsoleApis,
  queryClient: QueryClient,
) {
  return {
    exports,
    activity,
    accountAdmin,
    reports,
    quizzes,
    savedViews,
    resources: {
      companies: cacheResourceApi(resources.companies, queryClient, 'companies'),
      tenants: cacheResourceApi(resources.tenants, queryClient, 'tenants'),
      users: cacheResourceApi(resources.users, queryClient, 'users'),
      topics: cacheResourceApi(resources.topics, queryClient, 'topics'),
      contents: cacheResourceApi(resources.contents, queryClient, 'contents'),
      'training-plans': cacheResourceApi(resources['training-plans'], queryClient, 'training-plans'),
      quizzes: cacheResourceApi(resources.quizzes, queryClient, 'quizzes'),
      groups: cacheResourceApi(resources.groups, queryClient, 'groups'),
    },
    trainingPlans: cacheTrainingPlanApis(trainingPlans, queryClient),
    account: cacheAccountApi(account, queryClient),
    delivery: cacheDeliveryApi(delivery, queryClient),
  };
}

export type CachedApis = ReturnType<typeof cacheConsoleApis>;
