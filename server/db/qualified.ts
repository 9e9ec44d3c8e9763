import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`. Drizzle leaves the table out of column names in a select without joins, so a correlated
 * subquery written with plain column interpolations would compare the inner table's columns with themselves.
 */
export const qualified = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
