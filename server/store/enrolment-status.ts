import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EnrolmentStatus } from '../../contract/values';

/**
 * The one rule of an enrolment's status at a time (issue 27), for every query that shows, filters or counts it:
 * COMPLETED once completed, OVERDUE past its due date without completion, IN_PROGRESS once started, else NOT_STARTED.
 *
 * `alias`: the name the enrolments row has in the query (`enrolments` unless aliased); its columns are written
 * qualified, so the expression means the same in a join or a correlated subquery. `now`: the time to judge at — a
 * Date (bound as a parameter), a bound placeholder or SQL expression (cast to timestamptz), or the statement's own
 * `now()` when absent. A LEFT JOIN's missing row (every column NULL) is NOT_STARTED: count its id, not the rows.
 */
export function enrolmentStatusSql(alias = 'enrolments', now?: Date | SQLWrapper): SQL<EnrolmentStatus> {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  const at = now === undefined ? sql`now()` : now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;
  return sql<EnrolmentStatus>`(case when ${column('completed_at')} is not null then 'COMPLETED'
  when ${column('due_date')} < ${at} then 'OVERDUE'
  when ${column('started_at')} is not null then 'IN_PROGRESS' else 'NOT_STARTED' end)`;
}
