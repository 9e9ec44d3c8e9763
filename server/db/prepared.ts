import { createHash } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';

/**
 * A request value entering a statement: a named placeholder where the statement is prepared once per shape (the
 * value then comes with each run), the value itself elsewhere. A condition must depend on request values only
 * through `bind`: which names it binds is what tells its shapes apart.
 */
export type Bind = (name: string, value: unknown) => SQLWrapper;

/** Binds values as they are (statements built for one run). */
export const inline: Bind = (_name, value) => sql.param(value);

/** Collects the values of one request under their placeholders' names. */
export function bindings() {
  const values: Record<string, unknown> = {};
  return {
    values,
    bind: ((name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    }) as Bind,
    /** The names bound, the part of a condition's shape that comes from the request. */
    names: () => Object.keys(values).sort().join(','),
  };
}

/** A statement built once, run with the values of its placeholders. */
export interface Prepared<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * Statements built once per database and key, then reused: Drizzle renders the SQL once, and on PostgreSQL the
 * statement is named, so each pooled connection parses it once. A transaction is another `Database` object: its
 * statements are built for it (and dropped with it).
 */
export function preparedOnce() {
  const byDatabase = new WeakMap<Database, Map<string, unknown>>();
  return <T>(db: Database, key: string, build: () => T): T => {
    let built = byDatabase.get(db);
    if (!built) byDatabase.set(db, (built = new Map()));
    if (!built.has(key)) built.set(key, build());
    return built.get(key) as T;
  };
}

/** A rendered statement (`$1`, `$2`… numbered parameters) as SQL with those values, e.g. to EXPLAIN it. */
export function rawWithParams(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const statement = sql.empty();
  parts.forEach((part, index) => statement.append(index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return statement;
}

/**
 * A statement name per SQL text: PostgreSQL keeps named statements per connection, and a name must keep its text.
 * `named: false` answers '' (an unnamed statement, planned on each run with its values): for statements whose best
 * plan depends on the values (a search pattern), which a named statement's generic plan would not see.
 */
export const statementName = (prefix: string, query: { toSQL(): { sql: string } }, named = true) =>
  named ? `${prefix}_${createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 24)}` : '';
