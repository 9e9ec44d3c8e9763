import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { demoSeedServices } from '../../../server/demo-seed';
import { seedDemoData } from '../../../server/db/seed';
import { createEmptyPostgresDatabase } from '../../support/server/harness';

const migrationsDirectory = fileURLToPath(new URL('../../../server/db/migrations', import.meta.url));

// Runs only in the server:postgres project (see vite.config.ts): PGlite has one connection by design.
describe('several instances starting at once on PostgreSQL', () => {
  it('migrates and seeds an empty database exactly once', async () => {
    const empty = await createEmptyPostgresDatabase();
    const instances = [openPostgres(empty.url), openPostgres(empty.url), openPostgres(empty.url)];
    try {
      const applied = await Promise.all(instances.map((client) => migrate(client)));
      const seeded = await Promise.all(instances.map((client) => seedDemoData(client.db, demoSeedServices)));

      // Every migration file applied once, in order, by one of the three.
      expect(applied.flat()).toEqual(
        readdirSync(migrationsDirectory)
          .filter((name) => name.endsWith('.sql'))
          .sort(),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((client) => client.close()));
      await empty.destroy();
    }
  });
});
