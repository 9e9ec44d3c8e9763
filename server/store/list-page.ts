import { createHash } from 'node:crypto';
import { and, asc, desc, eq, fillPlaceholders, getTableName, gt, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static, TUnsafe } from 'typebox';
import type { listQuery, listResponse } from '../../contract/common.schemas';
import type { Database } from '../db/client';
import { listBoundaries, listCounts, tableWriteVersions } from '../db/schema';
import { bindings, preparedOnce, rawWithParams, statementName, type Bind, type Prepared } from '../db/prepared';

/** The list query of every resource, defaults filled in (its filters come on top). */
type ListQuery = Static<ReturnType<typeof listQuery<Record<never, never>>>>;
/** A list's query once validated: the parameters that have a default are optional on the wire and filled in here. */
export type ListParams = ListQuery & Required<Pick<ListQuery, 'page' | 'pageSize' | 'sortOrder' | 'withTotal'>>;

/** A page of rows (records once the resource maps them); `total` unless asked `withTotal=false`. */
export type ListPage<Item> = Static<ReturnType<typeof listResponse<TUnsafe<Item>>>>;

/** A select (joins included) that the list helper completes with its condition, order and page, and prepares. */
export interface RowQuery<Row> extends PromiseLike<Row[]> {
  where(where: SQL | undefined): RowQuery<Row>;
  orderBy(...order: SQL[]): RowQuery<Row>;
  limit(limit: number | Placeholder): RowQuery<Row>;
  offset(offset: number | Placeholder): RowQuery<Row>;
  toSQL(): { sql: string };
  prepare(name: string): Prepared<Row>;
}

export interface ListSource<Row> {
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  rows(db: Database): RowQuery<Row>;
  /** The allowed `sortBy` values; any other is ignored. */
  sorts: Record<string, AnyPgColumn>;
  /**
   * Conditions on the listed table matching a LIKE pattern, one per searched field, to be OR-ed. Request values
   * enter them only through `bind` (a named placeholder), so that the statement is built once per shape.
   */
  search(pattern: string, db: Database, bind: Bind): SQL[] | Promise<SQL[]>;
}

/** Page offsets from which a page seeks from the nearest recorded sort key instead of walking from the start. */
export const boundaryStep = 1000;

/** Escapes LIKE wildcards so that `%` and `_` typed by a user match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

interface ListOrder {
  key: string;
  /** The sort column (the id itself when sorted by id), then id. */
  column: AnyPgColumn;
  descending: boolean;
  sql: SQL[];
}

/** A list's order by its `sortBy` (created when absent or not allowed) and `sortOrder`, then id. */
export function listOrder(source: ListSource<unknown>, params: Pick<ListParams, 'sortBy' | 'sortOrder'>): ListOrder {
  const sortBy = params.sortBy !== undefined && Object.hasOwn(source.sorts, params.sortBy) ? params.sortBy : undefined;
  const column = sortBy === undefined ? source.createdAt : source.sorts[sortBy]!;
  const descending = sortBy !== undefined && params.sortOrder === 'desc';
  const direction = descending ? desc : asc;
  return {
    key: `${sortBy ?? ''}:${descending ? 'desc' : 'asc'}`,
    column,
    descending,
    sql: column === source.id ? [direction(source.id)] : [direction(column), direction(source.id)],
  };
}

/**
 * The rows after a sort key (`value`, `id`) in the list's order (NULLs last ascending, first descending, as
 * PostgreSQL sorts them). `valueIsNull` changes the statement's shape, so it is part of the bound names.
 */
function after(source: ListSource<unknown>, order: ListOrder, valueIsNull: boolean, bind: Bind): SQL {
  const { column, descending } = order;
  const id = bind('seekId', null);
  const beyond = descending ? lt : gt;
  if (column === source.id) return beyond(source.id, sql`${id}::uuid`);
  const idAfter = beyond(source.id, sql`${id}::uuid`);
  if (valueIsNull) {
    return descending ? or(sql`${column} is not null`, idAfter)! : and(sql`${column} is null`, idAfter)!;
  }
  const value = sql`${bind('seekValue', null)}::${sql.raw(column.getSQLType())}`;
  const rows = sql`(${column}, ${source.id}) ${sql.raw(descending ? '<' : '>')} (${value}, ${id}::uuid)`;
  return descending || column.notNull ? rows : or(rows, sql`${column} is null`)!;
}

interface Lookup {
  version: number | null;
  total: number | null;
  isEstimate: boolean | null;
  boundary: string | null;
  tableRows: number | null;
}

interface Boundary {
  position: number;
  sortValue: string | null;
  rowId: string;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 24);

