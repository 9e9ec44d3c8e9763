import { vi } from 'vitest';
import type { OrderedResourceApi, TrainingPlanApis } from '../../../src/api/training-plans';
import type { Failure } from '../../../src/domain/failure';
import type { ListRequest, Page, RecordBody } from '../../../src/domain/resource';
import { record, type FakeRecord } from './fake-api';

const notFound: Failure = { kind: 'http', status: 404, message: 'Not found' };
const notEveryId: Failure = { kind: 'http', status: 400, message: 'The new order must list every row once' };

type Row = FakeRecord & { order: number };

/**
 * Rows ordered by hand under a parent, kept in memory and answering like docs/api-contract.md: every row in
 * `order`, new rows last, `PUT …/order` with exactly the parent's ids, gaps closed after a delete.
 * The calls are spies that take the parent's id first.
 */
function orderedTable(parentField: string, initial: FakeRecord[], show: (row: Row) => Row = (row) => row) {
  const records = new Map(initial.map((row) => [row.id, row as Row]));
  let created = 0;
  const rowsOf = (parentId: string) =>
    [...records.values()].filter((row) => row[parentField] === parentId).sort((a, b) => a.order - b.order);
  const find = async (parentId: string, id: string) => {
    const found = records.get(id);
    if (!found || found[parentField] !== parentId) throw notFound;
    return found;
  };
  const renumber = (rows: Row[]) => rows.forEach((row, index) => records.set(row.id, { ...row, order: index + 1 }));
  const spies = {
    list: vi.fn(async (parentId: string, _request: ListRequest): Promise<Page<Row>> => {
      const rows = rowsOf(parentId).map(show);
      return { items: rows, total: rows.length, totalIsEstimate: false };
    }),
    get: vi.fn(async (parentId: string, id: string) => show(await find(parentId, id))),
    create: vi.fn(async (parentId: string, body: RecordBody) => {
      created += 1;
      const row = record(`${parentField}-${parentId}-new-${created}`, {
        ...body,
        [parentField]: parentId,
        order: rowsOf(parentId).length + 1,
      }) as Row;
      records.set(row.id, row);
      return show(row);
    }),
    update: vi.fn(async (parentId: string, id: string, { version, ...body }: RecordBody) => {
      const current = await find(parentId, id);
      if (version !== current.version)
        throw { kind: 'http', status: 409, errors: [{ field: 'version', message: 'changed by someone else' }] };
      const row = { ...current, ...body, version: current.version + 1 };
      records.set(id, row);
      return show(row);
    }),
    remove: vi.fn(async (parentId: string, id: string) => {
      await find(parentId, id);
      records.delete(id);
      renumber(rowsOf(parentId));
    }),
    reorder: vi.fn(async (parentId: string, ids: readonly string[]) => {
      const rows = rowsOf(parentId);
      if (
        ids.length !== rows.length ||
        [...ids].sort().join() !==
          rows
            .map(({ id }) => id)
            .sort()
            .join()
      )
        throw notEveryId;
      renumber(ids.map((id) => records.get(id)!));
    }),
  };
  const api = (parentId: string): OrderedResourceApi => ({
    list: (request) => spies.list(parentId, request),
    get: (id) => spies.get(parentId, id),
    create: (body) => spies.create(parentId, body),
    update: (id, body) => spies.update(parentId, id, body),
    remove: (id) => spies.remove(parentId, id),
    reorder: (ids) => spies.reorder(parentId, ids),
  });
  const titles = (parentId: string) => rowsOf(parentId).map((row) => row.title);
  return { records, spies, api, titles };
}

/** The modules of plans and the items of modules, in memory; a module's `itemCount` counts its items as they are. */
export function fakeTrainingPlans({ modules = [], items = [] }: { modules?: FakeRecord[]; items?: FakeRecord[] } = {}) {
  const itemTable = orderedTable('trainingPlanModuleId', items);
  const moduleTable = orderedTable('trainingPlanId', modules, (row) => ({
    ...row,
    itemCount: [...itemTable.records.values()].filter((item) => item.trainingPlanModuleId === row.id).length,
  }));
  // The rows are as each test writes them (fields it does not need left out), not the contract's modules and items.
  const apis = {
    modules: (planId: string) => moduleTable.api(planId),
    items: (_planId: string, moduleId: string) => itemTable.api(moduleId),
  } as unknown as TrainingPlanApis;
  return { apis, modules: moduleTable, items: itemTable };
}

export type FakeTrainingPlans = ReturnType<typeof fakeTrainingPlans>;
