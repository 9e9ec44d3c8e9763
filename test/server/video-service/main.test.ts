import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, demo, type TestDatabase } from '../../support/server/harness';
import { sampleMp4 } from '../../support/server/video-service-harness';

describe('server/main.ts with the video service', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const { VIDEO_TOKEN_SECRET: _ignored, ...environment } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...environment, ...database.serverEnv, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    await waitFor(() => /Video service: \S+/.test(output) || server.exitCode !== null, 150_000);
  }, 180_000);
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database.destroy();
  });

  const apiUrl = () => /Admin console: (http:\/\/[^/\s]+)/.exec(output)?.[1];
  const videoPort = () => Number(/Video service: http:\/\/\{tenant\}\.localhost:(\d+)\//.exec(output)?.[1]);

  async function videoToken() {
    const login = await fetch(`${apiUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.companyAdmin, password: demo.password }),
    });
    const refresh = await fetch(`${apiUrl()}/api/auth/refresh-jwt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    });
    const { token } = (await refresh.json()).jwtTokens.vinapse;
    return { token, ...(decodeJwt(token) as { tenant: string; course: string }) };
  }

  /** Node does not resolve *.localhost as browsers do: the request goes to the loopback address with the tenant's Host. */
  function callVideoService(tenant: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port: videoPort(),
        method,
        path,
        headers: { ...headers, host: `${tenant}.localhost:${videoPort()}` },
      });
      outgoing.on('response', async (response) => {
        let text = '';
        for await (const chunk of response) text += chunk;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  it('starts the video service on a port of its own and prints its URL template', () => {
    expect(videoPort(), output).toBeGreaterThan(0);
    expect(new URL(apiUrl()!).port).not.toBe(String(videoPort()));
  });

  it("opens the uploader with a token of the API, signed with the database's shared secret, framed by the console only", async () => {
    const { token, tenant, course } = await videoToken();

    const response = await callVideoService(tenant, 'GET', `/upload?courseId=${course}&title=Clip&lang=en&token=${token}`);

    expect(response.status).toBe(200);
    expect(response.body).toContain('<h1>Clip</h1>');
    const consoleOrigin = `http://localhost:${new URL(apiUrl()!).port}`;
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${consoleOrigin};`);
    expect(response.body).toContain(`"consoleOrigin":"${consoleOrigin}"`);
  });

  it('takes an upload', async () => {
    const { token, tenant, course } = await videoToken();

    const response = await callVideoService(
      tenant,
      'POST',
      `/videos?courseId=${course}`,
      { authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      sampleMp4(),
    );

    expect(response.status).toBe(201);
  });

  it('closes both servers gracefully on SIGTERM', async () => {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const [code] = await exited;

    expect(code, output).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server to start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
