/**
 * The most rows one bulk action may name or match (`POST {resource}/bulk`): beyond it, ids are refused by the schema
 * (400) and a query matching more is answered 413, so one request never holds a transaction over unbounded rows.
 */
export const MAX_BULK_ROWS = 1000;

/** The actions every resource with bulk actions may offer; each resource offers some of them. */
export const bulkActionNames = ['delete', 'enable', 'disable'] as const;
export type BulkActionName = (typeof bulkActionNames)[number];

/**
 * Why a bulk action skips a row (`BulkSkip.code`), as the one-row route would answer it; a resource's
 * `<ENTITY>_NOT_FOUND` (outside the caller's reach, or gone) is said as `NOT_FOUND`. The console has words for each
 * one in every language (test/i18n), and the server's bulk tests find no other code in a report.
 */
export const bulkSkipCodes = [
  'NOT_FOUND',
  'UNCHANGED',
  'OWN_USER',
  'COMPANY_IN_USE',
  'CONTENT_IN_PLANS',
  'CONTENT_IN_USE',
  'PLAN_NOT_DRAFT',
  'QUIZ_IN_PLANS',
  'QUIZ_IN_USE',
] as const;
export type BulkSkipCode = (typeof bulkSkipCodes)[number];

/** The reason a skipped row's code stands for: every `<ENTITY>_NOT_FOUND` is one reason. */
export const bulkSkipReason = (code: string): string => (code.endsWith('_NOT_FOUND') ? 'NOT_FOUND' : code);
