import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/machines/list-query';
import { SEARCH_DEBOUNCE_MS } from '../../src/machines/list.machine';
import { flush, pageOf, serverError, startList } from '../support/fixtures/list';
import { pending } from '../support/fixtures/session';

const ready = async (list: ReturnType<typeof startList>) => {
  await flush();
  return list;
};

describe('list: loading', () => {
  it('starts loading page 1 of 10 rows, unsorted, with no search', () => {
    const { actor, fakes } = startList();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toEqual([2, 10, 25, 50]);
    expect(fakes.fetchPage).toHaveBeenCalledWith({
      query: { page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' },
      filters: {},
      reload: false,
    });
  });

  it('shows a page with rows', async () => {
    const { actor } = await ready(startList({}, { fetchPage: async () => pageOf(['a'], 12_000, true) }));
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(actor.getSnapshot().context).toMatchObject({ items: [{ id: 'a' }], total: 12_000, totalIsEstimate: true, failure: null });
  });

  it('knows when there is nothing to show', async () => {
    const { actor } = await ready(startList({}, { fetchPage: async () => pageOf([]) }));
    expect(actor.getSnapshot().value).toEqual({ ready: 'empty' });
  });

  it('keeps the failure as data and retries on request', async () => {
    const list = await ready(startList({}, { fetchPage: () => Promise.reject(serverError) }));
    expect(list.actor.getSnapshot().value).toBe('failure');
    expect(list.actor.getSnapshot().context.failure).toEqual(serverError);
    list.fakes.fetchPage.mockResolvedValue(pageOf(['a']));
    list.actor.send({ type: 'list.retry' });
    expect(list.actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(list.actor.getSnapshot().context.failure).toBeNull();
  });

  it('starts from a given query, normalised, and passes its filters on', () => {
    const { query, lastRequest } = startList({
      query: { page: '3', pageSize: '25', sortBy: 'name', sortOrder: 'desc', search: ' acme ' },
      filters: { tenantId: 't1' },
    });
    expect(query()).toEqual({ page: 3, pageSize: 25, sortBy: 'name', sortOrder: 'desc', search: 'acme' });
    expect(lastRequest().filters).toEqual({ tenantId: 't1' });
  });

  it('takes the defaults for values it cannot use', () => {
    const { query } = startList({ query: { page: '-1', pageSize: '7', sortBy: 'password', sortOrder: 'sideways', search: null } });
    expect(query()).toEqual({ page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' });
  });

  it('shows only the answer to the latest query', async () => {
    const answers: Array<(page: ReturnType<typeof pageOf>) => void> = [];
    const { actor } = startList({}, { fetchPage: () => new Promise((resolve) => answers.push(resolve)) });
    actor.send({ type: 'list.page', page: 2 });
    answers[1]!(pageOf(['page-2']));
    await flush();
    answers[0]!(pageOf(['page-1']));
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([{ id: 'page-2' }]);
  });

  it('asks the API itself on refresh', async () => {
    const { actor, lastRequest } = await ready(startList());
    actor.send({ type: 'list.refresh' });
    expect(lastRequest().reload).toBe(true);
  });
});

describe('list: paging and sorting', () => {
  it('goes to another page', async () => {
    const { actor, query, fakes } = await ready(startList());
    actor.send({ type: 'list.page', page: 2 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(query().page).toBe(2);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
  });

  it.each([1, 0, -2, 1.5])('ignores page %s', async (page) => {
    const { actor, fakes } = await ready(startList());
    actor.send({ type: 'list.page', page });
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
  });

  it('changes the page size and goes back to page 1', async () => {
    const { actor, query } = await ready(startList({ query: { page: '3' } }));
    actor.send({ type: 'list.pageSize', pageSize: 25 });
    expect(query()).toMatchObject({ page: 1, pageSize: 25 });
  });

  it.each([10, 7, 100])('ignores page size %s (current or not offered)', async (pageSize) => {
    const { actor, query } = await ready(startList({ query: { page: '3' } }));
    actor.send({ type: 'list.pageSize', pageSize });
    expect(query()).toMatchObject({ page: 3, pageSize: 10 });
  });

  it('sorts by an allowed column in either direction, back to page 1', async () => {
    const { actor, query } = await ready(startList({ query: { page: '3' } }));
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'desc' });
    expect(query()).toMatchObject({ page: 1, sortBy: 'name', sortOrder: 'desc' });
    await flush();
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'asc' });
    expect(query()).toMatchObject({ page: 1, sortBy: 'name', sortOrder: 'asc' });
  });

  it('ignores a sort outside the allowed ones, or the current one', async () => {
    const { actor, fakes } = await ready(startList({ query: { sortBy: 'name', sortOrder: 'desc' } }));
    actor.send({ type: 'list.sort', sortBy: 'password', sortOrder: 'asc' });
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'desc' });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('list: search', () => {
  it('shows what is typed at once and asks the API once, after a pause, from page 1', async () => {
    const { actor, clock, fakes, query } = await ready(startList({ query: { page: '2' } }));
    for (const text of ['a', 'ac', 'acm', 'acme ']) {
      actor.send({ type: 'list.search', text });
      clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(actor.getSnapshot().context.searchText).toBe('acme ');
    expect(actor.getSnapshot().value).toBe('debouncingSearch');
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
    expect(query()).toMatchObject({ page: 1, search: 'acme' });
  });

  it('keeps the page when the search did not change', async () => {
    const { actor, clock, query } = await ready(startList({ query: { page: '2', search: 'acme' } }));
    actor.send({ type: 'list.search', text: 'acme ' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(query()).toMatchObject({ page: 2, search: 'acme' });
  });

  it('carries what is typed into any other change of the query', async () => {
    const { actor, query } = await ready(startList());
    actor.send({ type: 'list.search', text: 'acme' });
    actor.send({ type: 'list.sort', sortBy: 'email', sortOrder: 'asc' });
    expect(query()).toMatchObject({ page: 1, search: 'acme', sortBy: 'email' });
  });
});

describe('list: the address bar', () => {
  it('follows a restored query, search box included', async () => {
    const { actor, query } = await ready(startList());
    actor.send({ type: 'list.search', text: 'typed' });
    actor.send({ type: 'list.restore', query: { page: '2', sortBy: 'name', sortOrder: 'desc', search: 'acme' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(query()).toEqual({ page: 2, pageSize: 10, sortBy: 'name', sortOrder: 'desc', search: 'acme' });
    expect(actor.getSnapshot().context.searchText).toBe('acme');
  });

  it('ignores a restored query that is the current one', async () => {
    const { actor, fakes } = await ready(startList({ query: { page: '2' } }));
    actor.send({ type: 'list.restore', query: { page: '2', pageSize: 'nonsense' } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('list: delete', () => {
  it('deletes the row after confirmation, then loads the page again', async () => {
    const { actor, fakes } = await ready(startList());
    actor.send({ type: 'list.delete', id: 'b' });
    expect(actor.getSnapshot().value).toEqual({ deleting: 'confirming' });
    expect(actor.getSnapshot().context.deletingId).toBe('b');
    actor.send({ type: 'list.confirmDelete' });
    expect(actor.getSnapshot().value).toEqual({ deleting: 'requesting' });
    expect(fakes.deleteRecord).toHaveBeenCalledWith({ id: 'b' });
    await flush();
    expect(fakes.fetchPage).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.deletingId).toBeNull();
  });

  it('deletes nothing when cancelled', async () => {
    const { actor, fakes } = await ready(startList());
    actor.send({ type: 'list.delete', id: 'b' });
    actor.send({ type: 'list.cancelDelete' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(actor.getSnapshot().context.deletingId).toBeNull();
    expect(fakes.deleteRecord).not.toHaveBeenCalled();
  });

  it('reports a failed delete and keeps the page', async () => {
    const { actor, outcomes, fakes } = await ready(startList({}, { deleteRecord: () => Promise.reject(serverError) }));
    actor.send({ type: 'list.delete', id: 'b' });
    actor.send({ type: 'list.confirmDelete' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'withData' });
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.deleteFailedBecause', values: { reason: 'Boom' } } }]);
    expect(fakes.fetchPage).toHaveBeenCalledTimes(1);
  });

  it('shows the page before when the only row of a later page is deleted', async () => {
    const { actor, query } = await ready(startList({ query: { page: '3' } }, { fetchPage: async () => pageOf(['last'], 21) }));
    actor.send({ type: 'list.delete', id: 'last' });
    actor.send({ type: 'list.confirmDelete' });
    await flush();
    expect(query().page).toBe(2);
  });

  it('holds the query still while the confirmation is open or the delete runs', async () => {
    const { actor, query, clock } = await ready(startList({}, { deleteRecord: pending }));
    actor.send({ type: 'list.delete', id: 'b' });
    for (const state of ['confirming', 'requesting']) {
      actor.send({ type: 'list.page', page: 2 });
      actor.send({ type: 'list.pageSize', pageSize: 25 });
      actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'asc' });
      actor.send({ type: 'list.search', text: 'x' });
      actor.send({ type: 'list.refresh' });
      clock.increment(SEARCH_DEBOUNCE_MS);
      expect(actor.getSnapshot().value).toEqual({ deleting: state });
      expect(query()).toEqual({ page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' });
      actor.send({ type: 'list.confirmDelete' });
    }
  });

  it('lets the address bar win over an open confirmation', async () => {
    const { actor } = await ready(startList());
    actor.send({ type: 'list.delete', id: 'b' });
    actor.send({ type: 'list.restore', query: { page: '2' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.deletingId).toBeNull();
  });

  it('offers delete only on rows that are shown', async () => {
    const { actor } = await ready(startList({}, { fetchPage: async () => pageOf([]) }));
    expect(actor.getSnapshot().can({ type: 'list.delete', id: 'x' })).toBe(false);
  });
});

describe('list: where the address leads', () => {
  it('leads to the address of every query the user picks, once, and never for one from the address bar', async () => {
    const { actor, clock, outcomes } = await ready(startList({ path: '/companies' }));
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.sort', sortBy: 'name', sortOrder: 'desc' });
    actor.send({ type: 'list.search', text: 'acme' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'list.search', text: 'acme ' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'list.restore', query: { page: '3' } });
    expect(actor.getSnapshot().context.query.page).toBe(3);
    expect(outcomes).toEqual([
      { navigate: { path: '/companies?page=2&pageSize=10&sortOrder=asc' } },
      { navigate: { path: '/companies?page=1&pageSize=10&sortBy=name&sortOrder=desc' } },
      { navigate: { path: '/companies?page=1&pageSize=10&sortBy=name&sortOrder=desc&search=acme' } },
      { navigate: null },
    ]);
  });

  it('keeps its filters in every address it leads to, after the query (the Activity page)', async () => {
    const { actor, outcomes } = await ready(
      startList({ path: '/activity', allowedSorts: ['at'], filters: { entity: 'company', action: 'UPDATE' } }),
    );
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.sort', sortBy: 'at', sortOrder: 'desc' });
    expect(outcomes).toEqual([
      { navigate: { path: '/activity?page=2&pageSize=10&sortOrder=asc&entity=company&action=UPDATE' } },
      { navigate: { path: '/activity?page=1&pageSize=10&sortBy=at&sortOrder=desc&entity=company&action=UPDATE' } },
    ]);
  });

  it('leaves the address bar alone without a path', async () => {
    const { actor, outcomes } = await ready(startList());
    actor.send({ type: 'list.page', page: 2 });
    expect(outcomes).toEqual([{ navigate: null }]);
  });
});
