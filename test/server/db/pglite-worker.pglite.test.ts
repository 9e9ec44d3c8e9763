import { sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDirectory } from '../../../server/db/client';
import { startPgliteWorker, type PgliteWorker } from '../../../server/db/pglite-worker';
import { tenants } from '../../../server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../support/server/harness';

// Runs only in the server:pglite project (see vite.config.ts): the embedded database's thread.
describe('the embedded database in its worker thread', () => {
  let database: TestDatabase;
  let worker: PgliteWorker;
  const errors: Error[] = [];
  beforeEach(async () => {
    database = await createTestDatabase();
    errors.length = 0;
    worker = await startPgliteWorker(pgliteDirectory(database.serverEnv.DATA_DIR), (error) => errors.push(error));
  });
  afterEach(async () => {
    await worker.close();
    await database.destroy();
  });

  it('runs one transaction at a time: a query sent during a transaction waits for its end', async () => {
    const db = drizzle({ client: worker.pool });
    let outside: Promise<{ count: number }[]> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.insert(tenants).values({ name: 'Never committed' });
        outside = db
          .select({ count: sql<number>`count(*)::int` })
          .from(tenants)
          .where(sql`name = 'Never committed'`);
        const [inside] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(tenants)
          .where(sql`name = 'Never committed'`);
        expect(inside?.count).toBe(1);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(await outside).toEqual([{ count: 0 }]);
  });

  it('keeps concurrent queries apart: each gets its own answer, prepared statements included', async () => {
    const db = drizzle({ client: worker.pool });
    const byName = db
      .select({ name: tenants.name })
      .from(tenants)
      .where(sql`${tenants.name} = ${sql.placeholder('name')}`)
      .prepare('tenant_by_name');
    const expected = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? 'Acme Learning' : `answer ${index}/${index}`));
    // A few rounds: a pool that opened more connections would have them all by the second.
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        expected.map((_, index) =>
          index % 2 === 0
            ? byName.execute({ name: 'Acme Learning' }).then((rows) => rows.map((row) => row.name).join())
            : db
                .execute(sql`select ${`answer ${index}`}::text as text, ${index}::int as number`)
                .then(({ rows }) => `${rows[0]?.text}/${rows[0]?.number}`),
        ),
      );
      expect(answers).toEqual(expected);
    }
  });

  it('answers a clear error, not a hang, when the thread dies', async () => {
    const inFlight = worker.pool.query('SELECT pg_sleep(5)');
    inFlight.catch(() => undefined);
    await worker.terminate();

    await expect(inFlight).rejects.toThrow();
    await expect(worker.pool.query('SELECT 1')).rejects.toThrow(/embedded database \(PGlite in .+\) stopped/);
    await expect(drizzle({ client: worker.pool }).execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/embedded database .* stopped/) },
    });
    expect(errors.map((error) => error.message)).toContainEqual(expect.stringMatching(/embedded database .* stopped/));
  });

  it('keeps what was written once closed, and opens again', async () => {
    await worker.pool.query("INSERT INTO tenants (name) VALUES ('Kept after close')");
    await worker.close();
    worker = await startPgliteWorker(pgliteDirectory(database.serverEnv.DATA_DIR), (error) => errors.push(error));

    const { rows } = await worker.pool.query("SELECT count(*)::int AS count FROM tenants WHERE name = 'Kept after close'");
    expect(rows).toEqual([{ count: 1 }]);
    expect(errors).toEqual([]);
  });
});
