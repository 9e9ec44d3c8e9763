import { enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { Notice } from './outcomes';

/** Notifications close by themselves after 5000 ms. */
export const AUTO_CLOSE_MS = 5000;

export interface Notification extends Notice {
  id: number;
}

export interface NotificationsContext {
  notifications: Notification[];
  nextId: number;
}

export type NotificationsEvent = ({ type: 'notifications.push' } & Notice) | { type: 'notifications.dismiss'; id: number };

const autoCloseTimer = (id: number) => `autoClose.${id}`;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    push: enqueueActions(({ context, enqueue }, content: Notice) => {
      const id = context.nextId;
      enqueue.assign({ notifications: [...context.notifications, { ...content, id }], nextId: id + 1 });
      enqueue.raise({ type: 'notifications.dismiss', id }, { id: autoCloseTimer(id), delay: AUTO_CLOSE_MS });
    }),
    dismiss: enqueueActions(({ context, enqueue }, { id }: { id: number }) => {
      enqueue.cancel(autoCloseTimer(id));
      enqueue.assign({ notifications: context.notifications.filter((notification) => notification.id !== id) });
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], nextId: 1 },
  on: {
    'notifications.push': {
      actions: { type: 'push', params: ({ event: { type: _, ...content } }) => content },
    },
    'notifications.dismiss': { actions: { type: 'dismiss', params: ({ event }) => ({ id: event.id }) } },
  },
});

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotifications = (snapshot: NotificationsSnapshot) => snapshot.context.notifications;
