import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The btree indexes that serve list pages: for each scope column (null: GLOBAL, unscoped) one index per
 * sort column, each ending with id, the tiebreak of every list order (unscoped sort by id is the primary key).
 */
export function sortIndexes(
  table: string,
  id: ExtraConfigColumn,
  scopeColumns: (ExtraConfigColumn | null)[],
  sortColumns: ExtraConfigColumn[],
) {
  return scopeColumns.flatMap((scope) => {
    const leadingColumns = scope ? [[scope], ...sortColumns.map((sort) => [scope, sort])] : sortColumns.map((sort) => [sort]);
    return leadingColumns.map((columns) => {
      const [first, ...rest] = [...columns, id];
      return index(`${table}_${[first, ...rest].map((column) => column.name).join('_')}_idx`).on(first!, ...rest);
    });
  });
}

/** Trigram GIN indexes, so that `ILIKE '%…%'` searches do not scan the table. */
export function trigramIndexes(table: string, columns: ExtraConfigColumn[]) {
  return columns.map((column) => index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')));
}
