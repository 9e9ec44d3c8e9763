import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/**
 * The embedded database in a thread of its own: PGlite answers on a unix socket there (pglite-socket), so its queries
 * never run on the HTTP event loop, and the API reaches it with node-postgres, the driver it uses on PostgreSQL.
 */
export interface PgliteWorker {
  /** One connection: PGlite is one session. Transactions and named prepared statements stay on it, in turn. */
  pool: pg.Pool;
  /** Closes the pool, then PGlite (its data folder is left clean) and the thread. */
  close(): Promise<void>;
  /** Ends the thread at once, as a crash would (tests). */
  terminate(): Promise<void>;
}

/** How long `close()` waits for PGlite to close its folder before ending the thread. */
const closeTimeoutMs = 5_000;

/**
 * PGlite is a single session: pglite-socket runs one protocol message at a time and keeps an open transaction's
 * connection first, but it interleaves other connections between the messages of an extended-protocol query and
 * shares one set of prepared statements among them. So the pool keeps to one connection. The socket server admits a
 * second one only so that a replacement connection is not refused while the worker still holds the closed one.
 */
const poolSize = 1;
const socketServerConnections = 2;

export async function startPgliteWorker(
  directory: string,
  onError: (error: Error) => void = (error) => console.error(error),
): Promise<PgliteWorker> {
  await mkdir(directory, { recursive: true });
  // A private folder for the socket: unix socket paths are limited to about 100 bytes, and only this user may connect.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
  const worker = new Worker(new URL('./pglite-worker-thread.mjs', import.meta.url), {
    workerData: { directory, socketPath: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: socketServerConnections },
  });

  let stopped: Error | undefined;
  let closing = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const failed = new Promise<never>((_resolve, reject) => {
    worker.on('error', (error) => {
      stopped = new Error(`The embedded database (PGlite in ${directory}) stopped: ${error.message}`, { cause: error });
      reject(stopped);
    });
    worker.once('exit', (code) => {
      stopped ??= new Error(`The embedded database (PGlite in ${directory}) stopped (thread exit code ${code})`);
      reject(stopped);
    });
  });
  failed.catch(() => undefined);

  try {
    await Promise.race([failed, new Promise((resolve) => worker.once('message', resolve))]);
  } catch (error) {
    await rm(socketDir, { recursive: true, force: true });
    throw error;
  }
  void exited.then(() => {
    if (!closing) onError(stopped!);
  });

  const pool = new EmbeddedPool(() => stopped, {
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'template1',
    max: poolSize,
    // The one connection is kept: reconnecting costs a start-up exchange for nothing.
    idleTimeoutMillis: 0,
    // Queries wait their turn for the one session however long the queue, as they did for PGlite in-process: a burst
    // is slow, not refused with 500s. Load shedding answers 503 when the wait grows too long (http/load-shedding.ts).
    connectionTimeoutMillis: 0,
    statement_timeout: 30_000,
  });
  pool.on('error', (error) => {
    if (!closing) onError(error);
  });

  return {
    pool,
    close: async () => {
      if (closing) return;
      closing = true;
      if (!pool.ended) await pool.end();
      if (!stopped) {
        const closed = new Promise((resolve) => worker.once('message', resolve));
        worker.postMessage('close');
        const timeout = new Promise((resolve) => setTimeout(resolve, closeTimeoutMs).unref());
        await Promise.race([Promise.race([closed, failed]).catch(() => undefined), timeout]);
        await worker.terminate();
      }
      await rm(socketDir, { recursive: true, force: true });
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/** A pool that answers the worker's end as the reason, rather than as a refused connection to its socket. */
class EmbeddedPool extends pg.Pool {
  constructor(
    private readonly stoppedBy: () => Error | undefined,
    config: pg.PoolConfig,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const stopped = this.stoppedBy();
    if (stopped) {
      if (callback) return void process.nextTick(() => callback(stopped, undefined, () => undefined));
      return Promise.reject(stopped);
    }
    return callback ? super.connect(callback) : super.connect();
  }
}
