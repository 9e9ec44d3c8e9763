import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { bearer, demo, signIn, useTestApp, writeConsoleFiles, errorBody } from '../support/server/harness';

const testApp = useTestApp();

describe('health and readiness', () => {
  it('reports the process up', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports ready when the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 STARTING on readiness and the API (health 200) until the start is finished', async () => {
    const app = await buildApp({ db: testApp.db, starting: true });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: demo.root, password: demo.password } });
      const list = await app.inject({ method: 'GET', url: '/api/companies?page=1', headers: bearer('any-token') });
      app.finishStarting();
      const readyAfter = await app.inject({ method: 'GET', url: '/api/ready' });

      expect(health.statusCode).toBe(200);
      expect([ready.statusCode, ready.json().code]).toEqual([503, 'STARTING']);
      for (const refused of [login, list]) {
        expect([refused.statusCode, refused.json().code, refused.headers['retry-after']]).toEqual([503, 'STARTING', '5']);
        expect(refused.headers['content-security-policy']).toBeDefined();
      }
      expect(readyAfter.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('reports 503 from the moment the server drains, and closes the connection of every answer', async () => {
    const app = await buildApp({ db: testApp.db });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/ready' });
      app.startDraining();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });

      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(errorBody(503, 'SHUTTING_DOWN', 'The server is shutting down'));
      expect(health.statusCode).toBe(200);
      expect([ready.headers.connection, health.headers.connection]).toEqual(['close', 'close']);
    } finally {
      await app.close();
    }
  });

  it('reports 503 when the database does not answer', async () => {
    const client = await testApp.database.open();
    const app = await buildApp({ db: client.db });
    await client.close();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    } finally {
      await app.close();
    }
  });
});

describe('unexpected failures', () => {
  it('answers 500 with a generic message that leaks nothing', async () => {
    const client = await testApp.database.open();
    const app = await buildApp({ db: client.db });
    await client.close();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('any-token') });

      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(errorBody(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later.'));
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the API from the route schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const authPaths = ['/api/auth/login', '/api/auth/assume', '/api/auth/logout', '/api/auth/refresh-jwt'];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([...authPaths, '/api/users/me']));
    const loginBody = document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody).toMatchObject({ additionalProperties: false, required: ['email', 'password'] });
  });

  it('documents no query parameter as required: each may be left out (the list defaults say what it then is)', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json();
    type Parameter = { in: string; name: string; required?: boolean; schema?: { default?: unknown } };
    const queryParameters = Object.entries(document.paths as Record<string, Record<string, { parameters?: Parameter[] }>>).flatMap(
      ([path, operations]) =>
        Object.entries(operations).flatMap(([method, operation]) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => ({ at: `${method} ${path}`, ...parameter })),
        ),
    );
    const page = queryParameters.find(({ at, name }) => at === 'get /api/companies' && name === 'page');

    expect(queryParameters.length).toBeGreaterThan(42);
    expect(queryParameters.filter((parameter) => parameter.required).map(({ at, name }) => `${at} ${name}`)).toEqual([]);
    expect(page?.schema?.default).toBe(1);
    // Without any of them the list answers its first page of ten.
    const { token } = await signIn(testApp.app, demo.root);
    const answered = await testApp.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(token) });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().items).toHaveLength(10);
  });
});

describe('serving the console', () => {
  let staticDir: string;
  let app: App;

  beforeAll(async () => {
    staticDir = await writeConsoleFiles();
    app = await buildApp({ db: testApp.db, staticDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves index.html for a console route the browser navigates to', async () => {
    const response = await app.inject({ method: 'GET', url: '/companies?page=2', headers: { accept: 'text/html' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>console</title>');
  });

  it('serves the root and the built assets', async () => {
    const root = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });

    expect(root.body).toContain('<title>console</title>');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API routes with a JSON 404, whatever the client accepts', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept } });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody(404, 'ROUTE_NOT_FOUND', 'Route GET /api/nope not found'));
    }
  });

  it('answers a missing asset with a JSON 404 rather than the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });

    expect(response.statusCode).toBe(404);
  });

  it('answers an unknown API route without a console as JSON 404, before authentication', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/nope', payload: {} });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
