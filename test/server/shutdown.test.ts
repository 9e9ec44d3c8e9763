import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, demo, type TestDatabase } from '../support/server/harness';

/**
 * `npm start` as a person runs it, in a folder of its own (links to the sources, its own `dist`), so that its build
 * does not replace the console other tests are using.
 */
async function startFolder() {
  const folder = await mkdtemp(path.join(tmpdir(), 'console-start-'));
  const repository = path.resolve('.');
  for (const entry of ['package.json', 'vite.config.ts', 'tsconfig.json', 'src', 'server', 'node_modules']) {
    await symlink(path.join(repository, entry), path.join(folder, entry));
  }
  // The build's entry must lie in the folder itself.
  await copyFile(path.join(repository, 'index.html'), path.join(folder, 'index.html'));
  return folder;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One HTTP request on the given agent (its kept-alive sockets), answered once its body has arrived. */
function request(
  agent: http.Agent | false,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
      response.on('error', reject);
    });
    // Whether the request went on a kept-alive connection the agent reused, or on a new one.
    outgoing.on('error', (error) => reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })));
    outgoing.end(options.body);
  });
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** One request on a socket the test opens itself: `connectAt` and `sendAt` are ms after `start`. */
function lateRequest(origin: string, start: number, connectAt: number, sendAt: number, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  return new Promise<string>((resolve) => {
    setTimeout(
      () => {
        const socket = net.connect(Number(port), hostname);
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('error', (error) => resolve(`${errorCode(error)} after ${received.length} bytes`));
        socket.on('close', () => resolve(received));
        socket.once('connect', () =>
          setTimeout(
            () => {
              const lines = Object.entries({ host: hostname, ...headers }).map(([name, value]) => `${name}: ${value}`);
              socket.write(`GET /api/contents?pageSize=5 HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
            },
            Math.max(0, start + sendAt - Date.now()),
          ),
        );
      },
      Math.max(0, start + connectAt - Date.now()),
    );
  });
}

describe('npm start closes gracefully on SIGTERM under load', () => {
  let database: TestDatabase;
  let folder: string;
  let npm: ChildProcess;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    folder = await startFolder();
    npm = spawn('npm', ['start'], {
      cwd: folder,
      env: {
        ...process.env,
        ...database.serverEnv,
        PORT: '0',
        VIDEO_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The load below is one session's: the rate limits are not what this test is about, nor is load shedding.
        RATE_LIMIT_PER_SESSION: '1000000',
        RATE_LIMIT_PER_CLIENT: '1000000',
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
        OVERLOAD_MAX_DATABASE_WAIT_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (chunk) => (output += chunk));
    npm.stderr?.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 300_000;
    while (!/Admin console: http:\S+/.test(output) && npm.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 320_000);
  afterAll(async () => {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
    await database.destroy();
  });

  it('answers 503 on readiness at once, finishes every request it took, closes idle sockets, and exits 0 in its deadline', async () => {
    const origin = /Admin console: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(origin, output).toBeDefined();
    const login = await request(false, `${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.companyAdmin, password: demo.password }),
    });
    const { token } = JSON.parse(login.body) as { token: string };
    const authorization = `Bearer ${token}`;

    // Idle keep-alive connections, opened before the signal and never used again.
    const idleAgents = Array.from({ length: 4 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const idleSockets = await Promise.all(
      idleAgents.map(async (agent) => {
        const answer = await request(agent, `${origin}/api/health`);
        expect(answer.status).toBe(200);
        const [socket] = Object.values(agent.freeSockets).flat();
        if (!socket) throw new Error('the answer did not keep its connection');
        // Wrapped: an async function returning the promise would wait for the socket to end.
        return {
          ended: new Promise<string>((resolve) => {
            socket.once('error', (error) => resolve(errorCode(error)));
            socket.once('close', () => resolve('closed'));
          }),
        };
      }),
    );

    // Clients behave like a load balancer's: each sends request after request on its kept-alive connection and stops
    // sending to this instance once an answer tells it the connection closes (the instance is draining).
    const workers = 12;
    let signalled = false;
    const outcomes = { answered: 0, answeredAfterSignal: 0, failures: [] as string[], stoppedByDrain: 0 };
    const started: Promise<void>[] = [];
    let warmedUp = 0;
    for (let worker = 0; worker < workers; worker += 1) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      started.push(
        (async () => {
          const stopAt = Date.now() + 180_000;
          for (let sent = 0; sent < 10_000 && Date.now() < stopAt; sent += 1) {
            const url = sent % 2 ? `${origin}/api/users?pageSize=50&search=a` : `${origin}/api/contents?pageSize=25`;
            try {
              const answer = await request(agent, url, { headers: { authorization } });
              if (answer.status !== 200) outcomes.failures.push(`status ${answer.status}: ${answer.body}`);
              outcomes.answered += 1;
              if (signalled) outcomes.answeredAfterSignal += 1;
              if (sent === 1) warmedUp += 1;
              if (answer.connection === 'close') {
                outcomes.stoppedByDrain += 1;
                return;
              }
            } catch (error) {
              outcomes.failures.push(errorCode(error));
              return;
            }
          }
        })(),
      );
    }
    while (warmedUp < workers && outcomes.failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    // Clients as an outside probe runs them: each keeps sending on its kept-alive sockets (two at a time on an agent of
    // four), on a new connection when an answer closed one, until a new connection is refused. Nothing sent on a
    // connection the server kept may fail, and every answer is 200 (never Fastify's bare 503 while it closes).
    const probing = { answered: 0, statuses: [] as number[], failedReused: [] as string[], failedNew: [] as string[] };
    const probes: Promise<void>[] = [];
    for (let prober = 0; prober < 6; prober += 1) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      for (let lane = 0; lane < 2; lane += 1) {
        probes.push(
          (async () => {
            const stopAt = Date.now() + 180_000;
            while (Date.now() < stopAt) {
              const outgoing = request(agent, `${origin}/api/contents?pageSize=10`, { headers: { authorization } });
              try {
                const answer = await outgoing;
                probing.answered += 1;
                if (answer.status !== 200) probing.statuses.push(answer.status);
              } catch (error) {
                const code = errorCode(error);
                if ((error as { reusedSocket?: boolean }).reusedSocket) probing.failedReused.push(code);
                else probing.failedNew.push(code);
                if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return;
              }
            }
          })(),
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const exited = once(npm, 'exit');
    signalled = true;
    const signalledAt = Date.now();
    npm.kill('SIGTERM');
    // A connection opened near the end of the drain whose request comes just after it (SHUTDOWN_DRAIN_SECONDS=2): the
    // server must not take it for an idle one and close it under the request.
    const late = lateRequest(origin!, signalledAt, 1_700, 2_300, { authorization });
    let readiness: Answer | undefined;
    while (!readiness || readiness.status === 200) readiness = await request(false, `${origin}/api/ready`);
    await Promise.all([...started, ...probes]);
    const [code, signal] = await exited;
    const idleEnds = await Promise.all(idleSockets.map(({ ended }) => ended));
    const lateAnswer = await late;

    expect(readiness.status).toBe(503);
    expect(readiness.connection).toBe('close');
    expect(outcomes.failures, output).toEqual([]);
    expect(outcomes.stoppedByDrain).toBe(workers);
    expect(outcomes.answeredAfterSignal).toBeGreaterThanOrEqual(workers);
    expect(idleEnds).toEqual(['closed', 'closed', 'closed', 'closed']);
    expect(probing.answered).toBeGreaterThan(0);
    expect(probing.statuses).toEqual([]);
    expect(probing.failedReused).toEqual([]);
    // A new connection fails only once the server no longer takes any (refused, or reset while queued to be accepted).
    expect(probing.failedNew.filter((code) => code !== 'ECONNREFUSED' && code !== 'ECONNRESET')).toEqual([]);
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nconnection: close\r\n/i);
    // Exit code 0: the process closed inside its own deadline (10 s after the signal by default; past it, exit 1).
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    await expect(request(false, `${origin}/api/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 240_000);
});
