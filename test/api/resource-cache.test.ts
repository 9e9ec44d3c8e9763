import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/api/query-client';
import { cacheResourceApi, FRESH_FOR_MS } from '../../src/api/resource-cache';
import type { ResourceApi } from '../../src/api/resources';
import type { ListRequest } from '../../src/domain/resource';

const request = (page: number): ListRequest => ({ query: { page, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' }, filters: {} });
const record = { id: 'c1', createdAt: '', updatedAt: '', version: 1 };

function cached() {
  const api = {
    list: vi.fn(async ({ query }: ListRequest) => ({
      items: [{ ...record, id: `page-${query.page}` }],
      total: 30,
      totalIsEstimate: false,
    })),
    get: vi.fn(async () => record),
    create: vi.fn(async () => record),
    update: vi.fn(async () => record),
    remove: vi.fn(async () => {}),
  } satisfies ResourceApi;
  const queryClient = createQueryClient();
  return { api, queryClient, companies: cacheResourceApi(api, queryClient, 'companies') };
}

const fresh = { reload: false };

describe('resource cache', () => {
  it('answers a page or a record fetched moments ago without a call, each page on its own', async () => {
    const { api, companies } = cached();
    await companies.list(request(1), fresh);
    await companies.list(request(2), fresh);
    expect(await companies.list(request(1), fresh)).toMatchObject({ items: [{ id: 'page-1' }] });
    await companies.get('c1', fresh);
    await companies.get('c1', fresh);
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it(`asks again after ${FRESH_FOR_MS} ms, or at once when told to reload`, async () => {
    vi.useFakeTimers();
    try {
      const { api, companies } = cached();
      await companies.list(request(1), fresh);
      await companies.list(request(1), { reload: true });
      expect(api.list).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(FRESH_FOR_MS + 1);
      await companies.list(request(1), fresh);
      expect(api.list).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['a create', (companies: ReturnType<typeof cached>['companies']) => companies.create({ name: 'Acme' })],
    ['an update', (companies: ReturnType<typeof cached>['companies']) => companies.update('c1', { name: 'Acme', version: 1 })],
    ['a delete', (companies: ReturnType<typeof cached>['companies']) => companies.remove('c1')],
  ])('makes the next read of lists and records ask the API after %s', async (_, write) => {
    const { api, companies } = cached();
    await companies.list(request(1), fresh);
    await companies.get('c1', fresh);
    await write(companies);
    await companies.list(request(1), fresh);
    await companies.get('c1', fresh);
    expect(api.list).toHaveBeenCalledTimes(2);
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  it('makes the next read ask the API after a failed write too (a conflict means the copy is stale)', async () => {
    const { api, companies } = cached();
    api.update.mockRejectedValueOnce({ kind: 'http', status: 409 });
    await companies.get('c1', fresh);
    await expect(companies.update('c1', { version: 1 })).rejects.toEqual({ kind: 'http', status: 409 });
    await companies.get('c1', fresh);
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  it("leaves other resources' data alone", async () => {
    const { api, queryClient, companies } = cached();
    const users = cacheResourceApi(api, queryClient, 'users');
    await users.list(request(1), fresh);
    await companies.create({ name: 'Acme' });
    await users.list(request(1), fresh);
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
