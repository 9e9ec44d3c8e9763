import type { FastifyInstance } from 'fastify';
import { registerSecurityHeaders, type HstsMode } from './security-headers';

export interface ProtectionOptions {
  /** The video service's URL template (`{tenant}` placeholder): the only frames the console may show. */
  videoServiceUrl: () => string | undefined;
  hsts?: HstsMode;
}

/**
 * What every answer of the server goes through before any route: security headers. Registered on the root
 * instance, before the routes, so it covers them all, the 404s and the errors.
 */
export async function registerProtection(app: FastifyInstance, options: ProtectionOptions) {
  await registerSecurityHeaders(app, { videoServiceUrl: options.videoServiceUrl, hsts: options.hsts ?? 'auto' });
}
