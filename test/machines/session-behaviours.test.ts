import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { selectSessionStatus } from '../../src/machines/session.machine';
import { recordOutcomes } from './outcome-fixtures';
import { assumedLogin, fakeSessionMachine, globalLogin, meAnswer, restoring, stored } from './session-fixtures';

// Behaviours of the session that the graph-generated paths do not pin (issue 14, found by mutation testing).

const serverError: Failure = { kind: 'http', status: 500, message: 'Internal Server Error' };

describe('session: a restored session whose check fails on the server', () => {
  it('stays signed in when users/me answers 500, the stored session untouched', async () => {
    const { machine, effects, fakes } = fakeSessionMachine({ restoreSession: restoring(globalLogin), fetchMe: () => Promise.reject(serverError) });
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
    const { machine } = fakeSessionMachine({ restoreSession: restoring(globalLogin), fetchMe: async () => meAnswer(stored(globalLogin).state, 'Grace'), assume: async () => assumedLogin });
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
    const { machine } = fakeSessionMachine({ restoreSession: restoring(globalLogin), fetchMe: async () => meAnswer(stored(globalLogin).state, 'Grace'), assume: async () => ({ ...assumedLogin, tenant: null }) });
    const recorded = recordOutcomes();
    const actor = createActor(machine.provide({ actions: recorded.actions }), { input: {} }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }), { timeout: 1000 });
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    await waitFor(actor, (snapshot) => snapshot.context.rootSession !== null, { timeout: 1000 });
    expect(recorded.outcomes[0]).toEqual({ notify: { severity: 'success', messageKey: 'feedback.tenantAssumed', values: { name: '' } } });
  });
});
