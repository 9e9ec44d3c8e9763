import { accountScreens } from '../views/accounts/lazy-account-views';
import type { Preloadable } from '../views/lazy-view';
import { quizScreens } from '../views/quizzes/lazy-quiz-views';

/**
 * The chunks of the screens inside the signed-in console, each named once (see `route-chunks.ts`): the routes render
 * them lazily, and `route-code.ts` fetches those of a route ahead.
 */
export const screenCode = {
  /** The machines of a few screens only: the content wizard and player, the plan editor, the users' CSV import. */
  screenMachines: () => import('./screen-machines'),
  grid: () => import('../views/list/ListGrid'),
  form: () => import('../views/form/FormView'),
  contentExtras: () => import('../views/contents/ContentExtras'),
  contentWizard: () => import('./ContentWizardRoute'),
  planEditor: () => import('../views/training-plans/TrainingPlanPages'),
  settings: () => import('../views/settings/SettingsPage'),
  lrsCredentials: () => import('../views/delivery/LrsCredentialsPage'),
  activity: () => import('../views/activity/ActivityPage'),
  reports: () => import('../views/reports/ReportsPage'),
  quizScreens,
  accountScreens,
};

/** A chunk as something a screen prefetches when idle. */
export const preloadable = (load: () => Promise<unknown>): Preloadable => ({ preload: load });
