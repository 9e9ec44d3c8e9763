import type { AuthSession } from '../auth/auth-session';
import type { Owner } from '../auth/tenancy';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction } from '../db/schema/enums';

export interface AuditEvent {
  action: AuditAction;
  entity: string;
  entityId: string | null;
  /** The tenant and company owning the entity; the actor's own when absent. */
  owner?: Owner;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Database, actor: AuthSession, event: AuditEvent) {
  await recordAudits(db, actor, [event]);
}

/** Several events of one write (an import's batch) in one statement. */
export async function recordAudits(db: Database, actor: AuthSession, events: AuditEvent[]) {
  if (events.length === 0) return;
  await db.insert(auditLog).values(
    events.map((event) => ({
      actorUserId: actor.realUserId,
      assumedTenantId: actor.assumedTenantId,
      tenantId: event.owner ? event.owner.tenantId : actor.user.tenantId,
      companyId: event.owner ? event.owner.companyId : actor.user.companyId,
      action: event.action,
      entity: event.entity,
      entityId: event.entityId,
      details: event.details ?? {},
    })),
  );
}
