import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { companies } from './companies';
import { enrolments } from './enrolments';
import { lrsCredentials } from './lrs-credentials';
import { trainingPlanItems } from './training-plan-items';

/** A company's xAPI statements (issue 27, migration 0022): each company's store, written by its LRS credentials. */
export const xapiStatements = pgTable(
  'xapi_statements',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    // bigserial in SQL: its sequence's default.
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('xapi_statements_seq_seq')`),
    stored: timestampColumn('stored').notNull().defaultNow(),
    credentialId: uuid('credential_id').references(() => lrsCredentials.id, { onDelete: 'set null' }),
    statement: jsonb('statement').$type<Record<string, unknown>>().notNull(),
    submitted: jsonb('submitted').$type<Record<string, unknown>>().notNull(),
    actorMbox: text('actor_mbox'),
    verbId: text('verb_id').notNull(),
    objectActivityId: text('object_activity_id'),
    registration: uuid('registration'),
    timestamp: timestampColumn('timestamp').notNull(),
    voided: boolean('voided').notNull().default(false),
    // Migration 0036: the statement a StatementRef object targets (queries answer the statements that target a match).
    objectStatementRef: uuid('object_statement_ref'),
  },
  (table) => [
    primaryKey({ name: 'xapi_statements_pkey', columns: [table.companyId, table.id] }),
    unique('xapi_statements_seq_unique').on(table.seq),
    index('xapi_statements_company_id_seq_idx').on(table.companyId, table.seq),
    ...[table.actorMbox, table.verbId, table.objectActivityId, table.registration].map((column) =>
      index(`xapi_statements_company_id_${column.name}_seq_idx`).on(table.companyId, column, table.seq),
    ),
    index('xapi_statements_company_id_stored_idx').on(table.companyId, table.stored),
    // Migration 0023: a learner's statements in any case, for the recompute after a voiding statement.
    index('xapi_statements_company_id_lower_actor_mbox_idx').on(table.companyId, sql`lower(${table.actorMbox})`),
    // Migration 0036: the statements that target a given one, and a store's targeting statements in seq order.
    index('xapi_statements_company_id_object_statement_ref_idx')
      .on(table.companyId, table.objectStatementRef)
      .where(sql`${table.objectStatementRef} IS NOT NULL`),
    index('xapi_statements_company_id_targeting_seq_idx')
      .on(table.companyId, table.seq)
      .where(sql`${table.objectStatementRef} IS NOT NULL`),
    foreignKey({
      name: 'xapi_statements_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);

/** The items of a plan a learner has done (migration 0022), written by the statements that complete them. */
export const enrolmentItems = pgTable(
  'enrolment_items',
  {
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trainingPlanItems.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    doneAt: timestampColumn('done_at').notNull(),
    verbId: text('verb_id').notNull(),
    scoreScaled: doublePrecision('score_scaled'),
  },
  (table) => [
    primaryKey({ name: 'enrolment_items_pkey', columns: [table.enrolmentId, table.itemId] }),
    index('enrolment_items_item_id_idx').on(table.itemId),
    foreignKey({
      name: 'enrolment_items_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);

/** PostgreSQL's bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The attachments of a company's statements (migration 0027): one row per content (its SHA-2) in a store. */
export const xapiAttachments = pgTable(
  'xapi_attachments',
  {
    companyId: uuid('company_id').notNull(),
    sha2: text('sha2').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    contentType: text('content_type').notNull(),
    length: integer('length').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'xapi_attachments_pkey', columns: [table.companyId, table.sha2] }),
    foreignKey({
      name: 'xapi_attachments_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);
