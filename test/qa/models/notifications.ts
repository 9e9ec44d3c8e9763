import type { AnyMachineSnapshot } from 'xstate';
import { notificationsMachine, type NotificationsContext } from '../../../src/machines/notifications.machine';
import type { MachineModel } from '../model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as NotificationsContext;

export const notificationsModel: MachineModel = {
  name: 'notifications',
  summary: 'The messages shown at the bottom of the screen: pushed by what happens, closed by the user or after 5 s.',
  machine: notificationsMachine,
  bounded:
    'A state is the list of notification ids shown; at most two are pushed (ids 1 and 2), each closed by its close button or by its timer (the timer is the delayed dismiss event of that id).',
  impossible: ['A notification is pushed only while fewer than two were pushed, and dismissed only while it is shown.'],
  scenarios: [
    {
      name: 'notifications',
      serializeState: (snapshot) => JSON.stringify(context(snapshot).notifications.map(({ id }) => id)),
      isImpossible: (snapshot, event) => {
        if (event.type === 'notifications.push') return context(snapshot).nextId > 2;
        if (event.type === 'notifications.dismiss') return !context(snapshot).notifications.some(({ id }) => id === (event as { id?: number }).id);
        return false;
      },
      events: [
        ['a sign-in succeeds', { type: 'notifications.push', severity: 'success', messageKey: 'login.succeeded' }],
        ['close #1', { type: 'notifications.dismiss', id: 1 }],
        ['close #2', { type: 'notifications.dismiss', id: 2 }],
        // What the timer of a notification sends (the `closedBy` tag only tells the graph the two ways apart).
        ['5 s pass: #1 closes', { type: 'notifications.dismiss', id: 1, closedBy: 'timer' }],
        ['5 s pass: #2 closes', { type: 'notifications.dismiss', id: 2, closedBy: 'timer' }],
      ],
    },
  ],
  provide: () => notificationsMachine,
  invariants: [['ids are unique and below the next id', (s) => context(s).notifications.every(({ id }, index, all) => id < context(s).nextId && all.findIndex((other) => other.id === id) === index)]],
};
