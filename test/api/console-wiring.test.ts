import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { KeyValueStore } from '../../src/api/storage';
import { createConsole } from '../../src/app/providers';
import { companyLogin, globalLogin, meAnswer, stored } from '../machines/session-fixtures';
import { memoryStore } from './memory-store';

/** The console's real wiring (HTTP client, storage port, session machine, query cache) against a small fake API. */
const validTokens = new Set<string>();
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
      if (request.url === '/api/auth/logout') {
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
  const reach = (state: 'signedOut' | 'signedIn') => waitFor(runtime.actors.session, (snapshot) => snapshot.matches(state) && !snapshot.hasTag('busy'));
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
    const { actors, queryClient, reach } = start(store);
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

  it('starts in the browser language and stores a switch', async () => {
    const store = memoryStore();
    const { i18n } = start(store);
    expect(i18n.language).toBe('it');
    await i18n.changeLanguage('en');
    expect(store.entries.get('language')).toBe('en');
  });
});
