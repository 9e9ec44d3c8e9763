import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '../machines/notifications.machine';
import type { Destination, Notice } from '../machines/outcomes';
import type { Navigation } from './navigation';

/**
 * The outcome actions every machine declares, implemented once for the whole console: a notice joins the
 * notifications, a destination goes to the router, both once the transition that decided them is over (another
 * actor is not driven from inside a transition). Every machine gets them with `.provide({ actions })`.
 */
export function outcomeActions(notifications: Pick<ActorRefFrom<typeof notificationsMachine>, 'send'>, navigation: Navigation) {
  return {
    notify: (_: unknown, notice: Notice) => queueMicrotask(() => notifications.send({ type: 'notifications.push', ...notice })),
    navigate: (_: unknown, destination: Destination | null) => {
      if (destination) navigation.go(destination);
    },
  };
}

export type OutcomeActions = ReturnType<typeof outcomeActions>;
