/**
 * The chunks of the signed-in console by what they hold, each a module of src/ (the build maps each to its files:
 * vite.config.ts writes them into the page, `first-load.ts` reads them there).
 */
export const routeChunkModules = {
  /** The layout, the menu, the routes, home, the query cache and the machines of every list and form. */
  signedInConsole: 'src/app/signed-in-console.tsx',
  /** The machines of a few screens only: the content wizard and player, the plan editor, the users' CSV import. */
  screenMachines: 'src/app/screen-machines.ts',
  /** The DataGrid: every list. */
  grid: 'src/views/list/ListGrid.tsx',
  /** The record form: every create and edit page. */
  form: 'src/views/form/FormView.tsx',
  /** A content's page: its video's player and upload. */
  contentExtras: 'src/views/contents/ContentExtras.tsx',
  /** The content wizard: a new content, a content's video. */
  contentWizard: 'src/app/ContentWizardRoute.tsx',
  /** The plan editor: a plan with its modules, a module with its items, an item. */
  planEditor: 'src/views/training-plans/TrainingPlanPages.tsx',
  settings: 'src/views/settings/SettingsPage.tsx',
  /** The LRS credentials page: its create dialog brings the record form, which no list needs at first. */
  lrsCredentials: 'src/views/delivery/LrsCredentialsPage.tsx',
} as const;

export type RouteChunk = keyof typeof routeChunkModules;

/** Where the page lists the files of each chunk (a JSON data block written by the build; absent in development). */
export const routeChunksElementId = 'route-chunks';

/** The lists that show two-line rows instead of the grid on a phone (their configurations' `phone`). */
const listsWithPhoneRows = ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans', 'quizzes', 'groups', 'activity'];

/**
 * The chunks the screen at `path` needs when signed in: the signed-in console, and the screen's own (the grid of a
 * list, the form of a record, the wizard, the plan editor, the settings). Home is in the signed-in console. On a
 * phone (`phone`), a list with two-line rows needs no grid.
 */
export function routeChunks(path: string, { phone = false }: { phone?: boolean } = {}): RouteChunk[] {
  const [, section = '', record, part] = path.split('/');
  if (phone && !record && listsWithPhoneRows.includes(section)) return ['signedInConsole'];
  const screen: RouteChunk[] =
    section === 'settings'
      ? ['settings']
      : section === 'activity' || section === 'reports'
        ? ['grid']
        : section === 'lrs-credentials'
          ? ['lrsCredentials', 'grid']
          : section === 'training-plans' && record
            ? ['planEditor', 'screenMachines']
            : section === 'contents' && (record === 'new' || part === 'video')
              ? ['contentWizard', 'screenMachines']
              : section === 'contents' && record
                ? ['form', 'contentExtras', 'screenMachines']
                : ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans', 'quizzes', 'groups'].includes(section)
                  ? [record ? 'form' : 'grid']
                  : [];
  return ['signedInConsole', ...screen];
}
