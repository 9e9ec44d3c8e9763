import { routeChunks, type RouteChunk } from './route-chunks';
import { screenCode } from './screen-code';

/**
 * The chunks of the signed-in console as the routes load them (each named once, see `route-chunks.ts`): the
 * signed-in console itself (which also holds the signed-in machines), and its screens'.
 */
export const routeCode = {
  signedInConsole: () => import('./signed-in-console'),
  ...screenCode,
} satisfies Record<RouteChunk, () => Promise<unknown>>;

/** Fetches the code of the screen at `path` at once (just signed in: the page's start asked for nothing). */
export function preloadRouteCode(path: string, options: { phone?: boolean } = {}) {
  for (const chunk of routeChunks(path, options)) routeCode[chunk]().catch(() => undefined);
}
