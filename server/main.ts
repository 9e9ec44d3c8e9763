import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { hashPassword } from './auth/password';
import { loadVideoTokenSecret } from './auth/video-token';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { loggerOptions } from './http/logger';
import { demoAccounts, demoPassword, seedDemoData } from './db/seed';
import { buildVideoService } from './video-service/video-service';
import { startMailCatcher } from './mail-catcher/mail-catcher';
import { startJobWorkers } from './mail/mail-worker';
import { describeSmtpUrl, mailTransport } from './mail/transport';
import { passwordResetWorker } from './routes/auth/account-links.routes';

/** After the drain, what the in-flight requests and the database get to finish before the process is ended. */
const closeGraceMs = 8_000;
const consoleDir = path.resolve('dist');

const config = readServerConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
const applied = await migrate(database);
// Demo data (published passwords) only when asked: by default on the embedded database, never silently on a server.
const seeded = config.demoData ? await seedDemoData(database.db, hashPassword) : false;
const staticDir = existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined;
/** Known once the video service listens when its port is chosen at start (VIDEO_PORT=0). */
let videoServiceUrl = config.video.serviceUrl;
/** The console's public origin, which one-time links open: known once the API listens when PORT=0. */
let consoleOrigin = config.video.consoleOrigin;
// Mail (issue 30): SMTP_URL, else the local mail catcher (an SMTP server with a web inbox), else off.
const mailCatcher = config.mail.catcher
  ? await startMailCatcher({ smtpPort: config.mail.catcherSmtpPort, webPort: config.mail.catcherWebPort })
  : undefined;
const smtpUrl = config.mail.smtpUrl ?? mailCatcher?.smtpUrl;

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
  loadShedding: config.serving.loadShedding,
  mail: { enabled: smtpUrl !== undefined, retry: { limit: config.mail.retryLimit, delaySeconds: config.mail.retryDelaySeconds } },
  encryptionKey: config.encryptionKey,
  consoleOrigin: () => consoleOrigin,
});

const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
app.log.info(`database: ${storage}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
if (!staticDir) app.log.warn('no built console in ./dist: run `npm run build` to serve it');

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const { port } = app.server.address() as AddressInfo;
consoleOrigin ??= `http://localhost:${port}`;

// The job queue's workers (every instance runs them; a job goes to one): mails, and password-reset requests.
const transport = smtpUrl ? mailTransport(smtpUrl) : null;
const jobWorkers = await startJobWorkers({
  db: database.db,
  secretBox: app.secretBox,
  transport,
  from: config.mail.from,
  handleAccountRequest: passwordResetWorker(database.db, app.mail, app.storeServices.links),
  logger: app.log.child({ service: 'jobs' }),
});

const apiHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
const videoService = await buildVideoService({
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

/**
 * On SIGTERM or SIGINT (npm forwards a terminal's Ctrl-C, which the process also gets: a repeat is ignored): readiness
 * answers 503 and every answer closes its connection at once; after the drain the server stops taking connections,
 * finishes the requests it has, closes the idle keep-alive sockets, then the video service and the database; exit 0.
 * Past the grace period, or on an uncaught error, close-with-grace ends the process with 1.
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
    await Promise.all([app.close(), videoService.close()]);
    await jobWorkers.stop();
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
