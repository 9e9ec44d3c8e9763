import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/api/http';
import { createResourceApi } from '../../src/api/resources';

interface Received {
  method: string;
  url: string;
  body: unknown;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];
let answer: { status: number; body?: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, body: body ? JSON.parse(body) : undefined });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const companiesApi = () => {
  received.length = 0;
  const onUnauthorized = vi.fn();
  return createResourceApi(createHttpClient({ prefixUrl: baseUrl, getToken: () => 'token-1', onUnauthorized }), 'companies');
};

const query = { page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' } as const;

describe('resource calls', () => {
  it('list with page, size and order, leaving out an unset sort and an empty search', async () => {
    answer = { status: 200, body: { items: [], total: 0, totalIsEstimate: false } };
    const api = companiesApi();
    expect(await api.list({ query, filters: {} })).toEqual({ items: [], total: 0, totalIsEstimate: false });
    await api.list({
      query: { page: 2, pageSize: 25, sortBy: 'name', sortOrder: 'desc', search: 'acme & co' },
      filters: { tenantId: 't1' },
    });
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/companies?page=1&pageSize=10&sortOrder=asc',
      'GET /api/companies?page=2&pageSize=25&sortBy=name&sortOrder=desc&search=acme+%26+co&tenantId=t1',
    ]);
  });

  it('read, create, update and delete one record', async () => {
    const api = companiesApi();
    answer = { status: 200, body: { id: 'c/1', name: 'Acme' } };
    expect(await api.get('c/1')).toEqual({ id: 'c/1', name: 'Acme' });
    answer = { status: 201, body: { id: 'c2' } };
    await api.create({ name: 'Beta' });
    answer = { status: 200, body: { id: 'c2', version: 2 } };
    await api.update('c2', { name: 'Beta', version: 1 });
    answer = { status: 204 };
    await expect(api.remove('c2')).resolves.toBeUndefined();
    expect(received).toEqual([
      { method: 'GET', url: '/api/companies/c%2F1', body: undefined },
      { method: 'POST', url: '/api/companies', body: { name: 'Beta' } },
      { method: 'PUT', url: '/api/companies/c2', body: { name: 'Beta', version: 1 } },
      { method: 'DELETE', url: '/api/companies/c2', body: undefined },
    ]);
  });

  it('fail with the status and the field errors of the answer', async () => {
    answer = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Stale', errors: [{ field: 'version', message: 'changed by someone else' }] },
    };
    await expect(companiesApi().update('c1', { version: 1 })).rejects.toEqual({
      kind: 'http',
      status: 409,
      message: 'Stale',
      errors: [{ field: 'version', message: 'changed by someone else' }],
    });
  });
});
