import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf, timestampColumn } from './columns';
import { companies } from './companies';
import { contentStatuses, contentTypes, renderTypes } from '../../../contract/values';
import { sortIndexes, trigramIndexes } from './list-indexes';

export const contents = pgTable(
  'contents',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    title: text('title').notNull(),
    background: text('background'),
    type: text('type', { enum: contentTypes }).notNull().default('Article'),
    renderType: text('render_type', { enum: renderTypes }).notNull().default('INLINE'),
    text: text('text'),
    externalUuid: text('external_uuid'),
    status: text('status', { enum: contentStatuses }).notNull().default('DRAFT'),
    /** Since when the video waits for the video service (PENDING_PROCESSING); kept by a trigger (migration 0013). */
    processingSince: timestampColumn('processing_since'),
  },
  (table) => [
    index('contents_tenant_id_idx').on(table.tenantId),
    ...sortIndexes('contents', table.id, [table.companyId], [table.title, table.createdAt, table.updatedAt]),
    ...trigramIndexes('contents', [table.title]),
    index('contents_external_uuid_idx').on(table.externalUuid),
    index('contents_processing_since_idx')
      .on(table.processingSince)
      .where(sql`${table.status} = 'PENDING_PROCESSING'`),
    foreignKey({
      name: 'contents_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('contents_type_check', oneOf(table.type, contentTypes)),
    check('contents_render_type_check', oneOf(table.renderType, renderTypes)),
    check('contents_status_check', oneOf(table.status, contentStatuses)),
    check('contents_text_only_inline_check', sql`${table.renderType} = 'INLINE' or ${table.text} is null`),
    check('contents_video_is_reference_check', sql`${table.type} <> 'Video' or ${table.renderType} = 'REFERENCE'`),
  ],
);

export type Content = typeof contents.$inferSelect;
