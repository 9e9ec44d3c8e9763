import type { KyInstance } from 'ky';
import type { Credentials, LoginResponse, MeResponse } from '../domain/session';
import { call, credentialsCheck } from './http';

export function createAuthApi(http: KyInstance) {
  return {
    login: (credentials: Credentials) => call<LoginResponse>(http.post('auth/login', { json: credentials, context: credentialsCheck })),
    assume: (body: { tenantId: string }) => call<LoginResponse>(http.post('auth/assume', { json: body })),
    logout: async (body: { token: string }) => {
      await call<unknown>(http.post('auth/logout', { json: body, context: credentialsCheck }));
    },
    /** The background check of a restored session: a 401 is its answer (the session machine ends the session), not an interruption. */
    me: () => call<MeResponse>(http.get('users/me', { context: credentialsCheck })),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
