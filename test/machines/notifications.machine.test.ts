import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { AUTO_CLOSE_MS, notificationsMachine } from '../../src/machines/notifications.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  const texts = () => actor.getSnapshot().context.notifications.map((notification) => notification.messageKey);
  return { actor, clock, texts };
}

describe('notifications', () => {
  it('queues notifications in order with their own ids', () => {
    const { actor } = start();
    actor.send({ type: 'notifications.push', severity: 'success', messageKey: 'login.succeeded' });
    actor.send({ type: 'notifications.push', severity: 'error', messageKey: 'login.failed', message: 'Invalid email or password' });
    expect(actor.getSnapshot().context.notifications).toEqual([
      { id: 1, severity: 'success', messageKey: 'login.succeeded' },
      { id: 2, severity: 'error', messageKey: 'login.failed', message: 'Invalid email or password' },
    ]);
  });

  it('closes each notification 5000 ms after it appeared', () => {
    const { actor, clock, texts } = start();
    expect(AUTO_CLOSE_MS).toBe(5000);
    actor.send({ type: 'notifications.push', severity: 'info', messageKey: 'first' });
    clock.increment(2000);
    actor.send({ type: 'notifications.push', severity: 'info', messageKey: 'second' });
    clock.increment(2999);
    expect(texts()).toEqual(['first', 'second']);
    clock.increment(1);
    expect(texts()).toEqual(['second']);
    clock.increment(2000);
    expect(texts()).toEqual([]);
  });

  it('closes on request before its time', () => {
    const { actor, clock, texts } = start();
    actor.send({ type: 'notifications.push', severity: 'info', messageKey: 'first' });
    actor.send({ type: 'notifications.push', severity: 'info', messageKey: 'second' });
    clock.increment(1000);
    actor.send({ type: 'notifications.dismiss', id: 1 });
    expect(texts()).toEqual(['second']);
    clock.increment(AUTO_CLOSE_MS - 1000);
    expect(texts()).toEqual([]);
  });

  it('ignores closing a notification that is already gone', () => {
    const { actor, texts } = start();
    actor.send({ type: 'notifications.push', severity: 'info', messageKey: 'kept' });
    actor.send({ type: 'notifications.dismiss', id: 42 });
    expect(texts()).toEqual(['kept']);
  });
});
