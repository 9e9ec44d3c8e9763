import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestampColumn('created_at').notNull().defaultNow(),
});
