import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Page } from '../../../src/domain/resource';
import type { ListContext, ListItem } from '../../../src/machines/list.machine';
import { AUTO_CLOSE_MS } from '../../../src/machines/notifications.machine';
import { listModel } from '../../support/models/list';
import { listUi } from '../ui/list.ui';
import { openSignedIn } from '../ui/console';
import type { ListHarness } from '../ui/list-screen';
import { tenantLogin } from '../../support/fixtures/session';
import type { GraphEvent } from '../../support/paths/model';
import type { ListInput } from '../../../src/machines/list.machine';
import { notificationTexts, visibleNotices, type Notice } from './notices';
import type { WalkSpec } from './walk';

/**
 * The companies list as a user sees it, in the product's words (docs/test-plans/list.md's requirements), not the
 * machine's: the query the address and the next request carry, what the search box holds, the rows and total the
 * API last sent, the row waiting for its deletion, the notifications still open, the time passed.
 */
export interface ListReference {
  page: number;
  pageSize: number;
  /** `by` null: the API's own order. */
  sort: { by: string | null; order: 'asc' | 'desc' };
  search: string;
  typed: string;
  rows: string[];
  total: number;
  pendingDelete: string | null;
  /**
   * What the list is busy with: a page on its way, the pause after typing, a failure shown instead of the grid. A
   * row's Delete takes effect only while the list rests on its rows (null).
   */
  busy: 'loading' | 'typing' | 'failed' | null;
  notices: Notice[];
  clock: number;
  /** The pages the API answered, by query, as the console caches them (the label of the answer): a write forgets them all. */
  cached: Record<string, string>;
}

const queryKey = ({ page, pageSize, sort, search }: ListReference) => JSON.stringify([page, pageSize, sort.by, sort.order, search]);

const defaults = { page: 1, pageSize: 10, sort: { by: null as string | null, order: 'asc' as const }, search: '' };

