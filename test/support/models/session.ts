import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { LoginResponse, MeResponse } from '../../../src/domain/session';
import { sessionPages } from '../../../src/app/providers';
import { sessionMachine, type SessionContext } from '../../../src/machines/session.machine';
import { done, error } from '../paths/graph-paths';
import {
  assumedLogin,
  codeChallenge,
  companyState,
  globalLogin,
  globalState,
  incorrectCode,
  invalidCode,
  loginAnswer,
  meAnswer,
  newAuthenticator,
  offline,
  setupChallenge,
  setupLogin,
  signInExpired,
  stored,
  unauthorized,
} from '../fixtures/session';
import { defineModel } from '../paths/model';

const busyStates = [
  'loggingIn',
  'secondFactor.verifying',
  'twoFactorSetup.starting',
  'twoFactorSetup.confirming',
  'signedIn.assuming',
  'signedIn.returningToRoot',
  'loggingOut',
];

/** The failure as the page tells it: its status, and the API's code when it named one (an expired second step). */
const failureKey = (failure: Failure | null) =>
  failure === null ? null : failure.kind === 'http' && failure.code ? `${failure.status} ${failure.code}` : failure.status;

/**
 * A company admin whose company has a video tenant: the only kind of session that plays or uploads videos (the
 * catalogue is COMPANY only and the video course is the company), hence the only one that needs a video token.
 */
export const companyVideoLogin = loginAnswer(
  {
    ...companyState,
    vinapseConfig: { enabled: true, tenantId: 'acme', courseId: 'company-1', serviceUrl: 'http://acme.localhost:3001' },
  },
  'company-token',
);

/**
 * What `PUT users/me` answers after the user renamed themselves on the settings page: the session that asked, under
 * the new name (for an assumed tenant the root admin, also the `assumedBy` of the banner, named there `name surname`).
 */
export const renamedAs = (answer: LoginResponse, name: string, surname: string): MeResponse => {
  const me = meAnswer(stored(answer).state, name);
  return { ...me, user: { ...me.user, surname }, assumedBy: me.assumedBy && { ...me.assumedBy, name: `${name} ${surname}` } };
};

/** A sign-in refused for too many failed attempts, with when it may be tried again (`Retry-After`). */
export const tooManyAttempts: Failure = { kind: 'http', status: 429, message: 'Too many attempts', retryAt: Date.UTC(2030, 0, 1) };

/** What `POST auth/refresh-jwt` hands out (docs/api-contract.md), and the token the session then keeps. */
export const freshVideoToken = { token: 'video-2', expiresAt: '2030-01-01T00:00:00.000Z' };

const sessionOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as SessionContext).session;

