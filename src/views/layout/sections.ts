import type { Scope } from '../../domain/session';

/** The sections of each scope's menu, by path, in the menu's order (`menu.ts` gives them their labels and icons). */
export const sectionPathsByScope: Record<Scope, readonly string[]> = {
  GLOBAL: ['/tenants', '/users', '/activity', '/reports'],
  TENANT: ['/companies', '/users', '/activity', '/reports'],
  COMPANY: ['/users', '/groups', '/contents', '/topics', '/quizzes', '/training-plans', '/reports', '/lrs-credentials'],
};

const allSections = Object.values(sectionPathsByScope).flat();

const within = (location: string, path: string) => location === path || location.startsWith(`${path}/`);

/**
 * Whether an account of `scope` may open the screen at `location`: a screen of the menu of another scope (/tenants as a
 * COMPANY admin) is not; every other path (home, settings, unknown paths) is left to the routes.
 */
export const mayOpen = (scope: Scope, location: string) =>
  !allSections.some((path) => within(location, path)) || sectionPathsByScope[scope].some((path) => within(location, path));
