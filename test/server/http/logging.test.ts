import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/server/harness';

/** Starts server/main.ts with the given log settings, waits for it to be up (it names its addresses, with or without demo data), stops it, and answers what it printed. */
async function logOf(database: TestDatabase, env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...database.serverEnv, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 150_000;
  while (!output.includes('Video service:') && server.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  return output;
}

describe('server logs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('are JSON lines when not on a terminal', async () => {
    const output = await logOf(database, { SHUTDOWN_DRAIN_SECONDS: '0' });
    const line = output.split('\n').find((text) => text.includes('migrations applied now'));

    expect(line, output).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 30, msg: expect.stringContaining('database:') });
  }, 180_000);

  it('are readable lines with LOG_FORMAT=pretty', async () => {
    const output = await logOf(database, { LOG_FORMAT: 'pretty', SHUTDOWN_DRAIN_SECONDS: '0' });
    const line = output.split('\n').find((text) => text.includes('migrations applied now'));

    expect(line, output).toMatch(/^\[\d\d:\d\d:\d\d(\.\d+)?\] INFO/);
    expect(line).not.toContain('"level"');
  }, 180_000);
});
