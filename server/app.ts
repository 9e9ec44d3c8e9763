import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { videoTokenIssuer, videoTokenSecretLoader, type IssueVideoToken, type VideoTokenSecret } from './auth/video-token';
import type { Database } from './db/client';
import { handleError } from './http/error-handler';
import { notFoundHandler, serveConsole } from './http/spa';
import { validatorCompiler } from './http/validation';
import { apiRoutes } from './routes';

export interface AppOptions {
  db: Database;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
  loginMaxFailures?: number;
  sessionTtlHours?: number;
  videoTokenSecret?: string;
  bodyLimitBytes?: number;
  requestTimeoutMs?: number;
  /** Lists count exactly up to this many rows, and answer the planner's estimate beyond. */
  exactCountLimit?: number;
  /**
   * Where the console finds the video service, with a `{tenant}` placeholder (sessions answer it as
   * `vinapseConfig.serviceUrl`); a function when it is known only once the service listens.
   */
  videoServiceUrl?: string | (() => string | undefined);
}

export interface AuthSettings {
  loginMaxFailures: number;
  sessionTtlHours: number;
}

export interface ListSettings {
  exactCountLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    authSettings: AuthSettings;
    listSettings: ListSettings;
    issueVideoToken: IssueVideoToken;
    videoTokenSecret: VideoTokenSecret;
    /** The video service's URL template (`{tenant}` placeholder), if one is configured. */
    videoServiceUrl: () => string | undefined;
  }
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', options.db);
  app.decorate('authSettings', {
    loginMaxFailures: options.loginMaxFailures ?? 10,
    sessionTtlHours: options.sessionTtlHours ?? 12,
  });
  app.decorate('videoTokenSecret', videoTokenSecretLoader(options.db, options.videoTokenSecret));
  app.decorate('listSettings', { exactCountLimit: options.exactCountLimit ?? 10_000 });
  app.decorate('issueVideoToken', videoTokenIssuer(app.videoTokenSecret));
  const { videoServiceUrl } = options;
  app.decorate('videoServiceUrl', typeof videoServiceUrl === 'function' ? videoServiceUrl : () => videoServiceUrl);

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(notFoundHandler(options.staticDir));
  acceptEmptyJsonBodies(app);
  app.removeContentTypeParser('text/plain');

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Learning admin console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  // API answers of 1 KiB or more go out brotli or gzip compressed. Only the API: the console's files are
  // compressed at build time and sent as they are (http/spa.ts). Request bodies are never inflated.
  await app.register(
    async (api) => {
      await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
      await api.register(apiRoutes);
    },
    { prefix: '/api' },
  );
  if (options.staticDir) await serveConsole(app, options.staticDir);

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

function acceptEmptyJsonBodies(app: App) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}
