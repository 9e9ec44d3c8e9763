import { bigint, boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** The write version of each listed table, bumped by a statement-level trigger on every write (migration 0008). */
export const tableWriteVersions = pgTable('table_write_versions', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The count of a list's condition (`shape`), valid while the table's write version is `version`. */
export const listCounts = pgTable(
  'list_counts',
  {
    tableName: text('table_name').notNull(),
    shape: text('shape').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    total: integer('total').notNull(),
    isEstimate: boolean('is_estimate').notNull(),
  },
  (table) => [primaryKey({ name: 'list_counts_pkey', columns: [table.tableName, table.shape] })],
);

/** The sort key of the row before `position` in a list's condition and order, valid at `version`. */
export const listBoundaries = pgTable(
  'list_boundaries',
  {
    tableName: text('table_name').notNull(),
    shape: text('shape').notNull(),
    position: integer('position').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    sortValue: text('sort_value'),
    rowId: uuid('row_id').notNull(),
  },
  (table) => [primaryKey({ name: 'list_boundaries_pkey', columns: [table.tableName, table.shape, table.position] })],
);
