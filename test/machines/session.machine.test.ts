import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { LoginResponse, MeResponse } from '../../src/domain/session';
import { selectSignInRefusal, type SessionSnapshot } from '../../src/machines/session.machine';
import {
  assumedLogin,
  fakeSessionMachine,
  globalLogin,
  loginAnswer,
  meAnswer,
  offline,
  pending,
  restoring,
  restoringAssumed,
  stored,
  tenantState,
  unauthorized,
  type SessionFakes,
} from '../support/fixtures/session';
import { recordOutcomes } from '../support/fixtures/outcome';

/** Where changing identity leads, as the console says. */
const pages = { afterAssume: '/home', afterReturnToRoot: '/tenants' };
/** No second step of a sign-in under way (session-two-factor.test.ts tests those). */
const noSecondStep = { challenge: null, twoFactorSetup: null, recoveryCodes: null };

function startSession(overrides: Partial<SessionFakes> = {}) {
  const { machine, fakes, effects } = fakeSessionMachine(overrides);
  const recorded = recordOutcomes();
  const actor = createActor(machine.provide({ actions: recorded.actions }), { input: pages });
  actor.start();
  const reach = (state: Parameters<SessionSnapshot['matches']>[0]) =>
    waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });
  return { actor, fakes, effects, outcomes: recorded.outcomes, reach };
}

const globalSession = stored(globalLogin);
const restoredGlobal = restoring(globalLogin);
const signedInAs = (answer: LoginResponse, overrides: Partial<SessionFakes> = {}) => {
  const { state } = stored(answer);
  return startSession({
    restoreSession: restoring(answer),
    fetchMe: async () => meAnswer(state, state.user.name),
    ...overrides,
  });
};

describe('session: restoring', () => {
  it('starts restoring, and shows nothing signed in or out until the store answers', () => {
    const { actor } = startSession({ restoreSession: pending });
    expect(actor.getSnapshot().value).toBe('restoring');
  });

  it('signs in from a stored session and verifies it in the background', async () => {
    const { actor, reach, fakes } = startSession({ restoreSession: restoredGlobal });
    await reach({ signedIn: 'verifying' });
    expect(actor.getSnapshot().context.session).toEqual(globalSession);
    expect(fakes.fetchMe).toHaveBeenCalledTimes(1);
  });

  it('refreshes the stored session from /users/me', async () => {
    const { actor, reach, effects } = startSession({
      restoreSession: restoredGlobal,
      fetchMe: async () => meAnswer(globalSession.state, 'Grazia'),
    });
    await reach({ signedIn: 'idle' });
    const refreshed = { ...globalSession, state: { ...globalSession.state, user: { ...globalSession.state.user, name: 'Grazia' } } };
    expect(actor.getSnapshot().context.session).toEqual(refreshed);
    expect(effects.storeSession).toHaveBeenCalledWith(refreshed);
  });

  it('ends a restored session the API rejects with 401', async () => {
    const { actor, reach, effects } = startSession({ restoreSession: restoredGlobal, fetchMe: () => Promise.reject(unauthorized) });
    await reach('signedOut');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
  });

  it('keeps a restored session when the API cannot be reached', async () => {
    const { actor, reach, effects } = startSession({ restoreSession: restoredGlobal, fetchMe: () => Promise.reject(offline) });
    await reach({ signedIn: 'idle' });
    expect(actor.getSnapshot().context.session).toEqual(globalSession);
    expect(effects.clearSessionData).not.toHaveBeenCalled();
  });

  it('signs out and discards leftovers when nothing usable is stored', async () => {
    const { actor, reach, effects } = startSession({ restoreSession: async () => null });
    await reach('signedOut');
    expect(actor.getSnapshot().context).toEqual({ session: null, rootSession: null, failure: null, ...noSecondStep, ...pages });
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
  });

  it('signs out when the store cannot be read at all', async () => {
    const { reach, effects } = startSession({ restoreSession: () => Promise.reject(new Error('SecurityError')) });
    await reach('signedOut');
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
  });

  it('restores the root session kept aside while a tenant is assumed', async () => {
    const { actor, reach } = startSession({
      restoreSession: async () => ({ session: stored(assumedLogin), rootSession: globalSession }),
    });
    await reach('signedIn');
    expect(actor.getSnapshot().context.rootSession).toEqual(globalSession);
  });
});

