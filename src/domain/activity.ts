import type { Static } from 'typebox';
import type * as activity from '../../contract/activity.schemas';

/** One row of the audit log: who did what to which record, when (field names only, never values). */
export type ActivityEntry = Static<typeof activity.ActivityEntry>;