/** Statements built once per database and shape; see `prepared.ts`. */
const statements = preparedOnce();

/**
 * What the database knows of a list: the table's write version, the count of the condition at that version, the
 * nearest recorded sort key at or before the page's offset, and the planner's row count of the table.
 */
function lookup(db: Database) {
  return statements(db, 'list:lookup', () => {
    const v = tableWriteVersions;
    const table = sql.placeholder('table');
    const current = (cache: typeof listCounts | typeof listBoundaries) =>
      sql`${cache.tableName} = ${v.tableName} and ${cache.shape} = ${cache === listCounts ? sql.placeholder('countShape') : sql.placeholder('orderShape')} and ${cache.version} = ${v.version}`;
    return db
      .select({
        version: v.version,
        total: sql<number | null>`(select ${listCounts.total} from ${listCounts} where ${current(listCounts)})`,
        isEstimate: sql<boolean | null>`(select ${listCounts.isEstimate} from ${listCounts} where ${current(listCounts)})`,
        boundary: sql<
          string | null
        >`(select json_build_array(${listBoundaries.position}, ${listBoundaries.sortValue}, ${listBoundaries.rowId})::text
          from ${listBoundaries} where ${current(listBoundaries)} and ${listBoundaries.position} <= ${sql.placeholder('offset')}
          order by ${listBoundaries.position} desc limit 1)`,
        tableRows: sql<number | null>`(select reltuples::float8 from pg_class where oid = ${table}::regclass)`,
      })
      .from(v)
      .where(eq(v.tableName, table))
      .prepare('list_lookup');
  });
}

const storeCount = (db: Database) =>
  statements(db, 'list:store-count', () =>
    db
      .insert(listCounts)
      .values({
        tableName: sql.placeholder('table'),
        shape: sql.placeholder('shape'),
        version: sql.placeholder('version'),
        total: sql.placeholder('total'),
        isEstimate: sql.placeholder('isEstimate'),
      })
      .onConflictDoUpdate({
        target: [listCounts.tableName, listCounts.shape],
        set: { version: sql`excluded.version`, total: sql`excluded.total`, isEstimate: sql`excluded.is_estimate` },
      })
      .prepare('list_store_count'),
  );

const storeBoundary = (db: Database) =>
  statements(db, 'list:store-boundary', () =>
    db
      .insert(listBoundaries)
      .values({
        tableName: sql.placeholder('table'),
        shape: sql.placeholder('shape'),
        position: sql.placeholder('position'),
        version: sql.placeholder('version'),
        sortValue: sql.placeholder('sortValue'),
        rowId: sql.placeholder('rowId'),
      })
      .onConflictDoUpdate({
        target: [listBoundaries.tableName, listBoundaries.shape, listBoundaries.position],
        set: { version: sql`excluded.version`, sortValue: sql`excluded.sort_value`, rowId: sql`excluded.row_id` },
      })
      .prepare('list_store_boundary'),
  );

/**
 * One page of a list and, unless `withTotal` is false, how many rows match.
 *
 * - Statements are built and prepared once per shape (which values are bound, the order, the plan), then run with
 *   each request's values.
 * - The count is read once per condition and table write version, then served from `list_counts`; beyond
 *   `exactLimit` it is the planner's estimate.
 * - A page at an offset of `boundaryStep` rows or more seeks past the nearest sort key recorded at or before its
 *   offset (`list_boundaries`), recording one at its own offset when the walk from there was long.
 * - A search matching few rows compared with the walk the order's index would need reads the matching rows (trigram
 *   indexes) and sorts them, instead of walking the order's index and filtering.
 */
