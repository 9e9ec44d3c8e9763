import type { AnyMachineSnapshot } from 'xstate';
import type { Page } from '../../../src/domain/resource';
import { FOLLOW_INTERVAL_MS, listMachine, SEARCH_DEBOUNCE_MS, type FetchPageInput, type ListContext, type ListItem } from '../../../src/machines/list.machine';
import { after, done, error } from '../../machines/graph-paths';
import { pageOf, serverError } from '../../machines/list-fixtures';
import type { MachineModel } from '../model';

const rows = (...statuses: string[]): Page<ListItem> => ({
  items: statuses.map((status, index) => ({ id: `r${index}`, status }) as ListItem),
  total: statuses.length,
  totalIsEstimate: false,
});

export const listModel: MachineModel = {
  name: 'list',
  summary: 'Every list of the console: paging, sorting, search with a pause, loading/empty/failure, deleting a row, following rows still processing.',
  machine: listMachine,
  bounded:
    'Paged: a state is its value and page number, and the only page offered is 2 (the guards look at the page: a deleted last row of page 2 goes back to page 1). Following: a state is its value and the statuses of its rows.',
  scenarios: [
    {
      name: 'paged',
      input: { allowedSorts: ['name'] },
      serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, page: (snapshot.context as ListContext).query.page }),
      events: [
        ['page 2', { type: 'list.page', page: 2 }],
        ['page size 25', { type: 'list.pageSize', pageSize: 25 }],
        ['sort name desc', { type: 'list.sort', sortBy: 'name', sortOrder: 'desc' }],
        ['type "acme"', { type: 'list.search', text: 'acme' }],
        ['address: page 2', { type: 'list.restore', query: { page: '2' } }],
        ['refresh', { type: 'list.refresh' }],
        ['retry', { type: 'list.retry' }],
        ['delete row', { type: 'list.delete', id: 'a' }],
        ['confirm', { type: 'list.confirmDelete' }],
        ['cancel', { type: 'list.cancelDelete' }],
        ['pause in typing', after('searchDebounce', 'list.debouncingSearch')],
        ['fetch: one row', done('fetchPage', pageOf(['a'], 11))],
        ['fetch: none', done('fetchPage', pageOf([], 0))],
        ['fetch: 500', error('fetchPage', serverError)],
        ['delete: ok', done('deleteRecord', undefined)],
        ['delete: 500', error('deleteRecord', serverError)],
      ],
    },
    {
      name: 'following',
      input: { allowedSorts: ['name'], followWhile: { field: 'status', oneOf: ['PENDING_PROCESSING'] } },
      serializeState: (snapshot: AnyMachineSnapshot) =>
        JSON.stringify({
          value: snapshot.value,
          statuses: (snapshot.context as ListContext).items.map((item) => (item as ListItem & { status: string }).status),
        }),
      events: [
        ['refresh', { type: 'list.refresh' }],
        ['delete row', { type: 'list.delete', id: 'r0' }],
        ['cancel', { type: 'list.cancelDelete' }],
        ['3 s pass', after('followInterval', 'list.ready.withData')],
        ['fetch: processing', done('fetchPage', rows('PENDING_PROCESSING', 'READY'))],
        ['fetch: all ready', done('fetchPage', rows('READY'))],
        ['follow: still processing', done('followPage', rows('PENDING_PROCESSING', 'READY'))],
        ['follow: now ready', done('followPage', rows('READY', 'READY'))],
        ['follow: none left', done('followPage', rows())],
        ['follow: 500', error('followPage', serverError)],
      ],
    },
  ],
  provide: (invoked) =>
    listMachine.provide({
      actors: {
        fetchPage: invoked<Page<ListItem>, FetchPageInput>(),
        deleteRecord: invoked<void, { id: string }>(),
      },
    }),
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS, followInterval: FOLLOW_INTERVAL_MS },
  invariants: [
    ['the page is a whole number from 1', (s) => Number.isInteger((s.context as ListContext).query.page) && (s.context as ListContext).query.page >= 1],
    ['no more rows than the page size', (s) => (s.context as ListContext).items.length <= (s.context as ListContext).query.pageSize],
  ],
};
