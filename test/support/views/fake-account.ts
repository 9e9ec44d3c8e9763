import { vi } from 'vitest';
import type { AccountApi } from '../../../src/api/account';
import type { Failure } from '../../../src/domain/failure';
import type { MeResponse, PasswordChange, ProfileChange } from '../../../src/domain/session';

const fieldError = (field: string, message: string): Failure => ({
  kind: 'http',
  status: 400,
  message: 'Bad Request',
  errors: [{ field, message }],
});

/**
 * The signed-in user's account in memory, answering like docs/api-contract.md: `PUT users/me` answers the user
 * after the change (a blank name is refused on its field); a password change needs the current password, and a
 * new one that differs from it. Every call is a spy; `failNext` makes the next call of one fail with a given failure.
 */
export function fakeAccount(initial: MeResponse, password = 'current-secret') {
  let me = initial;
  let current = password;
  const failures: Partial<Record<keyof AccountApi, Failure>> = {};
  const failing = (call: keyof AccountApi) => {
    const failure = failures[call];
    delete failures[call];
    if (failure) throw failure;
  };
  const api = {
    me: vi.fn(async () => {
      failing('me');
      return me;
    }),
    updateProfile: vi.fn(async ({ name, surname }: ProfileChange) => {
      failing('updateProfile');
      if (!name?.trim()) throw fieldError('name', 'is required');
      if (!surname?.trim()) throw fieldError('surname', 'is required');
      // An assumed session's `assumedBy` is the same (root) user, named `name surname`.
      me = { ...me, user: { ...me.user, name, surname }, assumedBy: me.assumedBy && { ...me.assumedBy, name: `${name} ${surname}` } };
      return me;
    }),
    changePassword: vi.fn(async ({ currentPassword, newPassword }: PasswordChange) => {
      failing('changePassword');
      if (currentPassword !== current) throw fieldError('currentPassword', 'is incorrect');
      if (newPassword === current) throw fieldError('newPassword', 'must differ from the current password');
      current = newPassword;
    }),
  } satisfies AccountApi;
  return {
    api,
    me: () => me,
    password: () => current,
    failNext: (call: keyof AccountApi, failure: Failure) => void (failures[call] = failure),
  };
}

export type FakeAccount = ReturnType<typeof fakeAccount>;
