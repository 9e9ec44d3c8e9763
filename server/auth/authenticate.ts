import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { RequestSettings } from '../db/request-context';
import { unauthorized } from '../http/api-error';
import type { AuthSession } from './auth-session';

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthSession;
    /**
     * The database of the caller's own work: on PostgreSQL it runs under row-level security with the caller's scope,
     * tenant and company (no tenant-owned row at all on a public route). `app.db`, the owner's, is for the work done
     * before or beside the caller: sign-in, sessions, throttle, rate limits, idempotency.
     */
    db: Database;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

/** Every API route requires a valid bearer session unless it opts out with `config: { public: true }`. */
export async function authenticate(request: FastifyRequest) {
  if (request.routeOptions.config.public) return;
  const session = await request.server.gate.sessionOf(request);
  if (!session) throw unauthorized();
  request.session = session;
}

/** The settings the policies see: the effective identity (a GLOBAL admin who assumed a tenant is TENANT there). */
export function requestSettingsOf(session: AuthSession | null): RequestSettings {
  if (!session) return { scope: null, tenantId: null, companyId: null };
  const { scope, tenantId, companyId } = session.user;
  return { scope, tenantId, companyId };
}

export async function bindRequestDatabase(request: FastifyRequest) {
  request.db = request.server.forRequest(requestSettingsOf(request.session));
}
