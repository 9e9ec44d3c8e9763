import type { AnyMachineSnapshot } from 'xstate';
import type { Credentials, LoginResponse, MeResponse } from '../../../src/domain/session';
import { sessionMachine, type RestoredSession, type SessionContext } from '../../../src/machines/session.machine';
import { done, error } from '../../machines/graph-paths';
import { assumedLogin, globalLogin, globalState, meAnswer, offline, stored, unauthorized } from '../../machines/session-fixtures';
import type { MachineModel } from '../model';

const busyStates = ['loggingIn', 'signedIn.assuming', 'signedIn.returningToRoot', 'loggingOut'];

export const sessionModel: MachineModel = {
  name: 'session',
  summary: 'Signing in, restoring a stored session, assuming a tenant and going back to root, signing out.',
  machine: sessionMachine,
  impossible: ['`me` answers describe the session that asked: an assumed session is answered as the assumed tenant, a GLOBAL one as GLOBAL.'],
  bounded:
    'A state is its value, the signed-in scope, whether a root session is kept aside and the failure status: tokens, names and the video token are left out, so a repeated login or a refreshed video token lands on a known state.',
  scenarios: [
    {
      name: 'session',
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { session, rootSession, failure } = snapshot.context as SessionContext;
        return JSON.stringify({
          value: snapshot.value,
          scope: session?.state.user.scope ?? null,
          rootKept: rootSession !== null,
          failure: failure?.status ?? null,
        });
      },
      isImpossible: (snapshot, event) => {
        if (event.type !== 'xstate.done.actor.fetchMe') return false;
        const asked = (snapshot.context as SessionContext).session?.state.assumedBy ?? null;
        return ((event as unknown as { output: MeResponse }).output.assumedBy ?? null)?.id !== asked?.id;
      },
      events: [
        ['sign in', { type: 'session.login', email: 'global@example.com', password: 'secret' }],
        ['assume Acme Learning', { type: 'session.assume', tenantId: 'tenant-1' }],
        ['back to root', { type: 'session.returnToRoot' }],
        ['log out', { type: 'session.logout' }],
        ['a call answers 401', { type: 'session.unauthorized' }],
        ['video token refreshed', { type: 'session.videoTokenRefreshed', vinapse: { token: 'video-2', expiresAt: '2030-01-01T00:00:00.000Z' } }],
        ['restore: a GLOBAL session', done('restoreSession', { session: stored(globalLogin), rootSession: null })],
        ['restore: an assumed tenant', done('restoreSession', { session: stored(assumedLogin), rootSession: stored(globalLogin) })],
        ['restore: nothing stored', done('restoreSession', null)],
        ['restore: storage unreadable', error('restoreSession', new Error('storage unavailable'))],
        ['login: ok', done('login', globalLogin)],
        ['login: 401', error('login', unauthorized)],
        ['me: ok', done('fetchMe', meAnswer(globalState, 'Grace'))],
        ['me: ok (assumed tenant)', done('fetchMe', meAnswer(stored(assumedLogin).state, 'Grace'))],
        ['me: 401', error('fetchMe', unauthorized)],
        ['me: offline', error('fetchMe', offline)],
        ['assume: ok', done('assume', assumedLogin)],
        ['assume: 404', error('assume', { kind: 'http', status: 404, message: 'Tenant not found' })],
        ['logout: ok', done('logout', undefined)],
        ['logout: offline', error('logout', offline)],
        ['revoke: ok', done('revokeAssumedSession', undefined)],
        ['revoke: offline', error('revokeAssumedSession', offline)],
      ],
    },
  ],
  provide: (invoked) =>
    sessionMachine.provide({
      actors: {
        restoreSession: invoked<RestoredSession | null, void>(),
        login: invoked<LoginResponse, Credentials>(),
        assume: invoked<LoginResponse, { tenantId: string }>(),
        logout: invoked<void, { token: string }>(),
        fetchMe: invoked<MeResponse, void>(),
      },
    }),
  invariants: [
    ['signed in exactly when a session is held', (s) => s.matches('signedIn') === ((s.context as SessionContext).session !== null) || s.matches('loggingOut')],
    [
      'a root session is kept aside only while a tenant is assumed',
      (s) => {
        const { session, rootSession } = s.context as SessionContext;
        return rootSession === null || (session?.state.assumedBy !== null && rootSession.state.user.scope === 'GLOBAL');
      },
    ],
    ['busy exactly while a call decides the session', (s) => s.hasTag('busy') === busyStates.some((state) => s.matches(state))],
  ],
};
