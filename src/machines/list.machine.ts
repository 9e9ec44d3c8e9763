import { assign, setup, type SnapshotFrom } from 'xstate';
import { bulkParamsOf, requiredBulkParams, type BulkActionName, type BulkParams, type BulkReport, type BulkRequest } from '../domain/bulk';
import { dueDateOfDay } from '../domain/delivery';
import type { Failure } from '../domain/failure';
import type { ListQuery, ListRequest, Page, SortOrder } from '../domain/resource';
import { holds, type Condition } from './condition';
import { isPageSize, isSortOrder, normalizeQuery, sameQuery, toSearch, writeQuery, type RawListQuery } from './list-query';
import { notProvided } from './not-provided';
import type { Selectable } from './selectable';
import { deleteFailedNotice, outcomeActions, serverCode, serverMessage, type Destination, type Notice } from './outcomes';

/** Typing in the search box reaches the API after this pause. */
export const SEARCH_DEBOUNCE_MS = 300;

/** While a row is still changing on its own, the page is fetched again after this pause. */
export const FOLLOW_INTERVAL_MS = 3000;

export interface ListItem {
  id: string;
}

export interface ListInput {
  /** The `sortBy` values the API accepts for this resource; any other sort is ignored. */
  allowedSorts: readonly string[];
  /** The query to start from (the address bar's), normalised on the way in. */
  query?: RawListQuery;
  /** Sent with every page asked for (`entity`, `entityId`…); written into the address after the query when `path` is set. */
  filters?: Readonly<Record<string, string>>;
  /** Rows meeting this change on their own (a video being processed): while one is shown, the page is fetched again. */
  followWhile?: Condition;
  /** Only rows meeting this may be deleted (a training plan while a DRAFT); any row when absent. */
  deleteWhen?: Condition;
  /**
   * The list's page (`/companies`): every change of the query the user makes leads to `{path}?{query}`, a new entry
   * of the address bar; the address bar is left alone when absent.
   */
  path?: string;
  /** The i18n key of the notice once a row is deleted ("Company deleted"); a generic one when absent. */
  deletedKey?: string;
  /** The actions the list offers on selected rows (`POST {resource}/bulk`); no selection when absent. */
  bulkActions?: readonly BulkActionName[];
  /** Rows may be selected, for Export selection, even without bulk actions; so they may whenever bulk actions exist. */
  selectable?: boolean;
}

export interface ListContext<Row extends ListItem = ListItem> {
  allowedSorts: readonly string[];
  filters: Readonly<Record<string, string>>;
  followWhile: Condition | null;
  deleteWhen: Condition | null;
  path: string | null;
  deletedKey: string;
  query: ListQuery;
  /** The search box as typed; it becomes `query.search` after a pause in typing. */
  searchText: string;
  items: Row[];
  total: number;
  totalIsEstimate: boolean;
  failure: Failure | null;
  /** The row whose deletion waits for confirmation or runs. */
  deletingId: string | null;
  bulkActions: readonly BulkActionName[];
  /** Rows may be selected (bulk actions, Export selection). */
  selectable: boolean;
  /** The rows selected by id, on any page: paging and sorting keep them, another search or address forgets them. */
  selectedIds: string[];
  /** Every row the list's search and filters match is selected ("Select all N"), whatever is shown. */
  allSelected: boolean;
  /** The bulk action waiting for confirmation or running. */
  bulkAction: BulkActionName | null;
  /** What the last bulk action did, shown until dismissed. */
  bulkReport: BulkReport | null;
  /** What the pending bulk action is sent with, as picked in its dialog (the group; the plan and a due date, a day). */
  bulkParams: BulkParams;
}

