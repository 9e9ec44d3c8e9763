import { boolean, check, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf } from './columns';
import { companies } from './companies';
import { trainingPlanStatuses } from '../../../contract/values';
import { sortIndexes, trigramIndexes } from './list-indexes';

export const trainingPlans = pgTable(
  'training_plans',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: trainingPlanStatuses }).notNull().default('DRAFT'),
    freelyNavigable: boolean('freely_navigable').notNull().default(false),
  },
  (table) => [
    index('training_plans_tenant_id_idx').on(table.tenantId),
    ...sortIndexes('training_plans', table.id, [table.companyId], [table.name, table.createdAt, table.updatedAt]),
    ...trigramIndexes('training_plans', [table.name]),
    foreignKey({
      name: 'training_plans_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('training_plans_status_check', oneOf(table.status, trainingPlanStatuses)),
  ],
);

export type TrainingPlan = typeof trainingPlans.$inferSelect;
