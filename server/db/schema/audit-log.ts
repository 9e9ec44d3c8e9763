import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestampColumn } from './columns';
import { scopes } from '../../../contract/values';
import { auditActions } from './enums';

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestampColumn('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    /** The actor as it was when the row was written (migration 0009): readable whoever reads, never a secret. */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    actorScope: text('actor_scope', { enum: scopes }),
    assumedTenantId: uuid('assumed_tenant_id'),
    action: text('action', { enum: auditActions }).notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    tenantId: uuid('tenant_id'),
    companyId: uuid('company_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_user_id_idx').on(table.actorUserId),
    index('audit_log_tenant_id_idx').on(table.tenantId),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    check('audit_log_action_check', oneOf(table.action, auditActions)),
    check('audit_log_actor_scope_check', oneOf(table.actorScope, scopes)),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
