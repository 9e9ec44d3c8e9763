import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns } from './columns';
import { trainingPlans } from './training-plans';

export const trainingPlanModules = pgTable(
  'training_plan_modules',
  {
    ...businessColumns(),
    trainingPlanId: uuid('training_plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('training_plan_modules_training_plan_id_position_idx').on(table.trainingPlanId, table.position),
    check('training_plan_modules_position_check', sql`${table.position} >= 0`),
  ],
);

export type TrainingPlanModule = typeof trainingPlanModules.$inferSelect;
