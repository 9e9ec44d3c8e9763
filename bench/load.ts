import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Statement } from './statements';

const run$ = promisify(execFile);
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Load {
  perSecond: number;
  p50: number;
  p99: number;
}

export interface HttpLoad {
  url: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  seconds: number;
}

/** An HTTP request under `connections` keep-alive connections, measured by autocannon in its own process. */
export async function loadHttp({ url, headers, method = 'GET', body, connections, seconds }: HttpLoad): Promise<Load> {
  const directory = body === undefined ? undefined : await mkdtemp(path.join(tmpdir(), 'bench-body-'));
  try {
    const bodyArgs: string[] = [];
    if (directory) {
      const file = path.join(directory, 'body.json');
      await writeFile(file, body!);
      bodyArgs.push('-m', method, '-i', file);
    }
    const { stdout } = await run$(
      process.execPath,
      [
        autocannon,
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-j',
        ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
        ...bodyArgs,
        url,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(stdout) as {
      requests: { total: number };
      duration: number;
      latency: { p50: number; p99: number };
      non2xx: number;
    };
    if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
    return { perSecond: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    if (directory) await rm(directory, { recursive: true, force: true });
  }
}

/** A statement with its values written in, for pgbench (which then sends it like any client would). */
export function inlined(statement: Statement): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return literal(`{${value.map((item) => `"${String(item)}"`).join(',')}}`);
    if (value instanceof Date) return literal(value.toISOString());
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return statement.query.replace(/\$(\d+)/g, (_match, index: string) => literal(statement.params[Number(index) - 1])).replace(/\s+/g, ' ');
}

/**
 * Scripts (each one request's statements, `;`-separated lines) on `connections` pgbench clients of `databaseUrl`, each
 * transaction one of the scripts at random.
 */
export async function pgbench(databaseUrl: string, scripts: string | string[], connections: number, seconds: number): Promise<Load> {
  const directory = await mkdtemp(path.join(tmpdir(), 'bench-pgbench-'));
  try {
    const files: string[] = [];
    for (const [index, script] of (Array.isArray(scripts) ? scripts : [scripts]).entries()) {
      const file = path.join(directory, `request-${index}.sql`);
      await writeFile(file, script);
      files.push('-f', file);
    }
    const { stdout } = await run$(
      'pgbench',
      [
        '-n',
        '-c',
        String(connections),
        '-j',
        '2',
        '-T',
        String(seconds),
        ...files,
        '-l',
        `--log-prefix=${path.join(directory, 'log')}`,
        databaseUrl,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const latencies: number[] = [];
    for (const name of (await readdir(directory)).filter((entry) => entry.startsWith('log'))) {
      for (const line of (await readFile(path.join(directory, name), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    return { perSecond: tps, ...percentiles(latencies) };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

/** The round with the highest throughput (the one the machine's other work disturbed least). */
export function best(loads: Load[]) {
  return loads.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
}