export type ListEvent =
  | { type: 'list.page'; page: number }
  | { type: 'list.pageSize'; pageSize: number }
  | { type: 'list.sort'; sortBy: string; sortOrder: SortOrder }
  | { type: 'list.search'; text: string }
  | { type: 'list.restore'; query: RawListQuery }
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'list.delete'; id: string }
  | { type: 'list.confirmDelete' }
  | { type: 'list.cancelDelete' }
  | { type: 'list.select'; ids: string[] }
  | { type: 'list.selectAll' }
  | { type: 'list.clearSelection' }
  | { type: 'list.bulk'; action: BulkActionName }
  | { type: 'list.confirmBulk' }
  | { type: 'list.cancelBulk' }
  | { type: 'list.bulkParams'; params: BulkParams }
  | { type: 'list.dismissReport' };

export interface FetchPageInput extends ListRequest {
  /** Asked for by the user: the API answers, never a cached copy. */
  reload: boolean;
}

const failureOf = ({ event }: { event: { error: unknown } }) => event.error as Failure;

/** A changed query carries what is typed in the search box, so the box and the list never disagree. */
const withTypedSearch = (context: ListContext, change: Partial<ListQuery>): ListQuery => {
  const search = toSearch(context.searchText);
  const page = search === context.query.search ? context.query.page : 1;
  return { ...context.query, search, page, ...change };
};

/** The queries the user's changes lead to. */
const pageQuery = (context: ListContext, { page }: { page: number }) => withTypedSearch(context, { page });
const pageSizeQuery = (context: ListContext, { pageSize }: { pageSize: number }) => withTypedSearch(context, { pageSize, page: 1 });
const sortQuery = (context: ListContext, { sortBy, sortOrder }: { sortBy: string; sortOrder: SortOrder }) =>
  withTypedSearch(context, { sortBy, sortOrder, page: 1 });

/** What a bulk action is sent: the selected ids, or the list's search and filters when every matching row is selected. */
const bulkRequestOf = ({ bulkAction, bulkParams, allSelected, selectedIds, query, filters }: ListContext): BulkRequest => {
  const action = bulkAction ?? 'delete';
  const params = bulkRequestParams(action, bulkParams);
  return allSelected
    ? { action, ...params, query: { ...(query.search && { search: query.search }), ...filters } }
    : { action, ...params, ids: selectedIds };
};

/** The parameters the action takes, as the API takes them: those picked and not empty, the due date's day as its end. */
const bulkRequestParams = (action: BulkActionName, params: BulkParams): BulkParams =>
  Object.fromEntries(
    bulkParamsOf(action)
      .filter((name) => params[name])
      .map((name) => [name, name === 'dueDate' ? dueDateOfDay(params[name]!) : params[name]]),
  );

/** A bulk action the API refused as a whole (too many rows, a failure): with its reason when the API gave one. */
const bulkFailedNotice = (failure: Failure): Notice => {
  const reason = serverMessage(failure);
  return reason
    ? { severity: 'error', messageKey: 'bulk.failedBecause', values: { reason }, ...serverCode(failure) }
    : { severity: 'error', messageKey: 'bulk.failed' };
};

/** A selection is forgotten when the rows it was made among change (another search, another address). */
const noSelection: { selectedIds: string[]; allSelected: boolean } = { selectedIds: [], allSelected: false };

/** After the last row of a later page is deleted, that page no longer exists: the one before. */
const afterDeletionQuery = ({ query, items }: ListContext): ListQuery =>
  items.length === 1 && query.page > 1 ? { ...query, page: query.page - 1 } : query;

/** The last page there is, by the API's total: page 1 when there are no rows at all. */
const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The same query on the last page the API's answer says there is. */
const lastPageQuery = ({ query }: ListContext, { total }: Page<ListItem>): ListQuery => ({
  ...query,
  page: lastPageOf(total, query.pageSize),
});

/**
 * The address of the list with a query it does not show yet: `{path}?{query}{filters}`; none without a path, or for
 * the same query. The filters are the list's own (a page whose filters change starts another list at their address).
 */
const addressOf = (context: ListContext, query: ListQuery): Destination | null =>
  context.path === null || sameQuery(query, context.query) ? null : { path: `${context.path}?${writeQuery(query, context.filters)}` };

