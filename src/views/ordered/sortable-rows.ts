import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectOrderedItems, selectPickedId, type OrderedItem, type OrderedListEvent } from '../../machines/ordered-list.machine';
import type { OrderedActor } from './ordered-actor';

type Announcement = 'ordered.pickedUp' | 'ordered.moved' | 'ordered.dropped' | 'ordered.cancelled';

/**
 * Reordering rows by keyboard and by drag and drop, both through the ordered list machine. On a row's handle,
 * Space or Enter picks the row up and drops it, the arrow keys move it, Escape puts it back; each step is announced.
 * Dragging the handle picks the row up, dragging over another row takes that row's place (announced too), dropping saves.
 */
export function useSortableRows<Row extends OrderedItem>(ordered: OrderedActor<Row>, label: (row: Row) => string) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const items = useSelector(ordered, selectOrderedItems);
  const handles = useRef(new Map<string, HTMLElement>());
  /** The row moved by keyboard: its handle keeps the focus while the rows move around it. */
  const keyboardRow = useRef<string | null>(null);

  useLayoutEffect(() => {
    const handle = keyboardRow.current ? handles.current.get(keyboardRow.current) : undefined;
    if (handle && handle.ownerDocument.activeElement !== handle) handle.focus();
  }, [items]);

  const picked = () => selectPickedId(ordered.getSnapshot());

  const announce = (key: Announcement, id: string) => {
    const rows = ordered.getSnapshot().context.items;
    const index = rows.findIndex((row) => row.id === id);
    if (index >= 0) setAnnouncement(t(key, { label: label(rows[index]!), position: index + 1, count: rows.length }));
  };

  const send = (event: OrderedListEvent, key: Announcement, id: string) => {
    ordered.send(event);
    if (key !== 'ordered.pickedUp' || picked() === id) announce(key, id);
  };

  const keyActions: Record<string, (id: string, isPicked: boolean) => [OrderedListEvent, Announcement] | null> = {
    ' ': (id, isPicked) =>
      isPicked ? [{ type: 'ordered.drop' }, 'ordered.dropped'] : [{ type: 'ordered.pickUp', id }, 'ordered.pickedUp'],
    Enter: (id, isPicked) => keyActions[' ']!(id, isPicked),
    ArrowUp: (_, isPicked) => (isPicked ? [{ type: 'ordered.step', offset: -1 }, 'ordered.moved'] : null),
    ArrowDown: (_, isPicked) => (isPicked ? [{ type: 'ordered.step', offset: 1 }, 'ordered.moved'] : null),
    Escape: (_, isPicked) => (isPicked ? [{ type: 'ordered.cancel' }, 'ordered.cancelled'] : null),
  };

  const handleRef = (id: string) => (element: HTMLElement) => {
    handles.current.set(id, element);
    return () => {
      handles.current.delete(id);
    };
  };

  return {
    announcement,
    /** The focusable, draggable handle of a row. */
    handleProps: (row: Row) => ({
      ref: handleRef(row.id),
      draggable: true,
      onKeyDown: (event: KeyboardEvent) => {
        const action = keyActions[event.key]?.(row.id, picked() === row.id);
        if (!action) return;
        event.preventDefault();
        keyboardRow.current = row.id;
        send(action[0], action[1], row.id);
      },
      onBlur: (event: { relatedTarget: EventTarget | null }) => {
        if (event.relatedTarget) keyboardRow.current = null;
      },
      onDragStart: (event: DragEvent<HTMLElement>) => {
        keyboardRow.current = null;
        const { dataTransfer } = event;
        if (dataTransfer) {
          dataTransfer.effectAllowed = 'move';
          dataTransfer.setData('text/plain', row.id);
          const tableRow = event.currentTarget.closest('tr');
          if (tableRow) dataTransfer.setDragImage?.(tableRow, 16, tableRow.offsetHeight / 2);
        }
        send({ type: 'ordered.pickUp', id: row.id }, 'ordered.pickedUp', row.id);
      },
      onDragEnd: () => {
        const id = picked();
        if (id) send({ type: 'ordered.cancel' }, 'ordered.cancelled', id);
      },
    }),
    /** A row: what is dragged over it takes its place, and is dropped there. */
    rowProps: (row: Row) => ({
      onDragOver: (event: DragEvent) => {
        const id = picked();
        if (!id) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        const before = ordered.getSnapshot().context.items.findIndex((item) => item.id === id);
        ordered.send({ type: 'ordered.moveOver', id: row.id });
        // Drag-over fires continuously: only a new position is announced.
        if (ordered.getSnapshot().context.items.findIndex((item) => item.id === id) !== before) announce('ordered.moved', id);
      },
      onDrop: (event: DragEvent) => {
        const id = picked();
        if (!id) return;
        event.preventDefault();
        send({ type: 'ordered.drop' }, 'ordered.dropped', id);
      },
    }),
    /** One step up or down, saved at once (the Move up / Move down buttons). */
    move: (row: Row, offset: number) => send({ type: 'ordered.move', id: row.id, offset }, 'ordered.moved', row.id),
  };
}