/** The rules a walk checks the companies list against. */
export function listReference() {
  /** A change of page, size or sort applies what the search box holds; new search text starts again from page 1. */
  const withTyped = (state: ListReference): ListReference => ({
    ...(state.typed.trim() === state.search ? state : { ...state, search: state.typed.trim(), page: 1 }),
    busy: 'loading',
  });
  return {
    initial: (): ListReference => ({
      ...defaults,
      typed: '',
      rows: [],
      total: 0,
      pendingDelete: null,
      busy: 'loading',
      notices: [],
      clock: 0,
      cached: {},
    }),
    step(state: ListReference, label: string, event: GraphEvent): ListReference {
      switch (label) {
        case 'page 2':
          return { ...withTyped(state), page: 2 };
        case 'page 1':
          return { ...withTyped(state), page: 1 };
        case 'page size 25':
          return state.pageSize === 25 ? state : { ...withTyped(state), pageSize: 25, page: 1 };
        case 'sort name desc':
          return state.sort.by === 'name' && state.sort.order === 'desc'
            ? state
            : { ...withTyped(state), sort: { by: 'name', order: 'desc' }, page: 1 };
        case 'type "acme"':
          return { ...state, typed: 'acme', busy: 'typing' };
        case 'pause in typing':
          return { ...withTyped(state), clock: state.clock + 300 };
        case 'address: page 2': {
          // The address names page 2 and nothing else: the defaults for the rest; a pending deletion is forgotten.
          const same =
            state.page === 2 && state.pageSize === 10 && state.sort.by === null && state.sort.order === 'asc' && state.search === '';
          return same ? state : { ...state, ...defaults, page: 2, typed: '', pendingDelete: null, busy: 'loading' };
        }
        case 'refresh':
        case 'retry':
          return { ...state, busy: 'loading' };
        case 'fetch: 500': {
          // A failed answer marks the page's cached copy out of date (TanStack Query's `isInvalidated`): Retry asks the API.
          const { [queryKey(state)]: _failed, ...cached } = state.cached;
          return { ...state, busy: 'failed', cached };
        }
        case 'delete row':
          return state.busy === null ? { ...state, pendingDelete: event.id as string } : state;
        case 'cancel':
          return { ...state, pendingDelete: null };
        case 'delete: ok': {
          // The last row of a later page gone: that page no longer exists, the list shows the one before.
          const page = state.rows.length === 1 && state.page > 1 ? state.page - 1 : state.page;
          return {
            ...state,
            page,
            pendingDelete: null,
            busy: 'loading',
            cached: {},
            notices: [...state.notices, { text: 'Company deleted', at: state.clock }],
          };
        }
        case 'delete: 500':
          return {
            ...state,
            pendingDelete: null,
            cached: {},
            notices: [...state.notices, { text: 'Delete failed: Boom', at: state.clock }],
          };
        case 'fetch: one row':
        case 'fetch: none': {
          const page = event.output as Page<ListItem>;
          const cached = { ...state.cached, [queryKey(state)]: label };
          // No row on a page after the last: the list turns to the last page there is (the rows shown stay meanwhile).
          const lastPage = Math.max(1, Math.ceil(page.total / state.pageSize));
          if (page.items.length === 0 && lastPage < state.page) return { ...state, page: lastPage, busy: 'loading', cached };
          return { ...state, rows: page.items.map((item) => item.id), total: page.total, busy: null, cached };
        }
        default:
          // confirm: the query, the rows and the notifications stay as they are.
          return state;
      }
    },
    check(state: ListReference, _: ListHarness, snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as ListContext;
      expect(
        {
          page: context.query.page,
          pageSize: context.query.pageSize,
          sort: { by: context.query.sortBy, order: context.query.sortOrder },
          search: context.query.search,
        },
        "the list's query is the reference's",
      ).toEqual({ page: state.page, pageSize: state.pageSize, sort: state.sort, search: state.search });
      expect(context.searchText, 'the search box').toBe(state.typed);
      expect(context.deletingId, 'the row waiting for its deletion').toBe(state.pendingDelete);
      expect(
        context.items.map((item) => item.id),
        'the rows the API last sent',
      ).toEqual(state.rows);
      // `hidden`: behind the confirmation (modal) the box is still there, out of reach.
      expect(screen.getByRole('textbox', { name: 'Search', hidden: true })).toHaveProperty('value', state.typed);
      if (snapshot.matches('ready') || snapshot.matches('deleting')) {
        // The grid's footer: the rows of the page out of the total, as the API counted them.
        const from = state.total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
        const to = Math.min(state.total, state.page * state.pageSize);
        expect(
          screen.getAllByText(`${from}–${to} of ${state.total}`, { ignore: 'script, style' }).length,
          "the grid's footer",
        ).toBeGreaterThan(0);
      }
      if (snapshot.matches('deleting')) {
        expect(within(screen.getByRole('dialog')).getByText('Are you sure to delete?')).toBeTruthy();
      } else expect(screen.queryByRole('dialog'), 'no confirmation open').toBeNull();
      expect(notificationTexts(), 'the notifications still open').toEqual(visibleNotices(state.notices, state.clock, AUTO_CLOSE_MS));
    },
  };
}

/** The companies list of a TENANT admin (`/companies`), the list model's `paged` scenario. */
export const listWalk: WalkSpec<ListHarness, ListReference> = {
  model: listModel,
  scenario: 'paged',
  ui: listUi,
  reference: listReference(),
  file: 'test/qa/walks/list.walk.test.tsx',
  // The model's isImpossible says what the list screen offers in every state: a click that changes nothing is walked too.
  noOps: true,
  // A page asked for again within 30 s comes from the console's cache, without a call; Refresh always asks the API.
  atOnce: (state, label, before, after) =>
    after.matches('loading') && before.children.fetchPage !== after.children.fetchPage && label !== 'refresh'
      ? state.cached[queryKey(state)]
      : undefined,
  open: (scenario, _, { consoleMachines }) => ({
    console: openSignedIn('/companies', tenantLogin, undefined, consoleMachines),
    resource: 'companies',
    input: scenario.input as ListInput,
  }),
};
