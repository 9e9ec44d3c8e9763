import type { BulkRequest } from '../../../src/domain/bulk';
import type { UserImportBody, UserImportResponse } from '../../../contract/user-import.schemas';
import type { ListRequest, ResourceName } from '../../../src/domain/resource';
import { resourceNames } from '../../../src/domain/resource';
import type { SavedView } from '../../../src/domain/saved-views';
import type { VinapseToken } from '../../../src/domain/session';
import type { SessionFakes } from '../fixtures/session';
import type { FakeAccount } from './fake-account';
import type { FakeDelivery } from './fake-delivery';
import type { FakeResource } from './fake-api';
import type { FakeTrainingPlans } from './fake-training-plans';

/** Where the views tests' console finds its API. */
export const fakeApiBase = 'http://console.test/api/';

/** The session's calls to the API (its background check is the account's `users/me`). */
export type SessionCalls = Pick<SessionFakes, 'login' | 'assume' | 'logout' | 'verifyCode' | 'startSignInSetup' | 'confirmSignInSetup'>;

/** What answers the console's calls: the session's, the resources', the plans' rows, the account and the video token. */
export interface FakeBackend {
  session: SessionCalls;
  resources: Record<ResourceName, FakeResource>;
  trainingPlans: FakeTrainingPlans;
  account: FakeAccount;
  /** `POST auth/refresh-jwt`: a fresh video token. */
  refreshVideoToken: () => Promise<VinapseToken>;
  /** `POST users/import`: one batch of a CSV import (every row created unless given). */
  importUsers?: (body: UserImportBody, idempotencyKey: string | null) => Promise<UserImportResponse>;
  /** `GET activity`: the audit log's page for the request (empty unless given). */
  activity?: (request: ListRequest) => Promise<unknown>;
  /** `GET reports/{name}`: a completion report's page for the request (empty unless given). */
  reports?: (name: string, request: ListRequest) => Promise<unknown>;
  /** Issue 30's calls: one-time links, a user's account, invitations, second factors, policies (see {@link accountSecurityCall}). */
  accountSecurity?: Partial<AccountSecurityFakes>;
  /** `POST quizzes/{id}/preview`: the answers scored (pending unless given). */
  quizPreview?: (id: string, body: unknown) => Promise<unknown>;
  /** Groups' members and plans' assignments (none unless given). */
  delivery?: FakeDelivery;
  /** The user's saved views, kept in this array (issue 29): listed by list, saved (a name the list has: 409), deleted. */
  savedViews?: SavedView[];
}

/** Issue 30's calls, each answering as the API does unless a test gives its own. */
export interface AccountSecurityFakes {
  verifyLink: (kind: 'invitation' | 'reset', token: string) => Promise<unknown>;
  setPassword: (kind: 'invitation' | 'reset', body: { token: string; password: string }) => Promise<unknown>;
  forgotPassword: (email: string) => Promise<unknown>;
  account: (userId: string) => Promise<unknown>;
  sendInvitation: (userId: string) => Promise<unknown>;
  sendInvitations: (userIds: string[]) => Promise<unknown>;
  resetTwoFactor: (userId: string) => Promise<void>;
  policy: (tenantId: string | null) => Promise<unknown>;
  setPolicy: (tenantId: string | null, body: { requireTwoFactor: boolean }) => Promise<unknown>;
}

const inThreeDays = '2026-12-01T10:00:00.000Z';

const accountSecurityDefaults: AccountSecurityFakes = {
  verifyLink: async () => ({ email: 'bianca.neri@example.com', name: 'Bianca', surname: 'Neri', expiresAt: inThreeDays }),
  setPassword: async () => ({ email: 'bianca.neri@example.com' }),
  forgotPassword: async () => ({ message: 'If the address has an account, a link is on its way' }),
  account: async () => ({ language: 'en', twoFactor: { enabled: false, enabledAt: null, required: false }, invitation: null }),
  sendInvitation: async () => ({ expiresAt: inThreeDays }),
  sendInvitations: async (userIds) => ({ results: userIds.map((id) => ({ id, outcome: 'sent', expiresAt: inThreeDays })) }),
  resetTwoFactor: async () => undefined,
  policy: async () => ({ requireTwoFactor: false }),
  setPolicy: async (_, body) => body,
};

