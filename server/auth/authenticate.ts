import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/api-error';
import type { AuthSession } from './auth-session';
import { bearerToken } from './session-token';
import { findActiveSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthSession;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

/** Every API route requires a valid bearer session unless it opts out with `config: { public: true }`. */
export async function authenticate(request: FastifyRequest) {
  if (request.routeOptions.config.public) return;
  const token = bearerToken(request.headers.authorization);
  const session = token ? await findActiveSession(request.server.db, token) : null;
  if (!session) throw unauthorized();
  request.session = session;
}