describe('session: login', () => {
  const credentials = { email: 'global@example.com', password: 'secret' };

  it('signs in, stores token and session, and announces it', async () => {
    const { actor, reach, fakes, effects, outcomes } = startSession({ login: async () => globalLogin });
    await reach('signedOut');
    actor.send({ type: 'session.login', ...credentials });
    await reach({ signedIn: 'idle' });
    expect(fakes.login).toHaveBeenCalledWith(credentials);
    expect(effects.storeSession).toHaveBeenCalledWith(globalSession);
    expect(actor.getSnapshot().context.session).toEqual(globalSession);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'login.succeeded' } }]);
  });

  it('is busy while logging in and takes no second login', async () => {
    const { actor, reach } = startSession();
    await reach('signedOut');
    actor.send({ type: 'session.login', ...credentials });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'session.login', ...credentials })).toBe(false);
  });

  it('returns to signed out with the failure as data', async () => {
    const { actor, reach, effects, outcomes } = startSession({ login: () => Promise.reject(unauthorized) });
    await reach('signedOut');
    actor.send({ type: 'session.login', ...credentials });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.failure).toEqual(unauthorized);
    expect(effects.storeSession).not.toHaveBeenCalled();
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'login.failed', message: 'Invalid email or password' } }]);
  });

  it('tells when sign-in may be tried again after a 429, and nothing after other failures', async () => {
    const refused = { kind: 'http' as const, status: 429, message: 'Too many', retryAt: 1_780_000_000_000 };
    let answer: unknown = refused;
    const { actor, reach } = startSession({ login: () => Promise.reject(answer) });
    await reach('signedOut');
    expect(selectSignInRefusal(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'session.login', ...credentials });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(selectSignInRefusal(actor.getSnapshot())).toEqual({ retryAt: refused.retryAt });

    answer = unauthorized;
    actor.send({ type: 'session.login', ...credentials });
    expect(selectSignInRefusal(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(selectSignInRefusal(actor.getSnapshot())).toBeNull();
  });

  it('forgets the previous failure on a new attempt', async () => {
    const { actor, fakes } = startSession({ login: () => Promise.reject(unauthorized) });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'session.login', ...credentials });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    fakes.login.mockImplementation(pending);
    actor.send({ type: 'session.login', ...credentials });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('session: assume', () => {
  it('lets a GLOBAL user assume a tenant, keeping the root session aside', async () => {
    const { actor, reach, fakes, effects, outcomes } = signedInAs(globalLogin, { assume: async () => assumedLogin });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    expect(actor.getSnapshot().matches({ signedIn: 'assuming' })).toBe(true);
    await reach({ signedIn: 'idle' });
    expect(fakes.assume).toHaveBeenCalledWith({ tenantId: 'tenant-1' });
    expect(actor.getSnapshot().context).toMatchObject({ session: stored(assumedLogin), rootSession: globalSession });
    expect(effects.storeRootSession).toHaveBeenCalledWith(globalSession);
    expect(effects.storeSession).toHaveBeenLastCalledWith(stored(assumedLogin));
    expect(effects.clearCache).toHaveBeenCalledTimes(1);
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.tenantAssumed', values: { name: 'Acme Learning' } } },
      { navigate: { path: '/home' } },
    ]);
  });

  it('takes no assume from a user that is not GLOBAL', async () => {
    const { actor, reach, fakes } = signedInAs(loginAnswer(tenantState, 'tenant-token'));
    await reach({ signedIn: 'idle' });
    expect(actor.getSnapshot().can({ type: 'session.assume', tenantId: 'tenant-1' })).toBe(false);
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(fakes.assume).not.toHaveBeenCalled();
  });

  it('takes no second assume while one is running', async () => {
    const { actor, reach } = signedInAs(globalLogin);
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.assume', tenantId: 'tenant-1' });
    expect(actor.getSnapshot().can({ type: 'session.assume', tenantId: 'tenant-2' })).toBe(false);
  });

  it('stays signed in as before when assuming fails', async () => {
    const failure = { kind: 'http', status: 404, message: 'Tenant not found' } as const;
    const { actor, reach, effects, outcomes } = signedInAs(globalLogin, { assume: () => Promise.reject(failure) });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.assume', tenantId: 'nope' });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ session: globalSession, rootSession: null, failure });
    expect(effects.storeRootSession).not.toHaveBeenCalled();
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'login.failed', message: failure.message } }]);
  });
});

