import type { Scope } from './values';

/**
 * The most rows one bulk action may name or match (`POST {resource}/bulk`): beyond it, ids are refused by the schema
 * (400) and a query matching more is answered 413, so one request never holds a transaction over unbounded rows.
 */
export const MAX_BULK_ROWS = 1000;

/** The actions every resource with bulk actions may offer; each resource offers some of them. */
export const bulkActionNames = ['delete', 'enable', 'disable', 'addToGroup', 'assignPlan'] as const;
export type BulkActionName = (typeof bulkActionNames)[number];

/**
 * The values a bulk action takes beside its rows (issue 29): the group the users join, the PUBLISHED plan they are
 * assigned with its optional due date. `required` ones must be sent with the action; none is taken by another action.
 */
export const bulkActionParams = {
  addToGroup: { required: ['groupId'], optional: [] },
  assignPlan: { required: ['planId'], optional: ['dueDate'] },
} as const satisfies Partial<Record<BulkActionName, { required: readonly string[]; optional: readonly string[] }>>;
export type BulkParamName = 'groupId' | 'planId' | 'dueDate';
export type BulkParams = Partial<Record<BulkParamName, string>>;

/** The parameters an action must be sent with (none for most). */
export const requiredBulkParams = (action: BulkActionName): readonly BulkParamName[] =>
  action in bulkActionParams ? bulkActionParams[action as keyof typeof bulkActionParams].required : [];

/** The parameters an action takes at all. */
export const bulkParamsOf = (action: BulkActionName): readonly BulkParamName[] =>
  action in bulkActionParams
    ? [
        ...bulkActionParams[action as keyof typeof bulkActionParams].required,
        ...bulkActionParams[action as keyof typeof bulkActionParams].optional,
      ]
    : [];

/**
 * Who may run an action beyond the list's writers: the group and plan actions are COMPANY admins' only, as the one-row
 * routes (`POST /groups/{id}/members`, `POST /training-plans/{id}/assignments`) are. The console offers an action
 * only to them; the API answers others 403.
 */
export const bulkActionScopes: Partial<Record<BulkActionName, readonly Scope[]>> = {
  addToGroup: ['COMPANY'],
  assignPlan: ['COMPANY'],
};

/** Whether a caller of `scope` may run `action` (the list's own write access aside). */
export const bulkActionAllowed = (action: BulkActionName, scope: string): boolean =>
  (bulkActionScopes[action] as readonly string[] | undefined)?.includes(scope) ?? true;

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
