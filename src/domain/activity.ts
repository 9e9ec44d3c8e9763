import type { Static } from 'typebox';
import type * as activity from '../../contract/activity.schemas';

export { auditActions, auditEntities, type AuditAction, type AuditEntity } from '../../contract/values';

/** One row of the audit log: who did what to which record, when (field names only, never values). */
export type ActivityEntry = Static<typeof activity.ActivityEntry>;
