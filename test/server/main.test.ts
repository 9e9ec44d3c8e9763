import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/server/harness';

describe('server/main.ts', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      // The copied database holds the demo data already; on PostgreSQL its accounts are printed only when asked for.
      env: {
        ...process.env,
        ...database.serverEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'true',
        // The burst of 200 below is about the default rate limits; load shedding has its own tests.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
        OVERLOAD_MAX_DATABASE_WAIT_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    await waitFor(() => output.includes('company.admin@example.com') || server.exitCode !== null, 150_000);
  }, 180_000);
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database.destroy();
  });

  const baseUrl = () => /Admin console: (http:\/\/[^/\s]+)/.exec(output)?.[1];

  it('prints the URL and the demo accounts', () => {
    expect(baseUrl(), output).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain('Demo accounts (password Demo-2026!)');
    for (const email of ['root@example.com', 'tenant.admin@example.com', 'company.admin@example.com']) {
      expect(output).toContain(email);
    }
  });

  it('answers on the printed URL', async () => {
    const response = await fetch(`${baseUrl()}/api/ready`);

    expect(response.status).toBe(200);
  });

  it('answers sessions with the URL of the video service it started', async () => {
    const videoUrl = /Video service: (http:\/\/\{tenant\}\.localhost:\d+)\//.exec(output)?.[1];

    const response = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'company.admin@example.com', password: 'Demo-2026!' }),
    });

    expect(videoUrl, output).toBeDefined();
    expect((await response.json()).vinapseConfig.serviceUrl).toBe(videoUrl!.replace('{tenant}', 'acme-robotics'));
  });

  it('sends the security headers, its frames limited to the video service it started', async () => {
    const videoPort = /Video service: http:\/\/\{tenant\}\.localhost:(\d+)\//.exec(output)?.[1];

    const response = await fetch(`${baseUrl()}/api/health`);

    expect(response.headers.get('content-security-policy')).toContain(`frame-src http://*.localhost:${videoPort};`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a burst of 200 refresh-jwt calls of one session past the default limit, with Retry-After', async () => {
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'company.admin@example.com', password: 'Demo-2026!' }),
    });
    const { token } = (await login.json()) as { token: string };

    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${baseUrl()}/api/auth/refresh-jwt`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      ),
    );

    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(120);
    expect(refused).toHaveLength(80);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('closes gracefully on SIGTERM', async () => {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const [code] = await exited;

    expect(code).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server to start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