export async function listPage<Row>(
  db: Database,
  source: ListSource<Row>,
  params: ListParams,
  filter: (bind: Bind) => SQL | undefined,
  exactLimit: number,
  /**
   * Whose rows the condition reads when the database's row-level security alone keeps the reach (the caller's scope,
   * tenant and company): what is learned of a condition (its count, its boundaries) is kept apart per reach, so
   * two tenants' identical conditions (a filter naming a group only one of them can see) never share a count.
   */
  reach = '',
): Promise<ListPage<Row>> {
  const table = getTableName(source.table);
  const bound = bindings();
  const search = params.search?.trim();
  const where = and(filter(bound.bind), search ? or(...(await source.search(`%${escapeLike(search)}%`, db, bound.bind))) : undefined);
  const condition = { names: bound.names(), values: { ...bound.values } };
  const order = listOrder(source, params);
  const offset = (params.page - 1) * params.pageSize;
  const countShape = hashOf(JSON.stringify([table, condition.names, condition.values, exactLimit, reach]));
  const orderShape = hashOf(JSON.stringify([countShape, order.key]));
  const needsCount = params.withTotal || search !== undefined;

  const shapes = { table, countShape, orderShape, offset };
  const counted = async (known?: Lookup) => {
    const found = known ?? (await lookup(db).execute(shapes))[0];
    if (found?.total !== null && found?.total !== undefined) return { total: found.total, totalIsEstimate: found.isEstimate === true };
    return countRows(db, source, where, condition.values, countShape, exactLimit);
  };

  if (!search && offset < boundaryStep) {
    const [items, count] = await Promise.all([
      runPage(db, source, where, condition, order, params, { mode: 'walk', skip: offset }),
      params.withTotal ? counted() : undefined,
    ]);
    return count ? { items, ...count } : { items };
  }

  const [found] = await lookup(db).execute(shapes);
  const count = needsCount ? await counted(found) : undefined;
  // reltuples is -1 before the table's first ANALYZE: unknown, taken as large.
  const tableRows = found?.tableRows !== null && found?.tableRows !== undefined && found.tableRows >= 0 ? found.tableRows : Infinity;
  const walk = (count?.totalIsEstimate ?? true) ? Infinity : ((offset + params.pageSize) * tableRows) / Math.max(count!.total, 1);
  let items: Row[];
  if (search && count && !count.totalIsEstimate && walk > count.total) {
    items = await runPage(db, source, where, condition, order, params, { mode: 'matches', skip: offset });
  } else {
    let boundary: Boundary | undefined = found?.boundary ? boundaryOf(found.boundary) : undefined;
    if (offset - (boundary?.position ?? 0) >= boundaryStep && found?.version !== null && found?.version !== undefined) {
      boundary = (await recordBoundary(db, source, where, condition, order, boundary, offset, { table, shape: orderShape })) ?? boundary;
    }
    items = await runPage(db, source, where, condition, order, params, { mode: 'walk', skip: offset, from: boundary });
  }
  return count && params.withTotal ? { items, ...count } : { items };
}

function boundaryOf(json: string): Boundary {
  const [position, sortValue, rowId] = JSON.parse(json) as [number, string | null, string];
  return { position, sortValue, rowId };
}

interface Condition {
  names: string;
  values: Record<string, unknown>;
}

/** The ids of the rows from `from` (the start, or a recorded sort key) in the list's order, under the condition. */
function orderedIds(source: ListSource<unknown>, db: Database, where: SQL | undefined, order: ListOrder, from: Boundary | undefined) {
  const seek = from ? after(source, order, from.sortValue === null, seekBind) : undefined;
  return db
    .select({ id: source.id })
    .from(source.table)
    .where(and(where, seek))
    .orderBy(...order.sql);
}

/** The seek's placeholders are named statically: their values come with the boundary. */
const seekBind: Bind = (name) => sql.placeholder(name);

const seekValues = (from: Boundary | undefined) =>
  from ? (from.sortValue === null ? { seekId: from.rowId } : { seekId: from.rowId, seekValue: from.sortValue }) : {};

interface PagePlan {
  /** walk: the order's index, from the start or a recorded key; matches: the matching rows, then sorted. */
  mode: 'walk' | 'matches';
  skip: number;
  from?: Boundary;
}

/**
 * Pages over ids first, so that the skipped rows are only index entries (an index-only scan of the sort index),
 * then reads the page's records with their joins.
 */
async function runPage<Row>(
  db: Database,
  source: ListSource<Row>,
  where: SQL | undefined,
  condition: Condition,
  order: ListOrder,
  params: ListParams,
  plan: PagePlan,
): Promise<Row[]> {
  const { from } = plan;
  const key = `page:${getTableName(source.table)}:${condition.names}:${order.key}:${plan.mode}:${from ? (from.sortValue === null ? 'null' : 'value') : ''}`;
  const prepared = statements(db, key, () => {
    const limits = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    let pageIds;
    if (plan.mode === 'matches') {
      // OFFSET in the subquery keeps the planner from pulling it up: it reads the few matches (trigram indexes),
      // then sorts them, instead of walking the order's index hoping to meet matches soon.
      const matches = db
        .select({ id: sql<string>`${source.id}`.as('match_id'), value: sql`${order.column}`.as('match_value') })
        .from(source.table)
        .where(where)
        .offset(sql.placeholder('zero'))
        .as('matches');
      const direction = order.descending ? desc : asc;
      pageIds = db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(...(order.column === source.id ? [direction(matches.id)] : [direction(matches.value), direction(matches.id)]))
        .limit(limits.limit)
        .offset(limits.offset);
    } else {
      pageIds = orderedIds(source, db, where, order, from).limit(limits.limit).offset(limits.offset);
    }
    const query = source
      .rows(db)
      .where(inArray(source.id, pageIds))
      .orderBy(...order.sql);
    return query.prepare(statementName('list_page', query, !condition.names.includes('search')));
  });
  const skip = plan.skip - (from?.position ?? 0);
  return prepared.execute({ ...condition.values, ...seekValues(from), limit: params.pageSize, offset: skip, zero: 0 });
}

