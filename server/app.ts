import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { LoginThrottlePolicy } from './auth/login-throttle';
import { videoTokenIssuer, videoTokenSecretLoader, type IssueVideoToken, type VideoTokenSecret } from './auth/video-token';
import type { Database } from './db/client';
import type { RequestDatabase } from './db/request-context';
import { handleError } from './http/error-handler';
import type { IdempotencySettings } from './http/idempotency';
import type { LoadSheddingSettings } from './http/load-shedding';
import { registerProtection } from './http/protection';
import { requestGate, type RequestGate } from './http/request-gate';
import type { BulkWorkSettings } from './http/bulk-work';
import type { RateLimitSettings } from './http/rate-limits';
import type { HstsMode } from './http/security-headers';
import { notFoundHandler, serveConsole } from './http/spa';
import { refuseNulInQueryFirst, validatorCompiler } from './http/validation';
import { apiRoutes } from './routes';
import { secretBoxLoader, type SecretBoxLoader } from './auth/secret-box';
import { accountLinks } from './mail/account-links';
import { defaultMailRetry, mailQueue, type MailQueue, type MailSettings } from './mail/mail-queue';
import type { StoreServices } from './store/resource';

export interface AppOptions {
  db: Database;
  /**
   * The database a request's own work uses, under row-level security with the caller's settings (PostgreSQL's
   * `DatabaseClient.forRequest`); `db` when absent (the embedded database: one superuser connection).
   */
  forRequest?: RequestDatabase;
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's setting, or a number of proxy hops (see `hopsAsTrust`). */
  trustProxy?: FastifyServerOptions['trustProxy'] | number;
  /** Sign-in throttling (see `auth/login-throttle.ts`); defaults 10 failures, a first delay of 30 s, at most 900 s. */
  loginMaxFailures?: number;
  loginDelaySeconds?: number;
  loginMaxDelaySeconds?: number;
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
  /** When `Strict-Transport-Security` is sent (see `http/security-headers.ts`). */
  hsts?: HstsMode;
  /** The API's rate limits (`server/main.ts` gives the configured ones); none when absent. */
  rateLimits?: RateLimitSettings;
  /** Bulk work's row budgets and turns (see `http/bulk-work.ts`); turns by default, no row budgets when absent. */
  bulkWork?: BulkWorkSettings;
  /** How long `Idempotency-Key` answers are kept (see `http/idempotency.ts`). */
  idempotency?: IdempotencySettings;
  /** When the API answers 503 under load (see `http/load-shedding.ts`); never when absent (`server/main.ts` gives it). */
  loadShedding?: LoadSheddingSettings;
  /** Mail (issue 30): whether it is on, and its retries. On by default (jobs wait in the queue without a worker). */
  mail?: MailSettings;
  /** `ENCRYPTION_KEY`: seals TOTP secrets and queued mails; when absent one is generated once and stored. */
  encryptionKey?: string;
  /** The console's public origin, which one-time links open (`CONSOLE_ORIGIN`, else http://localhost:{PORT}). */
  consoleOrigin?: string | (() => string | undefined);
  /** Password-reset requests per address and per client address in 15 minutes (defaults 3 and 10). */
  passwordResetLimits?: PasswordResetLimits;
  /** How long a video content may wait for the video service's report before it fails (60 minutes by default). */
  videoProcessingTimeoutMs?: number;
  /** Built before the database is migrated (`server/main.ts`): 503 until `app.finishStarting()` (`http/protection.ts`). */
  starting?: boolean;
}

export interface PasswordResetLimits {
  perAddress: number;
  perClient: number;
}

export interface AuthSettings {
  loginThrottle: LoginThrottlePolicy;
  sessionTtlHours: number;
  passwordResetLimits: PasswordResetLimits;
}

