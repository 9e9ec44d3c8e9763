import { describe, expect, it } from 'vitest';
import { moveItem, selectCanDelete, selectDeletingId, selectFailure, selectPickedId } from '../../src/machines/ordered-list.machine';
import { draftPlan, flush, pageOf, publishedPlan, rowsOf, serverError, startOrderedList } from '../support/fixtures/ordered-list';
import { pending } from '../support/fixtures/session';

const draftOnly = { deleteWhen: { field: 'status', oneOf: ['DRAFT'] } };

const ready = async (list: ReturnType<typeof startOrderedList>) => {
  await flush();
  return list;
};

describe('moveItem', () => {
  it('moves a row to a position and numbers the rows again from 1', () => {
    expect(moveItem(rowsOf(['a', 'b', 'c']), 'a', 2)).toEqual([
      { id: 'b', order: 1 },
      { id: 'c', order: 2 },
      { id: 'a', order: 3 },
    ]);
    expect(moveItem(rowsOf(['a', 'b', 'c']), 'c', 0).map(({ id }) => id)).toEqual(['c', 'a', 'b']);
  });

  it('leaves the rows as they are for an unknown row or a position outside', () => {
    expect(moveItem(rowsOf(['a', 'b']), 'x', 0)).toEqual(rowsOf(['a', 'b']));
    expect(moveItem(rowsOf(['a', 'b']), 'a', 2)).toEqual(rowsOf(['a', 'b']));
  });
});

describe('ordered list: loading', () => {
  it('loads the rows and their owner', async () => {
    const { actor, fakes } = startOrderedList();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(fakes.fetchItems).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ items: rowsOf(['a', 'b', 'c']), owner: draftPlan, failure: null });
  });

  it('knows when there is nothing to show', async () => {
    const { actor } = await ready(startOrderedList({}, { fetchItems: async () => pageOf([]) }));
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().can({ type: 'ordered.pickUp', id: 'a' })).toBe(false);
  });

  it('keeps the failure as data and retries on request', async () => {
    const list = await ready(startOrderedList({}, { fetchItems: () => Promise.reject(serverError) }));
    expect(list.actor.getSnapshot().value).toBe('failure');
    expect(selectFailure(list.actor.getSnapshot())).toEqual(serverError);
    list.fakes.fetchItems.mockResolvedValue(pageOf(['a']));
    list.actor.send({ type: 'ordered.retry' });
    await flush();
    expect(list.ids()).toEqual(['a']);
    expect(selectFailure(list.actor.getSnapshot())).toBeNull();
  });
});

