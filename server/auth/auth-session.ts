import type { Scope } from '../db/schema/enums';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  surname: string;
  scope: Scope;
  admin: boolean;
  tenantId: string | null;
  companyId: string | null;
}

export interface Organisation {
  id: string;
  name: string;
  vinapseTenant: string | null;
}

export interface AssumedBy {
  id: string;
  name: string;
  email: string;
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

export interface VinapseConfig {
  enabled: boolean;
  tenantId: string | null;
  courseId: string | null;
  /** The video service's base URL for this video tenant; null when not enabled or no service is configured. */
  serviceUrl: string | null;
}

/** `serviceUrlTemplate`: where the video service is, with a `{tenant}` placeholder (`VIDEO_SERVICE_URL`). */
export function vinapseConfigOf(session: AuthSession, serviceUrlTemplate?: string): VinapseConfig {
  const vinapseTenant = session.company?.vinapseTenant || session.tenant?.vinapseTenant || null;
  return {
    enabled: vinapseTenant !== null,
    tenantId: vinapseTenant,
    courseId: session.company?.id ?? null,
    serviceUrl: vinapseTenant !== null && serviceUrlTemplate ? serviceUrlTemplate.replaceAll('{tenant}', vinapseTenant) : null,
  };
}
