import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

/** One fixed window of the API's rate limits per key (`session:…`, `client:…`), shared by every instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    counterKey: text('counter_key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestampColumn('window_ends_at').notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
