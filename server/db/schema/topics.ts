import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf } from './columns';
import { companies } from './companies';
import { topicStatuses } from '../../../contract/values';
import { sortIndexes, trigramIndexes } from './list-indexes';

export const topics = pgTable(
  'topics',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#000000'),
    status: text('status', { enum: topicStatuses }).notNull().default('PENDING'),
  },
  (table) => [
    index('topics_tenant_id_idx').on(table.tenantId),
    ...sortIndexes('topics', table.id, [table.companyId], [table.name, table.status, table.createdAt]),
    ...trigramIndexes('topics', [table.name]),
    foreignKey({
      name: 'topics_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('topics_color_check', sql`${table.color} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('topics_status_check', oneOf(table.status, topicStatuses)),
  ],
);

export type Topic = typeof topics.$inferSelect;
