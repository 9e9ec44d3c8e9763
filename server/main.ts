import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp, type App } from './app';
import { demoSeedServices } from './demo-seed';
import { loadVideoTokenSecret } from './auth/video-token';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { connectionDrain } from './http/connection-drain';
import { loggerOptions } from './http/logger';
import { demoAccounts, demoPassword, seedDemoData } from './db/seed';
import { buildVideoService, type VideoService } from './video-service/video-service';
import { startMailCatcher } from './mail-catcher/mail-catcher';
import { startJobWorkers } from './mail/mail-worker';
import { describeSmtpUrl, mailTransport } from './mail/transport';
import { passwordResetWorker } from './routes/auth/account-links.routes';

/** After the drain, what the in-flight requests and the database get to finish before the process is ended. */
const closeGraceMs = 8_000;
/** After the drain, how long the connections left must have been idle before they are closed, and the longest wait. */
const idleQuietMs = 1_000;
const idleWaitMs = 4_000;
const consoleDir = path.resolve('dist');

const config = readServerConfig();
/** The app's logger, once it is built; until then one JSON line on standard error. */
const log: { to?: App['log'] } = {};
/**
 * An error of an idle pooled connection (PostgreSQL restarting, failing over or ending the connection): the pool
 * replaces the connection by itself, so this is one structured line of the log, never the error object dumped.
 */
function logPoolError(error: Error) {
  const message = 'a database connection was lost; the pool opens another when one is needed';
  if (log.to) log.to.error({ err: error }, message);
  else
    process.stderr.write(
      `${JSON.stringify({ level: 50, time: Date.now(), msg: message, err: { type: error.name, message: error.message } })}\n`,
    );
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  onPoolError: logPoolError,
});
const staticDir = existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined;
/** Known once the video service listens when its port is chosen at start (VIDEO_PORT=0). */
let videoServiceUrl = config.video.serviceUrl;
/** The console's public origin, which one-time links open: known once the API listens when PORT=0. */
let consoleOrigin = config.video.consoleOrigin;
// Mail (issue 30): SMTP_URL, else the local mail catcher (an SMTP server with a web inbox), else off. The catcher needs
// no database: it listens at once.
const mailCatcher = config.mail.catcher
  ? await startMailCatcher({ smtpPort: config.mail.catcherSmtpPort, webPort: config.mail.catcherWebPort })
  : undefined;
const smtpUrl = config.mail.smtpUrl ?? mailCatcher?.smtpUrl;
const transport = smtpUrl ? mailTransport(smtpUrl) : null;
let jobWorkers: Awaited<ReturnType<typeof startJobWorkers>> | undefined;

const app = await buildApp({
  db: database.db,
  forRequest: database.forRequest,
  staticDir,
  logger: {
    ...loggerOptions(process.env.LOG_LEVEL || 'info'),
    // JSON lines unless told otherwise or on a terminal, where pino-pretty makes them readable.
    ...(config.serving.logFormat === 'pretty' && {
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
    }),
  },
  trustProxy: config.trustProxy,
  loginMaxFailures: config.loginMaxFailures,
  loginDelaySeconds: config.loginDelaySeconds,
  loginMaxDelaySeconds: config.loginMaxDelaySeconds,
  sessionTtlHours: config.sessionTtlHours,
  videoTokenSecret: config.videoTokenSecret,
  videoServiceUrl: () => videoServiceUrl,
  hsts: config.serving.hsts,
  rateLimits: config.serving.rateLimits,
  bulkWork: config.serving.bulkWork,
  loadShedding: config.serving.loadShedding,
  videoProcessingTimeoutMs: config.video.processingTimeoutMs,
  mail: { enabled: smtpUrl !== undefined, retry: { limit: config.mail.retryLimit, delaySeconds: config.mail.retryDelaySeconds } },
  encryptionKey: config.encryptionKey,
  consoleOrigin: () => consoleOrigin,
  // Listening before the migrations: readiness 503 (health 200) until the database is migrated and seeded.
  starting: true,
});
log.to = app.log;
const connections = connectionDrain(app.server);
let videoService: VideoService | undefined;

/**
 * On SIGTERM or SIGINT (npm forwards a terminal's Ctrl-C, which the process also gets: a repeat is ignored): readiness
 * answers 503 and every answer closes its connection at once; after the drain the server stops taking connections,
 * serves those it has (each answer closing its own) until none has an answer pending and the rest have been idle a
 * moment, then closes the idle ones, the video service and the database; exit 0. Past the grace period, or on an
 * uncaught error (a failed start included), close-with-grace ends the process with 1.
 */
