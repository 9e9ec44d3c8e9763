// The embedded database's thread (started by pglite-worker.ts): PGlite runs its queries here, off the HTTP event loop,
// and @electric-sql/pglite-socket serves it on a unix socket that the main thread reaches with node-postgres.
// Plain JavaScript so that a worker starts the same way under node, tsx and vitest (none of them is asked to load
// TypeScript into a thread).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ directory: string; socketPath: string; maxConnections: number }} */
const { directory, socketPath, maxConnections } = workerData;

const db = await PGlite.create(directory, { extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
try {
  await server.start();
} catch (error) {
  await db.close();
  throw error;
}

parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  // Open connections are detached first (a transaction left open is rolled back), then PGlite closes its data folder:
  // the next start finds it clean.
  await server.stop();
  await db.close();
  parentPort.postMessage('closed');
  parentPort.close();
});
parentPort.postMessage('ready');
