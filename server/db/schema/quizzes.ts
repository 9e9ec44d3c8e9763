import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf } from './columns';
import { companies } from './companies';
import { quizStatuses } from '../../../contract/values';
import { quizLimits } from '../../../contract/quiz-limits';
import type { Question } from '../../../contract/quizzes.schemas';
import { sortIndexes, trigramIndexes } from './list-indexes';

/** A company's quizzes: settings and questions (an ordered JSON array); every version is kept in `quiz_versions`. */
export const quizzes = pgTable(
  'quizzes',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: quizStatuses }).notNull().default('DRAFT'),
    passMark: integer('pass_mark').notNull().default(quizLimits.passMarkDefault),
    attemptsAllowed: integer('attempts_allowed'),
    timeLimitMinutes: integer('time_limit_minutes'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleAnswers: boolean('shuffle_answers').notNull().default(false),
    showCorrectAnswers: boolean('show_correct_answers').notNull().default(false),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
  },
  (table) => [
    index('quizzes_tenant_id_idx').on(table.tenantId),
    ...sortIndexes('quizzes', table.id, [table.companyId], [table.title, table.status, table.createdAt, table.updatedAt]),
    ...trigramIndexes('quizzes', [table.title]),
    foreignKey({
      name: 'quizzes_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('quizzes_status_check', oneOf(table.status, quizStatuses)),
    check('quizzes_pass_mark_check', sql`${table.passMark} >= 0 and ${table.passMark} <= 100`),
    check('quizzes_attempts_allowed_check', sql`${table.attemptsAllowed} is null or ${table.attemptsAllowed} >= 1`),
    check('quizzes_time_limit_check', sql`${table.timeLimitMinutes} is null or ${table.timeLimitMinutes} >= 1`),
    check('quizzes_questions_check', sql`jsonb_typeof(${table.questions}) = 'array'`),
    check('quizzes_ready_has_questions_check', sql`${table.status} = 'DRAFT' or jsonb_array_length(${table.questions}) > 0`),
  ],
);

export type QuizRow = typeof quizzes.$inferSelect;
