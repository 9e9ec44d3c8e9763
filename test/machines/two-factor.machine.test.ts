import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { TwoFactorSetup, TwoFactorStatus } from '../../src/domain/session';
import {
  selectTwoFactorBusy,
  selectTwoFactorCodeRejected,
  selectTwoFactorView,
  twoFactorMachine,
  type TwoFactorSnapshot,
} from '../../src/machines/two-factor.machine';
import { recordOutcomes } from '../support/fixtures/outcome';
import { incorrectCode, newAuthenticator, offline, pending, recoveryCodes } from '../support/fixtures/session';

const off: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on: TwoFactorStatus = { enabled: true, enabledAt: '2026-11-28T08:00:00.000Z', recoveryCodesLeft: 10, required: false };
const required: TwoFactorStatus = { ...on, required: true };
const tooMany: Failure = { kind: 'http', status: 429, message: 'Too many', retryAt: 1_780_000_000_000 };
const isRequired: Failure = { kind: 'http', status: 409, message: 'required', code: 'TWO_FACTOR_REQUIRED' };

interface Fakes {
  fetchStatus: () => Promise<TwoFactorStatus>;
  startSetup: () => Promise<TwoFactorSetup>;
  confirmSetup: (input: { code: string }) => Promise<{ recoveryCodes: string[] }>;
  regenerateCodes: (input: { code: string }) => Promise<{ recoveryCodes: string[] }>;
  disable: (input: { code: string }) => Promise<void>;
}

function start(overrides: Partial<Fakes> = {}) {
  const fakes = {
    fetchStatus: vi.fn(overrides.fetchStatus ?? (async () => off)),
    startSetup: vi.fn(overrides.startSetup ?? (async () => newAuthenticator)),
    confirmSetup: vi.fn(overrides.confirmSetup ?? (async () => ({ recoveryCodes }))),
    regenerateCodes: vi.fn(overrides.regenerateCodes ?? (async () => ({ recoveryCodes }))),
    disable: vi.fn(overrides.disable ?? (async () => {})),
  };
  const recorded = recordOutcomes();
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        fetchStatus: fromPromise(() => fakes.fetchStatus()),
        startSetup: fromPromise(() => fakes.startSetup()),
        confirmSetup: fromPromise(({ input }) => fakes.confirmSetup(input)),
        regenerateCodes: fromPromise(({ input }) => fakes.regenerateCodes(input)),
        disable: fromPromise(({ input }) => fakes.disable(input)),
      },
      actions: recorded.actions,
    }),
  );
  actor.start();
  const reach = (test: (snapshot: TwoFactorSnapshot) => boolean) => waitFor(actor, test, { timeout: 1000 });
  const view = () => selectTwoFactorView(actor.getSnapshot());
  return { actor, fakes, outcomes: recorded.outcomes, reach, view };
}

describe('two-factor settings: turning it on', () => {
  it('loads the status and shows it off', async () => {
    const { reach, view, actor } = start();
    expect(view()).toBe('loading');
    expect(selectTwoFactorBusy(actor.getSnapshot())).toBe(true);
    await reach((s) => s.matches('off'));
    expect(view()).toBe('off');
    expect(actor.getSnapshot().context.status).toEqual(off);
  });

  it('offers to load again when the status could not be had', async () => {
    let answer: () => Promise<TwoFactorStatus> = () => Promise.reject(offline);
    const { reach, actor, fakes } = start({ fetchStatus: () => answer() });
    await reach((s) => s.matches('loadFailed'));
    answer = async () => on;
    actor.send({ type: 'twoFactor.retry' });
    await reach((s) => s.matches({ on: 'idle' }));
    expect(fakes.fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('sets up a key, confirms it with a code, shows the recovery codes once, then the status again', async () => {
    let status = off;
    const { reach, actor, view, fakes, outcomes } = start({ fetchStatus: async () => status });
    await reach((s) => s.matches('off'));
    actor.send({ type: 'twoFactor.enable' });
    await reach((s) => s.matches('settingUp'));
    expect(view()).toBe('setup');
    expect(actor.getSnapshot().context.setup).toEqual(newAuthenticator);

    actor.send({ type: 'twoFactor.confirm', code: '123456' });
    await reach((s) => s.matches('showingCodes'));
    expect(fakes.confirmSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(view()).toBe('codes');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(recoveryCodes);
    expect(actor.getSnapshot().context.setup).toBeNull();
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'twoFactor.enabled' } }]);

    status = on;
    actor.send({ type: 'twoFactor.codesKept' });
    await reach((s) => s.matches({ on: 'idle' }));
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(fakes.fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('keeps the key after a wrong code, said on the field', async () => {
    const { reach, actor, outcomes } = start({ confirmSetup: () => Promise.reject(incorrectCode) });
    await reach((s) => s.matches('off'));
    actor.send({ type: 'twoFactor.enable' });
    await reach((s) => s.matches('settingUp'));
    actor.send({ type: 'twoFactor.confirm', code: '000000' });
    await reach((s) => s.matches('settingUp') && s.context.failure !== null);
    expect(selectTwoFactorCodeRejected(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.setup).toEqual(newAuthenticator);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'twoFactor.invalidCode' } }]);
  });

  it('stays off when no key could be had, in the server’s words; a cancelled set-up is forgotten', async () => {
    const { reach, actor, fakes, outcomes } = start({ startSetup: () => Promise.reject(offline) });
    await reach((s) => s.matches('off'));
    actor.send({ type: 'twoFactor.enable' });
    await reach((s) => s.matches('off') && s.context.failure !== null);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'twoFactor.failed', message: undefined } }]);

    fakes.startSetup.mockImplementation(async () => newAuthenticator);
    actor.send({ type: 'twoFactor.enable' });
    await reach((s) => s.matches('settingUp'));
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.setup).toBeNull();
  });
});

