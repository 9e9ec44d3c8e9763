import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { contents } from './contents';
import { topics } from './topics';

export const contentTopics = pgTable(
  'content_topics',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'content_topics_pkey', columns: [table.contentId, table.topicId] }),
    index('content_topics_topic_id_idx').on(table.topicId),
  ],
);
