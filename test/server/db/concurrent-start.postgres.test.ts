import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { hashPassword } from '../../../server/auth/password';
import { seedDemoData } from '../../../server/db/seed';
import { createEmptyPostgresDatabase } from '../../support/server/harness';

// Runs only in the server:postgres project (see vite.config.ts): PGlite has one connection by design.
describe('several instances starting at once on PostgreSQL', () => {
  it('migrates and seeds an empty database exactly once', async () => {
    const empty = await createEmptyPostgresDatabase();
    const instances = [openPostgres(empty.url), openPostgres(empty.url), openPostgres(empty.url)];
    try {
      const applied = await Promise.all(instances.map((client) => migrate(client)));
      const seeded = await Promise.all(instances.map((client) => seedDemoData(client.db, hashPassword)));

      expect(applied.flat()).toEqual([
        '0001_initial.sql',
        '0002_list_indexes.sql',
        '0003_catalogue_list_indexes.sql',
        '0004_session_assumed_from.sql',
        '0005_login_throttle.sql',
        '0006_rate_limits_and_idempotency.sql',
        '0007_row_level_security.sql',
        '0008_list_counts_and_boundaries.sql',
        '0009_audit_actor_snapshot.sql',
        '0010_leakproof_search.sql',
        '0011_unlogged_counters.sql',
        '0012_video_tenant_owner.sql',
        '0013_video_processing_since.sql',
        '0014_bulk_work.sql',
        '0020_groups_and_enrolments.sql',
        '0030_account_tokens.sql',
        '0031_two_factor.sql',
        '0050_quizzes.sql',
      ]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((client) => client.close()));
      await empty.destroy();
    }
  });
});
