import { describe, expect, it } from 'vitest';
import type { BulkReport } from '../../src/domain/bulk';
import {
  selectAllSelected,
  selectBulkReport,
  selectPendingBulk,
  selectSelectedIds,
  selectSelectionCount,
} from '../../src/machines/list.machine';
import { flush, pageOf, serverError, startList } from '../support/fixtures/list';

const report: BulkReport = { action: 'disable', requested: 3, succeeded: 2, skipped: [{ id: 'c', code: 'OWN_USER', message: 'own' }] };

/** Issue 29: a list with bulk actions keeps a selection across pages and runs one action on it, in one request. */
describe('list: selection and bulk actions', () => {
  const bulkList = (overrides = {}) => startList({ bulkActions: ['disable', 'delete'] }, overrides);

  it('keeps the rows selected on other pages while paging and sorting', async () => {
    const { actor } = bulkList();
    await flush();
    actor.send({ type: 'list.select', ids: ['a', 'b'] });
    actor.send({ type: 'list.page', page: 2 });
    await flush();
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'desc' });
    await flush();
    expect(selectSelectedIds(actor.getSnapshot())).toEqual(['a', 'b']);
    expect(selectSelectionCount(actor.getSnapshot())).toBe(2);
  });

  it('forgets the selection when the search changes or the address names another query', async () => {
    const { actor, clock } = bulkList();
    await flush();
    actor.send({ type: 'list.select', ids: ['a'] });
    actor.send({ type: 'list.search', text: 'acme' });
    expect(selectSelectedIds(actor.getSnapshot())).toEqual([]);
    clock.increment(300);
    await flush();
    actor.send({ type: 'list.selectAll' });
    actor.send({ type: 'list.restore', query: { page: '2' } });
    expect(selectAllSelected(actor.getSnapshot())).toBe(false);
  });

  it('selects every matching row as the list query, and sends that query, not ids', async () => {
    const { actor, fakes, clock } = bulkList({ bulkAction: async () => report });
    await flush();
    actor.send({ type: 'list.search', text: 'acme' });
    clock.increment(300);
    await flush();
    actor.send({ type: 'list.selectAll' });
    expect(selectSelectionCount(actor.getSnapshot())).toBe(12);
    actor.send({ type: 'list.bulk', action: 'disable' });
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({ action: 'disable', query: { search: 'acme' } });
  });

  it('asks to confirm, sends the ids, then shows the report, forgets the selection and fetches the rows again', async () => {
    const { actor, fakes } = bulkList({ bulkAction: async () => report });
    await flush();
    actor.send({ type: 'list.select', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'list.bulk', action: 'disable' });
    expect(selectPendingBulk(actor.getSnapshot())).toBe('disable');
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({ action: 'disable', ids: ['a', 'b', 'c'] });
    expect(selectBulkReport(actor.getSnapshot())).toEqual(report);
    expect(selectSelectedIds(actor.getSnapshot())).toEqual([]);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
    actor.send({ type: 'list.dismissReport' });
    expect(selectBulkReport(actor.getSnapshot())).toBeNull();
  });

  it('keeps the selection on Cancel, and on a failure, which it says', async () => {
    const { actor, outcomes } = bulkList({
      bulkAction: async () => Promise.reject({ ...serverError, status: 413, message: 'Too many' }),
    });
    await flush();
    actor.send({ type: 'list.select', ids: ['a'] });
    actor.send({ type: 'list.bulk', action: 'delete' });
    actor.send({ type: 'list.cancelBulk' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    actor.send({ type: 'list.bulk', action: 'delete' });
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(selectSelectedIds(actor.getSnapshot())).toEqual(['a']);
    expect(outcomes.at(-1)).toMatchObject({
      notify: { severity: 'error', messageKey: 'bulk.failedBecause', values: { reason: 'Too many' } },
    });
  });

  it('runs no action it does not offer, none on an empty selection, and selects nothing on a list without bulk actions', async () => {
    const { actor } = bulkList();
    await flush();
    actor.send({ type: 'list.bulk', action: 'disable' });
    expect(selectPendingBulk(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'list.select', ids: ['a'] });
    actor.send({ type: 'list.bulk', action: 'enable' });
    expect(selectPendingBulk(actor.getSnapshot())).toBeNull();

    const plain = startList({}, { fetchPage: async () => pageOf(['a']) });
    await flush();
    plain.actor.send({ type: 'list.select', ids: ['a'] });
    plain.actor.send({ type: 'list.selectAll' });
    expect(selectSelectionCount(plain.actor.getSnapshot())).toBe(0);
  });

  it('selects rows on a list asked to be selectable without bulk actions (the tenants, for Export selection), and runs no action', async () => {
    const tenants = startList({ selectable: true }, { fetchPage: async () => pageOf(['a', 'b']) });
    await flush();
    tenants.actor.send({ type: 'list.select', ids: ['b'] });
    expect(selectSelectedIds(tenants.actor.getSnapshot())).toEqual(['b']);
    tenants.actor.send({ type: 'list.bulk', action: 'delete' });
    expect(selectPendingBulk(tenants.actor.getSnapshot())).toBeNull();
    tenants.actor.send({ type: 'list.selectAll' });
    expect(selectSelectionCount(tenants.actor.getSnapshot())).toBe(2);
  });
});
