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
  /** The Activity page (GLOBAL and TENANT admins). */
  activity: 'src/views/activity/ActivityPage.tsx',
  /** The completion reports, with their tabs. */
  reports: 'src/views/reports/ReportsPage.tsx',
  /** The quizzes' own views: a quiz's preview and QTI export, the list's QTI import. */
  quizScreens: 'src/views/quizzes/quiz-screens.ts',
  /** The account views: a user's account panel, the security policies, the users' Resend invitations. */
  accountScreens: 'src/views/accounts/account-screens.ts',
} as const;

export type RouteChunk = keyof typeof routeChunkModules;

/** Where the page lists the files of each chunk (a JSON data block written by the build; absent in development). */
export const routeChunksElementId = 'route-chunks';

/** The lists that show two-line rows instead of the grid on a phone (their configurations' `phone`). */
const listsWithPhoneRows = ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans', 'quizzes', 'groups', 'activity'];

/** The chunks of the views that only a section's screens show, its list and its records alike. */
const sectionChunks: Readonly<Record<string, readonly RouteChunk[]>> = {
  activity: ['activity'],
  reports: ['reports'],
  quizzes: ['quizScreens'],
  users: ['accountScreens'],
  tenants: ['accountScreens'],
};

/**
 * The chunks the screen at `path` needs when signed in: the signed-in console, the section's own views, and the
 * screen's (the grid of a list, the form of a record, the wizard, the plan editor, the settings). Home is in the
 * signed-in console. On a phone (`phone`), a list with two-line rows needs no grid.
 */
export function routeChunks(path: string, { phone = false }: { phone?: boolean } = {}): RouteChunk[] {
  const [, section = '', record, part] = path.split('/');
  const own = ['signedInConsole', ...(sectionChunks[section] ?? [])] as RouteChunk[];
  if (phone && !record && listsWithPhoneRows.includes(section)) return own;
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
  return [...own, ...screen];
}
