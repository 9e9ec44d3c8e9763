import { describe, expect, it } from 'vitest';
import {
  moveItem,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoading,
  selectIsSaving,
  selectOrderedItems,
  selectPickedId,
} from '../../src/machines/ordered-list.machine';
import { flush, pageOf, rowsOf, startOrderedList } from '../support/fixtures/ordered-list';
import { pending } from '../support/fixtures/session';

const ready = async (list: ReturnType<typeof startOrderedList>) => {
  await flush();
  return list;
};

describe('ordered list: what the view shows', () => {
  it('shows no rows and knows no saved order while the first page loads, and says it is loading', () => {
    const { actor } = startOrderedList({}, { fetchItems: pending });
    expect(selectOrderedItems(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().context.savedItems).toEqual([]);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(false);
  });

  it('says when there are no rows, and that it is neither loading nor busy then', async () => {
    const { actor } = await ready(startOrderedList({}, { fetchItems: async () => pageOf([]) }));
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
  });

  it('says it is saving while the new order is stored, with no row shown as picked up once dropped', async () => {
    const { actor } = await ready(startOrderedList({}, { saveOrder: pending }));
    expect(selectIsSaving(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ordered.pickUp', id: 'a' });
    actor.send({ type: 'ordered.step', offset: 1 });
    actor.send({ type: 'ordered.drop' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectPickedId(actor.getSnapshot())).toBeNull();
  });

  it('keeps each row that stays in its place as it was: only the moved rows are new', () => {
    const rows = rowsOf(['a', 'b', 'c', 'd']);
    const moved = moveItem(rows, 'b', 2);
    expect(moved.map(({ id }) => id)).toEqual(['a', 'c', 'b', 'd']);
    expect(moved[0]).toBe(rows[0]);
    expect(moved[3]).toBe(rows[3]);
    expect(moved[1]).not.toBe(rows[2]);
  });
});

describe('ordered list: which moves the Move up / Move down buttons and dragging allow', () => {
  it('moves the first row down, and the last one up', async () => {
    const { actor, fakes, ids } = await ready(startOrderedList());
    expect(actor.getSnapshot().can({ type: 'ordered.move', id: 'a', offset: 1 })).toBe(true);
    actor.send({ type: 'ordered.move', id: 'a', offset: 1 });
    expect(ids()).toEqual(['b', 'a', 'c']);
    expect(fakes.saveOrder).toHaveBeenLastCalledWith({ ids: ['b', 'a', 'c'] });
  });

  it('saves nothing for a move of no step, or of a row not in the list', async () => {
    const { actor, fakes } = await ready(startOrderedList());
    for (const move of [
      { id: 'b', offset: 0 },
      { id: 'x', offset: 1 },
    ]) {
      expect(actor.getSnapshot().can({ type: 'ordered.move', ...move })).toBe(false);
      actor.send({ type: 'ordered.move', ...move });
      expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    }
    expect(fakes.saveOrder).not.toHaveBeenCalled();
  });

  it('takes no drag over the picked row itself, nor over a row not in the list', async () => {
    const { actor } = await ready(startOrderedList());
    actor.send({ type: 'ordered.pickUp', id: 'b' });
    expect(actor.getSnapshot().can({ type: 'ordered.moveOver', id: 'b' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ordered.moveOver', id: 'x' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ordered.moveOver', id: 'a' })).toBe(true);
  });
});

describe('ordered list: deleting a row', () => {
  it('deletes the first row too, and says so with the notice the list names', async () => {
    const { actor, fakes, outcomes } = await ready(startOrderedList({ deletedKey: 'feedback.moduleDeleted' }));
    actor.send({ type: 'ordered.delete', id: 'a' });
    actor.send({ type: 'ordered.confirmDelete' });
    expect(fakes.deleteItem).toHaveBeenCalledWith({ id: 'a' });
    await flush();
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'feedback.moduleDeleted' } }]);
  });

  it('says a row was deleted with a generic notice when the list names none', async () => {
    const { actor, outcomes } = await ready(startOrderedList());
    actor.send({ type: 'ordered.delete', id: 'c' });
    actor.send({ type: 'ordered.confirmDelete' });
    await flush();
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'feedback.deleted' } }]);
  });

  it('asks to delete no row that is not in the list', async () => {
    const { actor, fakes } = await ready(startOrderedList());
    expect(actor.getSnapshot().can({ type: 'ordered.delete', id: 'x' })).toBe(false);
    actor.send({ type: 'ordered.delete', id: 'x' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(fakes.deleteItem).not.toHaveBeenCalled();
  });
});
