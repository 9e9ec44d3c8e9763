import { describe, expect, it } from 'vitest';
import { dayOfFrom, dayOfTo, filterRecord, fromOfDay, readActivityFilters, toOfDay } from '../../src/views/activity/activity-filters';

describe('the Activity page filters in the address', () => {
  it('reads the filters the API takes, in one order', () => {
    const filters = readActivityFilters(
      '?page=2&action=UPDATE&entity=training%20plan&actor=%20tenant%20&from=2026-01-01T00:00:00.000Z&to=2026-02-01T00:00:00Z',
    );

    expect(filterRecord(filters)).toEqual({
      actor: 'tenant',
      entity: 'training plan',
      action: 'UPDATE',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00Z',
    });
    expect(Object.keys(filterRecord(filters))).toEqual(['actor', 'entity', 'action', 'from', 'to']);
  });

  it('leaves out what the API would refuse: an unknown record or action, a date that is not one, a range ending before it starts', () => {
    expect(readActivityFilters('?entity=spaceship&action=EXPLODE&from=yesterday&to=2026-13-45T00:00:00Z')).toEqual({});
    expect(readActivityFilters('?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).toEqual({ from: '2026-02-01T00:00:00Z' });
    expect(readActivityFilters('?actor=&entity=')).toEqual({});
  });

  it('turns the first and last day picked into an inclusive start and an exclusive end, and back', () => {
    const from = fromOfDay('2026-03-28');
    const to = toOfDay('2026-03-29');

    expect(new Date(from).getDate()).toBe(28);
    expect(new Date(to).getTime() - new Date(from).getTime()).toBeGreaterThanOrEqual(47 * 3600 * 1000);
    expect([dayOfFrom(from), dayOfTo(to)]).toEqual(['2026-03-28', '2026-03-29']);
    expect([dayOfFrom(undefined), dayOfTo(undefined)]).toEqual(['', '']);
  });
});