/**
 * Records the sort key of the row before `offset` (one walk from the nearest key, which every later page near it
 * then skips), with the write version read in the same statement. Answers the new boundary, or none past the end.
 */
async function recordBoundary(
  db: Database,
  source: ListSource<unknown>,
  where: SQL | undefined,
  condition: Condition,
  order: ListOrder,
  from: Boundary | undefined,
  offset: number,
  cache: { table: string; shape: string },
): Promise<Boundary | undefined> {
  const key = `boundary:${cache.table}:${condition.names}:${order.key}:${from ? (from.sortValue === null ? 'null' : 'value') : ''}`;
  const prepared = statements(db, key, () => {
    const seek = from ? after(source, order, from.sortValue === null, seekBind) : undefined;
    const query = db
      .select({
        sortValue: sql<string | null>`${order.column}::text`,
        rowId: sql<string>`${source.id}::text`,
        version: sql<
          number | null
        >`(select ${tableWriteVersions.version} from ${tableWriteVersions} where ${tableWriteVersions.tableName} = ${sql.placeholder('table')})`.mapWith(
          Number,
        ),
      })
      .from(source.table)
      .where(and(where, seek))
      .orderBy(...order.sql)
      .limit(1)
      .offset(sql.placeholder('offset'));
    return query.prepare(statementName('list_boundary', query, false));
  });
  const [row] = await prepared.execute({
    ...condition.values,
    ...seekValues(from),
    table: cache.table,
    offset: offset - 1 - (from?.position ?? 0),
  });
  if (!row) return undefined;
  const boundary = { position: offset, sortValue: row.sortValue, rowId: row.rowId };
  if (row.version !== null) await storeBoundary(db).execute({ ...cache, ...boundary, version: row.version });
  return boundary;
}

/**
 * Counts exactly up to `exactLimit` matching rows (a count over a LIMIT subquery, so it never reads more) with the
 * table's write version in the same statement; beyond that answers the planner's estimate, which costs no scan at
 * all. Stores the answer for the version it was read at.
 */
async function countRows(
  db: Database,
  source: ListSource<unknown>,
  where: SQL | undefined,
  values: Record<string, unknown>,
  shape: string,
  exactLimit: number,
) {
  const table = getTableName(source.table);
  const matching = db
    .select({ one: sql`1` })
    .from(source.table)
    .where(where);
  const prepared = statements(db, `count:${table}:${Object.keys(values).sort().join(',')}`, () => {
    const limited = db
      .select({ one: sql`1` })
      .from(source.table)
      .where(where)
      .limit(sql.placeholder('limit'))
      .as('limited');
    const query = db
      .select({
        total: sql<number>`count(*)::int`,
        version: sql<
          number | null
        >`(select ${tableWriteVersions.version} from ${tableWriteVersions} where ${tableWriteVersions.tableName} = ${sql.placeholder('table')})`.mapWith(
          Number,
        ),
      })
      .from(limited);
    return query.prepare(statementName('list_count', query, false));
  });
  const [counted] = await prepared.execute({ ...values, table, limit: exactLimit + 1 });
  const exact = counted?.total ?? 0;
  const count =
    exact <= exactLimit
      ? { total: exact, totalIsEstimate: false }
      : { total: Math.max(await plannedRows(db, matching, values), exactLimit + 1), totalIsEstimate: true };
  if (counted?.version !== null && counted?.version !== undefined) {
    await storeCount(db).execute({ table, shape, version: counted.version, total: count.total, isEstimate: count.totalIsEstimate });
  }
  return count;
}

async function plannedRows(db: Database, query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql: text, params } = query.toSQL();
  const explain = sql`EXPLAIN (FORMAT JSON) ${rawWithParams(text, fillPlaceholders(params, values))}`;
  const result = (await db.execute(explain)) as unknown as { rows: Record<string, unknown>[] };
  const output = result.rows[0]?.['QUERY PLAN'];
  const [explained] = (typeof output === 'string' ? JSON.parse(output) : output) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(explained.Plan['Plan Rows']);
}
