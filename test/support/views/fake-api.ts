import { vi } from 'vitest';
import type { ResourceApi } from '../../../src/api/resources';
import type { BulkReport, BulkRequest } from '../../../src/domain/bulk';
import type { Failure } from '../../../src/domain/failure';
import type { ListRequest, Page, RecordBody, ResourceName, StoredRecord } from '../../../src/domain/resource';

export type FakeRecord = StoredRecord & Record<string, unknown>;

const notFound: Failure = { kind: 'http', status: 404, message: 'Not found' };
const staleVersion: Failure = {
  kind: 'http',
  status: 409,
  message: 'The record was changed by someone else',
  errors: [{ field: 'version', message: 'changed by someone else' }],
};

const timestamp = '2025-01-01T00:00:00.000Z';

export const record = (id: string, fields: Record<string, unknown>): FakeRecord => ({
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  version: 1,
  ...fields,
});

/**
 * One resource of the API kept in memory, answering like docs/api-contract.md: paging, `sortBy`/`sortOrder`,
 * case-insensitive search on `searchFields`, versions checked on update, creates repeated with their idempotency key
 * answered the first answer. Every call is a spy.
 */
export function fakeResource(initial: FakeRecord[] = [], searchFields: readonly string[] = ['name']) {
  const records = new Map(initial.map((item) => [item.id, item]));
  let created = 0;
  const answered = new Map<string, FakeRecord>();
  const find = async (id: string) => {
    const found = records.get(id);
    if (!found) throw notFound;
    return found;
  };
  const api = {
    list: vi.fn(async ({ query, filters }: ListRequest): Promise<Page<StoredRecord>> => {
      const needle = query.search.toLowerCase();
      const matching = [...records.values()]
        .filter(
          (item) =>
            !needle ||
            searchFields.some((field) =>
              String(item[field] ?? '')
                .toLowerCase()
                .includes(needle),
            ),
        )
        .filter((item) => Object.entries(filters).every(([field, value]) => item[field] === value));
      if (query.sortBy) {
        const sortBy = query.sortBy;
        const direction = query.sortOrder === 'desc' ? -1 : 1;
        matching.sort((a, b) => direction * String(a[sortBy]).localeCompare(String(b[sortBy])));
      }
      const start = (query.page - 1) * query.pageSize;
      return { items: matching.slice(start, start + query.pageSize), total: matching.length, totalIsEstimate: false };
    }),
    get: vi.fn(find),
    // A create repeated with its idempotency key answers the first answer, as the API does.
    create: vi.fn(async (body: RecordBody, idempotencyKey?: string | null) => {
      const first = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (first) return first;
      created += 1;
      const item = record(`new-${created}`, body);
      records.set(item.id, item);
      if (idempotencyKey) answered.set(idempotencyKey, item);
      return item;
    }),
    update: vi.fn(async (id: string, { version, ...body }: RecordBody) => {
      const current = await find(id);
      if (version !== current.version) throw staleVersion;
      const item = { ...current, ...body, version: current.version + 1 };
      records.set(id, item);
      return item;
    }),
    remove: vi.fn(async (id: string) => {
      await find(id);
      records.delete(id);
    }),
    // A bulk action on the ids named: each one there succeeds (deleted by `delete`), the others are not found.
    bulk: vi.fn(async (request: BulkRequest): Promise<BulkReport> => {
      const ids = request.ids ?? [];
      const missing = ids.filter((id) => !records.has(id));
      if (request.action === 'delete') for (const id of ids) records.delete(id);
      return {
        action: request.action,
        requested: ids.length,
        succeeded: ids.length - missing.length,
        skipped: missing.map((id) => ({ id, code: 'NOT_FOUND', message: 'Not found' })),
      };
    }),
  } satisfies ResourceApi;
  return { api, records };
}

export type FakeResource = ReturnType<typeof fakeResource>;

/** Every resource in memory: the ones given, and an empty one for each of the others. */
export const fakeResources = (given: Partial<Record<ResourceName, FakeResource>> = {}): Record<ResourceName, FakeResource> => ({
  companies: given.companies ?? fakeResource(),
  tenants: given.tenants ?? fakeResource(),
  users: given.users ?? fakeResource(),
  topics: given.topics ?? fakeResource(),
  contents: given.contents ?? fakeResource(),
  'training-plans': given['training-plans'] ?? fakeResource(),
  quizzes: given.quizzes ?? fakeResource(),
  groups: given.groups ?? fakeResource(),
});