describe('ordered list: arranging by keyboard or by dragging', () => {
  it('picks a row up, moves it step by step, and saves the new order once when it is dropped', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    expect(selectPickedId(actor.getSnapshot())).toBe('a');
    actor.send({ type: 'ordered.step', offset: 1 });
    actor.send({ type: 'ordered.step', offset: 1 });
    expect(ids()).toEqual(['b', 'c', 'a']);
    expect(actor.getSnapshot().context.items.map(({ order }) => order)).toEqual([1, 2, 3]);
    expect(fakes.saveOrder).not.toHaveBeenCalled();
    actor.send({ type: 'ordered.drop' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(fakes.saveOrder).toHaveBeenCalledTimes(1);
    expect(fakes.saveOrder).toHaveBeenCalledWith({ ids: ['b', 'c', 'a'] });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.savedItems.map(({ id }) => id)).toEqual(['b', 'c', 'a']);
    expect(selectPickedId(actor.getSnapshot())).toBeNull();
  });

  it('does not step past either end', async () => {
    const { actor, ids } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    actor.send({ type: 'ordered.step', offset: -1 });
    expect(ids()).toEqual(['a', 'b', 'c']);
    actor.send({ type: 'ordered.step', offset: 3 });
    expect(ids()).toEqual(['a', 'b', 'c']);
  });

  it('takes the place of the row dragged over', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'c' });
    actor.send({ type: 'ordered.moveOver', id: 'a' });
    expect(ids()).toEqual(['c', 'a', 'b']);
    actor.send({ type: 'ordered.moveOver', id: 'c' });
    expect(ids()).toEqual(['c', 'a', 'b']);
    actor.send({ type: 'ordered.drop' });
    expect(fakes.saveOrder).toHaveBeenCalledWith({ ids: ['c', 'a', 'b'] });
  });

  it('sends nothing when the row is dropped where it was', async () => {
    const { actor, fakes } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'b' });
    actor.send({ type: 'ordered.step', offset: 1 });
    actor.send({ type: 'ordered.step', offset: -1 });
    actor.send({ type: 'ordered.drop' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(fakes.saveOrder).not.toHaveBeenCalled();
  });

  it('puts the rows back when the move is cancelled', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    actor.send({ type: 'ordered.step', offset: 2 });
    actor.send({ type: 'ordered.cancel' });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(fakes.saveOrder).not.toHaveBeenCalled();
  });

  it('ignores a row it does not know', async () => {
    const { actor } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'x' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('moves a row one step and saves at once (the Move up / Move down buttons)', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList());
    actor.send({ type: 'ordered.move', id: 'a', offset: -1 });
    expect(fakes.saveOrder).not.toHaveBeenCalled();
    actor.send({ type: 'ordered.move', id: 'c', offset: -1 });
    expect(ids()).toEqual(['a', 'c', 'b']);
    expect(fakes.saveOrder).toHaveBeenCalledWith({ ids: ['a', 'c', 'b'] });
  });

  it('shows the saved order again when the API refuses the new one, and says so', async () => {
    const { actor, outcomes, ids } = await ready(startOrderedList({}, { saveOrder: () => Promise.reject(serverError) }));
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    actor.send({ type: 'ordered.step', offset: 1 });
    actor.send({ type: 'ordered.drop' });
    expect(ids()).toEqual(['b', 'a', 'c']);
    await flush();
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'ordered.saveFailed' } }]);
  });

  it('holds still while the order is being saved', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList({}, { saveOrder: pending }));
    actor.send({ type: 'ordered.move', id: 'b', offset: 1 });
    expect(actor.getSnapshot().can({ type: 'ordered.move', id: 'a', offset: 1 })).toBe(false);
    actor.send({ type: 'ordered.move', id: 'a', offset: 1 });
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    actor.send({ type: 'ordered.delete', id: 'a' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(ids()).toEqual(['a', 'c', 'b']);
    expect(fakes.saveOrder).toHaveBeenCalledTimes(1);
  });
});

describe('ordered list: deleting', () => {
  it('asks first, deletes the row and loads the rows again', async () => {
    const { actor, fakes } = await ready(startOrderedList(draftOnly));
    actor.send({ type: 'ordered.delete', id: 'b' });
    expect(selectDeletingId(actor.getSnapshot())).toBe('b');
    expect(fakes.deleteItem).not.toHaveBeenCalled();
    fakes.fetchItems.mockResolvedValue(pageOf(['a', 'c']));
    actor.send({ type: 'ordered.confirmDelete' });
    expect(fakes.deleteItem).toHaveBeenCalledWith({ id: 'b' });
    await flush();
    await flush();
    expect(fakes.fetchItems).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.items.map(({ id }) => id)).toEqual(['a', 'c']);
    expect(selectDeletingId(actor.getSnapshot())).toBeNull();
  });

  it('deletes nothing when cancelled', async () => {
    const { actor, fakes } = await ready(startOrderedList());
    actor.send({ type: 'ordered.delete', id: 'b' });
    actor.send({ type: 'ordered.cancelDelete' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectDeletingId(actor.getSnapshot())).toBeNull();
    expect(fakes.deleteItem).not.toHaveBeenCalled();
  });

  it('keeps the rows and says so when the deletion fails', async () => {
    const { actor, outcomes, ids } = await ready(startOrderedList({}, { deleteItem: () => Promise.reject(serverError) }));
    actor.send({ type: 'ordered.delete', id: 'b' });
    actor.send({ type: 'ordered.confirmDelete' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.deleteFailedBecause', values: { reason: 'Boom' } } }]);
  });

  it("allows no deletion while the owner does not meet the condition (a published plan's rows)", async () => {
    const { actor, fakes } = await ready(startOrderedList(draftOnly, { fetchItems: async () => pageOf(['a'], publishedPlan) }));
    expect(selectCanDelete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ordered.delete', id: 'a' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(fakes.deleteItem).not.toHaveBeenCalled();
  });

  it('allows deletion whatever the owner when there is no condition', async () => {
    const { actor } = await ready(startOrderedList({}, { fetchItems: async () => pageOf(['a'], publishedPlan) }));
    expect(selectCanDelete(actor.getSnapshot())).toBe(true);
  });
});