describe('two-factor settings: when it is on', () => {
  const whenOn = async (overrides: Partial<Fakes> = {}, status = on) => {
    const started = start({ fetchStatus: async () => status, ...overrides });
    await started.reach((s) => s.matches({ on: 'idle' }));
    return started;
  };

  it('makes new recovery codes with a code, and shows them once', async () => {
    const { actor, reach, view, fakes, outcomes } = await whenOn();
    actor.send({ type: 'twoFactor.regenerate' });
    expect(view()).toBe('regenerate');
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    await reach((s) => s.matches('showingCodes'));
    expect(fakes.regenerateCodes).toHaveBeenCalledWith({ code: '123456' });
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(recoveryCodes);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'twoFactor.codesRegenerated' } }]);
  });

  it('turns it off with a code, then shows the status again', async () => {
    let status = on;
    const { actor, reach, view, fakes, outcomes } = await whenOn({ fetchStatus: async () => status });
    actor.send({ type: 'twoFactor.disable' });
    expect(view()).toBe('disable');
    status = off;
    actor.send({ type: 'twoFactor.submitCode', code: 'abcde-12345' });
    await reach((s) => s.matches('off'));
    expect(fakes.disable).toHaveBeenCalledWith({ code: 'abcde-12345' });
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'twoFactor.disabled' } }]);
  });

  it('asks again after a wrong code, and says when to try again after too many', async () => {
    const { actor, reach, fakes, outcomes } = await whenOn({ disable: () => Promise.reject(incorrectCode) });
    actor.send({ type: 'twoFactor.disable' });
    actor.send({ type: 'twoFactor.submitCode', code: '000000' });
    await reach((s) => s.matches({ on: 'askingForDisable' }) && s.context.failure !== null);
    expect(selectTwoFactorCodeRejected(actor.getSnapshot())).toBe(true);

    fakes.disable.mockImplementation(() => Promise.reject(tooMany));
    actor.send({ type: 'twoFactor.submitCode', code: '111111' });
    expect(selectTwoFactorCodeRejected(actor.getSnapshot())).toBe(false);
    await reach((s) => s.matches({ on: 'askingForDisable' }) && s.context.failure !== null);
    expect(outcomes.at(-1)).toEqual({
      notify: { severity: 'error', messageKey: 'login.tooManyAttempts', values: { retryAt: tooMany.retryAt } },
    });
  });

  it('says the server’s reason when it refuses (409), and cancels back to the status', async () => {
    const { actor, reach, outcomes } = await whenOn({ regenerateCodes: () => Promise.reject(isRequired) });
    actor.send({ type: 'twoFactor.regenerate' });
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    await reach((s) => s.context.failure !== null);
    expect(outcomes).toEqual([
      { notify: { severity: 'error', messageKey: 'twoFactor.failed', message: 'required', code: 'TWO_FACTOR_REQUIRED' } },
    ]);
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().matches({ on: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('cannot be turned off when the account requires it', async () => {
    const { actor, fakes } = await whenOn({}, required);
    expect(actor.getSnapshot().can({ type: 'twoFactor.disable' })).toBe(false);
    actor.send({ type: 'twoFactor.disable' });
    expect(actor.getSnapshot().matches({ on: 'idle' })).toBe(true);
    expect(fakes.disable).not.toHaveBeenCalled();
  });

  it('is busy while a code is checked', async () => {
    const { actor } = await whenOn({ disable: pending });
    actor.send({ type: 'twoFactor.disable' });
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    expect(selectTwoFactorBusy(actor.getSnapshot())).toBe(true);
    expect(selectTwoFactorView(actor.getSnapshot())).toBe('disable');
  });
});
