import { sql, type SQL } from 'drizzle-orm';
import { integer, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export function businessColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  };
}

export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