export const sessionModel = defineModel({
  name: 'session',
  summary:
    'Signing in (with a second step: a code of the authenticator, or setting one up), restoring a stored session, assuming a tenant and going back to root, signing out.',
  machine: sessionMachine,
  impossible: [
    '`me` answers, and the answers to a name change (`PUT users/me`, sent on as `session.profileUpdated`), describe the session that asked: a GLOBAL session is answered as GLOBAL, an assumed one as the assumed tenant, a company admin as that company admin.',
    'A video token is refreshed only for a company admin: the player and the uploader live in the catalogue (COMPANY only), and the video course is the company, so GLOBAL and TENANT sessions never ask for one.',
  ],
  bounded:
    'A state is its value, the signed-in scope, whether a root session is kept aside and the failure status: tokens, names and the video token are left out, so a repeated login, a refreshed video token or a new name lands on a known state.',
  scenarios: [
    {
      name: 'session',
      input: sessionPages,
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { session, rootSession, failure } = snapshot.context as SessionContext;
        return JSON.stringify({
          value: snapshot.value,
          scope: session?.state.user.scope ?? null,
          rootKept: rootSession !== null,
          failure: failureKey(failure),
        });
      },
      isImpossible: (snapshot, event) => {
        const session = sessionOf(snapshot);
        if (event.type === 'session.videoTokenRefreshed') return session?.state.user.scope !== 'COMPANY';
        if (event.type !== 'xstate.done.actor.fetchMe' && event.type !== 'session.profileUpdated') return false;
        const answer =
          event.type === 'session.profileUpdated'
            ? (event as unknown as { me: MeResponse }).me
            : (event as unknown as { output: MeResponse }).output;
        return answer.user.scope !== session?.state.user.scope || (answer.assumedBy?.id ?? null) !== (session?.state.assumedBy?.id ?? null);
      },
      events: [
        ['sign in', { type: 'session.login', email: 'global@example.com', password: 'secret' }],
        ['assume Acme Learning', { type: 'session.assume', tenantId: 'tenant-1' }],
        ['back to root', { type: 'session.returnToRoot' }],
        ['log out', { type: 'session.logout' }],
        ['a call answers 401', { type: 'session.unauthorized' }],
        ['video token refreshed', { type: 'session.videoTokenRefreshed', vinapse: freshVideoToken }],
        ['profile saved', { type: 'session.profileUpdated', me: renamedAs(globalLogin, 'Gloria', 'Bianchi') }],
        ['profile saved (assumed tenant)', { type: 'session.profileUpdated', me: renamedAs(assumedLogin, 'Gloria', 'Bianchi') }],
        ['profile saved (company admin)', { type: 'session.profileUpdated', me: renamedAs(companyVideoLogin, 'Carlotta', 'Verdi') }],
        ['restore: a GLOBAL session', done('restoreSession', { session: stored(globalLogin), rootSession: null })],
        ['restore: an assumed tenant', done('restoreSession', { session: stored(assumedLogin), rootSession: stored(globalLogin) })],
        ['restore: a company admin with videos', done('restoreSession', { session: stored(companyVideoLogin), rootSession: null })],
        ['restore: nothing stored', done('restoreSession', null)],
        ['restore: storage unreadable', error('restoreSession', new Error('storage unavailable'))],
        ['login: ok', done('login', globalLogin)],
        ['login: 401', error('login', unauthorized)],
        ['login: 429', error('login', tooManyAttempts)],
        ['login: offline', error('login', offline)],
        ['login: a code is asked', done('login', codeChallenge)],
        ['login: set-up is asked', done('login', setupChallenge)],
        ['send a code', { type: 'session.submitCode', code: '123456' }],
        ['back to the password', { type: 'session.backToPassword' }],
        ['code: ok', done('verifyCode', globalLogin)],
        ['code: wrong', error('verifyCode', invalidCode)],
        ['code: expired', error('verifyCode', signInExpired)],
        ['code: 429', error('verifyCode', tooManyAttempts)],
        ['code: offline', error('verifyCode', offline)],
        ['set-up: a new key', done('startSignInSetup', newAuthenticator)],
        ['set-up: offline', error('startSignInSetup', offline)],
        ['set-up: expired', error('startSignInSetup', signInExpired)],
        ['ask for the key again', { type: 'session.retrySetup' }],
        ['confirm the key with a code', { type: 'session.confirmSetup', code: '123456' }],
        ['confirm: ok', done('confirmSignInSetup', setupLogin)],
        ['confirm: wrong code', error('confirmSignInSetup', incorrectCode)],
        ['confirm: expired', error('confirmSignInSetup', signInExpired)],
        ['recovery codes kept', { type: 'session.recoveryCodesKept' }],
        ['me: ok', done('fetchMe', meAnswer(globalState, 'Grazia'))],
        ['me: ok (assumed tenant)', done('fetchMe', meAnswer(stored(assumedLogin).state, 'Grazia'))],
        ['me: ok (company admin)', done('fetchMe', meAnswer(stored(companyVideoLogin).state, 'Carlotta'))],
        ['me: 401', error('fetchMe', { kind: 'http', status: 401, message: 'Session expired' })],
        ['me: 500', error('fetchMe', { kind: 'http', status: 500, message: 'Internal error' })],
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
  requirements: [
    {
      id: 'SESSION-RESTORE',
      rule: 'A session kept in the browser is restored at start and checked with the server; without one the console opens signed out.',
      by: [
        'session.restoring \u2014xstate.done.actor.restoreSession [isRestored]\u2192 session.signedIn.verifying',
        'session.restoring \u2014xstate.done.actor.restoreSession\u2192 session.signedOut',
        'session.restoring \u2014xstate.error.actor.restoreSession\u2192 session.signedOut',
      ],
    },
    {
      id: 'SESSION-RESTORE-KEEP',
      rule: 'A restored session whose check fails for another reason than 401 (a 500, no network) stays signed in.',
      by: [
        'session.signedIn.verifying \u2014xstate.done.actor.fetchMe\u2192 session.signedIn.idle',
        'session.signedIn.verifying \u2014xstate.error.actor.fetchMe\u2192 session.signedIn.idle',
      ],
    },
    {
      id: 'SESSION-RESTORE-EXPIRED',
      rule: 'A restored session the server refuses (401) signs the user out.',
      by: ['session.signedIn.verifying \u2014xstate.error.actor.fetchMe [isUnauthorized]\u2192 session.signedOut'],
    },
    {
      id: 'SESSION-LOGIN',
      rule: 'Signing in with the right email and password opens the console; a refusal keeps the user on the sign-in page with the reason.',
      by: [
        'session.signedOut \u2014session.login\u2192 session.loggingIn',
        'session.loggingIn \u2014xstate.done.actor.login\u2192 session.signedIn',
        'session.loggingIn \u2014xstate.error.actor.login\u2192 session.signedOut',
      ],
    },
    {
      id: 'SESSION-2FA-CODE',
      rule: 'After the right password, an account with an authenticator is signed in only by one of its codes or a recovery code; a wrong code (or no network) keeps the step.',
      by: [
        'session.loggingIn \u2014xstate.done.actor.login [asksForCode]\u2192 session.secondFactor',
        'session.secondFactor.awaitingCode \u2014session.submitCode\u2192 session.secondFactor.verifying',
        'session.secondFactor.verifying \u2014xstate.done.actor.verifyCode\u2192 session.signedIn',
        'session.secondFactor.verifying \u2014xstate.error.actor.verifyCode\u2192 session.secondFactor.awaitingCode',
      ],
    },
    {
      id: 'SESSION-2FA-ENDED',
      rule: 'A second step the server ended (expired, used, or too many wrong codes) sends the user back to the password with the reason; the user may also go back at will.',
      by: [
        'session.secondFactor.verifying \u2014xstate.error.actor.verifyCode [endsSecondStep]\u2192 session.signedOut',
        'session.twoFactorSetup.starting \u2014xstate.error.actor.startSignInSetup [endsSecondStep]\u2192 session.signedOut',
        'session.twoFactorSetup.confirming \u2014xstate.error.actor.confirmSignInSetup [endsSecondStep]\u2192 session.signedOut',
        'session.secondFactor \u2014session.backToPassword\u2192 session.signedOut',
        'session.twoFactorSetup \u2014session.backToPassword\u2192 session.signedOut',
      ],
    },
    {
      id: 'SESSION-2FA-SETUP',
      rule: 'An admin who must use two-factor sign-in and has no authenticator sets one up right after the password (a QR code or its key, confirmed by a code), is shown the ten recovery codes once, then is signed in.',
      by: [
        'session.loggingIn \u2014xstate.done.actor.login [asksForSetup]\u2192 session.twoFactorSetup',
        'session.twoFactorSetup.starting \u2014xstate.done.actor.startSignInSetup\u2192 session.twoFactorSetup.awaitingCode',
        'session.twoFactorSetup.starting \u2014xstate.error.actor.startSignInSetup\u2192 session.twoFactorSetup.failed',
        'session.twoFactorSetup.failed \u2014session.retrySetup\u2192 session.twoFactorSetup.starting',
        'session.twoFactorSetup.awaitingCode \u2014session.confirmSetup\u2192 session.twoFactorSetup.confirming',
        'session.twoFactorSetup.confirming \u2014xstate.done.actor.confirmSignInSetup\u2192 session.twoFactorSetup.showingRecoveryCodes',
        'session.twoFactorSetup.confirming \u2014xstate.error.actor.confirmSignInSetup\u2192 session.twoFactorSetup.awaitingCode',
        'session.twoFactorSetup.showingRecoveryCodes \u2014session.recoveryCodesKept\u2192 session.signedIn',
      ],
    },
    {
      id: 'SESSION-ASSUME',
      rule: 'Only a GLOBAL admin may assume a tenant; success or failure, the console stays signed in.',
      by: [
        'session.signedIn \u2014session.assume [isGlobal]\u2192 session.signedIn.assuming',
        'session.signedIn.assuming \u2014xstate.done.actor.assume\u2192 session.signedIn.idle',
        'session.signedIn.assuming \u2014xstate.error.actor.assume\u2192 session.signedIn.idle',
      ],
    },
    {
      id: 'SESSION-RETURN-ROOT',
      rule: 'An assumed tenant can be left for the root session, whatever the server answers to the revocation.',
      by: [
        'session.signedIn \u2014session.returnToRoot [hasRootSession]\u2192 session.signedIn.returningToRoot',
        'session.signedIn.returningToRoot \u2014xstate.done.actor.revokeAssumedSession\u2192 session.signedIn.idle',
        'session.signedIn.returningToRoot \u2014xstate.error.actor.revokeAssumedSession\u2192 session.signedIn.idle',
      ],
    },
    {
      id: 'SESSION-LOGOUT',
      rule: 'Logging out always ends signed out, even when the server cannot be reached.',
      by: [
        'session.signedIn \u2014session.logout\u2192 session.loggingOut',
        'session.loggingOut \u2014xstate.done.actor.logout\u2192 session.signedOut',
        'session.loggingOut \u2014xstate.error.actor.logout\u2192 session.signedOut',
      ],
    },
    {
      id: 'SESSION-UNAUTHORIZED',
      rule: 'Any 401 from the API signs the user out.',
      by: ['session.signedIn \u2014session.unauthorized\u2192 session.signedOut'],
    },
    {
      id: 'SESSION-PROFILE',
      rule: 'A saved profile updates the signed-in user, and the root session too while a tenant is assumed.',
      by: [
        'session.signedIn.idle \u2014session.profileUpdated [hasRootSession]\u2192 itself',
        'session.signedIn.idle \u2014session.profileUpdated\u2192 itself',
      ],
    },
    {
      id: 'SESSION-VIDEO-TOKEN',
      rule: 'A refreshed video token replaces the old one without leaving the page.',
      by: ['session.signedIn \u2014session.videoTokenRefreshed\u2192 itself'],
    },
  ],
  invariants: [
    [
      'signed in exactly when a session is held (or its recovery codes are shown, just before)',
      (s) =>
        (s.matches('signedIn') || s.matches({ twoFactorSetup: 'showingRecoveryCodes' })) ===
          ((s.context as SessionContext).session !== null) || s.matches('loggingOut'),
    ],
    [
      'a second step is held exactly while it is taken (until the recovery codes are shown)',
      (s) =>
        ((s.matches('secondFactor') || s.matches('twoFactorSetup')) && !s.matches({ twoFactorSetup: 'showingRecoveryCodes' })) ===
        ((s.context as SessionContext).challenge !== null),
    ],
    [
      'recovery codes are held only while shown',
      (s) => s.matches({ twoFactorSetup: 'showingRecoveryCodes' }) === ((s.context as SessionContext).recoveryCodes !== null),
    ],
    [
      'a root session is kept aside only while a tenant is assumed',
      (s) => {
        const { session, rootSession } = s.context as SessionContext;
        return rootSession === null || (session?.state.assumedBy !== null && rootSession.state.user.scope === 'GLOBAL');
      },
    ],
    ['busy exactly while a call decides the session', (s) => s.hasTag('busy') === busyStates.some((state) => s.matches(state))],
  ],
});
