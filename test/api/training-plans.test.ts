import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/api/http';
import { createQueryClient } from '../../src/api/query-client';
import { cacheResourceApi } from '../../src/api/resource-cache';
import {
  ALL_ROWS,
  cacheTrainingPlanApis,
  createTrainingPlanApis,
  type OrderedResourceApi,
  type TrainingPlanApis,
} from '../../src/api/training-plans';

interface Received {
  method: string;
  url: string;
  body: unknown;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, body: body ? JSON.parse(body) : undefined });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ items: [], total: 0, totalIsEstimate: false }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const apis = () => {
  received.length = 0;
  return createTrainingPlanApis(createHttpClient({ prefixUrl: baseUrl, getToken: () => 'token-1', onUnauthorized: vi.fn() }));
};

describe('modules and items over HTTP', () => {
  it("calls a plan's modules and a module's items under their parents", async () => {
    const { modules, items } = apis();
    await modules('plan 1').list(ALL_ROWS);
    await modules('p1').create({ title: 'Welcome' });
    await items('p1', 'm1').update('i1', { title: 'Intro', type: 'QUIZ', contentId: null, version: 2 });
    await items('p1', 'm1').remove('i1');
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/training-plans/plan%201/modules?page=1&pageSize=100&sortOrder=asc',
      'POST /api/training-plans/p1/modules',
      'PUT /api/training-plans/p1/modules/m1/items/i1',
      'DELETE /api/training-plans/p1/modules/m1/items/i1',
    ]);
  });

  it('saves a new order in one request with every id', async () => {
    const { modules, items } = apis();
    await modules('p1').reorder(['m2', 'm1']);
    await items('p1', 'm1').reorder(['i2', 'i1']);
    expect(received).toEqual([
      { method: 'PUT', url: '/api/training-plans/p1/modules/order', body: { moduleIds: ['m2', 'm1'] } },
      { method: 'PUT', url: '/api/training-plans/p1/modules/m1/items/order', body: { itemIds: ['i2', 'i1'] } },
    ]);
  });
});

const fakeOrdered = (): OrderedResourceApi => ({
  list: vi.fn(async () => ({ items: [], total: 0, totalIsEstimate: false })),
  get: vi.fn(async (id: string) => ({ id, createdAt: '', updatedAt: '', version: 1, order: 1 })),
  create: vi.fn(async () => ({ id: 'new', createdAt: '', updatedAt: '', version: 1, order: 1 })),
  update: vi.fn(async (id: string) => ({ id, createdAt: '', updatedAt: '', version: 2, order: 1 })),
  remove: vi.fn(async () => {}),
  reorder: vi.fn(async () => {}),
});

function cached() {
  const modulesApi = fakeOrdered();
  const itemsApi = fakeOrdered();
  const plansApi = fakeOrdered();
  // The fakes answer bare ordered rows: what the cache does with them does not depend on a module's or an item's fields.
  const fakes = { modules: () => modulesApi, items: () => itemsApi } as unknown as TrainingPlanApis;
  const queryClient = createQueryClient();
  const nested = cacheTrainingPlanApis(fakes, queryClient);
  const plans = cacheResourceApi(plansApi, queryClient, 'training-plans');
  const readAll = async () => {
    await plans.list(ALL_ROWS, { reload: false });
    await plans.get('p1', { reload: false });
    await nested.modules('p1').listAll({ reload: false });
    await nested.items('p1', 'm1').listAll({ reload: false });
  };
  return { modulesApi, itemsApi, plansApi, nested, readAll };
}

describe('modules and items through the query cache', () => {
  it('serves rows read moments ago without a call', async () => {
    const { modulesApi, readAll } = cached();
    await readAll();
    await readAll();
    expect(modulesApi.list).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a reorder', (nested: ReturnType<typeof cached>['nested']) => nested.modules('p1').reorder(['m1'])],
    ['a create', (nested: ReturnType<typeof cached>['nested']) => nested.modules('p1').create({ title: 'x' })],
    ['a delete', (nested: ReturnType<typeof cached>['nested']) => nested.modules('p1').remove('m1')],
  ])("makes the plan's modules, and the plans (list and record), be asked for again after %s of a module", async (_, write) => {
    const { modulesApi, itemsApi, plansApi, nested, readAll } = cached();
    await readAll();
    await write(nested);
    await readAll();
    expect(modulesApi.list).toHaveBeenCalledTimes(2);
    expect(plansApi.list).toHaveBeenCalledTimes(2);
    expect(plansApi.get).toHaveBeenCalledTimes(2);
    expect(itemsApi.list).toHaveBeenCalledTimes(1);
  });

  it("makes the module's items and the plan's modules (their item counts) be asked for again after an item changes", async () => {
    const { modulesApi, itemsApi, plansApi, nested, readAll } = cached();
    await readAll();
    await nested.items('p1', 'm1').reorder(['i1']);
    await readAll();
    expect(itemsApi.list).toHaveBeenCalledTimes(2);
    expect(modulesApi.list).toHaveBeenCalledTimes(2);
    expect(plansApi.get).toHaveBeenCalledTimes(1);
  });

  it('invalidates even when the write fails', async () => {
    const { modulesApi, nested, readAll } = cached();
    vi.mocked(modulesApi.reorder).mockRejectedValueOnce({ kind: 'http', status: 400 });
    await readAll();
    await expect(nested.modules('p1').reorder(['m1'])).rejects.toEqual({ kind: 'http', status: 400 });
    await readAll();
    expect(modulesApi.list).toHaveBeenCalledTimes(2);
  });
});
