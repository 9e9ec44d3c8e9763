import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, nextClientIp, signIn, useTestApp } from '../../support/server/harness';
import { assumed, demoWorld } from '../../support/server/resources';

/**
 * Who may call a route is decided before what they sent is looked at: without a session every private route answers
 * 401, and a scope that may not use a route answers 403, whatever the body or query (empty, malformed, invalid).
 */
const testApp = useTestApp();

type Caller = 'GLOBAL' | 'TENANT' | 'COMPANY' | 'ASSUMED';
interface Operation {
  security?: unknown[];
}

/** The scopes each route refuses (403), by path prefix and method; every other route is open to every scope. */
function refusedCallers(method: string, path: string): Caller[] {
  // The export of a selection is a POST (its ids in the body) and a read like the list's.
  const isRead = method === 'get' || path.endsWith('/export');
  if (path === '/api/auth/assume') return ['TENANT', 'COMPANY', 'ASSUMED'];
  if (path.startsWith('/api/companies')) return ['COMPANY'];
  if (path.startsWith('/api/tenants')) return isRead ? ['COMPANY'] : ['TENANT', 'COMPANY', 'ASSUMED'];
  if (/^\/api\/(topics|contents|training-plans|quizzes)/.test(path)) return ['GLOBAL', 'TENANT', 'ASSUMED'];
  return [];
}

const someId = '00000000-0000-4000-8000-000000000000';
const badInputs = [
  { label: 'no body', query: '' },
  { label: 'an empty object', query: '', payload: {} },
  { label: 'an invalid body and query', query: '?page=zero&unknown=1', payload: { unknown: 'x', tenantId: 'not-a-uuid' } },
  { label: 'malformed JSON', query: '', raw: '{"tenantId":' },
];

describe('authorization before validation', () => {
  let routes: Array<{ method: string; path: string; isPublic: boolean }>;
  const tokens = {} as Record<Caller, string>;
  beforeAll(async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method,
        path,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      })),
    );
    const world = await demoWorld(testApp.db);
    tokens.GLOBAL = (await signIn(testApp.app, demo.root)).token;
    tokens.TENANT = (await signIn(testApp.app, demo.tenantAdmin)).token;
    tokens.COMPANY = (await signIn(testApp.app, demo.companyAdmin)).token;
    tokens.ASSUMED = (await assumed(testApp.app, world.acme.id)).token;
  });

  const send = (method: string, path: string, input: (typeof badInputs)[number], token?: string) =>
    testApp.app.inject({
      method: method.toUpperCase() as 'GET',
      url: path.replace(/\{\w+\}/g, someId) + input.query,
      remoteAddress: nextClientIp(),
      headers: { ...(token ? bearer(token) : {}), ...(input.raw ? { 'content-type': 'application/json' } : {}) },
      ...(input.raw ? { payload: input.raw } : input.payload ? { payload: input.payload } : {}),
    });

  it('answers 401 without a session on every private route, whatever the input', async () => {
    const outcomes = [];
    // The video service's callback is public to sessions but requires a token of the video service.
    const privateRoutes = routes.filter((route) => !route.isPublic || route.path.startsWith('/api/video-callbacks'));
    for (const { method, path } of privateRoutes) {
      for (const input of badInputs) {
        const response = await send(method, path, input);
        outcomes.push({ route: `${method} ${path}`, input: input.label, status: response.statusCode });
      }
    }

    expect(outcomes.filter((outcome) => outcome.status !== 401)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
  });

  it('answers 403 to a scope that may not use the route, whatever the input', async () => {
    const outcomes = [];
    for (const { method, path } of routes) {
      for (const caller of refusedCallers(method, path)) {
        for (const input of badInputs) {
          const response = await send(method, path, input, tokens[caller]);
          outcomes.push({ route: `${method} ${path}`, caller, input: input.label, status: response.statusCode });
        }
      }
    }

    expect(outcomes.filter((outcome) => outcome.status !== 403)).toEqual([]);
    expect(outcomes.map((outcome) => `${outcome.route} ${outcome.caller}`)).toContain('post /api/auth/assume TENANT');
  });

  it.each(['TENANT', 'COMPANY', 'ASSUMED'] as const)(
    'refuses POST /api/auth/assume to %s with 403 before reading the body',
    async (caller) => {
      for (const input of badInputs) {
        const response = await send('post', '/api/auth/assume', input, tokens[caller]);

        expect(response.statusCode, input.label).toBe(403);
        expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    },
  );
});