/** Issue 30's calls (docs/api-contract.md, "Invitations, password resets, two-factor sign-in"), or undefined. */
function accountSecurityCall({ method, segments, body }: Call, backend: FakeBackend): Promise<Answer> | undefined {
  const fakes = { ...accountSecurityDefaults, ...backend.accountSecurity };
  const answering = <T>(promise: Promise<T>) => promise.then((answer) => ({ body: answer }));
  const path = segments.join('/');
  const token = String(body.token ?? '');
  const password = String(body.password ?? '');
  const [first, id, third] = segments;
  if (method === 'POST') {
    if (path === 'auth/invitation/verify') return answering(fakes.verifyLink('invitation', token));
    if (path === 'auth/password/reset/verify') return answering(fakes.verifyLink('reset', token));
    if (path === 'auth/invitation/accept') return answering(fakes.setPassword('invitation', { token, password }));
    if (path === 'auth/password/reset') return answering(fakes.setPassword('reset', { token, password }));
    if (path === 'auth/password/forgot') return answering(fakes.forgotPassword(String(body.email ?? '')));
    if (path === 'users/invitations') return answering(fakes.sendInvitations(body.userIds as string[]));
    if (first === 'users' && id && third === 'invitation' && segments.length === 3) return answering(fakes.sendInvitation(id));
  }
  if (first === 'users' && id && segments.length === 3) {
    if (method === 'GET' && third === 'account') return answering(fakes.account(id));
    if (method === 'DELETE' && third === 'two-factor') return fakes.resetTwoFactor(id).then(() => undefined);
  }
  if (path === 'platform/security-policy' || (first === 'tenants' && id && third === 'security-policy' && segments.length === 3)) {
    const tenantId = first === 'tenants' ? id! : null;
    if (method === 'GET') return answering(fakes.policy(tenantId));
    if (method === 'PUT') return answering(fakes.setPolicy(tenantId, body as { requireTwoFactor: boolean }));
  }
  return undefined;
}

const everyRowCreated = ({ dryRun, rows }: UserImportBody): Promise<UserImportResponse> =>
  Promise.resolve({ dryRun, results: rows.map(({ line }) => ({ line, outcome: 'created' as const })) });

interface Call {
  method: string;
  segments: string[];
  params: URLSearchParams;
  body: Record<string, unknown>;
  headers: Headers;
}

type Answer = { body?: unknown } | undefined;

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The list parameters of docs/api-contract.md read back into the request the console's list machine made. */
function listRequestOf(params: URLSearchParams): ListRequest {
  const { page, pageSize, sortBy, sortOrder, search, ...filters } = Object.fromEntries(params);
  return {
    query: {
      page: Number(page ?? 1),
      pageSize: Number(pageSize ?? 25),
      sortBy: sortBy ?? null,
      sortOrder: sortOrder === 'desc' ? 'desc' : 'asc',
      search: search ?? '',
    },
    filters,
  };
}

/**
 * A thrown failure (as the fakes throw them: the console's `Failure` shapes) as what the network would have done:
 * an HTTP answer with the API's error body, a connection that fails, or an aborted request.
 */
