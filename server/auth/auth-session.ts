import type { Static } from 'typebox';
import type { AssumedBy, SessionUser, VinapseConfig } from '../../contract/session.schemas';
import { isReservedVideoTenant, isVideoTenant } from '../../contract/video-tenant';
import { videoServiceUrlFor } from './video-tenant';

export type SessionUser = Static<typeof SessionUser>;
export type AssumedBy = Static<typeof AssumedBy>;
export type VinapseConfig = Static<typeof VinapseConfig>;

export interface Organisation {
  id: string;
  name: string;
  vinapseTenant: string | null;
}

/**
 * The signed-in caller. `user` is the effective identity every permission and tenancy check uses:
 * a GLOBAL admin who assumed a tenant is a TENANT user of that tenant here, while `realUserId`
 * and `assumedBy` name the person acting (for the audit log).
 */
export interface AuthSession {
  sessionId: string;
  realUserId: string;
  assumedTenantId: string | null;
  user: SessionUser;
  tenant: Organisation | null;
  company: Organisation | null;
  assumedBy: AssumedBy | null;
}

/**
 * The video tenant of a session: its company's, else its tenant's. A stored value that is not a valid video tenant
 * (written before the rule, or by hand), or a reserved one, is not used at all, neither for URLs nor for tokens:
 * `invalid` says so.
 */
export function videoTenantOf(session: AuthSession): { tenant: string | null; invalid: boolean } {
  const configured = session.company?.vinapseTenant || session.tenant?.vinapseTenant || null;
  if (configured === null) return { tenant: null, invalid: false };
  return isVideoTenant(configured) && !isReservedVideoTenant(configured)
    ? { tenant: configured, invalid: false }
    : { tenant: null, invalid: true };
}

/** `serviceUrlTemplate`: where the video service is, with a `{tenant}` placeholder (`VIDEO_SERVICE_URL`). */
export function vinapseConfigOf(session: AuthSession, serviceUrlTemplate?: string): VinapseConfig {
  const { tenant } = videoTenantOf(session);
  return {
    enabled: tenant !== null,
    tenantId: tenant,
    courseId: session.company?.id ?? null,
    serviceUrl: tenant !== null && serviceUrlTemplate ? videoServiceUrlFor(serviceUrlTemplate, tenant) : null,
  };
}
