import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  selectCodeRejected,
  selectIsBusy,
  selectSessionStatus,
  selectSignInExpired,
  selectSignInRecoveryCodes,
  selectSignInRefusal,
  selectSignInSetup,
  selectSignInSetupFailed,
  selectSignInStep,
  type SessionSnapshot,
} from '../../src/machines/session.machine';
import {
  codeChallenge,
  fakeSessionMachine,
  globalLogin,
  incorrectCode,
  invalidCode,
  newAuthenticator,
  offline,
  pending,
  recoveryCodes,
  setupChallenge,
  setupLogin,
  signInExpired,
  stored,
  type SessionFakes,
} from '../support/fixtures/session';
import { recordOutcomes } from '../support/fixtures/outcome';

const credentials = { email: 'global@example.com', password: 'secret' };
const tooManyCodes = { kind: 'http' as const, status: 429, message: 'Too many', code: 'LOGIN_THROTTLED', retryAt: 1_780_000_000_000 };

/** Signed out, then the password sent: the server's answer to it is `login`'s. */
async function afterPassword(overrides: Partial<SessionFakes>) {
  const { machine, fakes, effects } = fakeSessionMachine(overrides);
  const recorded = recordOutcomes();
  const actor = createActor(machine.provide({ actions: recorded.actions }), { input: {} });
  actor.start();
  const reach = (state: Parameters<SessionSnapshot['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });
  await reach('signedOut');
  actor.send({ type: 'session.login', ...credentials });
  return { actor, fakes, effects, outcomes: recorded.outcomes, reach, snapshot: () => actor.getSnapshot() };
}

describe('session: the code after the password', () => {
  it('asks for the code when the server answers a TWO_FACTOR challenge, still signed out', async () => {
    const { reach, snapshot, effects, outcomes } = await afterPassword({ login: async () => codeChallenge });
    await reach({ secondFactor: 'awaitingCode' });
    expect(selectSignInStep(snapshot())).toBe('code');
    expect(selectSessionStatus(snapshot())).toBe('signedOut');
    expect(snapshot().context.challenge).toEqual(codeChallenge);
    expect(snapshot().context.session).toBeNull();
    expect(effects.storeSession).not.toHaveBeenCalled();
    expect(outcomes).toEqual([]);
  });

  it('signs in with the code sent with the challenge, and stores the session', async () => {
    const { actor, reach, snapshot, fakes, effects, outcomes } = await afterPassword({
      login: async () => codeChallenge,
      verifyCode: async () => globalLogin,
    });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '123456' });
    expect(selectIsBusy(snapshot())).toBe(true);
    await reach({ signedIn: 'idle' });
    expect(fakes.verifyCode).toHaveBeenCalledWith({ challenge: codeChallenge.challenge, code: '123456' });
    expect(effects.storeSession).toHaveBeenCalledWith(stored(globalLogin));
    expect(snapshot().context.challenge).toBeNull();
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'login.succeeded' } }]);
  });

  it('stays on the code after a wrong one, says so on the field, and takes another', async () => {
    const { actor, reach, snapshot, fakes, outcomes } = await afterPassword({
      login: async () => codeChallenge,
      verifyCode: () => Promise.reject(invalidCode),
    });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '000000' });
    await waitFor(actor, (s) => s.matches({ secondFactor: 'awaitingCode' }) && s.context.failure !== null);
    expect(selectCodeRejected(snapshot())).toBe(true);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'twoFactor.invalidCode' } }]);

    fakes.verifyCode.mockImplementation(pending);
    actor.send({ type: 'session.submitCode', code: 'abcde-12345' });
    expect(snapshot().matches({ secondFactor: 'verifying' })).toBe(true);
    expect(selectCodeRejected(snapshot())).toBe(false);
    expect(fakes.verifyCode).toHaveBeenLastCalledWith({ challenge: codeChallenge.challenge, code: 'abcde-12345' });
  });

  it('stays on the code when the server cannot be reached, in the failure’s words', async () => {
    const { actor, reach, snapshot, outcomes } = await afterPassword({
      login: async () => codeChallenge,
      verifyCode: () => Promise.reject(offline),
    });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '123456' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(snapshot().matches({ secondFactor: 'awaitingCode' })).toBe(true);
    expect(selectCodeRejected(snapshot())).toBe(false);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'login.failed', message: undefined } }]);
  });

  it('goes back to the password when the step has expired, and says so there', async () => {
    const { actor, reach, snapshot, outcomes } = await afterPassword({
      login: async () => codeChallenge,
      verifyCode: () => Promise.reject(signInExpired),
    });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '123456' });
    await reach('signedOut');
    expect(selectSignInStep(snapshot())).toBe('password');
    expect(selectSignInExpired(snapshot())).toBe(true);
    expect(snapshot().context.challenge).toBeNull();
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'twoFactor.signInExpired' } }]);
  });

  it('goes back to the password after too many codes, with when to try again', async () => {
    const { actor, reach, snapshot, outcomes } = await afterPassword({
      login: async () => codeChallenge,
      verifyCode: () => Promise.reject(tooManyCodes),
    });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '123456' });
    await reach('signedOut');
    expect(selectSignInRefusal(snapshot())).toEqual({ retryAt: tooManyCodes.retryAt });
    expect(selectSignInExpired(snapshot())).toBe(false);
    expect(outcomes).toEqual([
      { notify: { severity: 'error', messageKey: 'login.tooManyAttempts', values: { retryAt: tooManyCodes.retryAt } } },
    ]);
  });

  it('goes back to the password at will, forgetting the challenge; not while a code is checked', async () => {
    const { actor, reach, snapshot, fakes } = await afterPassword({ login: async () => codeChallenge });
    await reach({ secondFactor: 'awaitingCode' });
    actor.send({ type: 'session.submitCode', code: '123456' });
    actor.send({ type: 'session.backToPassword' });
    expect(snapshot().matches({ secondFactor: 'verifying' })).toBe(true);
    expect(fakes.verifyCode).toHaveBeenCalledTimes(1);

    const second = await afterPassword({ login: async () => codeChallenge });
    await second.reach({ secondFactor: 'awaitingCode' });
    second.actor.send({ type: 'session.backToPassword' });
    expect(second.snapshot().value).toBe('signedOut');
    expect(second.snapshot().context.challenge).toBeNull();
    expect(selectSignInExpired(second.snapshot())).toBe(false);
  });
});

