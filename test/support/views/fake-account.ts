import { vi } from 'vitest';
import type { AccountApi } from '../../../src/api/account';
import type { Failure } from '../../../src/domain/failure';
import type { MeResponse, PasswordChange, ProfileChange, TwoFactorStatus } from '../../../src/domain/session';
import { newAuthenticator, recoveryCodes } from '../fixtures/session';

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
  /** Two-factor sign-in: off, its code `123456` (any other is wrong), a set-up pending once started. */
  let twoFactor: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
  let setupStarted = false;
  const requireCode = (code: string) => {
    if (code !== twoFactorCode) throw fieldError('code', 'is incorrect');
  };
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
    twoFactor: {
      status: vi.fn(async () => {
        failing('twoFactor');
        return twoFactor;
      }),
      startSetup: vi.fn(async () => {
        setupStarted = true;
        return newAuthenticator;
      }),
      confirm: vi.fn(async (code: string) => {
        if (!setupStarted) throw { kind: 'http', status: 409, message: 'Start the setup first', code: 'TWO_FACTOR_SETUP_NOT_STARTED' };
        requireCode(code);
        setupStarted = false;
        twoFactor = { ...twoFactor, enabled: true, enabledAt: '2026-11-28T08:00:00.000Z', recoveryCodesLeft: 10 };
        return { recoveryCodes };
      }),
      disable: vi.fn(async (code: string) => {
        requireCode(code);
        twoFactor = { ...twoFactor, enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      }),
      regenerateRecoveryCodes: vi.fn(async (code: string) => {
        requireCode(code);
        twoFactor = { ...twoFactor, recoveryCodesLeft: 10 };
        return { recoveryCodes };
      }),
    },
  } satisfies AccountApi;
  return {
    api,
    me: () => me,
    password: () => current,
    /** The account's two-factor sign-in as the server would say it; `requireTwoFactor` makes it required (on). */
    twoFactor: () => twoFactor,
    requireTwoFactor: () => void (twoFactor = { ...twoFactor, required: true }),
    failNext: (call: keyof AccountApi, failure: Failure) => void (failures[call] = failure),
  };
}

export type FakeAccount = ReturnType<typeof fakeAccount>;

/** The code the fake authenticator shows: the only one the fake account takes. */
export const twoFactorCode = '123456';
