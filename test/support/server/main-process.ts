import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** `server/main.ts` in a process of its own, with its output (JSON log lines and the printed URLs) collected. */
export interface MainProcess {
  child: ChildProcess;
  /** Everything written to standard output and standard error so far. */
  output(): string;
  /** What was written to standard error alone. */
  errors(): string;
  /** The JSON log lines so far (LOG_FORMAT=json). */
  logLines(): Array<Record<string, unknown> & { msg?: string }>;
  /** Waits until `condition` holds on the output (or the process ends: then it throws with the output). */
  waitFor(condition: (output: string) => boolean, timeoutMs?: number): Promise<void>;
  /** The address Fastify logs when it listens (`Server listening at …`). */
  listeningAt(): string | undefined;
  /** SIGTERM, and the exit code and signal. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', VIDEO_PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    errors += chunk;
  });
  const logLines = () =>
    output.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown> & { msg?: string }];
      } catch {
        return [];
      }
    });
  return {
    child,
    output: () => output,
    errors: () => errors,
    logLines,
    async waitFor(condition, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition(output)) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server/main.ts ended:\n${output}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for server/main.ts:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    listeningAt: () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      return { code, signal };
    },
  };
}