describe('session: logout and unauthorized', () => {
  it('logs out with the current token, then clears everything', async () => {
    const { actor, reach, fakes, effects } = signedInAs(globalLogin);
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await reach('signedOut');
    expect(fakes.logout).toHaveBeenCalledWith({ token: globalSession.token });
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toEqual({ session: null, rootSession: null, failure: null, ...noSecondStep, ...pages });
  });

  it('clears everything even when the logout call fails', async () => {
    const { actor, reach, effects } = signedInAs(globalLogin, { logout: () => Promise.reject(offline) });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.logout' });
    await reach('signedOut');
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
  });

  it('clears stored data before the logout call answers, so a reload meanwhile finds no session', async () => {
    const { actor, reach, effects } = signedInAs(globalLogin, { logout: pending });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
  });

  it('ends the session on session.unauthorized without calling the API', async () => {
    const { actor, reach, fakes, effects } = signedInAs(globalLogin);
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.clearSessionData).toHaveBeenCalledTimes(1);
    expect(fakes.logout).not.toHaveBeenCalled();
  });

  it('ignores session.unauthorized when nobody is signed in', async () => {
    const { actor, reach, effects } = startSession();
    await reach('signedOut');
    effects.clearSessionData.mockClear();
    expect(actor.getSnapshot().can({ type: 'session.unauthorized' })).toBe(false);
    actor.send({ type: 'session.unauthorized' });
    expect(effects.clearSessionData).not.toHaveBeenCalled();
  });
});

describe('session: back to the root admin', () => {
  const assumedSession = stored(assumedLogin);

  it('revokes the assumed session, brings the root session back and forgets what was cached', async () => {
    const { actor, reach, fakes, effects, outcomes } = startSession({ restoreSession: restoringAssumed });
    await reach('signedIn');
    actor.send({ type: 'session.returnToRoot' });
    expect(actor.getSnapshot().matches({ signedIn: 'returningToRoot' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await reach({ signedIn: 'idle' });
    expect(fakes.logout).toHaveBeenCalledWith({ token: assumedSession.token });
    expect(actor.getSnapshot().context).toEqual({ session: globalSession, rootSession: null, failure: null, ...noSecondStep, ...pages });
    expect(effects.storeSession).toHaveBeenLastCalledWith(globalSession);
    expect(effects.forgetRootSession).toHaveBeenCalledTimes(1);
    expect(effects.clearCache).toHaveBeenCalledTimes(1);
    expect(effects.clearSessionData).not.toHaveBeenCalled();
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.returnedToRoot' } },
      { navigate: { path: '/tenants' } },
    ]);
  });

  it('comes back even when the assumed session cannot be revoked', async () => {
    const { actor, reach } = startSession({ restoreSession: restoringAssumed, logout: () => Promise.reject(offline) });
    await reach('signedIn');
    actor.send({ type: 'session.returnToRoot' });
    await reach({ signedIn: 'idle' });
    expect(actor.getSnapshot().context.session).toEqual(globalSession);
  });

  it('is not possible without a root session kept aside', async () => {
    const { actor, reach, fakes } = signedInAs(globalLogin);
    await reach({ signedIn: 'idle' });
    expect(actor.getSnapshot().can({ type: 'session.returnToRoot' })).toBe(false);
    actor.send({ type: 'session.returnToRoot' });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(fakes.logout).not.toHaveBeenCalled();
  });

  it('takes one request at a time', async () => {
    const { actor, reach, fakes } = startSession({ restoreSession: restoringAssumed, logout: pending });
    await reach('signedIn');
    actor.send({ type: 'session.returnToRoot' });
    actor.send({ type: 'session.returnToRoot' });
    expect(fakes.logout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'session.returnToRoot' })).toBe(false);
  });
});

