import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `vite build` as `npm run build` runs it: a production build into `dist/`, whatever NODE_ENV the caller runs
 * under (vitest sets `test`, which would give React's development build).
 */
export function buildConsole() {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const reply = await fetch(url);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms`);
}

export interface ConsoleServer {
  /** Where the browser opens the console: localhost, the origin the video service frames and messages. */
  baseURL: string;
  /** Where Node reaches the API: the loopback address. */
  apiURL: string;
  /** The mail catcher's web inbox, whose JSON (`GET /api/messages?to=…`) holds every mail the console sent. */
  mailURL: string;
  stop(): Promise<void>;
}

/**
 * `server/main.ts` as `npm start` runs it (serving the built `dist/`), on free ports and a fresh embedded database
 * in a temporary folder that `stop()` removes; never on the PostgreSQL of `DATABASE_URL`.
 */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-server-'));
  const port = await freePort();
  const videoPort = await freePort();
  const mailPort = await freePort();
  const mailSmtpPort = await freePort();
  const baseURL = `http://localhost:${port}`;
  const apiURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    VIDEO_PORT: String(videoPort),
    CONSOLE_ORIGIN: baseURL,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MAIL_CATCHER: 'true',
    MAIL_CATCHER_PORT: String(mailPort),
    MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
    // On a loaded test machine the event loop of a starved process can look saturated while one browser waits
    // on it; shedding is tested by its own suite, and a 503 here would only make a user flow flaky.
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await waitForReady(`${apiURL}/api/ready`, server, 120_000);
  } catch (error) {
    server.kill('SIGKILL');
    removeData();
    throw new Error(`${(error as Error).message}\n${output.join('')}`, { cause: error });
  }
  return {
    baseURL,
    apiURL,
    mailURL: `http://127.0.0.1:${mailPort}`,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
      removeData();
    },
  };
}
