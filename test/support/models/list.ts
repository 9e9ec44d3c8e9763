import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Page } from '../../../src/domain/resource';
import {
  FOLLOW_INTERVAL_MS,
  listMachine,
  SEARCH_DEBOUNCE_MS,
  type ListContext,
  type ListInput,
  type ListItem,
} from '../../../src/machines/list.machine';
import type { BulkReport } from '../../../src/domain/bulk';
import { companiesResource } from '../../../src/views/resources/companies';
import { contentsResource } from '../../../src/views/resources/contents';
import { usersResource } from '../../../src/views/resources/users';
import { trainingPlansResource } from '../../../src/views/resources/training-plans';
import { after, done, error } from '../paths/graph-paths';
import { pageOf, serverError } from '../fixtures/list';
import { defineModel, type GraphEvent } from '../paths/model';

const rows = (...statuses: string[]): Page<ListItem> => ({
  items: statuses.map((status, index) => ({ id: `r${index}`, status }) as ListItem),
  total: statuses.length,
  totalIsEstimate: false,
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ListContext;

/** The grid's "next page" button is enabled: a page after this one exists. */
export const hasNextPage = ({ query, total }: ListContext) => query.page * query.pageSize < total;

/**
 * What the list screens (src/views/list/ListView.tsx) let a user do in a snapshot: the grid (paging, page size,
 * sort buttons, row actions) is replaced by the failure alert in `failure`; the confirmation dialog is modal, so
 * nothing behind it (toolbar, grid) can be reached while it is open; Retry exists only in the failure alert, and
 * Confirm/Cancel only in the dialog, both disabled while the deletion runs.
 */
const impossibleOnScreen = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  const context = contextOf(snapshot);
  const dialogOpen = snapshot.matches('deleting') || snapshot.matches('bulk');
  const gridShown = !snapshot.matches('failure') && !dialogOpen;
  // The selection's bar (src/views/list/BulkActions.tsx): shown while rows are selected, its buttons usable once the rows are.
  const selected = context.allSelected ? context.total : context.selectedIds.length;
  const barUsable = selected > 0 && !dialogOpen && (snapshot.matches({ ready: 'withData' }) || snapshot.matches({ ready: 'following' }));
  switch (event.type) {
    case 'list.page': {
      // The grid's arrows: the next page while the total says one exists, the previous one from page 2 on once the
      // list knows of some rows (with a total of 0 the grid shows no page to leave and disables it).
      const { page } = event as { page?: number };
      const next = page === context.query.page + 1 && hasNextPage(context);
      const previous = page === context.query.page - 1 && page >= 1 && context.total > 0;
      return !gridShown || !(next || previous);
    }
    case 'list.pageSize':
    case 'list.sort':
      return !gridShown;
    case 'list.search':
    case 'list.refresh':
      return dialogOpen;
    case 'list.retry':
      return !snapshot.matches('failure');
    case 'list.delete':
      // Disabled while a page loads or a search waits for its pause (the machine would not take it).
      return (
        !gridShown ||
        snapshot.matches('loading') ||
        snapshot.matches('debouncingSearch') ||
        !context.items.some((item) => item.id === (event as { id?: string }).id)
      );
    case 'list.confirmDelete':
    case 'list.cancelDelete':
      return !snapshot.matches({ deleting: 'confirming' });
    case 'list.select': {
      // A row's checkbox, once the rows are shown; checking the rows already checked is no click (a click unchecks them).
      const ids = (event as { ids?: string[] }).ids ?? [];
      const same = ids.length === context.selectedIds.length && ids.every((id) => context.selectedIds.includes(id));
      return !snapshot.matches({ ready: 'withData' }) || !context.items.some((item) => ids.includes(item.id)) || same;
    }
    case 'list.selectAll':
      return !barUsable || context.allSelected || selected >= context.total;
    case 'list.clearSelection':
    case 'list.bulk':
      return !barUsable;
    case 'list.confirmBulk':
      // Disabled until the dialog has what the action needs (the group; the plan).
      return !snapshot.matches({ bulk: 'confirming' }) || !snapshot.can(event as { type: 'list.confirmBulk' });
    case 'list.cancelBulk':
    case 'list.bulkParams':
      return !snapshot.matches({ bulk: 'confirming' });
    case 'list.dismissReport':
      return context.bulkReport === null || dialogOpen;
    default:
      return false;
  }
};

/** The companies list (`/companies`) as the console starts it: its sorts, no filter, no condition, an address without a query. */
const companiesInput: ListInput = {
  allowedSorts: companiesResource.list.allowedSorts,
  path: '/companies',
  deletedKey: companiesResource.list.deletedKey!,
  bulkActions: companiesResource.list.bulkActions!,
};

/** What `POST companies/bulk` answers: one company deleted, one skipped as still in use. */
export const bulkReport: BulkReport = {
  action: 'delete',
  requested: 2,
  succeeded: 1,
  skipped: [{ id: 'b', code: 'COMPANY_IN_USE', message: 'The company still has users' }],
};

/** The users list (`/users`) of a COMPANY admin: its bulk actions include adding to a group and assigning a plan. */
const usersInput: ListInput = {
  allowedSorts: usersResource.list.allowedSorts,
  path: '/users',
  deletedKey: usersResource.list.deletedKey!,
  bulkActions: usersResource.list.bulkActions!,
};

/** What `POST users/bulk` answers to adding one user to a group. */
export const addedReport: BulkReport = { action: 'addToGroup', requested: 1, succeeded: 1, skipped: [] };

/** The companies list opened from a link naming every part of its query (`/companies?page=2&pageSize=2&…`). */
const linkedQuery = { page: '2', pageSize: '2', sortBy: 'name', sortOrder: 'desc', search: 'acme' };
const linkedInput: ListInput = { ...companiesInput, query: linkedQuery };

/**
 * What no screen of a list sends, or sends only by mistake (an off-by-one of the view, a click on a row just gone):
 * the machine must take none of them, in any state.
 */
const strayEvents: Array<[label: string, event: GraphEvent]> = [
  ['page 0', { type: 'list.page', page: 0 }],
  ['page 1.5', { type: 'list.page', page: 1.5 }],
  ['page size 7 (not offered)', { type: 'list.pageSize', pageSize: 7 }],
  ['sort by a field the API refuses', { type: 'list.sort', sortBy: 'password', sortOrder: 'asc' }],
  ['sort in no known order', { type: 'list.sort', sortBy: 'name', sortOrder: 'sideways' }],
  ['delete a row not shown', { type: 'list.delete', id: 'gone' }],
];

/** The training plans list (`/training-plans`): a plan may be deleted only while a DRAFT (src/views/resources/training-plans.tsx). */
const plansList = trainingPlansResource.list;
const plansInput: ListInput = {
  allowedSorts: plansList.allowedSorts,
  path: '/training-plans',
  deleteWhen: plansList.deleteWhen!.condition,
  deletedKey: plansList.deletedKey!,
};

/** The contents list (`/contents`, src/views/resources/contents.tsx): it follows the contents whose video is being processed. */
const contentsInput: ListInput = {
  allowedSorts: contentsResource.list.allowedSorts,
  followWhile: contentsResource.list.followWhile!,
  path: '/contents',
  deletedKey: contentsResource.list.deletedKey!,
};

export const listModel = defineModel({
  name: 'list',
  summary:
    'Every list of the console: paging, sorting, search with a pause, loading/empty/failure, deleting a row, following rows still processing.',
  machine: listMachine,
  bounded:
    'Paged: a state is its value, its page number and whether a next page exists (the grid offers "next page" only then); the pages offered are 2 and, from page 2, 1 (the guards look at the page: a deleted last row of page 2 goes back to page 1). Linked: a state is its value and its whole query; no event of the scenario changes the query but typing the search it already holds. Following: a state is its value and the statuses of its rows.',
  impossible: [
    'Paging, the page size and the sort buttons are in the grid: not while the failure alert replaces it, nor while the delete confirmation (a modal dialog) is open.',
    '"page 2" is the grid\'s next-page button: only on page 1 while the total says a page 2 exists; "page 1" is its previous-page button: only on page 2, once a total above 0 is known.',
    'Each scenario also offers, in every state, events the machine must ignore (listed under its events): no screen sends them, or only by mistake.',
    'Typing in the search box and Refresh: not while the delete confirmation is open (modal).',
    'Retry is in the failure alert only; Confirm and Cancel are in the delete confirmation only, and disabled while the deletion runs.',
    'The selection: a row\'s checkbox once the rows are shown; "Select all N", Clear and the bulk actions are in the selection\'s bar, shown while rows are selected and usable once they are (not behind a dialog); "Select all N" only while fewer than all are selected; Confirm and Cancel of a bulk action are in its dialog; Dismiss is on the report, not behind a dialog.',
    "A row's Delete button only while the grid shows that row, and disabled while a page loads or a search waits for its pause.",
  ],
  scenarios: [
    {
      name: 'paged',
      input: companiesInput,
      serializeState: (snapshot: AnyMachineSnapshot) =>
        JSON.stringify({ value: snapshot.value, page: contextOf(snapshot).query.page, nextPage: hasNextPage(contextOf(snapshot)) }),
      isImpossible: impossibleOnScreen,
      events: [
        ['page 2', { type: 'list.page', page: 2 }],
        ['page 1', { type: 'list.page', page: 1 }],
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
      ignored: [...strayEvents, ['3 s pass (nothing to follow)', after('followInterval', 'list.ready.withData')]],
    },
    {
      name: 'linked',
      input: linkedInput,
      serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, query: contextOf(snapshot).query }),
      isImpossible: impossibleOnScreen,
      events: [
        ['type "acme" again', { type: 'list.search', text: 'acme' }],
        ['pause in typing', after('searchDebounce', 'list.debouncingSearch')],
        ['refresh', { type: 'list.refresh' }],
        ['retry', { type: 'list.retry' }],
        ['fetch: rows 3–4 of 13', done('fetchPage', pageOf(['a', 'b'], 13))],
        ['fetch: 500', error('fetchPage', serverError)],
        ['delete row', { type: 'list.delete', id: 'a' }],
        ['confirm', { type: 'list.confirmDelete' }],
        ['delete: ok', done('deleteRecord', undefined)],
      ],
      ignored: [
        ...strayEvents,
        ['page 2 again', { type: 'list.page', page: 2 }],
        ['page size 2 again', { type: 'list.pageSize', pageSize: 2 }],
        ['sort name desc again', { type: 'list.sort', sortBy: 'name', sortOrder: 'desc' }],
        ['address: the same', { type: 'list.restore', query: linkedQuery }],
        ['address: the same, the search spaced', { type: 'list.restore', query: { ...linkedQuery, search: '  acme ' } }],
      ],
    },
    {
      name: 'bulk',
      input: companiesInput,
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { selectedIds, allSelected, bulkReport: report } = contextOf(snapshot);
        return JSON.stringify({ value: snapshot.value, selectedIds, allSelected, report: report !== null });
      },
      isImpossible: impossibleOnScreen,
      events: [
        ['fetch: rows 1–2 of 12', done('fetchPage', pageOf(['a', 'b'], 12))],
        ['check row a', { type: 'list.select', ids: ['a'] }],
        ['select all 12', { type: 'list.selectAll' }],
        ['clear selection', { type: 'list.clearSelection' }],
        ['bulk delete', { type: 'list.bulk', action: 'delete' }],
        ['confirm bulk', { type: 'list.confirmBulk' }],
        ['cancel bulk', { type: 'list.cancelBulk' }],
        ['bulk: one deleted, one skipped', done('bulkAction', bulkReport)],
        ['bulk: 500', error('bulkAction', serverError)],
        ['dismiss report', { type: 'list.dismissReport' }],
      ],
      // The companies list offers no enable or disable.
      ignored: [['bulk disable', { type: 'list.bulk', action: 'disable' }]],
    },
    {
      name: 'bulk params',
      input: usersInput,
      serializeState: (snapshot: AnyMachineSnapshot) => {
        const { selectedIds, bulkReport: report } = contextOf(snapshot);
        const picked = snapshot.matches({ bulk: 'confirming' }) && snapshot.can({ type: 'list.confirmBulk' });
        return JSON.stringify({ value: snapshot.value, selectedIds, picked, report: report !== null });
      },
      isImpossible: impossibleOnScreen,
      events: [
        ['fetch: users a–b of 12', done('fetchPage', pageOf(['a', 'b'], 12))],
        ['check user a', { type: 'list.select', ids: ['a'] }],
        ['bulk add to group', { type: 'list.bulk', action: 'addToGroup' }],
        ['pick group g1', { type: 'list.bulkParams', params: { groupId: 'g1' } }],
        ['confirm add to group', { type: 'list.confirmBulk' }],
        ['cancel bulk', { type: 'list.cancelBulk' }],
        ['bulk: one added', done('bulkAction', addedReport)],
      ],
    },
    {
      name: 'drafts',
      input: plansInput,
      isImpossible: impossibleOnScreen,
      events: [
        ['fetch: a draft and a published plan', done('fetchPage', rows('DRAFT', 'PUBLISHED'))],
        ['delete the draft', { type: 'list.delete', id: 'r0' }],
        ['cancel', { type: 'list.cancelDelete' }],
        ['confirm', { type: 'list.confirmDelete' }],
        ['delete: ok', done('deleteRecord', undefined)],
      ],
      // Its Delete is disabled, saying why: a published plan is never asked for.
      ignored: [['delete the published plan', { type: 'list.delete', id: 'r1' }]],
    },
    {
      name: 'following',
      input: contentsInput,
      serializeState: (snapshot: AnyMachineSnapshot) =>
        JSON.stringify({
          value: snapshot.value,
          statuses: contextOf(snapshot).items.map((item) => (item as ListItem & { status: string }).status),
        }),
      isImpossible: impossibleOnScreen,
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
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS, followInterval: FOLLOW_INTERVAL_MS },
  requirements: [
    {
      id: 'LIST-LOAD',
      rule: 'A list shows its rows, says when there are none, or shows the failure with Retry.',
      by: [
        'list.loading \u2014xstate.done.actor.fetchPage [hasItems]\u2192 list.ready.withData',
        'list.loading \u2014xstate.done.actor.fetchPage\u2192 list.ready.empty',
        'list.loading \u2014xstate.error.actor.fetchPage\u2192 list.failure',
        'list.failure \u2014list.retry\u2192 list.loading',
      ],
    },
    {
      id: 'LIST-PAST-END',
      rule: 'A page after the last one (an old link, rows deleted meanwhile) turns to the last page there is, and the address with it.',
      by: ['list.loading \u2014xstate.done.actor.fetchPage [isPastLastPage]\u2192 list.loading'],
    },
    {
      id: 'LIST-PAGING',
      rule: 'Next and previous page load that page; the same page loads nothing.',
      by: ['list \u2014list.page [isOtherPage]\u2192 list.loading'],
    },
    {
      id: 'LIST-PAGE-SIZE-RESET',
      rule: 'Another page size loads page 1 with that size.',
      by: ['list \u2014list.pageSize [isOtherPageSize]\u2192 list.loading'],
    },
    {
      id: 'LIST-SORT-RESET',
      rule: 'Sorting by an allowed field loads page 1 in that order; other fields are ignored.',
      by: ['list \u2014list.sort [isOtherAllowedSort]\u2192 list.loading'],
    },
    {
      id: 'LIST-SEARCH-PAUSE',
      rule: 'Search waits for a pause in typing, then loads page 1 of the matches.',
      by: [
        'list \u2014list.search\u2192 list.debouncingSearch',
        'list.debouncingSearch \u2014xstate.after.searchDebounce.list.debouncingSearch\u2192 list.loading',
      ],
    },
    {
      id: 'LIST-ADDRESS',
      rule: 'The list follows its address: Back, Forward and a pasted URL show the page, size, sort and search they name.',
      by: ['list \u2014list.restore [isOtherQuery]\u2192 list.loading'],
    },
    {
      id: 'LIST-REFRESH',
      rule: 'Refresh loads the same page again.',
      by: ['list \u2014list.refresh\u2192 list.loading'],
    },
    {
      id: 'LIST-DELETE-CONFIRM',
      rule: 'Deleting a row asks for confirmation; Cancel keeps the row.',
      by: [
        'list.ready.withData \u2014list.delete [mayDeleteRow]\u2192 list.deleting',
        'list.ready.following \u2014list.delete [mayDeleteRow]\u2192 list.deleting',
        'list.deleting.confirming \u2014list.confirmDelete\u2192 list.deleting.requesting',
        'list.deleting.confirming \u2014list.cancelDelete\u2192 list.ready.withData',
      ],
    },
    {
      id: 'LIST-DELETE-OUTCOME',
      rule: 'A deleted row leaves the list, which reloads (one page back when it was the last row of its page); a refused delete keeps the rows and says why.',
      by: [
        'list.deleting.requesting \u2014xstate.done.actor.deleteRecord\u2192 list.loading',
        'list.deleting.requesting \u2014xstate.error.actor.deleteRecord\u2192 list.ready.withData',
      ],
    },
    {
      id: 'LIST-BULK',
      rule: 'Rows selected on any page, or every row the search matches, are acted on in one request once confirmed; the report says how many succeeded and why the others were skipped, until dismissed; a failure keeps the selection and says why.',
      by: [
        'list.ready \u2014list.bulk [mayRunBulk]\u2192 list.bulk',
        'list.bulk.confirming \u2014list.confirmBulk [hasBulkParams]\u2192 list.bulk.requesting',
        'list.bulk.confirming \u2014list.cancelBulk\u2192 list.ready.withData',
        'list.bulk.requesting \u2014xstate.done.actor.bulkAction\u2192 list.loading',
        'list.bulk.requesting \u2014xstate.error.actor.bulkAction\u2192 list.ready.withData',
      ],
    },
    {
      id: 'LIST-BULK-PARAMS',
      rule: 'Adding users to a group, or assigning them a plan, is confirmed only once the dialog has the group, or the plan (and an optional due date); they are sent with the rows.',
      by: ['list.bulk.confirming \u2014list.bulkParams\u2192 itself'],
    },
    {
      id: 'LIST-FOLLOW',
      rule: 'Rows still processing are checked again every 3 s until none is left; a failed check keeps the rows shown.',
      by: [
        'list.ready.withData \u2014xstate.after.followInterval.list.ready.withData [hasChangingRows]\u2192 list.ready.following',
        'list.ready.following \u2014xstate.done.actor.followPage [hasItems]\u2192 list.ready.withData',
        'list.ready.following \u2014xstate.done.actor.followPage\u2192 list.ready.empty',
        'list.ready.following \u2014xstate.error.actor.followPage\u2192 list.ready.withData',
      ],
    },
  ],
  invariants: [
    ['the page is a whole number from 1', (s) => Number.isInteger(contextOf(s).query.page) && contextOf(s).query.page >= 1],
    ['no more rows than the page size', (s) => contextOf(s).items.length <= contextOf(s).query.pageSize],
  ],
});
