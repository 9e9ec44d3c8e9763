import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { MeResponse } from '../../src/domain/session';
import { sessionMachine } from '../../src/machines/session.machine';
import { sessionModel } from '../support/models/session';
import { definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';
import { assumedLogin, globalLogin, globalState, meAnswer, offline, stored, unauthorized } from '../support/fixtures/session';

/** The whole context: the session's graph is small enough to tell every context apart. */
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

const input = { afterAssume: '/home', afterReturnToRoot: '/tenants' };

const { shortestPaths, transitionPaths, describeEvent, describePath } = explore(sessionMachine, {
  input,
  events: [
    ['login', { type: 'session.login', email: 'global@example.com', password: 'secret' }],
    ['assume', { type: 'session.assume', tenantId: 'tenant-1' }],
    ['back to root', { type: 'session.returnToRoot' }],
    ['logout', { type: 'session.logout' }],
    ['unauthorized', { type: 'session.unauthorized' }],
    ['video token refreshed', { type: 'session.videoTokenRefreshed', vinapse: { token: 'video-2', expiresAt: '2030-01-01T00:00:00.000Z' } }],
    ['profile saved', { type: 'session.profileUpdated', me: meAnswer(globalState, 'Grace') }],
    ['profile saved (assumed)', { type: 'session.profileUpdated', me: meAnswer(stored(assumedLogin).state, 'Grace') }],
    ['restore: found', done('restoreSession', { session: stored(globalLogin), rootSession: null })],
    ['restore: assumed', done('restoreSession', { session: stored(assumedLogin), rootSession: stored(globalLogin) })],
    ['restore: nothing', done('restoreSession', null)],
    ['restore: unreadable', error('restoreSession', new Error('storage unavailable'))],
    ['login: ok', done('login', globalLogin)],
    ['login: 401', error('login', unauthorized)],
    ['me: ok', done('fetchMe', meAnswer(globalState, 'Grazia'))],
    ['me: 401', error('fetchMe', unauthorized)],
    ['me: offline', error('fetchMe', offline)],
    ['assume: ok', done('assume', assumedLogin)],
    ['assume: 404', error('assume', { kind: 'http', status: 404, message: 'Tenant not found' })],
    ['logout: ok', done('logout', undefined)],
    ['logout: offline', error('logout', offline)],
    ['revoke: ok', done('revokeAssumedSession', undefined)],
    ['revoke: offline', error('revokeAssumedSession', offline)],
  ],
  serializeState,
  // The answer to a name change describes the session that asked (the same name: the graph stays as small as it was).
  isImpossible: (snapshot, event) =>
    event.type === 'session.profileUpdated' &&
    ((event as unknown as { me: MeResponse }).me.user.scope !== snapshot.context.session?.state.user.scope ||
      ((event as unknown as { me: MeResponse }).me.assumedBy === null) !== (snapshot.context.session?.state.assumedBy === null)),
});

const options: DriveOptions = {
  input,
  describeEvent,
  serializeState,
  // The invoked actors wired as in the QA registry (test/support/models/session.ts).
  provide: sessionModel.provide,
};

describe('session machine: shortest paths', () => {
  it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));
});

describe('session machine: every transition', () => {
  it.each(transitionPaths.map((path) => [describePath(path), path] as const))('%s', (_, path) => drive(path, options));

  // Hundreds of paths driven one after the other: about 5 s on a busy 2-core machine, so it gets more than the default.
  it('together execute every state and every transition the machine defines', { timeout: 60_000 }, async () => {
    const executed = executionRecord();
    for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    const defined = definedByMachine(sessionMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
  });
});
