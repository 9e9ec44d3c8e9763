import { describe, expect, it } from 'vitest';
import { selectDeletingId, selectMayDeleteRow } from '../../src/machines/list.machine';
import { flush, startList } from '../support/fixtures/list';

const plans = {
  items: [
    { id: 'draft', status: 'DRAFT' },
    { id: 'live', status: 'PUBLISHED' },
  ],
  total: 2,
  totalIsEstimate: false,
};

describe('list: rows that may not be deleted', () => {
  it('asks to delete only a row meeting the condition (a plan while a DRAFT)', async () => {
    const { actor, fakes } = startList({ deleteWhen: { field: 'status', oneOf: ['DRAFT'] } }, { fetchPage: async () => plans });
    await flush();
    const [draft, live] = plans.items;
    expect(selectMayDeleteRow(actor.getSnapshot(), draft!)).toBe(true);
    expect(selectMayDeleteRow(actor.getSnapshot(), live!)).toBe(false);
    actor.send({ type: 'list.delete', id: 'live' });
    expect(selectDeletingId(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'list.delete', id: 'draft' });
    expect(selectDeletingId(actor.getSnapshot())).toBe('draft');
    actor.send({ type: 'list.confirmDelete' });
    expect(fakes.deleteRecord).toHaveBeenCalledWith({ id: 'draft' });
  });

  it('lets any row be deleted without a condition', async () => {
    const { actor } = startList({}, { fetchPage: async () => plans });
    await flush();
    expect(selectMayDeleteRow(actor.getSnapshot(), plans.items[1]!)).toBe(true);
    actor.send({ type: 'list.delete', id: 'live' });
    expect(selectDeletingId(actor.getSnapshot())).toBe('live');
  });

  it('asks nothing for a row it does not show, with or without a condition (a stale click on a row gone meanwhile)', async () => {
    for (const deleteWhen of [undefined, { field: 'status', oneOf: ['DRAFT'] }]) {
      const { actor, fakes } = startList({ deleteWhen }, { fetchPage: async () => plans });
      await flush();
      actor.send({ type: 'list.delete', id: 'gone' });
      expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
      expect(selectDeletingId(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'list.confirmDelete' });
      expect(fakes.deleteRecord).not.toHaveBeenCalled();
      actor.stop();
    }
  });
});
