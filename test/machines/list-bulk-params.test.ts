import { describe, expect, it } from 'vitest';
import { selectBulkParams, selectMayConfirmBulk, selectPendingBulk } from '../../src/machines/list.machine';
import { flush, startList } from '../support/fixtures/list';

/** Issue 29: the users list's bulk actions that take what the dialog picks (a group; a plan and a due date). */
describe('list: bulk actions with parameters', () => {
  const usersList = () => startList({ bulkActions: ['disable', 'addToGroup', 'assignPlan'] });

  it('confirms adding to a group only once the group is picked, and sends it with the ids', async () => {
    const { actor, fakes } = usersList();
    await flush();
    actor.send({ type: 'list.select', ids: ['a', 'b'] });
    actor.send({ type: 'list.bulk', action: 'addToGroup' });
    expect(selectMayConfirmBulk(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.confirmBulk' });
    expect(selectPendingBulk(actor.getSnapshot())).toBe('addToGroup');

    actor.send({ type: 'list.bulkParams', params: { groupId: 'g1' } });
    expect(selectMayConfirmBulk(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({ action: 'addToGroup', groupId: 'g1', ids: ['a', 'b'] });
  });

  it('assigns a plan to every matching row with the due date as the end of its day, sending only what the action takes', async () => {
    const { actor, fakes } = usersList();
    await flush();
    actor.send({ type: 'list.selectAll' });
    actor.send({ type: 'list.bulk', action: 'assignPlan' });
    actor.send({ type: 'list.bulkParams', params: { dueDate: '2099-06-30' } });
    expect(selectMayConfirmBulk(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.bulkParams', params: { planId: 'p1', groupId: 'g1' } });
    expect(selectBulkParams(actor.getSnapshot())).toEqual({ dueDate: '2099-06-30', planId: 'p1', groupId: 'g1' });
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({
      action: 'assignPlan',
      planId: 'p1',
      dueDate: new Date('2099-06-30T23:59:59').toISOString(),
      query: {},
    });
  });

  it('sends no due date left empty, and forgets what was picked when the dialog closes', async () => {
    const { actor, fakes } = usersList();
    await flush();
    actor.send({ type: 'list.select', ids: ['a'] });
    actor.send({ type: 'list.bulk', action: 'assignPlan' });
    actor.send({ type: 'list.bulkParams', params: { planId: 'p1' } });
    actor.send({ type: 'list.cancelBulk' });
    actor.send({ type: 'list.bulk', action: 'assignPlan' });
    expect(selectBulkParams(actor.getSnapshot())).toEqual({});
    expect(selectMayConfirmBulk(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.bulkParams', params: { planId: 'p2', dueDate: '' } });
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({ action: 'assignPlan', planId: 'p2', ids: ['a'] });
  });

  it('takes no parameters outside the dialog, and a bulk action without any is confirmed at once', async () => {
    const { actor, fakes } = usersList();
    await flush();
    actor.send({ type: 'list.bulkParams', params: { groupId: 'g1' } });
    expect(selectBulkParams(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'list.select', ids: ['a'] });
    actor.send({ type: 'list.bulk', action: 'disable' });
    expect(selectMayConfirmBulk(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.confirmBulk' });
    await flush();
    expect(fakes.bulkAction).toHaveBeenCalledWith({ action: 'disable', ids: ['a'] });
  });
});
