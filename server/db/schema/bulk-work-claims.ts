import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

/** The import batch or export each session has in flight (migration 0014, `server/http/bulk-work.ts`). */
export const bulkWorkClaims = pgTable(
  'bulk_work_claims',
  {
    claimKey: text('claim_key').primaryKey(),
    claimedUntil: timestampColumn('claimed_until').notNull(),
  },
  (table) => [index('bulk_work_claims_claimed_until_idx').on(table.claimedUntil)],
);
