import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../../server/app';
import { videoFrameSource } from '../../../server/http/security-headers';
import { bearer, demo, signIn, useTestApp, writeConsoleFiles } from '../../support/server/harness';

const videoServiceUrl = 'http://{tenant}.localhost:3001';
const testApp = useTestApp({ videoServiceUrl });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The console's policy, directive by directive. */
function policyOf(response: LightMyRequestResponse): Record<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

/** What every answer of the server carries, whatever its route and status. */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const policy = policyOf(response);
  expect(policy, what).toMatchObject({
    'default-src': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src': "'self' 'unsafe-inline'",
    'connect-src': "'self'",
    'frame-src': 'http://*.localhost:3001',
    'object-src': "'none'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
  });
  expect(Object.values(policy).join(' '), what).not.toContain('unsafe-eval');
  expect(policy['script-src'], what).not.toContain('unsafe-inline');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['strict-transport-security'], `${what}: plain http`).toBeUndefined();
  expect(response.headers['x-powered-by'], what).toBeUndefined();
}

function expectApiHeaders(response: LightMyRequestResponse, what: string) {
  expectSecurityHeaders(response, what);
  expect(response.headers['cache-control'], what).toBe('no-store');
}

interface Operation {
  method: Method;
  url: string;
}

/** Every operation of `GET /api/docs`, its path parameters filled with an id that exists nowhere. */
async function documentedOperations(app: App): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, object> }>();
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase() as Method,
      url: template.replace(/\{[^}]+\}/g, () => randomUUID()),
    })),
  );
}

describe('security headers on every answer', () => {
  let operations: Operation[];
  let token: string;

  beforeAll(async () => {
    operations = await documentedOperations(testApp.app);
    token = (await signIn(testApp.app, demo.companyAdmin)).token;
  });

  it('covers every route of the OpenAPI document', () => {
    const routes = new Set(operations.map(({ method, url }) => `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')}`));
    expect(routes.size).toBeGreaterThan(30);
    expect(routes).toContain('POST /api/auth/login');
    expect(routes).toContain('GET /api/health');
    expect(routes).toContain('PUT /api/training-plans/:id/modules/:id/items/order');
  });

  it('are sent by every documented route, to anonymous and signed-in callers alike', async () => {
    const statuses = new Set<number>();
    for (const { method, url } of operations) {
      for (const headers of [{}, bearer(token)]) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        const response = await testApp.app.inject({ method, url, headers, ...(payload && { payload }) });
        statuses.add(response.statusCode);
        expectApiHeaders(response, `${method} ${url} → ${response.statusCode}`);
      }
    }
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 403, 404]));
  });

  it('are sent with the OpenAPI document itself', async () => {
    expectApiHeaders(await testApp.app.inject({ method: 'GET', url: '/api/docs' }), 'GET /api/docs');
  });

  it('are sent with 404s, malformed or oversized bodies, wrong content types and 500s', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['unknown API route', await testApp.app.inject({ method: 'GET', url: '/api/nope' })],
      ['unknown page', await testApp.app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } })],
      [
        'malformed JSON',
        await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      ],
      [
        'body over 1 MiB',
        await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'x' }),
        }),
      ],
      [
        'text body',
        await testApp.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' }),
      ],
    ];
    expect(answers.map(([, response]) => response.statusCode)).toEqual([404, 404, 400, 413, 415]);
    for (const [what, response] of answers) expectApiHeaders(response, what);
  });

  it('are sent with a 500 when the database is gone', async () => {
    const client = await testApp.database.open();
    const app = await buildApp({ db: client.db, videoServiceUrl });
    await client.close();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('any-token') });

      expect(response.statusCode).toBe(500);
      expectApiHeaders(response, '500');
    } finally {
      await app.close();
    }
  });
});

