import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { Credentials, LoginResponse, MeResponse, Scope, SessionState, StoredSession } from '../../src/domain/session';
import { sessionMachine, type RestoredSession } from '../../src/machines/session.machine';

const base = (scope: Scope, overrides: Partial<SessionState> = {}): SessionState => ({
  user: {
    id: `user-${scope.toLowerCase()}`,
    email: `${scope.toLowerCase()}@example.com`,
    name: { GLOBAL: 'Grace', TENANT: 'Tomaso', COMPANY: 'Carla' }[scope],
    surname: 'Rossi',
    scope,
    admin: true,
    tenantId: scope === 'GLOBAL' ? null : 'tenant-1',
    companyId: scope === 'COMPANY' ? 'company-1' : null,
  },
  tenant: scope === 'GLOBAL' ? null : { id: 'tenant-1', name: 'Acme Learning' },
  company: scope === 'COMPANY' ? { id: 'company-1', name: 'Bianchi Srl' } : null,
  vinapseConfig: { enabled: false, tenantId: null, courseId: null, serviceUrl: null },
  jwtTokens: { vinapse: null },
  assumedBy: null,
  ...overrides,
});

export const globalState = base('GLOBAL');
export const tenantState = base('TENANT');
export const companyState = base('COMPANY');

export const loginAnswer = (state: SessionState, token: string): LoginResponse => ({ token, ...state });

export const globalLogin = loginAnswer(globalState, 'global-token');
/** Assuming a tenant: the same root user, with TENANT as its effective scope. */
export const assumedLogin = loginAnswer(
  {
    ...globalState,
    user: { ...globalState.user, scope: 'TENANT', tenantId: 'tenant-1' },
    tenant: { id: 'tenant-1', name: 'Acme Learning' },
    assumedBy: { id: globalState.user.id, name: globalState.user.name, email: globalState.user.email },
  },
  'assumed-token',
);

export const stored = (answer: LoginResponse): StoredSession => {
  const { token, ...state } = answer;
  return { token, state };
};

export const meAnswer = (state: SessionState, name: string): MeResponse => {
  const { jwtTokens: _, ...me } = state;
  return { ...me, user: { ...me.user, name } };
};

export const unauthorized: Failure = { kind: 'http', status: 401, message: 'Invalid email or password' };
export const offline: Failure = { kind: 'network', status: 'FETCH_ERROR' };

export const pending = () => new Promise<never>(() => {});

export interface SessionFakes {
  restoreSession: () => Promise<RestoredSession | null>;
  login: (credentials: Credentials) => Promise<LoginResponse>;
  assume: (input: { tenantId: string }) => Promise<LoginResponse>;
  logout: (input: { token: string }) => Promise<void>;
  fetchMe: () => Promise<MeResponse>;
}

/**
 * The session machine with fake effects: signed out with nothing stored, every call left
 * pending, unless `overrides` say otherwise. Calls and store actions are recorded.
 */
export function fakeSessionMachine(overrides: Partial<SessionFakes> = {}) {
  const fakes = {
    restoreSession: vi.fn(overrides.restoreSession ?? (async () => null)),
    login: vi.fn(overrides.login ?? pending),
    assume: vi.fn(overrides.assume ?? pending),
    logout: vi.fn(overrides.logout ?? (async () => {})),
    fetchMe: vi.fn(overrides.fetchMe ?? pending),
  };
  const effects = {
    storeSession: vi.fn(),
    storeRootSession: vi.fn(),
    clearSessionData: vi.fn(),
    forgetRootSession: vi.fn(),
    clearCache: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(() => fakes.restoreSession()),
      login: fromPromise(({ input }) => fakes.login(input)),
      assume: fromPromise(({ input }) => fakes.assume(input)),
      logout: fromPromise(({ input }) => fakes.logout(input)),
      fetchMe: fromPromise(() => fakes.fetchMe()),
    },
    actions: {
      storeSession: (_, session) => effects.storeSession(session),
      storeRootSession: (_, session) => effects.storeRootSession(session),
      clearSessionData: () => effects.clearSessionData(),
      forgetRootSession: () => effects.forgetRootSession(),
      clearCache: () => effects.clearCache(),
    },
  });
  return { machine, fakes, effects };
}

/** A restore that finds `answer`'s session in the store. */
export const restoring = (answer: LoginResponse) => async (): Promise<RestoredSession> => ({
  session: stored(answer),
  rootSession: null,
});

/** A restore that finds a tenant assumed by the root admin, whose session is kept aside. */
export const restoringAssumed = async (): Promise<RestoredSession> => ({ session: stored(assumedLogin), rootSession: stored(globalLogin) });

export const tenantLogin = loginAnswer(tenantState, 'tenant-token');
export const companyLogin = loginAnswer(companyState, 'company-token');
