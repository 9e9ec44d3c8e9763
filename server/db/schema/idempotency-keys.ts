import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

/**
 * The first answer to a create sent with an `Idempotency-Key`, per caller (`scope`), so a repeat of the request
 * gets it again instead of making a second record, on whichever instance it lands.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is being answered. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    /** Until then an unanswered first request holds the key; after it, a crashed one no longer does. */
    lockedUntil: timestampColumn('locked_until').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.scope, table.idempotencyKey] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);