/** A correction the user did not ask for replaces the address rather than adding an entry Back would return to. */
const withReplace = (destination: Destination | null): Destination | null => destination && { ...destination, replace: true };

/**
 * The list machine of one kind of row: the same graph for every resource, its rows typed as the resource's records
 * so the views select them without a cast.
 */
export function listMachineOf<Row extends ListItem>() {
  return setup({
    types: {
      input: {} as ListInput,
      context: {} as ListContext<Row>,
      events: {} as ListEvent,
    },
    actors: {
      fetchPage: notProvided<Page<Row>, FetchPageInput>('fetchPage'),
      deleteRecord: notProvided<void, { id: string }>('deleteRecord'),
      bulkAction: notProvided<BulkReport, BulkRequest>('bulkAction'),
    },
    actions: {
      ...outcomeActions,
      showPage: assign((_, page: Page<Row>) => ({
        items: page.items,
        total: page.total,
        totalIsEstimate: page.totalIsEstimate,
        failure: null,
      })),
      /** After the last row of a later page is deleted, that page no longer exists: show the one before. */
      leaveEmptiedPage: assign({ query: ({ context }) => afterDeletionQuery(context) }),
      forgetDeletion: assign({ deletingId: null }),
      forgetSelection: assign(noSelection),
    },
    guards: {
      hasItems: (_, page: Page<Row>) => page.items.length > 0,
      /** No row on a page after the last one (an old link, rows deleted meanwhile): the total says where the last is. */
      isPastLastPage: ({ context }, page: Page<Row>) =>
        page.items.length === 0 && lastPageOf(page.total, context.query.pageSize) < context.query.page,
      isOtherPage: ({ context }, { page }: { page: number }) => Number.isInteger(page) && page >= 1 && page !== context.query.page,
      isOtherPageSize: ({ context }, { pageSize }: { pageSize: number }) => isPageSize(pageSize) && pageSize !== context.query.pageSize,
      isOtherAllowedSort: ({ context: { allowedSorts, query } }, { sortBy, sortOrder }: { sortBy: string; sortOrder: SortOrder }) =>
        allowedSorts.includes(sortBy) && isSortOrder(sortOrder) && (sortBy !== query.sortBy || sortOrder !== query.sortOrder),
      isOtherQuery: ({ context }, { query }: { query: RawListQuery }) =>
        !sameQuery(normalizeQuery(query, context.allowedSorts), context.query),
      /** An action the list offers, on a selection that is not empty. */
      mayRunBulk: ({ context }, { action }: { action: BulkActionName }) =>
        context.bulkActions.includes(action) && (context.allSelected || context.selectedIds.length > 0),
      offersSelection: ({ context }) => context.selectable,
      /** The pending bulk action has what it needs (the group; the plan): Confirm is enabled. */
      hasBulkParams: ({ context: { bulkAction, bulkParams } }) =>
        bulkAction !== null && requiredBulkParams(bulkAction).every((name) => Boolean(bulkParams[name])),
      hasChangingRows: ({ context: { followWhile, items } }) => followWhile !== null && items.some((item) => holds(followWhile, item)),
      /** Only a row the list shows, and one meeting the list's condition: a stale click on a row gone meanwhile asks nothing. */
      mayDeleteRow: ({ context: { deleteWhen, items } }, { id }: { id: string }) => {
        const row = items.find((item) => item.id === id);
        return row !== undefined && holds(deleteWhen, row);
      },
    },
    delays: {
      searchDebounce: SEARCH_DEBOUNCE_MS,
      followInterval: FOLLOW_INTERVAL_MS,
    },
  }).createMachine({
    id: 'list',
    context: ({ input }) => {
      const query = normalizeQuery(input.query ?? {}, input.allowedSorts);
      return {
        allowedSorts: input.allowedSorts,
        filters: input.filters ?? {},
        followWhile: input.followWhile ?? null,
        deleteWhen: input.deleteWhen ?? null,
        path: input.path ?? null,
        deletedKey: input.deletedKey ?? 'feedback.deleted',
        query,
        searchText: query.search,
        items: [],
        total: 0,
        totalIsEstimate: false,
        failure: null,
        deletingId: null,
        bulkActions: input.bulkActions ?? [],
        selectable: input.selectable === true || (input.bulkActions?.length ?? 0) > 0,
        ...noSelection,
        bulkAction: null,
        bulkReport: null,
        bulkParams: {},
      };
    },
    initial: 'loading',
    // Each change below targets a child of the root: the active child is left and `loading` (or `debouncingSearch`)
    // entered afresh even when it is the one active, so its fetch (or its pause) starts again.
    on: {
      'list.page': {
        guard: { type: 'isOtherPage', params: ({ event }) => event },
        target: '.loading',
        actions: [
          { type: 'navigate', params: ({ context, event }) => addressOf(context, pageQuery(context, event)) },
          assign({ query: ({ context, event }) => pageQuery(context, event) }),
        ],
      },
      'list.pageSize': {
        guard: { type: 'isOtherPageSize', params: ({ event }) => event },
        target: '.loading',
        actions: [
          { type: 'navigate', params: ({ context, event }) => addressOf(context, pageSizeQuery(context, event)) },
          assign({ query: ({ context, event }) => pageSizeQuery(context, event) }),
        ],
      },
      'list.sort': {
        guard: { type: 'isOtherAllowedSort', params: ({ event }) => event },
        target: '.loading',
        actions: [
          { type: 'navigate', params: ({ context, event }) => addressOf(context, sortQuery(context, event)) },
          assign({ query: ({ context, event }) => sortQuery(context, event) }),
        ],
      },
      'list.search': {
        target: '.debouncingSearch',
        actions: assign({ searchText: ({ event }) => event.text, ...noSelection }),
      },
      'list.restore': {
        description: 'The address bar changed (back, forward, a pasted link): it wins over anything in progress.',
        guard: { type: 'isOtherQuery', params: ({ event }) => event },
        target: '.loading',
        actions: assign(({ context, event }) => {
          const query = normalizeQuery(event.query, context.allowedSorts);
          return { query, searchText: query.search, deletingId: null, ...noSelection };
        }),
      },
      'list.refresh': { target: '.loading' },
      'list.select': {
        description: "The rows checked in the grid, on any page (a page's checkbox checks its rows).",
        guard: 'offersSelection',
        actions: assign({ selectedIds: ({ event }) => event.ids, allSelected: false }),
      },
      'list.selectAll': {
        description: '"Select all N": every row the search and filters match, sent to the API as the query, not as ids.',
        guard: 'offersSelection',
        actions: assign({ allSelected: true }),
      },
      'list.clearSelection': { actions: 'forgetSelection' },
      'list.dismissReport': { actions: assign({ bulkReport: null }) },
    },
    states: {
      loading: {
        tags: 'busy',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context, event }) => ({ query: context.query, filters: context.filters, reload: event.type === 'list.refresh' }),
          onDone: [
            {
              guard: { type: 'hasItems', params: ({ event }) => event.output },
              target: 'ready.withData',
              actions: { type: 'showPage', params: ({ event }) => event.output },
            },
            {
              guard: { type: 'isPastLastPage', params: ({ event }) => event.output },
              description: 'The list turns to the last page there is, in place of the one asked for (the address too).',
              target: 'loading',
              reenter: true,
              actions: [
                { type: 'navigate', params: ({ context, event }) => withReplace(addressOf(context, lastPageQuery(context, event.output))) },
                assign({ query: ({ context, event }) => lastPageQuery(context, event.output) }),
              ],
            },
            { target: 'ready.empty', actions: { type: 'showPage', params: ({ event }) => event.output } },
          ],
          onError: { target: 'failure', actions: assign({ failure: failureOf }) },
        },
      },
      debouncingSearch: {
        description: 'Each keystroke restarts the pause; the list keeps showing the last page meanwhile.',
        after: {
          searchDebounce: {
            target: 'loading',
            actions: [
              { type: 'navigate', params: ({ context }) => addressOf(context, withTypedSearch(context, {})) },
              assign({ query: ({ context }) => withTypedSearch(context, {}) }),
            ],
          },
        },
      },
      ready: {
        initial: 'withData',
        states: {
          withData: {
            after: { followInterval: { guard: 'hasChangingRows', target: 'following' } },
            on: {
              'list.delete': {
                guard: { type: 'mayDeleteRow', params: ({ event }) => event },
                target: '#list.deleting',
                actions: assign({ deletingId: ({ event }) => event.id }),
              },
            },
          },
          following: {
            description: 'Some rows change on their own: the same page is fetched again from the API, quietly, the rows staying in view.',
            invoke: {
              id: 'followPage',
              src: 'fetchPage',
              input: ({ context }) => ({ query: context.query, filters: context.filters, reload: true }),
              onDone: [
                {
                  guard: { type: 'hasItems', params: ({ event }) => event.output },
                  target: 'withData',
                  actions: { type: 'showPage', params: ({ event }) => event.output },
                },
                { target: 'empty', actions: { type: 'showPage', params: ({ event }) => event.output } },
              ],
              onError: 'withData',
            },
            on: {
              'list.delete': {
                guard: { type: 'mayDeleteRow', params: ({ event }) => event },
                target: '#list.deleting',
                actions: assign({ deletingId: ({ event }) => event.id }),
              },
            },
          },
          empty: {},
        },
        on: {
          'list.bulk': {
            guard: { type: 'mayRunBulk', params: ({ event }) => event },
            target: '#list.bulk',
            actions: assign({ bulkAction: ({ event }) => event.action, bulkReport: null, bulkParams: {} }),
          },
        },
      },
      failure: {
        on: { 'list.retry': 'loading' },
      },
      deleting: {
        description: 'A confirmation dialog is open: the list holds still until it closes.',
        initial: 'confirming',
        on: {
          'list.page': {},
          'list.pageSize': {},
          'list.sort': {},
          'list.search': {},
          'list.refresh': {},
        },
        states: {
          confirming: {
            on: {
              'list.confirmDelete': 'requesting',
              'list.cancelDelete': { target: '#list.ready.withData', actions: 'forgetDeletion' },
            },
          },
          requesting: {
            tags: 'busy',
            invoke: {
              id: 'deleteRecord',
              src: 'deleteRecord',
              input: ({ context }) => ({ id: context.deletingId ?? '' }),
              onDone: {
                target: '#list.loading',
                actions: [
                  { type: 'notify', params: ({ context }) => ({ severity: 'success', messageKey: context.deletedKey }) },
                  { type: 'navigate', params: ({ context }) => addressOf(context, afterDeletionQuery(context)) },
                  'leaveEmptiedPage',
                  'forgetDeletion',
                ],
              },
              onError: {
                target: '#list.ready.withData',
                actions: ['forgetDeletion', { type: 'notify', params: ({ event }) => deleteFailedNotice(failureOf({ event })) }],
              },
            },
          },
        },
      },
      bulk: {
        description: 'A bulk action waits for confirmation (a modal dialog naming how many rows), then runs in one request.',
        initial: 'confirming',
        states: {
          confirming: {
            on: {
              'list.confirmBulk': { guard: 'hasBulkParams', target: 'requesting' },
              'list.cancelBulk': { target: '#list.ready.withData', actions: assign({ bulkAction: null }) },
              'list.bulkParams': {
                description: 'Picked in the dialog: the group to add to; the plan to assign and its due date.',
                actions: assign({ bulkParams: ({ context, event }) => ({ ...context.bulkParams, ...event.params }) }),
              },
            },
          },
          requesting: {
            tags: 'busy',
            invoke: {
              id: 'bulkAction',
              src: 'bulkAction',
              input: ({ context }) => bulkRequestOf(context),
              onDone: {
                description: 'The report (succeeded, skipped and why) stays shown; the rows are fetched again.',
                target: '#list.loading',
                actions: [assign({ bulkReport: ({ event }) => event.output, bulkAction: null }), 'forgetSelection'],
              },
              onError: {
                description: 'Nothing was done (the request is one transaction): the selection stays, the failure is said.',
                target: '#list.ready.withData',
                actions: [assign({ bulkAction: null }), { type: 'notify', params: ({ event }) => bulkFailedNotice(failureOf({ event })) }],
              },
            },
          },
        },
      },
    },
  });
}

