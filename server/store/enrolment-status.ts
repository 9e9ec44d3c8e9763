import { sql, type SQLWrapper } from 'drizzle-orm';
import type { EnrolmentStatus } from '../../contract/values';
import { qualified } from '../db/qualified';
import { enrolmentCounts, enrolments } from '../db/schema';

/**
 * The one rule of an enrolment's status at `asOf` (issue 27): COMPLETED once completed, OVERDUE past its due date
 * without completion, IN_PROGRESS once started, else NOT_STARTED. Every list, count and report compares this
 * expression, so that they agree. `qualify`: the columns named with their table, for a select whose subqueries
 * would otherwise read them as their own (db/qualified.ts).
 */
export function enrolmentStatusAt(asOf: SQLWrapper, { qualify = false }: { qualify?: boolean } = {}) {
  const column = (name: 'completedAt' | 'dueDate' | 'startedAt') => (qualify ? qualified(enrolments[name]) : enrolments[name]);
  return sql<EnrolmentStatus>`(case when ${column('completedAt')} is not null then 'COMPLETED'
  when ${column('dueDate')} < ${asOf}::timestamptz then 'OVERDUE'
  when ${column('startedAt')} is not null then 'IN_PROGRESS' else 'NOT_STARTED' end)`;
}

/**
 * The same rule over the kept counts (migration 0024), whose rows hold the stored state (the rule without its time:
 * COMPLETED, else IN_PROGRESS once started, else NOT_STARTED) and the due date ('infinity' for none, never passed).
 */
export const countedStatusAt = (asOf: SQLWrapper) => sql<EnrolmentStatus>`(case when ${enrolmentCounts.state} = 'COMPLETED' then 'COMPLETED'
  when ${enrolmentCounts.dueDate} < ${asOf}::timestamptz then 'OVERDUE' else ${enrolmentCounts.state} end)`;

/** The status now, as a listed enrolment shows it. */
export const enrolmentStatusNow = () => enrolmentStatusAt(sql`now()`, { qualify: true });

/** Status filters bind the time to the minute, so that a count learned for a condition is reused for a minute at most. */
export const minuteNow = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
