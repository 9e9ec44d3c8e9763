import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import {
  selectAssumedBy,
  selectCanReturnToRoot,
  selectIsBusy,
  selectSessionState,
  selectSessionStatus,
  type RestoredSession,
} from '../../src/machines/session.machine';
import { recordOutcomes } from '../support/fixtures/outcome';
import { assumedLogin, fakeSessionMachine, globalLogin, meAnswer, restoring, stored } from '../support/fixtures/session';

// Behaviours of the session that the graph-generated paths do not pin (issue 14, found by mutation testing).

const serverError: Failure = { kind: 'http', status: 500, message: 'Internal Server Error' };

describe('session: a restored session whose check fails on the server', () => {
  it('stays signed in when users/me answers 500, the stored session untouched', async () => {
    const { machine, effects, fakes } = fakeSessionMachine({
      restoreSession: restoring(globalLogin),
      fetchMe: () => Promise.reject(serverError),
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }), { timeout: 1000 });
    expect(fakes.fetchMe).toHaveBeenCalledTimes(1);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(actor.getSnapshot().context.session).toEqual(stored(globalLogin));
    expect(effects.clearSessionData).not.toHaveBeenCalled();
    expect(effects.storeSession).not.toHaveBeenCalled();
  });
});

describe('session: changing identity on a console that names no pages to go to', () => {
  it('stays on the page after assuming a tenant and after returning to the root admin', async () => {
    const { machine } = fakeSessionMachine({
      restoreSession: restoring(globalLogin),
      fetchMe: async () => meAnswer(stored(globalLogin).state, 'Grace'),
      assume: async () => assumedLogin,
    });
    const recorded = recordOutcomes();
    const actor = createActor(machine.provide({ actions: recorded.actions }), { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }), { timeout: 1000 });
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    await waitFor(actor, (snapshot) => snapshot.context.rootSession !== null, { timeout: 1000 });
    actor.send({ type: 'session.returnToRoot' });
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }) && snapshot.context.rootSession === null, { timeout: 1000 });
    expect(recorded.outcomes.filter((outcome) => 'navigate' in outcome)).toEqual([{ navigate: null }, { navigate: null }]);
  });
});

describe('session: an assumed identity the API answers without a tenant', () => {
  it('announces it with an empty name instead of failing', async () => {
    const { machine } = fakeSessionMachine({
      restoreSession: restoring(globalLogin),
      fetchMe: async () => meAnswer(stored(globalLogin).state, 'Grace'),
      assume: async () => ({ ...assumedLogin, tenant: null }),
    });
    const recorded = recordOutcomes();
    const actor = createActor(machine.provide({ actions: recorded.actions }), { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }), { timeout: 1000 });
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    await waitFor(actor, (snapshot) => snapshot.context.rootSession !== null, { timeout: 1000 });
    expect(recorded.outcomes[0]).toEqual({ notify: { severity: 'success', messageKey: 'feedback.tenantAssumed', values: { name: '' } } });
  });
});

describe('session: why a sign-in was refused', () => {
  const credentials = { email: 'grace@example.com', password: 'wrong' };
  const refusedWith = async (failure: Failure) => {
    const { machine } = fakeSessionMachine({ login: () => Promise.reject(failure) });
    const recorded = recordOutcomes();
    const actor = createActor(machine.provide({ actions: recorded.actions }), { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'), { timeout: 1000 });
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'session.login', ...credentials });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null, { timeout: 1000 });
    return recorded.outcomes;
  };

  it('says when to try again after too many failures, when the API said', async () => {
    expect(await refusedWith({ kind: 'http', status: 429, message: 'Too many', retryAt: 1_780_000_000_000 })).toEqual([
      { notify: { severity: 'error', messageKey: 'login.tooManyAttempts', values: { retryAt: 1_780_000_000_000 } } },
    ]);
  });

  it('says to try again later after too many failures, when the API did not say when', async () => {
    expect(await refusedWith({ kind: 'http', status: 429, message: 'Too many' })).toEqual([
      { notify: { severity: 'error', messageKey: 'login.tooManyAttemptsLater' } },
    ]);
  });

  it("gives the server's words for any other refusal, and none when the server could not be reached", async () => {
    expect(await refusedWith({ kind: 'http', status: 401, message: 'Invalid email or password' })).toEqual([
      { notify: { severity: 'error', messageKey: 'login.failed', message: 'Invalid email or password' } },
    ]);
    expect(await refusedWith({ kind: 'network', status: 'FETCH_ERROR' })).toEqual([
      { notify: { severity: 'error', messageKey: 'login.failed', message: undefined } },
    ]);
  });
});

describe('session: what the views read', () => {
  it('tells restoring, signed in and signed out apart, with the user, who assumed it and whether the root admin can come back', async () => {
    let finishRestore: (restored: RestoredSession | null) => void = () => {};
    const { machine } = fakeSessionMachine({ restoreSession: () => new Promise((resolve) => (finishRestore = resolve)) });
    const actor = createActor(machine, { input: {} }).start();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('restoring');
    expect(selectSessionState(actor.getSnapshot())).toBeNull();
    expect(selectAssumedBy(actor.getSnapshot())).toBeNull();
    finishRestore({ session: stored(assumedLogin), rootSession: stored(globalLogin) });
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'), { timeout: 1000 });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn');
    expect(selectSessionState(actor.getSnapshot())).toEqual(stored(assumedLogin).state);
    expect(selectAssumedBy(actor.getSnapshot())).toEqual(assumedLogin.assumedBy);
    expect(selectCanReturnToRoot(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'), { timeout: 1000 });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    expect(selectSessionState(actor.getSnapshot())).toBeNull();
    expect(selectCanReturnToRoot(actor.getSnapshot())).toBe(false);
  });

  it('names nobody as having assumed a session the user signed in to themselves', async () => {
    const { machine } = fakeSessionMachine({ restoreSession: restoring(globalLogin) });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'), { timeout: 1000 });
    expect(selectAssumedBy(actor.getSnapshot())).toBeNull();
    expect(selectCanReturnToRoot(actor.getSnapshot())).toBe(false);
  });
});