/** The list machine of rows known only by their id (tests, the path models, the audit log's History). */
export const listMachine = listMachineOf<ListItem>();

export type ListMachine<Row extends ListItem = ListItem> = ReturnType<typeof listMachineOf<Row>>;

export type ListSnapshot<Row extends ListItem = ListItem> = SnapshotFrom<ListMachine<Row>>;

/** What the selectors read of a list's snapshot, whatever its rows: a snapshot of rows of any resource is one. */
export type ListState<Row extends ListItem = ListItem> = Selectable<ListSnapshot<Row>>;

export const selectQuery = (snapshot: ListState) => snapshot.context.query;
/** What the list shows: its query (the search as applied, not as being typed) and its filters. */
export const listRequestOf = (snapshot: ListState): ListRequest => ({ query: snapshot.context.query, filters: snapshot.context.filters });
export const selectSearchText = (snapshot: ListState) => snapshot.context.searchText;
export const selectItems = <Row extends ListItem>(snapshot: ListState<Row>) => snapshot.context.items;
export const selectTotal = (snapshot: ListState) => snapshot.context.total;
export const selectTotalIsEstimate = (snapshot: ListState) => snapshot.context.totalIsEstimate;
export const selectIsLoading = (snapshot: ListState) => snapshot.matches('loading');
export const selectFailure = (snapshot: ListState) => (snapshot.matches('failure') ? snapshot.context.failure : null);
export const selectDeletingId = (snapshot: ListState) => (snapshot.matches('deleting') ? snapshot.context.deletingId : null);
export const selectIsBusy = (snapshot: ListState) => snapshot.hasTag('busy');
/** The ids of the shown rows whose Delete the machine takes now (`can`): none while a page loads or a search waits. */
export const selectDeletableIds = (snapshot: ListState) =>
  snapshot.context.items.filter((item) => snapshot.can({ type: 'list.delete', id: item.id })).map((item) => item.id);
