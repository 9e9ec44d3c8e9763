import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { openPostgres, type DatabaseClient } from '../../../server/db/client';
import { createTestDatabase, demo, generousRateLimits, postLogin, type TestDatabase } from '../../support/server/harness';

// Runs only in the server:postgres project (see vite.config.ts): PGlite has one connection by design.
describe('DATABASE_POOL_SIZE on PostgreSQL', () => {
  let database: TestDatabase;
  let client: DatabaseClient;
  let app: App;
  const poolSize = 2;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = openPostgres(database.serverEnv.DATABASE_URL!, undefined, undefined, poolSize);
    app = await buildApp({ db: client.db, forRequest: client.forRequest, rateLimits: generousRateLimits });
  });

  afterAll(async () => {
    await app?.close();
    await client?.close();
    await database?.destroy();
  });

  /** The connections the instance holds open to its database, seen from outside (a connection of its own). */
  async function connectionsOfTheInstance() {
    const observer = new pg.Client({ connectionString: database.serverEnv.DATABASE_URL });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ count: string }>(
        'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return Number(rows[0]!.count);
    } finally {
      await observer.end();
    }
  }

  it('opens at most that many connections per pool, and every request of a burst is answered', async () => {
    const login = await postLogin(app, { email: demo.tenantAdmin, password: demo.password });
    const { token } = login.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        app.inject({ method: 'GET', url: `/api/users?page=1&pageSize=10&search=${index % 2 ? 'a' : 'e'}`, headers }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    // Two pools (the owner's and the requests'), each at most `poolSize`; idle connections stay open for a while.
    const open = await connectionsOfTheInstance();
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(2 * poolSize);
  });
});
