import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type DatabaseClient } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { demoSeedServices } from '../../../server/demo-seed';
import { seedDemoData } from '../../../server/db/seed';
import { databaseUrl, uniqueName, withAdminConnection } from './test-database';

const testDataRoot = path.resolve('.test-data');

export default async function setup(project: TestProject) {
  return project.config.env.TEST_DB === 'postgres' ? preparePostgres(project) : preparePglite(project);
}

async function migrateAndSeed(client: DatabaseClient) {
  try {
    await migrate(client);
    await seedDemoData(client.db, demoSeedServices);
  } finally {
    await client.close();
  }
}

async function removeRunsOfDeadProcesses() {
  const entries = await readdir(testDataRoot).catch(() => []);
  for (const entry of entries) {
    const pid = Number(/^run_(\d+)_/.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) await rm(path.join(testDataRoot, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function preparePglite(project: TestProject) {
  await removeRunsOfDeadProcesses();
  const runDir = path.join(testDataRoot, uniqueName(`run_${process.pid}`));
  const templateDir = path.join(runDir, 'template');
  await mkdir(runDir, { recursive: true });
  await migrateAndSeed(await openPglite(templateDir));
  project.provide('testDatabase', { kind: 'pglite', templateDir, runDir });
  return () => rm(runDir, { recursive: true, force: true });
}

async function preparePostgres(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('The server:postgres project needs DATABASE_URL');
  const namePrefix = uniqueName('admin_console_test');
  const templateName = `${namePrefix}_template`;
  const runDir = path.join(testDataRoot, namePrefix);
  await mkdir(runDir, { recursive: true });
  await withAdminConnection(adminUrl, (admin) => admin.query(`CREATE DATABASE "${templateName}"`));
  await migrateAndSeed(openPostgres(databaseUrl(adminUrl, templateName)));
  project.provide('testDatabase', { kind: 'postgres', adminUrl, templateName, namePrefix, runDir });
  return async () => {
    await rm(runDir, { recursive: true, force: true });
    await withAdminConnection(adminUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2',
        [namePrefix, templateName],
      );
      for (const { datname } of [...rows, { datname: templateName }]) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    });
  };
}
