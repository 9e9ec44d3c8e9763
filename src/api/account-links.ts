import type { KyInstance } from 'ky';
import type { LinkDetails, PasswordSet } from '../domain/account-security';
import { call, credentialsCheck } from './http';

/** Where each kind of one-time link is checked and used (docs/api-contract.md, "Invitations, password resets"). */
const linkPaths = {
  invitation: { verify: 'auth/invitation/verify', use: 'auth/invitation/accept' },
  reset: { verify: 'auth/password/reset/verify', use: 'auth/password/reset' },
} as const;

/**
 * The signed-out calls of invitations and password resets: no session goes with them (the link's token is the
 * credential), and their refusals are answers, never an ended session.
 */
export function createAccountLinksApi(http: KyInstance) {
  return {
    verify: (kind: keyof typeof linkPaths, token: string) =>
      call<LinkDetails>(http.post(linkPaths[kind].verify, { json: { token }, context: credentialsCheck })),
    setPassword: (kind: keyof typeof linkPaths, body: { token: string; password: string }) =>
      call<PasswordSet>(http.post(linkPaths[kind].use, { json: body, context: credentialsCheck })),
    requestReset: async (email: string) => {
      await call<unknown>(http.post('auth/password/forgot', { json: { email }, context: credentialsCheck }));
    },
  };
}

export type AccountLinksApi = ReturnType<typeof createAccountLinksApi>;
