/**
 * The code of each signed-in screen, as the import its lazy view loads. Kept out of the signed-in console's chunk so
 * that, once a session is known at start, the screen at the address is fetched together with the console's own
 * code instead of after it (one round trip less before a list's grid, a form or the plan editor can draw).
 */
export const screenCode = {
  listGrid: () => import('../views/list/ListGrid'),
  form: () => import('../views/form/FormView'),
  planEditor: () => import('../views/training-plans/TrainingPlanPages'),
  contentWizard: () => import('./ContentWizardRoute'),
  settings: () => import('../views/settings/SettingsPage'),
};

/** The code of the screen at `path` (a list's grid, a form, the wizard, the plan editor, the settings); none for home. */
export function screenCodeAt(path: string): (() => Promise<unknown>) | undefined {
  const [, section = '', record] = path.split('/');
  if (!section || section === 'home' || section === 'login') return undefined;
  if (section === 'settings') return screenCode.settings;
  if (section === 'training-plans' && record) return screenCode.planEditor;
  if (section === 'contents' && record === 'new') return screenCode.contentWizard;
  return record ? screenCode.form : screenCode.listGrid;
}
