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

/**
 * The person acting, as the audit keeps them: a GLOBAL admin who assumed a tenant is that GLOBAL admin (`assumedBy`),
 * not the TENANT identity the request runs as.
 */
function actorSnapshot({ user, assumedBy }: AuthSession) {
  return assumedBy
    ? { actorName: assumedBy.name, actorEmail: assumedBy.email, actorScope: 'GLOBAL' as const }
    : { actorName: `${user.name} ${user.surname}`, actorEmail: user.email, actorScope: user.scope };
}

export async function recordAudit(db: Database, actor: AuthSession, event: AuditEvent) {
  await recordAudits(db, actor, [event]);
}

/** Several events of one write (an import's batch) in one statement. */
export async function recordAudits(db: Database, actor: AuthSession, events: AuditEvent[]) {
  if (events.length === 0) return;
  const snapshot = actorSnapshot(actor);
  await db.insert(auditLog).values(
    events.map((event) => ({
      actorUserId: actor.realUserId,
      ...snapshot,
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
