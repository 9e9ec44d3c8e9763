import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { loadVideoTokenSecret } from './auth/video-token';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { demoAccounts, demoPassword, seedDemoData } from './db/seed';
import { buildVideoService } from './video-service/video-service';

const shutdownGraceMs = 10_000;
const consoleDir = path.resolve('dist');

const config = readServerConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database);
const seeded = await seedDemoData(database.db);
const staticDir = existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined;
/** Known once the video service listens when its port is chosen at start (VIDEO_PORT=0). */
let videoServiceUrl = config.video.serviceUrl;

const app = await buildApp({
  db: database.db,
  staticDir,
  logger: { level: process.env.LOG_LEVEL || 'info' },
  trustProxy: config.trustProxy,
  loginMaxFailures: config.loginMaxFailures,
  sessionTtlHours: config.sessionTtlHours,
  videoTokenSecret: config.videoTokenSecret,
  videoServiceUrl: () => videoServiceUrl,
  hsts: config.serving.hsts,
  rateLimits: config.serving.rateLimits,
});

const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
app.log.info(`database: ${storage}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
if (!staticDir) app.log.warn('no built console in ./dist: run `npm run build` to serve it');

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const { port } = app.server.address() as AddressInfo;

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
console.log(`${seeded ? 'Demo data loaded. ' : ''}Demo accounts (password ${demoPassword}):`);
for (const account of demoAccounts) console.log(`  ${account.scope.padEnd(8)} ${account.email}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, shutdownGraceMs).unref();
  try {
    await videoService.close();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
