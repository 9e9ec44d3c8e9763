/**
 * The most rows one bulk action may name or match (`POST {resource}/bulk`): beyond it, ids are refused by the schema
 * (400) and a query matching more is answered 413, so one request never holds a transaction over unbounded rows.
 */
export const MAX_BULK_ROWS = 1000;

/** The actions every resource with bulk actions may offer; each resource offers some of them. */
export const bulkActionNames = ['delete', 'enable', 'disable'] as const;
export type BulkActionName = (typeof bulkActionNames)[number];
