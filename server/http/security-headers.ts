import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { strictTransportSecurity } from 'helmet';

/** When `Strict-Transport-Security` is sent: `auto` on requests that came over TLS (itself or a trusted proxy's `X-Forwarded-Proto`). */
export type HstsMode = 'auto' | 'always' | 'off';

export interface SecurityHeaderOptions {
  /** The video service's URL template (`{tenant}` placeholder): the only pages the console may frame. */
  videoServiceUrl: () => string | undefined;
  hsts: HstsMode;
}

const tenantMarker = 'tenant-placeholder';

/**
 * The CSP source of every page the video service may serve: the template's origin, with the host label that holds
 * `{tenant}` and the labels before it as one wildcard (`http://{tenant}.localhost:3001` → `http://*.localhost:3001`);
 * `'none'` without a video service.
 */
export function videoFrameSource(template: string | undefined): string {
  if (!template) return "'none'";
  const url = new URL(template.replaceAll('{tenant}', tenantMarker));
  const port = url.port ? `:${url.port}` : '';
  const labels = url.hostname.split('.');
  const tenantLabel = labels.findIndex((label) => label.includes(tenantMarker));
  if (tenantLabel === -1) return url.origin;
  const parent = labels.slice(tenantLabel + 1).join('.');
  return `${url.protocol}//${parent ? `*.${parent}` : '*'}${port}`;
}

/**
 * The console's static files (scripts, styles, images: every file it serves but its page) keep what protects a file:
 * `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`, HSTS, their cache headers, no `X-Powered-By`. The
 * headers only a document reads (its CSP, frame options, referrer policy, opener policy, origin-keyed agent cluster,
 * DNS prefetch, download and cross-domain policies, XSS filter) are left out: about 1 kB on every file.
 */
export const staticFileHeaders = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  frameguard: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/** A route serving one of the console's static files: a file name with an extension, not a page, outside the API. */
export const isStaticFileRoute = (url: string) =>
  !url.startsWith('/api/') && /\/[^/]+\.[a-z0-9]+$/i.test(url) && !/\.html(\.(br|gz))?$/i.test(url);

/**
 * Security headers on every answer (console, API, 404s and errors), from helmet: a strict CSP for the console (scripts
 * from its own origin only; styles also inline, which MUI's emotion injects; frames from the video service only;
 * never framed itself), `X-Frame-Options: DENY`, `nosniff`, `Referrer-Policy: no-referrer`; HSTS per {@link HstsMode};
 * and `Cache-Control: no-store` on every answer but the console's files, which set their own. The console's static
 * files get helmet's route options {@link staticFileHeaders} (set before helmet reads them).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  app.addHook('onRoute', (route) => {
    if (isStaticFileRoute(route.url)) route.helmet = staticFileHeaders;
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Contents show their background image, an address anywhere on the web.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: [() => videoFrameSource(options.videoServiceUrl())],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });

  const hsts = strictTransportSecurity();
  app.addHook('onRequest', (request, reply, done) => {
    const overTls = options.hsts === 'always' || (options.hsts === 'auto' && request.protocol === 'https');
    if (overTls) hsts(request.raw, reply.raw, done);
    else done();
  });

  // The console's files set their own caching; every other answer (the API, 404s, errors) is never stored.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
