import { and, asc, desc, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static, TUnsafe } from 'typebox';
import type { listQuery, listResponse } from '../../contract/common.schemas';
import type { Database } from '../db/client';

/** The list query of every resource, defaults filled in (its filters come on top). */
export type ListParams = Static<ReturnType<typeof listQuery<Record<never, never>>>>;

/** A page of rows (records once the resource maps them); `total` unless asked `withTotal=false`. */
export type ListPage<Item> = Static<ReturnType<typeof listResponse<TUnsafe<Item>>>>;

/** A select (joins included) that the list helper completes with its condition, order and page. */
export interface RowQuery<Row> extends PromiseLike<Row[]> {
  where(where: SQL | undefined): RowQuery<Row>;
  orderBy(...order: SQL[]): RowQuery<Row>;
  limit(limit: number): RowQuery<Row>;
}

export interface ListSource<Row> {
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  rows(db: Database): RowQuery<Row>;
  /** The allowed `sortBy` values; any other is ignored. */
  sorts: Record<string, AnyPgColumn>;
  /** Conditions on the listed table matching a LIKE pattern, one per searched field, to be OR-ed. */
  search(pattern: string, db: Database): SQL[] | Promise<SQL[]>;
}

/** Escapes LIKE wildcards so that `%` and `_` typed by a user match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

async function listCondition(db: Database, source: ListSource<unknown>, params: ListParams, filter: SQL | undefined) {
  const search = params.search?.trim();
  return and(filter, search ? or(...(await source.search(`%${escapeLike(search)}%`, db))) : undefined);
}

function listOrder(source: ListSource<unknown>, params: ListParams): SQL[] {
  const sortBy = params.sortBy !== undefined && Object.hasOwn(source.sorts, params.sortBy) ? params.sortBy : undefined;
  if (sortBy === undefined) return [asc(source.createdAt), asc(source.id)];
  const direction = params.sortOrder === 'desc' ? desc : asc;
  const column = source.sorts[sortBy]!;
  return column === source.id ? [direction(source.id)] : [direction(column), direction(source.id)];
}

/**
 * Pages over ids first, so that the skipped rows are only index entries (an index-only scan of the sort index),
 * then reads the page's records with their joins.
 */
function pageQuery<Row>(db: Database, source: ListSource<Row>, params: ListParams, where: SQL | undefined) {
  const order = listOrder(source, params);
  const pageIds = db
    .select({ id: source.id })
    .from(source.table)
    .where(where)
    .orderBy(...order)
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return source
    .rows(db)
    .where(inArray(source.id, pageIds))
    .orderBy(...order);
}

/**
 * Counts exactly up to `exactLimit` matching rows (a count over a LIMIT subquery, so it never reads more);
 * beyond that answers the planner's estimate, which costs no scan at all.
 */
async function countRows(db: Database, table: PgTable, where: SQL | undefined, exactLimit: number) {
  const matching = () => db.select({ one: sql`1` }).from(table).where(where);
  const limited = matching()
    .limit(exactLimit + 1)
    .as('limited');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(limited);
  const total = counted?.total ?? 0;
  if (total <= exactLimit) return { total, totalIsEstimate: false };
  return { total: Math.max(await plannedRows(db, matching()), exactLimit + 1), totalIsEstimate: true };
}

async function plannedRows(db: Database, query: SQLWrapper): Promise<number> {
  // Cast: drizzle types a raw statement's answer per driver (unknown here); both drivers answer `{ rows }`.
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const output = result.rows[0]?.['QUERY PLAN'];
  const [explained] = (typeof output === 'string' ? JSON.parse(output) : output) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(explained.Plan['Plan Rows']);
}

/** One page of a list and, unless `withTotal` is false, how many rows match (page and count run together). */
export async function listPage<Row>(
  db: Database,
  source: ListSource<Row>,
  params: ListParams,
  filter: SQL | undefined,
  exactLimit: number,
): Promise<ListPage<Row>> {
  const where = await listCondition(db, source, params, filter);
  if (!params.withTotal) return { items: await pageQuery(db, source, params, where) };
  const [items, count] = await Promise.all([
    pageQuery(db, source, params, where),
    countRows(db, source.table, where, exactLimit),
  ]);
  return { items, ...count };
}
