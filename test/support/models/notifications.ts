import type { AnyMachineSnapshot } from 'xstate';
import { notificationsMachine, type NotificationsContext } from '../../../src/machines/notifications.machine';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as NotificationsContext;

/** The tag that tells the graph a dismissal by the timer from one by the close button (the machine ignores it). */
const byTimer = (event: object) => (event as { closedBy?: string }).closedBy === 'timer';

export const notificationsModel = defineModel({
  name: 'notifications',
  summary: 'The messages shown at the bottom of the screen: pushed by what happens, closed by the user or after 5 s.',
  machine: notificationsMachine,
  bounded:
    'A state is the list of notification ids shown; at most two are pushed (ids 1 and 2), each closed by its close button or by its timer (the timer is the delayed dismiss event of that id). The first is a failed sign-in, the second a successful one: two messages the screen tells apart, in the order a user meets them (a success leaves the login form).',
  impossible: [
    'A notification is dismissed only while it is shown.',
    'A timer closes one notification only while it is the only one shown: each timer is set when its notification is pushed, and time moves only in steps of 5 s, so two notifications shown together were pushed within the same 5 s and the next 5 s close both.',
  ],
  scenarios: [
    {
      name: 'notifications',
      serializeState: (snapshot) => JSON.stringify(context(snapshot).notifications.map(({ id }) => id)),
      isImpossible: (snapshot, event) => {
        const { notifications, nextId } = context(snapshot);
        if (event.type === 'notifications.push') return nextId !== ((event as { severity?: string }).severity === 'error' ? 1 : 2);
        if (event.type !== 'notifications.dismiss') return false;
        if (!notifications.some(({ id }) => id === (event as { id?: number }).id)) return true;
        return byTimer(event) && notifications.length > 1;
      },
      events: [
        [
          'a sign-in fails',
          { type: 'notifications.push', severity: 'error', messageKey: 'login.failed', message: 'Invalid email or password' },
        ],
        ['a sign-in succeeds', { type: 'notifications.push', severity: 'success', messageKey: 'login.succeeded' }],
        ['close #1', { type: 'notifications.dismiss', id: 1 }],
        ['close #2', { type: 'notifications.dismiss', id: 2 }],
        // What the timer of a notification sends (the `closedBy` tag only tells the graph the two ways apart).
        ['5 s pass: #1 closes', { type: 'notifications.dismiss', id: 1, closedBy: 'timer' }],
        ['5 s pass: #2 closes', { type: 'notifications.dismiss', id: 2, closedBy: 'timer' }],
      ],
    },
  ],
  requirements: [
    {
      id: 'NOTIFY-SHOW',
      rule: 'Every outcome the machines declare shows as a message.',
      by: ['notifications \u2014notifications.push\u2192 itself'],
    },
    {
      id: 'NOTIFY-DISMISS',
      rule: 'A message can be dismissed.',
      by: ['notifications \u2014notifications.dismiss\u2192 itself'],
    },
  ],
  invariants: [
    [
      'ids are unique and below the next id',
      (s) =>
        context(s).notifications.every(
          ({ id }, index, all) => id < context(s).nextId && all.findIndex((other) => other.id === id) === index,
        ),
    ],
  ],
});