describe('session: the user renames themselves (settings)', () => {
  const renamed = (answer: LoginResponse, name: string, surname: string): MeResponse => {
    const me = meAnswer(stored(answer).state, name);
    return {
      ...me,
      user: { ...me.user, surname },
      // docs/api-contract.md: an assumed session's `assumedBy` names the root admin as `name surname`.
      assumedBy: me.assumedBy && { ...me.assumedBy, name: `${name} ${surname}` },
    };
  };

  it('shows and stores the new name at once, keeping the token and the video token', async () => {
    const { actor, reach, effects, outcomes } = signedInAs(globalLogin);
    await reach({ signedIn: 'idle' });
    effects.storeSession.mockClear();
    actor.send({ type: 'session.profileUpdated', me: renamed(globalLogin, 'Gloria', 'Bianchi') });
    const { session, rootSession } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(session).toEqual({
      token: globalSession.token,
      state: { ...globalSession.state, user: { ...globalSession.state.user, name: 'Gloria', surname: 'Bianchi' } },
    });
    expect(rootSession).toBeNull();
    expect(effects.storeSession).toHaveBeenCalledWith(session);
    expect(effects.storeRootSession).not.toHaveBeenCalled();
    expect(outcomes).toEqual([]);
  });

  it('renames the root admin kept aside as well while a tenant is assumed (the same user)', async () => {
    const { actor, reach, effects } = startSession({
      restoreSession: restoringAssumed,
      fetchMe: async () => meAnswer(stored(assumedLogin).state, 'Grace'),
    });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.profileUpdated', me: renamed(assumedLogin, 'Gloria', 'Bianchi') });
    const { session, rootSession } = actor.getSnapshot().context;
    expect(session?.state.user).toMatchObject({ name: 'Gloria', surname: 'Bianchi', scope: 'TENANT' });
    expect(session?.state.assumedBy?.name).toBe('Gloria Bianchi');
    expect(session?.token).toBe(assumedLogin.token);
    expect(rootSession).toEqual({
      token: globalLogin.token,
      state: { ...globalSession.state, user: { ...globalSession.state.user, name: 'Gloria', surname: 'Bianchi' } },
    });
    expect(effects.storeSession).toHaveBeenLastCalledWith(session);
    expect(effects.storeRootSession).toHaveBeenCalledWith(rootSession);
  });

  it('leaves a root session of another user as it is', async () => {
    const other = { ...globalSession, state: { ...globalSession.state, user: { ...globalSession.state.user, id: 'someone-else' } } };
    const { actor, reach } = startSession({
      restoreSession: async () => ({ session: stored(assumedLogin), rootSession: other }),
      fetchMe: async () => meAnswer(stored(assumedLogin).state, 'Grace'),
    });
    await reach({ signedIn: 'idle' });
    actor.send({ type: 'session.profileUpdated', me: renamed(assumedLogin, 'Gloria', 'Rossi') });
    expect(actor.getSnapshot().context.session?.state.user.name).toBe('Gloria');
    expect(actor.getSnapshot().context.rootSession).toEqual(other);
  });

  it('is taken only while the session is idle: not while it is verified, assumed or given back', async () => {
    const { actor, reach, effects } = startSession({ restoreSession: restoredGlobal, assume: pending });
    await reach({ signedIn: 'verifying' });
    const event = { type: 'session.profileUpdated', me: renamed(globalLogin, 'Gloria', 'Rossi') } as const;
    expect(actor.getSnapshot().can(event)).toBe(false);
    actor.send(event);
    expect(actor.getSnapshot().context.session).toEqual(globalSession);
    expect(effects.storeSession).not.toHaveBeenCalled();
  });

  it('is not taken signed out', async () => {
    const { actor, reach, effects } = startSession();
    await reach('signedOut');
    actor.send({ type: 'session.profileUpdated', me: renamed(globalLogin, 'Gloria', 'Rossi') });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.storeSession).not.toHaveBeenCalled();
  });
});
