import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { errorBody, handleServiceError } from './service-error';
import { playerRoutes } from './player.routes';
import { uploadRoutes } from './upload.routes';
import { uploaderRoutes } from './uploader.routes';
import { sessionStatus } from './session-status';
import { defaultCallbackRetryDelaysMs, videoProcessor } from './video-processor';
import type { VideoServiceContext } from './video-service-context';
import { videoStore } from './video-store';
import { serviceTokenSigner, videoTokens } from './video-tokens';

export interface VideoServiceOptions {
  /** Where videos and their JSON records are stored, one folder per video tenant. */
  videoDir: string;
  /** The HS256 secret shared with the console API. */
  tokenSecret: string;
  /** The only origin that may frame the pages and receive their messages. */
  consoleOrigin: string;
  /** `POST` target of the processing reports (the API's `/api/video-callbacks/processed`). */
  callbackUrl: string;
  /**
   * `POST` target of the question whether a token's console session is still open (the API's
   * `/api/video-callbacks/session-status`); by default `session-status` beside `callbackUrl`.
   */
  sessionStatusUrl?: string;
  maxBytes: number;
  callbackRetryDelaysMs?: readonly number[];
  logger?: FastifyBaseLogger;
}

const headersTimeoutMs = 30_000;

/** Request logs without the tokens that pages and media carry in their query string. */
const loggedRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
  host: request.host,
  remoteAddress: request.ip,
});

/** The local video-hosting service: its own Fastify instance, for its own origin; stops its background work on close. */
export async function buildVideoService(options: VideoServiceOptions) {
  const logger = options.logger?.child({}, { serializers: { req: loggedRequest } });
  // Uploads and media streams can be long: on close they are cut, not awaited.
  // Uploads may take long (no request timeout), but their headers come at once: a client sending them slowly is cut
  // after 30 s, checked every second (Node's defaults: 60 s, checked every 30 s).
  const app = Fastify({
    forceCloseConnections: true,
    http: { requestTimeout: 0, headersTimeout: headersTimeoutMs, connectionsCheckingInterval: 1000 },
    ...(logger ? { loggerInstance: logger } : {}),
  });
  const store = videoStore(options.videoDir);
  const sessions = sessionStatus({
    url: options.sessionStatusUrl ?? new URL('session-status', options.callbackUrl).toString(),
    serviceToken: (tenant) => serviceTokenSigner(options.tokenSecret).callbackToken(tenant),
    log: app.log,
  });
  const tokens = videoTokens(options.tokenSecret, sessions.requireOpen);
  const processor = videoProcessor({
    store,
    tokens,
    callbackUrl: options.callbackUrl,
    retryDelaysMs: options.callbackRetryDelaysMs ?? defaultCallbackRetryDelaysMs,
    log: app.log,
  });
  const context: VideoServiceContext = {
    consoleOrigin: options.consoleOrigin,
    maxBytes: options.maxBytes,
    store,
    tokens,
    processor,
  };

  // Uploads are streamed by their route: no body is parsed, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler(handleServiceError);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`)),
  );
  app.addHook('onClose', async () => processor.close());

  // Security headers on every answer (helmet): nosniff, no referrer, and a policy for what is not a page (JSON, media):
  // nothing to load, framed by the console only. Pages send their own policy with a nonce (`pages.ts`). No
  // X-Frame-Options: it cannot allow one other origin, and the console frames the pages from another origin.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: [options.consoleOrigin],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });

  await app.register(uploaderRoutes, context);
  await app.register(uploadRoutes, context);
  await app.register(playerRoutes, context);
  await app.ready();
  await processor.resume();
  return app;
}

export type VideoService = Awaited<ReturnType<typeof buildVideoService>>;
