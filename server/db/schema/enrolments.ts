import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { assignmentTargets } from '../../../contract/values';
import { oneOf, timestampColumn } from './columns';
import { companies } from './companies';
import { groups } from './groups';
import { trainingPlans } from './training-plans';
import { users } from './users';

/**
 * What a plan was assigned to (issue 27): one row per target, a user, a group or the whole company, with an
 * optional due date. The enrolments below are derived from these rows (migration 0020, `sync_plan_enrolments`).
 */
export const planAssignments = pgTable(
  'plan_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    trainingPlanId: uuid('training_plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    target: text('target', { enum: assignmentTargets }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    dueDate: timestampColumn('due_date'),
  },
  (table) => [
    index('plan_assignments_training_plan_id_idx').on(table.trainingPlanId),
    index('plan_assignments_user_id_idx').on(table.userId),
    index('plan_assignments_group_id_idx').on(table.groupId),
    index('plan_assignments_company_id_idx').on(table.companyId),
    foreignKey({
      name: 'plan_assignments_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('plan_assignments_target_check', oneOf(table.target, assignmentTargets)),
    check(
      'plan_assignments_target_matches_check',
      sql`(${table.target} = 'USER' and ${table.userId} is not null and ${table.groupId} is null)
        or (${table.target} = 'GROUP' and ${table.groupId} is not null and ${table.userId} is null)
        or (${table.target} = 'COMPANY' and ${table.userId} is null and ${table.groupId} is null)`,
    ),
  ],
);

export type PlanAssignment = typeof planAssignments.$inferSelect;

/**
 * One per plan and learner reached by its assignments, written only by the database (migration 0020). The learning
 * records (xAPI statements, a later slice) fill `startedAt`, `completedAt`, `progress` and `lastActivityAt`.
 */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    trainingPlanId: uuid('training_plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: timestampColumn('due_date'),
    startedAt: timestampColumn('started_at'),
    completedAt: timestampColumn('completed_at'),
    progress: doublePrecision('progress').notNull().default(0),
    lastActivityAt: timestampColumn('last_activity_at'),
  },
  (table) => [
    index('enrolments_user_id_idx').on(table.userId),
    index('enrolments_company_id_idx').on(table.companyId),
    ...[table.createdAt, table.dueDate, table.progress, table.lastActivityAt].map((column) =>
      index(`enrolments_training_plan_id_${column.name}_id_idx`).on(table.trainingPlanId, column, table.id),
    ),
    // Migration 0023: INCLUDE (tenant_id, company_id, started_at, completed_at, due_date), for the plan's report.
    index('enrolments_training_plan_id_status_idx').on(table.trainingPlanId),
    foreignKey({
      name: 'enrolments_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    unique('enrolments_plan_user_unique').on(table.trainingPlanId, table.userId),
    check('enrolments_progress_check', sql`${table.progress} >= 0 and ${table.progress} <= 1`),
  ],
);

export type Enrolment = typeof enrolments.$inferSelect;

/**
 * Per plan, its enrolments by stored state (`NOT_STARTED`, `IN_PROGRESS`, `COMPLETED`) and due date (`infinity` for
 * none), kept by the enrolments' statement triggers in the writer's transaction (migration 0024): the report counts
 * from these rows, judging OVERDUE at its own time (`store/enrolment-status.ts`).
 */
export const enrolmentCounts = pgTable(
  'enrolment_counts',
  {
    trainingPlanId: uuid('training_plan_id').notNull(),
    state: text('state').notNull(),
    dueDate: timestampColumn('due_date').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    enrolments: integer('enrolments').notNull(),
  },
  (table) => [
    primaryKey({ name: 'enrolment_counts_pkey', columns: [table.trainingPlanId, table.state, table.dueDate] }),
    check('enrolment_counts_state_check', oneOf(table.state, ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED'])),
  ],
);

/** Per plan, its enrolments completed on each day (UTC), kept like `enrolmentCounts` (migration 0024). */
export const enrolmentCompletionDays = pgTable(
  'enrolment_completion_days',
  {
    trainingPlanId: uuid('training_plan_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    completions: integer('completions').notNull(),
  },
  (table) => [primaryKey({ name: 'enrolment_completion_days_pkey', columns: [table.trainingPlanId, table.day] })],
);
