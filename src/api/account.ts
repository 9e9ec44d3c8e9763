import type { QueryClient } from '@tanstack/query-core';
import type { KyInstance } from 'ky';
import type { MeResponse, PasswordChange, ProfileChange, TwoFactorSetup, TwoFactorStatus } from '../domain/session';
import { call } from './http';

interface RecoveryCodeList {
  recoveryCodes: string[];
}
import { FRESH_FOR_MS, invalidatingWrite, type CacheKey, type Reload } from './resource-cache';

/**
 * The signed-in user's own account (docs/api-contract.md, "Calls"): read it, change the name, change the password.
 * Unlike the session's background check (`auth.ts`), a 401 here is an ended session like on any other call.
 */
export function createAccountApi(http: KyInstance) {
  return {
    me: () => call<MeResponse>(http.get('users/me')),
    /** Answers the signed-in user as `GET users/me` does, after the change. */
    updateProfile: (body: ProfileChange) => call<MeResponse>(http.put('users/me', { json: body })),
    changePassword: async (body: PasswordChange) => {
      await call<unknown>(http.put('users/me/password', { json: body }));
    },
    /** Settings → Security: the user's own two-factor sign-in (docs/api-contract.md, issue 30). */
    twoFactor: {
      status: () => call<TwoFactorStatus>(http.get('users/me/two-factor')),
      startSetup: () => call<TwoFactorSetup>(http.post('users/me/two-factor/setup')),
      confirm: (code: string) => call<RecoveryCodeList>(http.post('users/me/two-factor/confirm', { json: { code } })),
      disable: async (code: string) => {
        await call<unknown>(http.post('users/me/two-factor/disable', { json: { code } }));
      },
      regenerateRecoveryCodes: (code: string) =>
        call<RecoveryCodeList>(http.post('users/me/two-factor/recovery-codes', { json: { code } })),
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

const meKey: CacheKey = ['users/me'];
const usersKey: CacheKey = ['users'];

/**
 * The account through the query cache: the signed-in user is read again from the API only when older than
 * {@link FRESH_FOR_MS} or asked for; a name change keeps its answer as the fresh copy and makes the users' lists
 * and records (the same user among them) be asked for again.
 */
export function cacheAccountApi(api: AccountApi, queryClient: QueryClient) {
  const write = invalidatingWrite(queryClient, [usersKey]);
  return {
    me: ({ reload }: Reload) => queryClient.fetchQuery({ queryKey: [...meKey], queryFn: api.me, staleTime: reload ? 0 : FRESH_FOR_MS }),
    updateProfile: async (body: ProfileChange) => {
      const me = await write(() => api.updateProfile(body));
      queryClient.setQueryData([...meKey], me);
      return me;
    },
    changePassword: api.changePassword,
    twoFactor: api.twoFactor,
  };
}

export type CachedAccountApi = ReturnType<typeof cacheAccountApi>;