/** The headers only a document reads: a static file is sent without them. */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers of the console', () => {
  let staticDir: string;
  let app: App;

  beforeAll(async () => {
    staticDir = await writeConsoleFiles();
    app = await buildApp({ db: testApp.db, staticDir, videoServiceUrl });
  });
  afterAll(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('are sent with the page, on every console route; the page is never no-store', async () => {
    for (const url of ['/', '/index.html', '/login', '/companies?page=2', '/training-plans/1/modules/2']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expectSecurityHeaders(response, url);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a static file keeps what protects it (nosniff, its caching, its resource policy) and not what only a document reads', async () => {
    for (const [url, cacheControl] of [
      ['/assets/app-1234.js', 'public, max-age=31536000, immutable'],
      ['/favicon.svg', 'no-cache'],
    ] as const) {
      for (const headers of [{}, { accept: 'text/html' }, { 'accept-encoding': 'br, gzip' }]) {
        const response = await app.inject({ method: 'GET', url, headers });
        const what = `${url} ${JSON.stringify(headers)}`;

        expect(response.statusCode, what).toBe(200);
        expect(response.headers['x-content-type-options'], what).toBe('nosniff');
        expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin');
        expect(response.headers['cache-control'], what).toBe(cacheControl);
        expect(response.headers['x-powered-by'], what).toBeUndefined();
        for (const name of documentOnlyHeaders) expect(response.headers[name], `${what}: ${name}`).toBeUndefined();
      }
    }
  });

  it('a file missing from the build is a 404 with every header of an API answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-0000.js' });

    expect(response.statusCode).toBe(404);
    expectApiHeaders(response, '/assets/missing-0000.js');
  });
});

describe('Strict-Transport-Security', () => {
  const hstsOf = async (options: Partial<AppOptions>, headers: Record<string, string>) => {
    const app = await buildApp({ db: testApp.db, ...options });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress: '127.0.0.1' });
      return response.headers['strict-transport-security'];
    } finally {
      await app.close();
    }
  };
  const https = { 'x-forwarded-proto': 'https' };

  it('is sent when a trusted proxy says the console is served over TLS', async () => {
    expect(await hstsOf({ trustProxy: true }, https)).toBe('max-age=31536000; includeSubDomains');
    expect(await hstsOf({ trustProxy: 'loopback' }, https)).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain http, nor on the word of a proxy that is not trusted', async () => {
    expect(await hstsOf({ trustProxy: true }, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hstsOf({}, https)).toBeUndefined();
    expect(await hstsOf({ trustProxy: '10.0.0.0/8' }, https)).toBeUndefined();
  });

  it('follows the HSTS setting: always, or never', async () => {
    expect(await hstsOf({ hsts: 'always' }, {})).toBe('max-age=31536000; includeSubDomains');
    expect(await hstsOf({ hsts: 'off', trustProxy: true }, https)).toBeUndefined();
  });
});

describe('the frames the console may show', () => {
  it('are the video service pages, whatever tenant the template puts in the address', () => {
    expect(videoFrameSource('http://{tenant}.localhost:3001')).toBe('http://*.localhost:3001');
    expect(videoFrameSource('https://{tenant}.video.example.com')).toBe('https://*.video.example.com');
    expect(videoFrameSource('https://video-{tenant}.cdn.example.com/player')).toBe('https://*.cdn.example.com');
    expect(videoFrameSource('https://video.example.com/{tenant}/')).toBe('https://video.example.com');
    expect(videoFrameSource(undefined)).toBe("'none'");
  });

  it('follow a video service known only once it listens', async () => {
    let started: string | undefined;
    const app = await buildApp({ db: testApp.db, videoServiceUrl: () => started });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/health' });
      started = 'http://{tenant}.localhost:41234';
      const after = await app.inject({ method: 'GET', url: '/api/health' });

      expect(policyOf(before)['frame-src']).toBe("'none'");
      expect(policyOf(after)['frame-src']).toBe('http://*.localhost:41234');
    } finally {
      await app.close();
    }
  });
});