/** Whether a row meets the list's condition for deleting it (a plan is a DRAFT); the view says why not otherwise. */
export const selectMayDeleteRow = (snapshot: ListState, row: ListItem) => holds(snapshot.context.deleteWhen, row);

export const selectBulkActions = (snapshot: ListState) => snapshot.context.bulkActions;
/** Whether the rows have checkboxes: the list offers bulk actions or a selection of its own (the guard `offersSelection`). */
export const selectIsSelectable = (snapshot: ListState) => snapshot.context.selectable;
export const selectSelectedIds = (snapshot: ListState) => snapshot.context.selectedIds;
export const selectAllSelected = (snapshot: ListState) => snapshot.context.allSelected;
/** How many rows the selection holds: the ids checked, or every row the list's total counts. */
export const selectSelectionCount = (snapshot: ListState) =>
  snapshot.context.allSelected ? snapshot.context.total : snapshot.context.selectedIds.length;
export const selectPendingBulk = (snapshot: ListState) => (snapshot.matches('bulk') ? snapshot.context.bulkAction : null);
export const selectBulkReport = (snapshot: ListState) => snapshot.context.bulkReport;
/** What the pending bulk action's dialog has picked so far. */
export const selectBulkParams = (snapshot: ListState) => snapshot.context.bulkParams;
/** Whether Confirm of the pending bulk action is enabled: it has what it needs. */
export const selectMayConfirmBulk = (snapshot: ListState) => snapshot.can({ type: 'list.confirmBulk' });
