import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import type { QuizAnswer, QuizResult } from '../../../contract/quizzes.schemas';
import { timestampColumn } from './columns';
import { companies } from './companies';
import { quizVersions } from './quiz-versions';
import { quizzes } from './quizzes';
import { trainingPlanItems } from './training-plan-items';
import { users } from './users';

/**
 * A learner's attempt at a quiz, scored on the version it was taken on. `number` counts the learner's attempts at the
 * quiz (1, 2…): unique per quiz and learner, so that two attempts sent at once cannot both take the last one allowed.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'restrict' }),
    quizVersion: integer('quiz_version').notNull(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => trainingPlanItems.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    startedAt: timestampColumn('started_at').notNull(),
    submittedAt: timestampColumn('submitted_at').notNull().defaultNow(),
    answers: jsonb('answers').$type<QuizAnswer[]>().notNull(),
    result: jsonb('result').$type<QuizResult>().notNull(),
    score: doublePrecision('score').notNull(),
    maxScore: doublePrecision('max_score').notNull(),
    scaled: doublePrecision('scaled').notNull(),
    passed: boolean('passed').notNull(),
  },
  (table) => [
    index('quiz_attempts_company_id_idx').on(table.companyId),
    index('quiz_attempts_learner_id_idx').on(table.learnerId),
    index('quiz_attempts_item_id_idx').on(table.itemId),
    foreignKey({
      name: 'quiz_attempts_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'quiz_attempts_version_fk',
      columns: [table.quizId, table.quizVersion],
      foreignColumns: [quizVersions.quizId, quizVersions.version],
    }),
    unique('quiz_attempts_number_unique').on(table.quizId, table.learnerId, table.number),
    check('quiz_attempts_number_check', sql`${table.number} >= 1`),
    check('quiz_attempts_scaled_check', sql`${table.scaled} >= 0 and ${table.scaled} <= 1`),
    check('quiz_attempts_submitted_check', sql`${table.submittedAt} >= ${table.startedAt}`),
  ],
);

export type QuizAttempt = typeof quizAttempts.$inferSelect;
