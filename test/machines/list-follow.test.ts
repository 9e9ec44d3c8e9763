import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/domain/resource';
import { FOLLOW_INTERVAL_MS, selectIsLoading, selectItems, type ListItem } from '../../src/machines/list.machine';
import { flush, serverError, startList } from '../support/fixtures/list';

const processing = { field: 'status', oneOf: ['PENDING_PROCESSING'] };
const page = (...statuses: string[]): Page<ListItem> => ({
  items: statuses.map((status, index) => ({ id: `k${index}`, status }) as ListItem),
  total: statuses.length,
  totalIsEstimate: false,
});

describe('list: rows that change on their own', () => {
  it('fetches the page again from the API every 3 s while a row is processing, quietly, until none is', async () => {
    const answers = [page('PENDING_PROCESSING', 'READY'), page('PENDING_PROCESSING', 'READY'), page('READY', 'READY')];
    const { actor, clock, fakes } = startList(
      { followWhile: processing },
      { fetchPage: async () => answers.shift() ?? page('READY', 'READY') },
    );
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    clock.increment(FOLLOW_INTERVAL_MS - 1);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ ready: 'following' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectItems(actor.getSnapshot())).toHaveLength(2);
    expect(fakes.fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ reload: true }));
    await flush();
    clock.increment(FOLLOW_INTERVAL_MS);
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(3);
    expect(selectItems(actor.getSnapshot()).map((item) => (item as ListItem & { status: string }).status)).toEqual(['READY', 'READY']);
    clock.increment(FOLLOW_INTERVAL_MS * 5);
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(3);
  });

  it('never fetches again without the setting, nor when no row is processing', async () => {
    const unset = startList({}, { fetchPage: async () => page('PENDING_PROCESSING') });
    const settled = startList({ followWhile: processing }, { fetchPage: async () => page('READY', 'DRAFT') });
    await flush();
    unset.clock.increment(FOLLOW_INTERVAL_MS * 3);
    settled.clock.increment(FOLLOW_INTERVAL_MS * 3);
    await flush();
    expect(unset.fakes.fetchPage).toHaveBeenCalledTimes(1);
    expect(settled.fakes.fetchPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows when a follow-up fetch fails, and tries again later', async () => {
    const { actor, clock, fakes } = startList({ followWhile: processing }, { fetchPage: async () => page('PENDING_PROCESSING') });
    await flush();
    fakes.fetchPage.mockRejectedValueOnce(serverError);
    clock.increment(FOLLOW_INTERVAL_MS);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(selectItems(actor.getSnapshot())).toHaveLength(1);
    clock.increment(FOLLOW_INTERVAL_MS);
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(3);
  });

  it('lets a row be deleted while following', async () => {
    const { actor, clock, fakes } = startList({ followWhile: processing }, { fetchPage: async () => page('PENDING_PROCESSING') });
    await flush();
    fakes.fetchPage.mockImplementationOnce(() => new Promise(() => {}));
    clock.increment(FOLLOW_INTERVAL_MS);
    actor.send({ type: 'list.delete', id: 'k0' });
    expect(actor.getSnapshot().value).toEqual({ deleting: 'confirming' });
  });
});
