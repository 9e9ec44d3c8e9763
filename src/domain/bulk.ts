import type { Static } from 'typebox';
import type { BulkActionName, BulkParams } from '../../contract/bulk-limits';
import type { BulkRequestBody, BulkResult } from '../../contract/bulk.schemas';

export type { BulkActionName, BulkParams };
export {
  bulkActionAllowed,
  bulkParamsOf,
  bulkSkipCodes,
  bulkSkipReason,
  MAX_BULK_ROWS,
  requiredBulkParams,
} from '../../contract/bulk-limits';

/** What a bulk action did (`POST {resource}/bulk`): how many rows succeeded, and each skipped one with its reason. */
export type BulkReport = Static<typeof BulkResult>;

/** A bulk action as sent: on the rows selected by id, or on every row the list's search and filters match. */
export type BulkRequest = BulkRequestBody;
