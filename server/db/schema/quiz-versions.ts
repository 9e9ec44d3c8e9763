import { foreignKey, index, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import type { QuizContent } from '../../../contract/quizzes.schemas';
import { timestampColumn } from './columns';
import { companies } from './companies';
import { quizzes } from './quizzes';

/** Every version of a quiz's content, written with the quiz: attempts are scored on the version they were taken on. */
export const quizVersions = pgTable(
  'quiz_versions',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    content: jsonb('content').$type<QuizContent>().notNull(),
  },
  (table) => [
    primaryKey({ name: 'quiz_versions_pkey', columns: [table.quizId, table.version] }),
    index('quiz_versions_company_id_idx').on(table.companyId),
    foreignKey({
      name: 'quiz_versions_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);

export type QuizVersion = typeof quizVersions.$inferSelect;
