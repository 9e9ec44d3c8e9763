import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttpClient } from '../../src/api/http';
import { createVideoTokens, TOKEN_SAFETY_MARGIN_MS, type VideoTokenOptions } from '../../src/api/video-token';
import { createConsole } from '../../src/app/providers';
import type { SessionState } from '../../src/domain/session';
import { companyLogin, stored } from '../support/fixtures/session';
import { memoryStore } from '../support/memory-store';

const now = Date.parse('2025-06-01T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const serviceUrl = 'http://acme.localhost:3001';

const videoSession = (
  vinapse: { token: string; expiresAt: string } | null,
  config: Partial<SessionState['vinapseConfig']> = {},
): SessionState => ({
  ...stored(companyLogin).state,
  vinapseConfig: { enabled: true, tenantId: 'acme', courseId: 'company-1', serviceUrl, ...config },
  jwtTokens: { vinapse },
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const issueFresh: Handler = (_request, response) =>
  sendJson(response, 200, { success: true, jwtTokens: { vinapse: { token: 'fresh', expiresAt: inMinutes(15) } } });
let refresh = issueFresh;
const calls: Array<{ authorization: string | undefined; body: string; contentLength: string | undefined }> = [];
let server: Server;
let apiUrl: string;
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/api/auth/refresh-jwt') {
        calls.push({ authorization: request.headers.authorization, body, contentLength: request.headers['content-length'] });
        return refresh(request, response);
      }
      if (request.url === '/api/users/me') return;
      sendJson(response, 404, { statusCode: 404, error: 'Not Found', message: 'No route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterEach(() => {
  refresh = issueFresh;
  calls.length = 0;
  for (const response of open) response.destroy();
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

function tokens(
  session: SessionState | null,
  options: Partial<VideoTokenOptions> & { accessToken?: string | null; timeout?: number } = {},
) {
  const { accessToken = 'access-1', timeout, ...rest } = options;
  const storeToken = vi.fn();
  const onUnauthorized = vi.fn();
  const http = createHttpClient({ prefixUrl: apiUrl, getToken: () => accessToken, onUnauthorized, ...(timeout ? { timeout } : {}) });
  const videoTokens = createVideoTokens({
    http,
    readSession: () => session,
    readAccessToken: () => accessToken,
    storeToken,
    now: () => now,
    ...rest,
  });
  return { ...videoTokens, storeToken, onUnauthorized };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected no token');
    },
    (failure: unknown) => failure,
  );

describe("video token: the session's, refreshed when expired or about to expire", () => {
  it('reuses the session token while it is valid, without a call', async () => {
    const { obtain, storeToken } = tokens(videoSession({ token: 'kept', expiresAt: inMinutes(10) }));
    expect(await obtain()).toEqual({ serviceUrl, courseId: 'company-1', token: 'kept' });
    expect(calls).toEqual([]);
    expect(storeToken).not.toHaveBeenCalled();
  });

  it('refreshes an expired token with the bearer of the access token and an empty body, and stores the new one', async () => {
    const { obtain, storeToken } = tokens(videoSession({ token: 'old', expiresAt: inMinutes(-1) }));
    expect(await obtain()).toEqual({ serviceUrl, courseId: 'company-1', token: 'fresh' });
    expect(calls).toEqual([{ authorization: 'Bearer access-1', body: '', contentLength: '0' }]);
    expect(storeToken).toHaveBeenCalledWith({ token: 'fresh', expiresAt: inMinutes(15) });
  });

  it('refreshes a token about to expire, and a session without one', async () => {
    const margin = TOKEN_SAFETY_MARGIN_MS / 60_000;
    expect((await tokens(videoSession({ token: 'old', expiresAt: inMinutes(margin * 0.9) })).obtain()).token).toBe('fresh');
    expect((await tokens(videoSession({ token: 'kept', expiresAt: inMinutes(margin * 2) })).obtain()).token).toBe('kept');
    expect((await tokens(videoSession(null)).obtain()).token).toBe('fresh');
    expect((await tokens(videoSession({ token: 'odd', expiresAt: 'not a date' })).obtain()).token).toBe('fresh');
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['not enabled', { enabled: false }],
    ['no video tenant', { tenantId: null }],
    ['no course', { courseId: null }],
    ['no service URL', { serviceUrl: null }],
    ['a service URL from before it existed', { serviceUrl: undefined }],
    ['a service URL that is no http(s) URL', { serviceUrl: 'javascript:alert(1)' }],
    ['a video tenant that is no DNS label', { tenantId: '127.0.0.1:3299/x#' }],
    ['a video tenant with upper case', { tenantId: 'Acme' }],
  ])('says the configuration is unavailable with %s', async (_, config) => {
    const { obtain } = tokens(videoSession({ token: 'kept', expiresAt: inMinutes(10) }, config));
    expect(await failureOf(obtain())).toEqual({ kind: 'configurationUnavailable' });
    expect(calls).toEqual([]);
  });

  it('says the configuration is unavailable without a session', async () => {
    expect(await failureOf(tokens(null).obtain())).toEqual({ kind: 'configurationUnavailable' });
  });

  it('says token authentication is unavailable without an access token', async () => {
    const { obtain } = tokens(videoSession(null), { accessToken: null });
    expect(await failureOf(obtain())).toEqual({ kind: 'tokenUnavailable' });
    expect(calls).toEqual([]);
  });

  it("gives the server's words when it refuses the refresh", async () => {
    refresh = (_request, response) =>
      sendJson(response, 409, {
        statusCode: 409,
        success: false,
        error: 'Conflict',
        message: 'No video service is configured for this account',
      });
    const { obtain, storeToken } = tokens(videoSession(null));
    expect(await failureOf(obtain())).toEqual({ kind: 'refreshFailed', message: 'No video service is configured for this account' });
    expect(storeToken).not.toHaveBeenCalled();
  });

  it("gives the answer's error when it says success: false", async () => {
    refresh = (_request, response) =>
      sendJson(response, 200, { success: false, jwtTokens: { vinapse: null }, error: 'Video tenant suspended' });
    expect(await failureOf(tokens(videoSession(null)).obtain())).toEqual({ kind: 'refreshFailed', message: 'Video tenant suspended' });
  });

  it.each([
    [
      'a 500 without a message',
      (_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(500);
        response.end();
      },
    ],
    [
      'an answer without a token',
      (_request: IncomingMessage, response: ServerResponse) => sendJson(response, 200, { success: true, jwtTokens: { vinapse: null } }),
    ],
    [
      'an unreadable answer',
      (_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"success":');
      },
    ],
  ])("falls back to 'Refresh token failed' on %s", async (_, handler) => {
    refresh = handler;
    expect(await failureOf(tokens(videoSession(null)).obtain())).toEqual({ kind: 'refreshFailed' });
  });

  it('says the request timed out or was cancelled', async () => {
    refresh = () => {};
    expect(await failureOf(tokens(videoSession(null), { timeout: 50 }).obtain())).toEqual({ kind: 'aborted' });
    const controller = new AbortController();
    const cancelled = failureOf(tokens(videoSession(null)).obtain(controller.signal));
    await vi.waitFor(() => expect(calls.length).toBe(2));
    controller.abort();
    expect(await cancelled).toEqual({ kind: 'aborted' });
  });

  it('reports an ended session (401) to the session, as every call does', async () => {
    refresh = (_request, response) => sendJson(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' });
    const { obtain, onUnauthorized } = tokens(videoSession(null));
    expect(await failureOf(obtain())).toEqual({ kind: 'refreshFailed', message: 'Session expired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('video token in the console', () => {
  it('keeps a refreshed token in the session (and its storage), then reuses it', async () => {
    refresh = (_request, response) =>
      sendJson(response, 200, {
        success: true,
        jwtTokens: { vinapse: { token: 'fresh', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() } },
      });
    const state = videoSession(null);
    const store = memoryStore({ access_token: 'access-1', session_state: JSON.stringify(state) });
    const { actors, signedIn } = createConsole({ store, apiUrl, browserLanguages: ['en'] });
    const { machines } = await signedIn();
    await waitFor(actors.session, (snapshot) => snapshot.matches('signedIn'));
    const player = createActor(machines.video.player).start();
    await waitFor(player, (snapshot) => snapshot.matches('ready'));
    expect(player.getSnapshot().context.access).toEqual({ serviceUrl, courseId: 'company-1', token: 'fresh' });
    expect(actors.session.getSnapshot().context.session?.state.jwtTokens.vinapse?.token).toBe('fresh');
    expect(JSON.parse(store.entries.get('session_state')!).jwtTokens.vinapse.token).toBe('fresh');
    const again = createActor(machines.video.player).start();
    await waitFor(again, (snapshot) => snapshot.matches('ready'));
    expect(calls).toHaveLength(1);
  });
});
