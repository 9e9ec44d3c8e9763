import type { KyInstance } from 'ky';
import type { Credentials, LoginResponse, LoginWithRecoveryCodes, MeResponse, SignInAnswer, TwoFactorSetup } from '../domain/session';
import { call, credentialsCheck } from './http';

export function createAuthApi(http: KyInstance) {
  return {
    /** The session (200), or the second step the password opened (202: a code, or setting up an authenticator). */
    login: (credentials: Credentials) => call<SignInAnswer>(http.post('auth/login', { json: credentials, context: credentialsCheck })),
    /** The second step's code; a 401 (a wrong code, an expired step) is its answer, not an ended session. */
    verifyCode: (body: { challenge: string; code: string }) =>
      call<LoginResponse>(http.post('auth/two-factor', { json: body, context: credentialsCheck })),
    startSetup: (body: { challenge: string }) =>
      call<TwoFactorSetup>(http.post('auth/two-factor/setup', { json: body, context: credentialsCheck })),
    confirmSetup: (body: { challenge: string; code: string }) =>
      call<LoginWithRecoveryCodes>(http.post('auth/two-factor/setup/confirm', { json: body, context: credentialsCheck })),
    assume: (body: { tenantId: string }) => call<LoginResponse>(http.post('auth/assume', { json: body })),
    logout: async (body: { token: string }) => {
      await call<unknown>(http.post('auth/logout', { json: body, context: credentialsCheck }));
    },
    /** The background check of a restored session: a 401 is its answer (the session machine ends the session), not an interruption. */
    me: () => call<MeResponse>(http.get('users/me', { context: credentialsCheck })),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