export interface ListSettings {
  exactCountLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    forRequest: RequestDatabase;
    /** The statement each API request starts with: its rate-limit hits and its session lookup (`http/request-gate.ts`). */
    gate: RequestGate;
    authSettings: AuthSettings;
    listSettings: ListSettings;
    issueVideoToken: IssueVideoToken;
    videoTokenSecret: VideoTokenSecret;
    /** The video service's URL template (`{tenant}` placeholder), if one is configured. */
    videoServiceUrl: () => string | undefined;
    /** Seals secrets kept at rest: TOTP secrets, queued mails (`auth/secret-box.ts`). */
    secretBox: SecretBoxLoader;
    /** The outgoing mail queue (`mail/mail-queue.ts`). */
    mail: MailQueue;
    /** What the resources' write hooks may use beyond the database (invitations: the mail queue, the links). */
    storeServices: StoreServices;
  }
}

export async function buildApp(options: AppOptions) {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: hopsAsTrust(options.trustProxy ?? false),
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    requestTimeout,
    // At shutdown a request arriving on a connection still open after the drain is served (its answer closes the
    // connection, `http/protection.ts`) while the database is still open, not refused with Fastify's bare 503.
    return503OnClosing: false,
    // The whole request, headers included, within the request timeout: Node's own default gives the headers 60 s, and
    // checks its connections only every 30 s, so a client sending its headers slowly held a socket for 60–65 s.
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', options.db);
  app.decorate('forRequest', options.forRequest ?? (() => options.db));
  app.decorate('gate', requestGate(options.db));
  app.decorate('authSettings', {
    loginThrottle: {
      maxFailures: options.loginMaxFailures ?? 10,
      firstDelaySeconds: options.loginDelaySeconds ?? 30,
      maxDelaySeconds: options.loginMaxDelaySeconds ?? 900,
    },
    sessionTtlHours: options.sessionTtlHours ?? 12,
    passwordResetLimits: options.passwordResetLimits ?? { perAddress: 3, perClient: 10 },
  });
  app.decorate('videoTokenSecret', videoTokenSecretLoader(options.db, options.videoTokenSecret));
  app.decorate('listSettings', { exactCountLimit: options.exactCountLimit ?? 10_000 });
  app.decorate('issueVideoToken', videoTokenIssuer(app.videoTokenSecret));
  const { videoServiceUrl } = options;
  app.decorate('videoServiceUrl', typeof videoServiceUrl === 'function' ? videoServiceUrl : () => videoServiceUrl);
  app.decorate('secretBox', secretBoxLoader(options.db, options.encryptionKey));
  // Loaded now: it is used inside transactions, and the embedded database has one connection (a first load from
  // inside a transaction would wait for that very connection). An app built before the migrations (`starting`) loads
  // it once migrated (server/main.ts).
  if (!options.starting) await app.secretBox();
  app.decorate('mail', mailQueue(options.db, app.secretBox, options.mail ?? { enabled: true, retry: defaultMailRetry }));
  const { consoleOrigin } = options;
  const origin = () => (typeof consoleOrigin === 'function' ? consoleOrigin() : consoleOrigin) ?? 'http://localhost:3000';
  app.decorate('storeServices', { mail: app.mail, links: accountLinks(origin) });

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', refuseNulInQueryFirst);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(notFoundHandler(options.staticDir));
  acceptEmptyJsonBodies(app);
  app.removeContentTypeParser('text/plain');

  // Protection: what every answer goes through before any route (see http/protection.ts).
  await registerProtection(app, {
    db: options.db,
    videoServiceUrl: app.videoServiceUrl,
    hsts: options.hsts,
    rateLimits: options.rateLimits,
    bulkWork: options.bulkWork,
    idempotency: options.idempotency,
    loadShedding: options.loadShedding,
    starting: options.starting,
  });

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
      await api.register(apiRoutes, { videoProcessingTimeoutMs: options.videoProcessingTimeoutMs ?? 60 * 60_000 });
    },
    { prefix: '/api' },
  );
  if (options.staticDir) await serveConsole(app, options.staticDir);

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A number of proxy hops means: the last that many addresses (the connection's, then X-Forwarded-For from the right)
 * are proxies, the one before them is the client. Fastify itself now trusts nothing for a bare number, because it
 * cannot tell a proxy from a client that connects directly; the setting is meant for servers reachable only through
 * their proxies.
 */
function hopsAsTrust(trustProxy: NonNullable<AppOptions['trustProxy']>): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address: string, hop: number) => hop < hops;
}

function acceptEmptyJsonBodies(app: App) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}