describe('session: setting up the authenticator the account must have', () => {
  const setupFakes = (overrides: Partial<SessionFakes> = {}): Partial<SessionFakes> => ({
    login: async () => setupChallenge,
    startSignInSetup: async () => newAuthenticator,
    ...overrides,
  });

  it('asks the server for a new key with the challenge, then shows it', async () => {
    const { reach, snapshot, fakes } = await afterPassword(setupFakes());
    await reach({ twoFactorSetup: 'awaitingCode' });
    expect(fakes.startSignInSetup).toHaveBeenCalledWith({ challenge: setupChallenge.challenge });
    expect(selectSignInStep(snapshot())).toBe('setup');
    expect(selectSignInSetup(snapshot())).toEqual(newAuthenticator);
    expect(selectSessionStatus(snapshot())).toBe('signedOut');
  });

  it('confirms the key with a code, stores the session, shows the recovery codes once, then signs in', async () => {
    const { actor, reach, snapshot, fakes, effects, outcomes } = await afterPassword(
      setupFakes({ confirmSignInSetup: async () => setupLogin }),
    );
    await reach({ twoFactorSetup: 'awaitingCode' });
    actor.send({ type: 'session.confirmSetup', code: '654321' });
    await reach({ twoFactorSetup: 'showingRecoveryCodes' });
    expect(fakes.confirmSignInSetup).toHaveBeenCalledWith({ challenge: setupChallenge.challenge, code: '654321' });
    expect(effects.storeSession).toHaveBeenCalledWith(stored(globalLogin));
    expect(selectSignInStep(snapshot())).toBe('recoveryCodes');
    expect(selectSignInRecoveryCodes(snapshot())).toEqual(recoveryCodes);
    expect(snapshot().context.twoFactorSetup).toBeNull();
    expect(outcomes).toEqual([]);

    actor.send({ type: 'session.backToPassword' });
    expect(selectSignInStep(snapshot())).toBe('recoveryCodes');
    actor.send({ type: 'session.recoveryCodesKept' });
    expect(snapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(snapshot().context.session).toEqual(stored(globalLogin));
    expect(selectSignInRecoveryCodes(snapshot())).toBeNull();
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'login.succeeded' } }]);
  });

  it('keeps the key after a wrong code (400 on code), said on the field', async () => {
    const { actor, reach, snapshot, outcomes } = await afterPassword(
      setupFakes({ confirmSignInSetup: () => Promise.reject(incorrectCode) }),
    );
    await reach({ twoFactorSetup: 'awaitingCode' });
    actor.send({ type: 'session.confirmSetup', code: '000000' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(snapshot().matches({ twoFactorSetup: 'awaitingCode' })).toBe(true);
    expect(selectCodeRejected(snapshot())).toBe(true);
    expect(selectSignInSetup(snapshot())).toEqual(newAuthenticator);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'twoFactor.invalidCode' } }]);
  });

  it('goes back to the password when the set-up has expired', async () => {
    const { actor, reach, snapshot } = await afterPassword(setupFakes({ confirmSignInSetup: () => Promise.reject(signInExpired) }));
    await reach({ twoFactorSetup: 'awaitingCode' });
    actor.send({ type: 'session.confirmSetup', code: '123456' });
    await reach('signedOut');
    expect(selectSignInExpired(snapshot())).toBe(true);
    expect(snapshot().context.twoFactorSetup).toBeNull();
  });

  it('offers to ask for the key again when it could not be had; expired there, back to the password', async () => {
    let answer: Promise<never> | null = null;
    const { actor, reach, snapshot, fakes } = await afterPassword(
      setupFakes({ startSignInSetup: () => answer ?? Promise.reject(offline) }),
    );
    await reach({ twoFactorSetup: 'failed' });
    expect(selectSignInSetupFailed(snapshot())).toBe(true);
    expect(selectSignInSetup(snapshot())).toBeNull();

    answer = Promise.reject(signInExpired);
    answer.catch(() => {});
    actor.send({ type: 'session.retrySetup' });
    await reach('signedOut');
    expect(fakes.startSignInSetup).toHaveBeenCalledTimes(2);
    expect(selectSignInExpired(snapshot())).toBe(true);
  });

  it('goes back to the password at will while setting up', async () => {
    const { actor, reach, snapshot } = await afterPassword(setupFakes());
    await reach({ twoFactorSetup: 'awaitingCode' });
    actor.send({ type: 'session.backToPassword' });
    expect(snapshot().value).toBe('signedOut');
    expect(snapshot().context.twoFactorSetup).toBeNull();
    expect(snapshot().context.challenge).toBeNull();
  });
});