function failureResponse(error: unknown): Response {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const failure = error as {
      kind: string;
      status?: unknown;
      message?: string;
      code?: string;
      params?: unknown;
      errors?: unknown;
      retryAt?: number;
    };
    if (failure.kind === 'http' && typeof failure.status === 'number') {
      const { message, code, params, errors, retryAt } = failure;
      // `Retry-After` as an HTTP date: the console reads back the very moment the failure named.
      const retryAfter: Record<string, string> = retryAt === undefined ? {} : { 'retry-after': new Date(retryAt).toUTCString() };
      return json(failure.status, { message, code, params, errors }, retryAfter);
    }
  }
  // A request the browser gave up (`AbortError`) fails as such; another error of a fake is the server's 500.
  if (error instanceof Error && error.name === 'AbortError') throw error;
  if (error instanceof Error && !('kind' in error)) return json(500, { message: error.message });
  throw new TypeError('Failed to fetch');
}

/** A group's members (`groups/{id}/members[/{userId}]`) and a plan's assignments (`training-plans/{id}/assignments[/{id}]`). */
function deliveryCall({ method, segments, params, body, headers }: Call, backend: FakeBackend): Promise<Answer> | undefined {
  const [first, id, part, childId] = segments;
  const fakes = backend.delivery?.spies;
  const answering = <T>(promise: Promise<T>) => promise.then((answer) => ({ body: answer }));
  if (fakes && first === 'lrs-credentials' && segments.length <= 2) {
    if (method === 'GET' && !id) return answering(fakes.listCredentials());
    if (method === 'POST' && !id) return answering(fakes.createCredential(body.label as string));
    if (method === 'DELETE' && id) return fakes.revokeCredential(id).then(() => undefined);
  }
  if (fakes && method === 'GET' && segments.join('/') === 'home/attention') return answering(fakes.homeAttention());
  if (fakes && method === 'GET' && first === 'users' && id && part === 'enrolments' && segments.length === 3)
    return answering(fakes.listUserEnrolments(id, listRequestOf(params)));
  if (!fakes || !id || segments.length > 4) return undefined;
  const key = headers.get('idempotency-key');
  if (first === 'groups' && part === 'members') {
    if (method === 'GET' && !childId) {
      // The route takes no sort: any other parameter is a 400, as the API answers it.
      const unknown = [...params.keys()].filter((name) => !['page', 'pageSize', 'search', 'withTotal'].includes(name));
      if (unknown.length) return Promise.reject({ kind: 'http', status: 400, message: `unknown parameters ${unknown.join(', ')}` });
      return answering(fakes.listMembers(id, listRequestOf(params)));
    }
    if (method === 'POST' && !childId) return answering(fakes.addMembers(id, body.userIds as string[], key));
    if (method === 'DELETE' && childId) return fakes.removeMember(id, childId).then(() => undefined);
  }
  if (first === 'training-plans' && part === 'assignments') {
    if (method === 'GET' && !childId) return answering(fakes.listAssignments(id));
    if (method === 'POST' && !childId) return answering(fakes.assign(id, body, key));
    if (method === 'DELETE' && childId) return fakes.removeAssignment(id, childId).then(() => undefined);
  }
  if (first === 'training-plans' && part === 'enrolments' && method === 'GET') {
    if (!childId) return answering(fakes.listEnrolments(id, listRequestOf(params)));
    if (childId === 'summary') return answering(fakes.enrolmentSummary(id));
    if (childId === 'export') return answering(fakes.exportLearners(id, listRequestOf(params)));
  }
  return undefined;
}

/** Rows ordered by hand: `training-plans/{plan}/modules[/{module}[/items[/{item}]]]`, and their `…/order`. */
function orderedCall({ method, segments, params, body }: Call, backend: FakeBackend): Promise<Answer> | undefined {
  const [, planId, , moduleId, child, itemId] = segments;
  if (segments[0] !== 'training-plans' || segments[2] !== 'modules' || !planId) return undefined;
  const [api, id, idsField]: [FakeCalls | undefined, string | undefined, string] =
    child === 'items' && moduleId
      ? [backend.trainingPlans.apis.items(planId, moduleId), itemId, 'itemIds']
      : segments.length <= 4
        ? [backend.trainingPlans.apis.modules(planId), moduleId, 'moduleIds']
        : [undefined, undefined, ''];
  if (!api) return undefined;
  return resourceCall(api, method, id, params, body, null, idsField);
}

