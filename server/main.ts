import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { readServerConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { demoAccounts, demoPassword, seedDemoData } from './db/seed';

const shutdownGraceMs = 10_000;
const consoleDir = path.resolve('dist');

const config = readServerConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database);
const seeded = await seedDemoData(database.db);
const staticDir = existsSync(path.join(consoleDir, 'index.html')) ? consoleDir : undefined;

const app = await buildApp({
  db: database.db,
  staticDir,
  logger: { level: process.env.LOG_LEVEL || 'info' },
  trustProxy: config.trustProxy,
  loginMaxFailures: config.loginMaxFailures,
  sessionTtlHours: config.sessionTtlHours,
  videoTokenSecret: config.videoTokenSecret,
});

const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
app.log.info(`database: ${storage}; migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
if (!staticDir) app.log.warn('no built console in ./dist: run `npm run build` to serve it');

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const { port } = app.server.address() as AddressInfo;
console.log(`\nAdmin console: http://${shownHost}:${port}/`);
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
