import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthApi } from '../../src/api/auth';
import { call, createHttpClient, DEFAULT_TIMEOUT_MS, type HttpClientOptions } from '../../src/api/http';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

let arrived: () => void = () => {};
const routes: Record<string, Handler> = {
  'GET /api/echo': (request, _body, response) =>
    sendJson(response, 200, { authorization: request.headers.authorization ?? null, accept: request.headers.accept }),
  'POST /api/echo': (request, body, response) =>
    sendJson(response, 200, { contentType: request.headers['content-type'], body: JSON.parse(body) }),
  'GET /api/hang': () => arrived(),
  'GET /api/not-json': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"half":');
  },
  'GET /api/missing': (_request, _body, response) =>
    sendJson(response, 404, { statusCode: 404, error: 'Not Found', message: 'Company not found' }),
  'GET /api/broken': (_request, _body, response) =>
    sendJson(response, 500, { statusCode: 500, error: 'Internal Server Error', message: 'Something broke' }),
  'GET /api/plain-error': (_request, _body, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<h1>Bad gateway</h1>');
  },
  'POST /api/invalid': (_request, _body, response) =>
    sendJson(response, 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/email must match format "email"',
      errors: [{ field: 'email', message: 'must match format "email"' }],
    }),
  'GET /api/throttled-seconds': (_request, _body, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '90' });
    response.end(
      JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Too many failed sign-in attempts. Try again later.' }),
    );
  },
  'GET /api/throttled-date': (_request, _body, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' });
    response.end(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Later' }));
  },
  'GET /api/throttled-nonsense': (_request, _body, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': 'soon' });
    response.end(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Later' }));
  },
  'POST /api/auth/login': (_request, body, response) => {
    const { email } = JSON.parse(body) as { email: string };
    if (email !== 'root@example.com')
      return sendJson(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    sendJson(response, 200, { token: 'token-1', user: { id: 'u1', name: 'Root' } });
  },
  'POST /api/auth/logout': (_request, body, response) => {
    response.writeHead(JSON.parse(body).token === 'token-1' ? 204 : 401);
    response.end();
  },
  'GET /api/users/me': (request, _body, response) =>
    request.headers.authorization === 'Bearer token-1'
      ? sendJson(response, 200, { user: { id: 'u1', name: 'Root' } })
      : sendJson(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' }),
};

let server: Server;
let baseUrl: string;
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const route = routes[`${request.method} ${request.url}`];
      if (route) route(request, body, response);
      else sendJson(response, 404, { statusCode: 404, error: 'Not Found', message: 'No route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterEach(() => {
  vi.useRealTimers();
  for (const response of open) response.destroy();
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(options: Partial<HttpClientOptions> = {}) {
  const onUnauthorized = vi.fn();
  let token: string | null = null;
  const http = createHttpClient({ prefixUrl: baseUrl, getToken: () => token, onUnauthorized, ...options });
  return { http, onUnauthorized, setToken: (value: string | null) => (token = value) };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (failure: unknown) => failure,
  );

describe('HTTP client', () => {
  it('sends no Authorization header without a stored token', async () => {
    const { http } = client();
    expect(await call(http.get('echo'))).toEqual({ authorization: null, accept: 'application/json' });
  });

  it('sends the stored token as a bearer', async () => {
    const { http, setToken } = client();
    setToken('abc');
    expect(await call(http.get('echo'))).toMatchObject({ authorization: 'Bearer abc' });
  });

  it('sends JSON bodies as application/json', async () => {
    const { http } = client();
    expect(await call(http.post('echo', { json: { name: 'Acme' } }))).toEqual({
      contentType: 'application/json',
      body: { name: 'Acme' },
    });
  });

  it('answers TIMEOUT_ERROR when the server is slower than the timeout', async () => {
    const { http } = client({ timeout: 50 });
    expect(await failureOf(call(http.get('hang')))).toEqual({ kind: 'timeout', status: 'TIMEOUT_ERROR' });
  });

  it('waits 30000 ms by default', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { http } = client();
    const reachedServer = new Promise<void>((resolve) => (arrived = resolve));
    let settled = false;
    const failure = failureOf(call(http.get('hang'))).finally(() => (settled = true));
    await reachedServer;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toEqual({ kind: 'timeout', status: 'TIMEOUT_ERROR' });
  });

  it('answers FETCH_ERROR when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { http } = client({ prefixUrl: `http://127.0.0.1:${port}/api/` });
    expect(await failureOf(call(http.get('echo')))).toEqual({ kind: 'network', status: 'FETCH_ERROR' });
  });

  it('answers PARSING_ERROR for a 2xx body that is not JSON', async () => {
    const { http } = client();
    expect(await failureOf(call(http.get('not-json')))).toEqual({ kind: 'parse', status: 'PARSING_ERROR' });
  });

  it.each([
    ['missing', 404, 'Company not found'],
    ['broken', 500, 'Something broke'],
  ])('answers the status and the server message for %s', async (path, status, message) => {
    const { http } = client();
    expect(await failureOf(call(http.get(path)))).toEqual({ kind: 'http', status, message });
  });

  it('answers the field errors of a 400', async () => {
    const { http } = client();
    expect(await failureOf(call(http.post('invalid', { json: {} })))).toEqual({
      kind: 'http',
      status: 400,
      message: 'body/email must match format "email"',
      errors: [{ field: 'email', message: 'must match format "email"' }],
    });
  });

  it('answers when a refused call may be tried again, from Retry-After in seconds or as a date', async () => {
    const { http } = client();
    const before = Date.now();
    const inSeconds = await failureOf(call(http.get('throttled-seconds')));
    const after = Date.now();

    expect(inSeconds).toEqual({
      kind: 'http',
      status: 429,
      message: 'Too many failed sign-in attempts. Try again later.',
      retryAt: expect.any(Number),
    });
    const { retryAt } = inSeconds as { retryAt: number };
    expect(retryAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(retryAt).toBeLessThanOrEqual(after + 90_000);
    expect(await failureOf(call(http.get('throttled-date')))).toMatchObject({ retryAt: Date.parse('2026-10-21T07:28:00Z') });
    expect(await failureOf(call(http.get('throttled-nonsense')))).toEqual({ kind: 'http', status: 429, message: 'Later' });
  });

  it('answers only the status when the error body is not JSON', async () => {
    const { http } = client();
    expect(await failureOf(call(http.get('plain-error')))).toEqual({ kind: 'http', status: 502 });
  });
});

describe('auth endpoints', () => {
  it('logs in and reads the answer', async () => {
    const { http } = client();
    const auth = createAuthApi(http);
    expect(await auth.login({ email: 'root@example.com', password: 'secret' })).toMatchObject({ token: 'token-1' });
  });

  it('reports wrong credentials without ending the session', async () => {
    const { http, onUnauthorized } = client();
    const auth = createAuthApi(http);
    expect(await failureOf(auth.login({ email: 'nobody@example.com', password: 'x' }))).toEqual({
      kind: 'http',
      status: 401,
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls onUnauthorized when another call answers 401', async () => {
    const { http, onUnauthorized, setToken } = client();
    setToken('revoked');
    expect(await failureOf(call(http.get('users/me')))).toMatchObject({ kind: 'http', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a rejected session check to its caller: the session machine ends the session itself', async () => {
    const { http, onUnauthorized, setToken } = client();
    setToken('revoked');
    expect(await failureOf(createAuthApi(http).me())).toMatchObject({ kind: 'http', status: 401, message: 'Session expired' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reads the signed-in user with the bearer token', async () => {
    const { http, onUnauthorized, setToken } = client();
    setToken('token-1');
    expect(await createAuthApi(http).me()).toEqual({ user: { id: 'u1', name: 'Root' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out with an empty 204 answer', async () => {
    const { http } = client();
    await expect(createAuthApi(http).logout({ token: 'token-1' })).resolves.toBeUndefined();
  });
});