/** The calls of a resource in memory, whatever its records; rows ordered by hand also take a new order. */
interface FakeCalls {
  list(request: ListRequest): Promise<unknown>;
  get(id: string): Promise<unknown>;
  create(body: Record<string, unknown>, idempotencyKey?: string | null): Promise<unknown>;
  update(id: string, body: Record<string, unknown>): Promise<unknown>;
  remove(id: string): Promise<void>;
  reorder?(ids: readonly string[]): Promise<void>;
  bulk?(request: BulkRequest, idempotencyKey: string): Promise<unknown>;
}

function resourceCall(
  api: FakeCalls,
  method: string,
  id: string | undefined,
  params: URLSearchParams,
  body: Record<string, unknown>,
  idempotencyKey: string | null,
  idsField?: string,
): Promise<Answer> | undefined {
  if (id === 'order' && method === 'PUT' && idsField && api.reorder) {
    return api.reorder(body[idsField] as string[]).then(() => undefined);
  }
  if (id === 'bulk' && method === 'POST' && api.bulk)
    return api.bulk(body as BulkRequest, idempotencyKey ?? '').then((report) => ({ body: report }));
  if (id === undefined && method === 'GET') return api.list(listRequestOf(params)).then((page) => ({ body: page }));
  if (id === undefined && method === 'POST') {
    return (idempotencyKey ? api.create(body, idempotencyKey) : api.create(body)).then((created) => ({ body: created }));
  }
  if (id === undefined) return undefined;
  if (method === 'GET') return api.get(id).then((found) => ({ body: found }));
  if (method === 'PUT') return api.update(id, body).then((updated) => ({ body: updated }));
  if (method === 'DELETE') return api.remove(id).then(() => undefined);
  return undefined;
}

/** `saved-views` as the API answers it, on an array in memory. */
function savedViewsCall({ method, segments, params, body }: Call, views: SavedView[]): Promise<Answer> | undefined {
  if (segments[0] !== 'saved-views') return undefined;
  const [, id] = segments;
  if (method === 'GET' && id === undefined) {
    const items = views.filter((view) => view.list === params.get('list'));
    return Promise.resolve({ body: { items, total: items.length, totalIsEstimate: false } });
  }
  if (method === 'POST' && id === undefined) {
    const { list, name, query } = body as { list: string; name: string; query: string };
    if (views.some((view) => view.list === list && view.name.toLowerCase() === name.trim().toLowerCase()))
      return Promise.reject({
        kind: 'http',
        status: 409,
        code: 'SAVED_VIEW_NAME_TAKEN',
        params: { name: name.trim() },
        message: `A view named "${name.trim()}" already exists for this list: choose another name`,
      });
    const at = '2026-11-28T10:00:00.000Z';
    const view = { id: `view-${views.length + 1}`, list, name: name.trim(), query, createdAt: at, updatedAt: at };
    views.push(view);
    return Promise.resolve({ body: view });
  }
  if (method === 'DELETE' && id !== undefined) {
    const index = views.findIndex((view) => view.id === id);
    if (index < 0) return Promise.reject({ kind: 'http', status: 404, code: 'SAVED_VIEW_NOT_FOUND', message: 'Saved view not found' });
    views.splice(index, 1);
    return Promise.resolve(undefined);
  }
  return undefined;
}

