import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/domain/resource';
import {
  FOLLOW_INTERVAL_MS,
  listRequestOf,
  SEARCH_DEBOUNCE_MS,
  selectDeletingId,
  selectFailure,
  selectIsBusy,
  selectIsLoading,
  type ListItem,
} from '../../src/machines/list.machine';
import { flush, pageOf, serverError, startList } from '../support/fixtures/list';
import { pending } from '../support/fixtures/session';

// Behaviours of the list that the graph-generated paths do not pin (issue 14, found by mutation testing).

describe('list: before the first page arrives', () => {
  it('shows no rows, no total and no failure while loading', () => {
    const { actor } = startList({}, { fetchPage: pending });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      items: [],
      total: 0,
      totalIsEstimate: false,
      failure: null,
      deletingId: null,
      searchText: '',
    });
  });
});

describe('list: a failure shown only while it stands', () => {
  it('shows the failure, and no longer once the user retries', async () => {
    const { actor, fakes } = startList({}, { fetchPage: () => Promise.reject(serverError) });
    await flush();
    expect(selectFailure(actor.getSnapshot())).toEqual(serverError);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    fakes.fetchPage.mockImplementation(pending);
    actor.send({ type: 'list.retry' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });
});

describe('list: sorting', () => {
  it('ignores an allowed column with a direction that is neither asc nor desc', async () => {
    const { actor, fakes, query } = startList();
    await flush();
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'sideways' as 'asc' });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    expect(query().sortBy).toBeNull();
  });
});

