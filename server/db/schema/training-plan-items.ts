import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf } from './columns';
import { contents } from './contents';
import { itemTypes } from '../../../contract/values';
import { quizzes } from './quizzes';
import { trainingPlanModules } from './training-plan-modules';

export const trainingPlanItems = pgTable(
  'training_plan_items',
  {
    ...businessColumns(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => trainingPlanModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    type: text('type', { enum: itemTypes }).notNull().default('CONTENT'),
    contentId: uuid('content_id').references(() => contents.id, { onDelete: 'restrict' }),
    /** A QUIZ item's quiz (a CONTENT item has a content instead: never both). */
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('training_plan_items_module_id_position_idx').on(table.moduleId, table.position),
    index('training_plan_items_content_id_idx').on(table.contentId),
    check('training_plan_items_position_check', sql`${table.position} >= 0`),
    check('training_plan_items_type_check', oneOf(table.type, itemTypes)),
    index('training_plan_items_quiz_id_idx').on(table.quizId),
    check(
      'training_plan_items_reference_matches_type_check',
      sql`(${table.type} = 'CONTENT' or ${table.contentId} is null) and (${table.type} = 'QUIZ' or ${table.quizId} is null)`,
    ),
  ],
);

export type TrainingPlanItem = typeof trainingPlanItems.$inferSelect;
