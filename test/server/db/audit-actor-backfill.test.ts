import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseClient } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { createTestDatabase, demo, type TestDatabase } from '../../support/server/harness';

const snapshotMigration = '0009_audit_actor_snapshot.sql';

async function rows<Row>(client: DatabaseClient, statement: string, params: unknown[] = []) {
  return client.withConnection((connection) => connection.query<Row>(statement, params));
}

interface Backfilled {
  entity: string;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_scope: string | null;
}

/**
 * Migration 0009 keeps each audit row's actor (name, email, scope) and fills it in for the rows written before it,
 * from the users table. Here the database is taken back to before 0009 (its columns and its record dropped), rows are
 * written as the code of that time wrote them, and the migration runs again as a server upgraded over them would
 * (the later migrations stay applied: none of them touches these columns).
 */
describe(`migration ${snapshotMigration} on audit rows written before it`, () => {
  let database: TestDatabase;
  let client: DatabaseClient;
  let tenantAdmin: { id: string; name: string; surname: string; email: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    client = await database.open();
    const [admin] = await rows<typeof tenantAdmin>(client, 'SELECT id, name, surname, email FROM users WHERE email = $1', [
      demo.tenantAdmin,
    ]);
    tenantAdmin = admin!;
    await client.withConnection(async (connection) => {
      await connection.exec(`
        ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_scope_check;
        ALTER TABLE audit_log DROP COLUMN actor_name, DROP COLUMN actor_email, DROP COLUMN actor_scope;
        DELETE FROM audit_log;
      `);
      await connection.query('DELETE FROM schema_migrations WHERE name = $1', [snapshotMigration]);
      // As the code before 0009 wrote them: a user's change, a user's row whose user is gone since, the video service's.
      await connection.query(
        `INSERT INTO audit_log (actor_user_id, action, entity, entity_id, details) VALUES
           ($1, 'UPDATE', 'company', gen_random_uuid(), '{"changed":["name"]}'),
           ('00000000-0000-4000-8000-0000000000aa', 'DELETE', 'topic', gen_random_uuid(), '{}'),
           (NULL, 'UPDATE', 'content', gen_random_uuid(), '{"actor":"video-service","fields":["status"]}')`,
        [tenantAdmin.id],
      );
    });
  });

  afterAll(async () => {
    await client?.close();
    await database?.destroy();
  });

  it('names the actor of every row whose user still exists, and leaves the others without one', async () => {
    expect(await migrate(client)).toEqual([snapshotMigration]);

    const backfilled = await rows<Backfilled>(
      client,
      'SELECT entity, actor_user_id, actor_name, actor_email, actor_scope FROM audit_log ORDER BY entity',
    );
    expect(backfilled).toEqual([
      {
        entity: 'company',
        actor_user_id: tenantAdmin.id,
        actor_name: `${tenantAdmin.name} ${tenantAdmin.surname}`,
        actor_email: tenantAdmin.email,
        actor_scope: 'TENANT',
      },
      { entity: 'content', actor_user_id: null, actor_name: null, actor_email: null, actor_scope: null },
      { entity: 'topic', actor_user_id: '00000000-0000-4000-8000-0000000000aa', actor_name: null, actor_email: null, actor_scope: null },
    ]);
  });

  it('keeps the snapshot when the user is renamed afterwards: the row tells who they were', async () => {
    await rows(client, "UPDATE users SET name = 'Renamed' WHERE id = $1", [tenantAdmin.id]);

    const [row] = await rows<Backfilled>(client, "SELECT actor_name FROM audit_log WHERE entity = 'company'");

    expect(row!.actor_name).toBe(`${tenantAdmin.name} ${tenantAdmin.surname}`);
  });
});
