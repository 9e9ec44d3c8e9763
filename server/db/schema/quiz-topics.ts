import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { quizzes } from './quizzes';
import { topics } from './topics';

export const quizTopics = pgTable(
  'quiz_topics',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'quiz_topics_pkey', columns: [table.quizId, table.topicId] }),
    index('quiz_topics_topic_id_idx').on(table.topicId),
  ],
);