const closer = closeWithGrace(
  {
    delay: config.serving.shutdownDrainMs + closeGraceMs,
    skip: ['SIGTERM', 'SIGINT'],
    logger: { error: (message: unknown) => app.log.error(message) },
  },
  async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    app.startDraining();
    await sleep(config.serving.shutdownDrainMs);
    await connections.stopAccepting({ quietMs: idleQuietMs, timeoutMs: idleWaitMs });
    await Promise.all([app.close(), videoService?.close()]);
    await jobWorkers?.stop();
    transport?.close();
    await mailCatcher?.close();
    await database.close();
    app.log.info('closed');
  },
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (app.draining) return;
    app.log.info(`${signal} received, draining for ${config.serving.shutdownDrainMs} ms`);
    void closer.close();
  });
}

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const { port } = app.server.address() as AddressInfo;
consoleOrigin ??= `http://localhost:${port}`;

/**
 * What the process does once it listens: migrate and seed, load the key that seals secrets, start the job queue's
 * workers and the video service, then say it is ready.
 */
async function start() {
  const applied = await migrate(database);
  // Demo data (published passwords) only when asked: by default on the embedded database, never silently on a server.
  const seeded = config.demoData ? await seedDemoData(database.db, demoSeedServices) : false;
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(`database: ${storage}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
  if (!staticDir) app.log.warn('no built console in ./dist: run `npm run build` to serve it');
  // Loaded before any request may need it inside a transaction (the embedded database has one connection).
  await app.secretBox();

  // The job queue's workers (every instance runs them; a job goes to one): mails, and password-reset requests.
  jobWorkers = await startJobWorkers({
    db: database.db,
    secretBox: app.secretBox,
    transport,
    from: config.mail.from,
    handleAccountRequest: passwordResetWorker(database.db, app.mail, app.storeServices.links),
    logger: app.log.child({ service: 'jobs' }),
  });

  const apiHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  videoService = await buildVideoService({
    videoDir: path.join(config.dataDir, 'videos'),
    tokenSecret: config.videoTokenSecret ?? (await loadVideoTokenSecret(database.db)),
    consoleOrigin: config.video.consoleOrigin ?? `http://localhost:${port}`,
    callbackUrl: config.video.callbackUrl ?? `http://${apiHost}:${port}/api/video-callbacks/processed`,
    maxBytes: config.video.maxBytes,
    logger: app.log.child({ service: 'video' }),
  });
  await videoService.listen({ port: config.video.port, host: config.host });
  const videoPort = (videoService.server.address() as AddressInfo).port;
  videoServiceUrl ??= `http://{tenant}.localhost:${videoPort}`;
  if (!app.draining) app.finishStarting();

  console.log(`\nAdmin console: http://${shownHost}:${port}/`);
  console.log(`Video service: ${videoServiceUrl}/`);
  if (mailCatcher) console.log(`Mail inbox:    ${mailCatcher.webUrl} (every mail the console sends lands here; none leaves this machine)`);
  else if (config.mail.smtpUrl) console.log(`Mail: sent through ${describeSmtpUrl(config.mail.smtpUrl)}`);
  else console.log('Mail is off (DATABASE_URL is set and SMTP_URL is not): no invitations, no password resets; set SMTP_URL to send mail.');
  if (config.demoData) {
    console.log(`${seeded ? 'Demo data loaded. ' : ''}Demo accounts (password ${demoPassword}):`);
    for (const account of demoAccounts) console.log(`  ${account.scope.padEnd(8)} ${account.email}`);
  } else {
    const why = process.env.DEMO_DATA?.trim() === 'false' ? 'DEMO_DATA=false' : 'DATABASE_URL is set and DEMO_DATA is not true';
    console.log(`No demo data loaded (${why}); set DEMO_DATA=true to load the demo tenants and accounts into an empty database.`);
  }
}

// A failed start (a migration that fails, the database away) is an uncaught error: close-with-grace ends with 1. One
// interrupted by SIGTERM is not: the process is closing anyway.
start().catch((error: unknown) => {
  if (app.draining) app.log.warn({ err: error }, 'the start was interrupted by the shutdown');
  else
    setImmediate(() => {
      throw error;
    });
});