/** The call's answer from the fakes, or undefined when no fake answers it. */
function route(call: Call, backend: FakeBackend): Promise<Answer> | undefined {
  const { method, segments, body } = call;
  const path = segments.join('/');
  const { session, account } = backend;
  const answering = <T>(promise: Promise<T>) => promise.then((answer) => ({ body: answer }));
  switch (`${method} ${path}`) {
    case 'POST auth/login':
      return answering(session.login(body as { email: string; password: string }));
    case 'POST auth/assume':
      return answering(session.assume(body as { tenantId: string }));
    case 'POST auth/logout':
      return session.logout(body as { token: string }).then(() => undefined);
    case 'POST auth/refresh-jwt':
      return backend.refreshVideoToken().then((vinapse) => ({ body: { success: true, jwtTokens: { vinapse } } }));
    case 'GET users/me':
      return answering(account.api.me());
    case 'PUT users/me':
      return answering(account.api.updateProfile(body as { name: string; surname: string }));
    case 'PUT users/me/password':
      return account.api.changePassword(body as { currentPassword: string; newPassword: string }).then(() => undefined);
    case 'GET users/me/two-factor':
      return answering(account.api.twoFactor.status());
    case 'POST users/me/two-factor/setup':
      return answering(account.api.twoFactor.startSetup());
    case 'POST users/me/two-factor/confirm':
      return answering(account.api.twoFactor.confirm((body as { code: string }).code));
    case 'POST users/me/two-factor/recovery-codes':
      return answering(account.api.twoFactor.regenerateRecoveryCodes((body as { code: string }).code));
    case 'POST users/me/two-factor/disable':
      return account.api.twoFactor.disable((body as { code: string }).code).then(() => undefined);
    case 'POST auth/two-factor':
      return answering(session.verifyCode(body as { challenge: string; code: string }));
    case 'POST auth/two-factor/setup':
      return answering(session.startSignInSetup(body as { challenge: string }));
    case 'POST auth/two-factor/setup/confirm':
      return answering(session.confirmSignInSetup(body as { challenge: string; code: string }));
    case 'POST users/import':
      return answering((backend.importUsers ?? everyRowCreated)(body as UserImportBody, call.headers.get('idempotency-key')));
    case 'GET activity':
      return backend.activity
        ? answering(backend.activity(listRequestOf(call.params)))
        : Promise.resolve({ body: { items: [], total: 0, totalIsEstimate: false } });
  }
  if (method === 'GET' && segments[0] === 'reports' && segments.length === 2)
    return backend.reports
      ? answering(backend.reports(segments[1]!, listRequestOf(call.params)))
      : Promise.resolve({ body: { items: [], total: 0, totalIsEstimate: false } });
  const views = savedViewsCall(call, backend.savedViews ?? []);
  if (views) return views;
  const accountSecurity = accountSecurityCall(call, backend);
  if (accountSecurity) return accountSecurity;
  const delivery = deliveryCall(call, backend);
  if (delivery) return delivery;
  const ordered = orderedCall(call, backend);
  if (ordered) return ordered;
  const [name, id, more] = segments;
  if (method === 'POST' && name === 'quizzes' && id && more === 'preview' && segments.length === 3)
    return answering((backend.quizPreview ?? (() => new Promise<never>(() => {})))(id, body));
  if (more !== undefined || !resourceNames.includes(name as ResourceName)) return undefined;
  return resourceCall(backend.resources[name as ResourceName].api, method, id, call.params, body, call.headers.get('idempotency-key'));
}

/**
 * The console's network answered by the fakes kept in memory: each call goes through the real HTTP client, API
 * modules and query cache of the console, reaches the fake of its route as the arguments the console's API module
 * was given, and the fake's answer (or failure) comes back as the API would send it. A call no fake answers is a 404.
 */
export function fakeServer(backend: FakeBackend): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      segments: url.pathname
        .replace(/^\/api\//, '')
        .split('/')
        .map(decodeURIComponent),
      params: url.searchParams,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: request.headers,
    };
    const answer = route(call, backend);
    if (!answer) return json(404, { message: `No fake answers ${call.method} ${url.pathname}` });
    const aborted = new Promise<never>((_, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });
    try {
      const { body } = (await Promise.race([answer, aborted])) ?? {};
      return body === undefined ? new Response(null, { status: 204 }) : json(200, body);
    } catch (error) {
      if (error === request.signal.reason && request.signal.aborted) throw error;
      return failureResponse(error);
    }
  };
}
