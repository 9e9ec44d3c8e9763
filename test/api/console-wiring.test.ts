import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { KeyValueStore } from '../../src/api/storage';
import { createConsole } from '../../src/app/providers';
import { assumedLogin, companyLogin, globalLogin, meAnswer, stored } from '../support/fixtures/session';
import { memoryStore } from '../support/memory-store';

/** The console's real wiring (HTTP client, storage port, session machine, query cache) against a small fake API. */
const validTokens = new Set<string>();
const loggedOut: string[] = [];
const listRequests: Array<{ url: string; token: string }> = [];
let logoutStatus = 204;
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = request.headers.authorization?.replace('Bearer ', '') ?? '';
      const reply = (status: number, json?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (request.url === '/api/auth/login') {
        validTokens.add(globalLogin.token);
        return reply(200, globalLogin);
      }
      if (!validTokens.has(token)) return reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' });
      if (request.url === '/api/users/me') return reply(200, meAnswer(stored(companyLogin).state, 'Carlotta'));
      if (request.url?.startsWith('/api/companies?')) {
        listRequests.push({ url: request.url, token });
        return reply(200, { items: [{ id: 'c1', name: 'Bianchi Srl' }], total: 1, totalIsEstimate: false });
      }
      if (request.url === '/api/auth/logout') {
        loggedOut.push(JSON.parse(body).token);
        validTokens.delete(JSON.parse(body).token);
        return reply(logoutStatus, logoutStatus === 204 ? undefined : { statusCode: 500, error: 'Boom', message: 'Boom' });
      }
      reply(404, { statusCode: 404, error: 'Not Found', message: 'No route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storedEntries = (answer: typeof companyLogin) => ({
  access_token: answer.token,
  session_state: JSON.stringify(stored(answer).state),
});

const start = (store: KeyValueStore) => {
  const runtime = createConsole({ store, apiUrl, browserLanguages: ['it-IT'] });
  const reach = (state: 'signedOut' | 'signedIn') =>
    waitFor(runtime.actors.session, (snapshot) => snapshot.matches(state) && !snapshot.hasTag('busy'));
  return { ...runtime, reach };
};

describe('the console wired to an API', () => {
  it('restores a stored session and refreshes it from /users/me', async () => {
    validTokens.add(companyLogin.token);
    const store = memoryStore(storedEntries(companyLogin));
    const { actors } = start(store);
    await waitFor(actors.session, (snapshot) => snapshot.matches({ signedIn: 'idle' }));
    expect(JSON.parse(store.entries.get('session_state')!).user.name).toBe('Carlotta');
  });

  it('ends a stored session the API no longer accepts, and forgets it', async () => {
    const store = memoryStore({ ...storedEntries(companyLogin), access_token: 'revoked', language: 'en' });
    const { reach } = start(store);
    await reach('signedOut');
    expect([...store.entries.keys()]).toEqual(['language']);
  });

  it('discards a corrupt stored session', async () => {
    const store = memoryStore({ access_token: 'x', session_state: '{not json' });
    const { reach } = start(store);
    await reach('signedOut');
    expect(store.entries.size).toBe(0);
  });

  it('logs in, stores the session, and clears it all on logout even when the call fails', async () => {
    const store = memoryStore();
    const { actors, signedIn, reach } = start(store);
    const { queryClient } = await signedIn();
    await reach('signedOut');
    actors.session.send({ type: 'session.login', email: 'global@example.com', password: 'secret' });
    await reach('signedIn');
    expect(store.entries.get('access_token')).toBe(globalLogin.token);
    expect(JSON.parse(store.entries.get('session_state')!)).toEqual(stored(globalLogin).state);

    queryClient.setQueryData(['tenants'], ['Acme']);
    logoutStatus = 500;
    actors.session.send({ type: 'session.logout' });
    await reach('signedOut');
    logoutStatus = 204;
    expect(store.entries.size).toBe(0);
    expect(queryClient.getQueryData(['tenants'])).toBeUndefined();
  });

  it('works for the tab when the browser refuses access to its storage: signed out at start, then signed in and listing', async () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const { actors, signedIn, reach } = start({ getItem: refuse, setItem: refuse, removeItem: refuse });
    await reach('signedOut');
    actors.session.send({ type: 'session.login', email: 'global@example.com', password: 'secret' });
    await reach('signedIn');
    const { machines } = await signedIn();
    const list = createActor(machines.resources.companies.list, { input: { allowedSorts: ['name'] } }).start();
    await waitFor(list, (snapshot) => snapshot.matches({ ready: 'withData' }));
    expect(listRequests.at(-1)?.token).toBe(globalLogin.token);
  });

  it('starts in the browser language and stores a switch', async () => {
    const store = memoryStore();
    const { i18n } = start(store);
    expect(i18n.language).toBe('it');
    await i18n.changeLanguage('en');
    expect(store.entries.get('language')).toBe('en');
  });
});

describe('the resources wired to an API', () => {
  it('lists through the cache with the bearer token', async () => {
    validTokens.add(companyLogin.token);
    const { signedIn } = start(memoryStore(storedEntries(companyLogin)));
    const { machines, queryClient } = await signedIn();
    const list = createActor(machines.resources.companies.list, { input: { allowedSorts: ['name'], query: { sortBy: 'name' } } }).start();
    await waitFor(list, (snapshot) => snapshot.matches({ ready: 'withData' }));
    expect(list.getSnapshot().context.items).toEqual([{ id: 'c1', name: 'Bianchi Srl' }]);
    expect(listRequests.at(-1)).toEqual({ url: '/api/companies?page=1&pageSize=10&sortBy=name&sortOrder=asc', token: companyLogin.token });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['companies'] })).toHaveLength(1);
  });

  it('comes back to the root admin: the assumed token revoked, the root session stored, the cache empty', async () => {
    validTokens.add(globalLogin.token);
    validTokens.add(assumedLogin.token);
    const store = memoryStore({ ...storedEntries(assumedLogin), root_session: JSON.stringify(stored(globalLogin)) });
    const { actors, signedIn } = start(store);
    const { queryClient } = await signedIn();
    await waitFor(actors.session, (snapshot) => snapshot.matches({ signedIn: 'idle' }));
    queryClient.setQueryData(['companies', 'list'], ['cached']);
    actors.session.send({ type: 'session.returnToRoot' });
    await waitFor(actors.session, (snapshot) => snapshot.context.rootSession === null && snapshot.matches({ signedIn: 'idle' }));
    expect(loggedOut.at(-1)).toBe(assumedLogin.token);
    expect(store.entries.get('access_token')).toBe(globalLogin.token);
    expect(JSON.parse(store.entries.get('session_state')!)).toEqual(stored(globalLogin).state);
    expect(store.entries.has('root_session')).toBe(false);
    expect(queryClient.getQueryData(['companies', 'list'])).toBeUndefined();
  });
});