describe('list: paging back', () => {
  it('goes back to page 1 from a later page', async () => {
    const { actor, query, lastRequest, fakes } = startList({ query: { page: '3' } });
    await flush();
    actor.send({ type: 'list.page', page: 1 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(query().page).toBe(1);
    expect(lastRequest().query.page).toBe(1);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe('list: deleting on a later page', () => {
  const deleted = { notify: { severity: 'success', messageKey: 'feedback.deleted' } };
  it('stays on page 2 when one of several rows there is deleted', async () => {
    const { actor, query, lastRequest, outcomes } = startList(
      { query: { page: '2' }, path: '/companies' },
      { fetchPage: async () => pageOf(['a', 'b'], 12) },
    );
    await flush();
    actor.send({ type: 'list.delete', id: 'a' });
    actor.send({ type: 'list.confirmDelete' });
    await flush();
    expect(query().page).toBe(2);
    expect(lastRequest().query.page).toBe(2);
    // The deletion is announced; the same query: the address bar is left as it is.
    expect(outcomes).toEqual([deleted, { navigate: null }]);
  });

  it('leads the address bar to the page before when the last row of a later page is deleted', async () => {
    const { actor, query, lastRequest, outcomes } = startList(
      { query: { page: '2' }, path: '/companies' },
      { fetchPage: async () => pageOf(['last'], 11) },
    );
    await flush();
    actor.send({ type: 'list.delete', id: 'last' });
    actor.send({ type: 'list.confirmDelete' });
    await flush();
    expect(query().page).toBe(1);
    expect(lastRequest().query.page).toBe(1);
    expect(outcomes).toEqual([deleted, { navigate: { path: '/companies?page=1&pageSize=10&sortOrder=asc' } }]);
  });

  it('stays on page 1 when its only row is deleted', async () => {
    const { actor, query } = startList({}, { fetchPage: async () => pageOf(['only']) });
    await flush();
    actor.send({ type: 'list.delete', id: 'only' });
    actor.send({ type: 'list.confirmDelete' });
    await flush();
    expect(query().page).toBe(1);
  });
});

describe('list: busy while a delete runs', () => {
  it('is busy while the delete request runs, not while the confirmation is open', async () => {
    const { actor } = startList({}, { deleteRecord: pending });
    await flush();
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.delete', id: 'b' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.confirmDelete' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectDeletingId(actor.getSnapshot())).toBe('b');
  });
});

describe('list: deleting while the list refreshes itself', () => {
  const processing = { field: 'status', oneOf: ['PENDING_PROCESSING'] };
  const rows = (...ids: string[]): Page<ListItem> => ({
    items: ids.map((id) => ({ id, status: 'PENDING_PROCESSING' }) as ListItem),
    total: ids.length,
    totalIsEstimate: false,
  });

  it('deletes the row the user picked, not another, and ignores the refresh it interrupted', async () => {
    let answerFollow: (page: Page<ListItem>) => void = () => {};
    const { actor, clock, fakes } = startList({ followWhile: processing }, { fetchPage: async () => rows('k0', 'k1', 'k2') });
    await flush();
    fakes.fetchPage.mockImplementationOnce(() => new Promise((resolve) => (answerFollow = resolve)));
    clock.increment(FOLLOW_INTERVAL_MS);
    expect(actor.getSnapshot().value).toEqual({ ready: 'following' });
    actor.send({ type: 'list.delete', id: 'k1' });
    expect(selectDeletingId(actor.getSnapshot())).toBe('k1');
    // The refresh answers late, with the rows in another order: the dialog and the row it targets do not change.
    answerFollow(rows('k2', 'k0'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ deleting: 'confirming' });
    expect(selectDeletingId(actor.getSnapshot())).toBe('k1');
    actor.send({ type: 'list.confirmDelete' });
    expect(fakes.deleteRecord).toHaveBeenCalledWith({ id: 'k1' });
  });

  it('takes no delete of a row it does not show while refreshing', async () => {
    const { actor, clock, fakes } = startList(
      { followWhile: processing, deleteWhen: { field: 'status', oneOf: ['PENDING_PROCESSING'] } },
      { fetchPage: async () => rows('k0') },
    );
    await flush();
    fakes.fetchPage.mockImplementationOnce(pending);
    clock.increment(FOLLOW_INTERVAL_MS);
    actor.send({ type: 'list.delete', id: 'gone' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'following' });
    expect(selectDeletingId(actor.getSnapshot())).toBeNull();
  });
});

describe('list: a page after the last one', () => {
  it('turns to the last page there is when an old link names a later one, replacing the address', async () => {
    // 12 rows: page 2 holds the last two, pages after it none.
    const byPage = async ({ query }: { query: { page: number } }) => (query.page === 2 ? pageOf(['k', 'l'], 12) : pageOf([], 12));
    const { actor, query, lastRequest, fakes, outcomes } = startList(
      { query: { page: '5', search: 'acme' }, path: '/companies' },
      { fetchPage: byPage },
    );
    await flush();
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
    expect(query()).toMatchObject({ page: 2, search: 'acme' });
    expect(lastRequest().query).toMatchObject({ page: 2, search: 'acme' });
    expect(outcomes).toEqual([{ navigate: { path: '/companies?page=2&pageSize=10&sortOrder=asc&search=acme', replace: true } }]);
    expect(actor.getSnapshot().matches({ ready: 'withData' })).toBe(true);
    expect(actor.getSnapshot().context.items.map((item) => item.id)).toEqual(['k', 'l']);
  });

  it('turns to page 1 when no row is left at all, and says the list is empty there', async () => {
    let calls = 0;
    const { actor, query, lastRequest } = startList({ query: { page: '3' } }, { fetchPage: async () => (calls++, pageOf([], 0)) });
    await flush();
    await flush();
    expect(query().page).toBe(1);
    expect(lastRequest().query.page).toBe(1);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
  });

  it('stays on an empty page that the total says exists (an estimate, or rows deleted since the count)', async () => {
    const { actor, query, fakes } = startList({ query: { page: '2' } }, { fetchPage: async () => pageOf([], 15) });
    await flush();
    expect(query().page).toBe(2);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
  });
});

describe('list: a change while a page loads or a search waits starts afresh', () => {
  it('asks for the page again on Refresh while it loads, and restarts the pause at each keystroke', () => {
    const { actor, fakes, clock } = startList({}, { fetchPage: pending });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    actor.send({ type: 'list.refresh' });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
    expect(fakes.fetchPage.mock.calls[1]![0]).toMatchObject({ reload: true });
    actor.send({ type: 'list.search', text: 'a' });
    clock.increment(SEARCH_DEBOUNCE_MS - 100);
    actor.send({ type: 'list.search', text: 'ab' });
    clock.increment(SEARCH_DEBOUNCE_MS - 100);
    expect(actor.getSnapshot().value).toBe('debouncingSearch');
    clock.increment(100);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.fetchPage).toHaveBeenCalledTimes(3);
    expect(fakes.fetchPage.mock.calls[2]![0].query).toMatchObject({ search: 'ab', page: 1 });
  });
});

describe('list: what an export asks for', () => {
  it('is the list as shown: its query with the search applied, not the one being typed, and its filters', async () => {
    const { actor } = startList({ query: { page: '2', search: 'acme' }, filters: { companyId: 'c1' } });
    await flush();
    actor.send({ type: 'list.search', text: 'globex' });
    expect(listRequestOf(actor.getSnapshot())).toEqual({
      query: { page: 2, pageSize: 10, sortBy: null, sortOrder: 'asc', search: 'acme' },
      filters: { companyId: 'c1' },
    });
  });
});
