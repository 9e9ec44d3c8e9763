import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { Page } from '../../../src/domain/resource';
import { normalizeQuery } from '../../../src/machines/list-query';
import {
  FOLLOW_INTERVAL_MS,
  SEARCH_DEBOUNCE_MS,
  type ListContext,
  type ListInput,
  type ListItem,
} from '../../../src/machines/list.machine';
import { readQuery } from '../../../src/views/list/list-address';
import { en } from '../../../src/i18n/en';
import { companyLogin, tenantLogin } from '../../support/fixtures/session';
import type { GraphEvent } from '../../support/paths/model';
import { openSignedIn } from './console';
import { record } from '../../support/views/fake-api';
import {
  dataRows,
  failureAnswer,
  firstCells,
  heldPageRequest,
  listContext,
  rowName,
  rowNamed,
  screenList,
  statusOf,
  wirePage,
  type ListHarness,
} from './list-screen';
import type { MachineUi } from './paths';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ListContext;

/** The answer to the page the list waits for: the model's page as the API sends it, or its failure. */
const answerPage = async (harness: ListHarness, event: GraphEvent) => {
  const request = await heldPageRequest(harness);
  if ('output' in event) request.respond(200, wirePage(harness.resource, event.output as Page<ListItem>));
  else request.respond(...failureAnswer(event.error as Failure));
};

/** The answer to the `DELETE <resource>/<id>` of the row being deleted: 204, or the failure the console then announces. */
const answerDelete = async (harness: ListHarness, event: GraphEvent) => {
  const request = await harness.console.network.next('DELETE', `${harness.resource}/${listContext(harness).deletingId}`);
  if ('output' in event) return request.respond(204);
  const [status, body] = failureAnswer(event.error as Failure);
  request.respond(status, body);
  await screen.findByText(`Delete failed: ${body.message}`);
};

/** A click on Delete in the row of the event's id. */
const clickDelete = async ({ console: c, resource }: ListHarness, event: GraphEvent) =>
  c.user.click(within(rowNamed(rowName(resource, event.id as string))).getByRole('button', { name: 'Delete' }));

/** Types "acme" over whatever the search box holds. */
const typeAcme = async ({ console: c }: ListHarness) => {
  const box = screen.getByRole('textbox', { name: 'Search' });
  await c.user.clear(box);
  await c.user.type(box, 'acme');
};

/** The answer to `POST companies/bulk`: the model's report, or its failure, which the console then announces. */
const answerBulk = async (harness: ListHarness, event: GraphEvent) => {
  const request = await harness.console.network.next('POST', `${harness.resource}/bulk`);
  if ('output' in event) return request.respond(200, event.output as object);
  const [status, body] = failureAnswer(event.error as Failure);
  request.respond(status, body);
  await screen.findByText(`The action failed, nothing was changed: ${body.message}`);
};

/** The groups the dialog's "Group" field offers (`GET groups`, answered once), then a click on "Group g1". */
const pickGroup = async ({ console: c }: ListHarness) => {
  const groups = c.network
    .held()
    .find((request) => request.method === 'GET' && request.path === 'groups' && !c.network.answered().includes(request));
  groups?.respond(200, {
    items: [record('g1', { name: 'Group g1', description: null, memberCount: 0 })],
    total: 1,
    totalIsEstimate: false,
  });
  await c.user.click(within(dialog()).getByRole('combobox', { name: 'Group' }));
  await c.user.click(await screen.findByRole('option', { name: 'Group g1' }));
};

/**
 * The selection's bar (src/views/list/BulkActions.tsx), once the page is there to be used: a dialog that has just
 * closed (the bulk confirmation) hides the page from assistive technology until its exit transition ends.
 */
const selectionBar = () => screen.findByRole('region', { name: /selected$/ });

const loadingShown = () => screen.queryByText('Loading…') !== null;
const dialog = () => screen.getByRole('dialog');
const dialogButton = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;

/** A content status as the grid says it: its English label, never the API's code. */
const statusLabel = (status: string) => en.contentStatusLabel[status as keyof typeof en.contentStatusLabel];

/** The rows the machine holds are the rows the grid shows, by name (and, on contents, by status label). */
const rowsShown = ({ resource }: ListHarness, snapshot: AnyMachineSnapshot) => {
  const { items } = contextOf(snapshot);
  // A user's row starts with its status; its name and surname are the model's id.
  if (resource === 'users')
    expect(dataRows().map((row) => within(row).queryByText(/^[ab]$/)?.textContent)).toEqual(items.map((item) => item.id));
  else expect(firstCells()).toEqual(items.map((item) => rowName(resource, item.id)));
  if (resource === 'contents') {
    for (const item of items) {
      const status = statusOf(item);
      const row = rowNamed(rowName(resource, item.id));
      expect(within(row).getByText(statusLabel(status))).toBeTruthy();
      expect(within(row).queryByText(status), 'the status code itself is not shown').toBeNull();
    }
  }
  if (resource === 'training-plans') {
    // Delete is offered on a DRAFT only; on another plan it is disabled, saying why.
    for (const item of items) {
      const status = statusOf(item) as keyof typeof en.planStatus;
      const row = rowNamed(rowName(resource, item.id));
      expect(within(row).getByText(en.planStatus[status])).toBeTruthy();
      const remove = within(row).getByRole('button', { name: 'Delete', hidden: true }) as HTMLButtonElement;
      if (status !== 'DRAFT') {
        expect(remove.disabled, `Delete of a ${status} plan`).toBe(true);
        expect(
          remove.getAttribute('aria-describedby') && document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent,
        ).toBe(en.trainingPlans.deleteNeedsDraft);
      }
    }
  }
};

/**
 * In every state: the list on screen runs with the model's input (the same sorts and conditions the guards look
 * at), and the address bar holds the list's query (src/views/list/list-address.ts).
 */
const sameScreen = ({ console: c, input }: ListHarness, snapshot: AnyMachineSnapshot) => {
  const context = contextOf(snapshot);
  expect(context.allowedSorts).toEqual(input.allowedSorts);
  expect(context.followWhile).toEqual(input.followWhile ?? null);
  expect(context.deleteWhen).toEqual(input.deleteWhen ?? null);
  expect(context.deletedKey, 'the notice once a row is deleted').toBe(input.deletedKey ?? 'feedback.deleted');
  const address = normalizeQuery(readQuery(c.history.current().split('?')[1] ?? ''), input.allowedSorts);
  expect(address, `the address ${c.history.current()} holds the query`).toEqual(context.query);
  // The last bulk action's report stays shown until dismissed: how many succeeded, and why the others were skipped.
  const report = screen.queryByText(/^Done: /);
  expect(report !== null, 'the bulk report is shown').toBe(context.bulkReport !== null);
  if (context.bulkReport?.action === 'addToGroup') expect(report!.textContent).toContain('Done: 1 of 1 succeeded, 0 skipped.');
  else if (context.bulkReport) {
    expect(report!.textContent).toContain('Done: 1 of 2 succeeded, 1 skipped.');
    expect(report!.textContent, "why, in the console's words for the API's code").toContain(
      '1 skipped: the company still has users, topics, contents or training plans',
    );
  }
  const selected = context.allSelected ? context.total : context.selectedIds.length;
  expect(screen.queryByRole('region', { name: /selected$/, hidden: true }) !== null, 'the selection bar').toBe(selected > 0);
};

/** How the list's paths (and random walks) are played in the console: where it opens, each event, each state on screen. */
export const listUi: MachineUi<ListHarness> = {
  actorUnderTest: screenList,
  open: (scenario) => {
    const input = scenario.input as ListInput;
    if (scenario.name === 'following') return { console: openSignedIn('/contents', companyLogin), resource: 'contents', input };
    if (scenario.name === 'bulk params') return { console: openSignedIn('/users', companyLogin), resource: 'users', input };
    if (scenario.name === 'drafts') return { console: openSignedIn('/training-plans', companyLogin), resource: 'training-plans', input };
    const address = input.query ? `/companies?${new URLSearchParams(input.query as Record<string, string>).toString()}` : '/companies';
    return { console: openSignedIn(address, tenantLogin), resource: 'companies', input };
  },
  perform: {
    'page 2': async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Go to next page' })),
    'page 1': async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Go to previous page' })),
    'page size 25': async ({ console: c }) => {
      await c.user.click(screen.getByRole('combobox', { name: 'Rows per page:', hidden: true }));
      await c.user.click(screen.getByRole('option', { name: '25' }));
    },
    'sort name desc': async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Sort Name descending' })),
    'type "acme"': typeAcme,
    'type "acme" again': typeAcme,
    'address: page 2': async ({ console: c, resource }) => act(() => c.history.navigate(`/${resource}?page=2`)),
    refresh: async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Refresh' })),
    retry: async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Retry' })),
    'delete row': clickDelete,
    'delete the draft': clickDelete,
    confirm: async ({ console: c }) => c.user.click(dialogButton('Confirm')),
    cancel: async ({ console: c }) => c.user.click(dialogButton('Cancel')),
    'pause in typing': async ({ console: c }) => act(() => c.clock.increment(SEARCH_DEBOUNCE_MS)),
    '3 s pass': async ({ console: c }) => act(() => c.clock.increment(FOLLOW_INTERVAL_MS)),
    'fetch: one row': answerPage,
    'fetch: a draft and a published plan': answerPage,
    'fetch: rows 3–4 of 13': answerPage,
    'fetch: none': answerPage,
    'fetch: rows 1–2 of 12': answerPage,
    'fetch: 500': answerPage,
    'fetch: processing': answerPage,
    'fetch: all ready': answerPage,
    'follow: still processing': answerPage,
    'follow: now ready': answerPage,
    'follow: none left': answerPage,
    'follow: 500': answerPage,
    'check row a': async ({ console: c, resource }) =>
      c.user.click(within(rowNamed(rowName(resource, 'a'))).getByRole('checkbox', { name: 'Select row', hidden: true })),
    'select all 12': async ({ console: c }) => c.user.click(within(await selectionBar()).getByRole('button', { name: 'Select all 12' })),
    'clear selection': async ({ console: c }) =>
      c.user.click(within(await selectionBar()).getByRole('button', { name: 'Clear selection' })),
    'bulk delete': async ({ console: c }) => c.user.click(within(await selectionBar()).getByRole('button', { name: 'Delete' })),
    'confirm bulk': async ({ console: c }) => c.user.click(dialogButton('Delete')),
    'cancel bulk': async ({ console: c }) => c.user.click(dialogButton('Cancel')),
    'fetch: users a–b of 12': answerPage,
    'check user a': async ({ console: c }) =>
      c.user.click(
        within(dataRows().find((row) => within(row).queryByText('a'))!).getByRole('checkbox', { name: 'Select row', hidden: true }),
      ),
    'bulk add to group': async ({ console: c }) => c.user.click(within(await selectionBar()).getByRole('button', { name: 'Add to group' })),
    'pick group g1': pickGroup,
    'confirm add to group': async ({ console: c }) => c.user.click(dialogButton('Add to group')),
    'bulk: one added': answerBulk,
    'dismiss report': async ({ console: c }) => c.user.click(screen.getByRole('button', { name: 'Dismiss', hidden: true })),
    'bulk: one deleted, one skipped': answerBulk,
    'bulk: 500': answerBulk,
    'delete: ok': answerDelete,
    'delete: 500': answerDelete,
  },
  show: {
    loading: (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(loadingShown(), 'the grid says it is loading').toBe(true);
    },
    debouncingSearch: (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', contextOf(snapshot).searchText);
      expect(loadingShown(), 'nothing loads during the pause').toBe(false);
    },
    'ready.withData': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(loadingShown()).toBe(false);
      rowsShown(harness, snapshot);
    },
    'ready.following': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(loadingShown(), 'following is quiet: no loading overlay').toBe(false);
      rowsShown(harness, snapshot);
      expect(screen.getAllByText(statusLabel('PENDING_PROCESSING')).length).toBeGreaterThan(0);
    },
    'ready.empty': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(screen.getByText('No records found')).toBeTruthy();
      expect(dataRows()).toEqual([]);
    },
    failure: (harness, snapshot) => {
      sameScreen(harness, snapshot);
      const message = `Fetch error ${contextOf(snapshot).failure!.status}`;
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(message)),
        message,
      ).toBe(true);
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
      expect(screen.queryByRole('grid')).toBeNull();
    },
    'bulk.confirming': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      const { allSelected, total, selectedIds } = contextOf(snapshot);
      const count = allSelected ? total : selectedIds.length;
      const action = contextOf(snapshot).bulkAction!;
      expect(within(dialog()).getByText(en.bulk.confirm[action].replace('{{count, number}}', String(count)))).toBeTruthy();
      // Confirm waits for what the action needs (the group).
      expect(dialogButton(en.bulk.action[action]).disabled).toBe(!snapshot.can({ type: 'list.confirmBulk' }));
    },
    'bulk.requesting': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(dialogButton(en.bulk.action[contextOf(snapshot).bulkAction!]).disabled).toBe(true);
      expect(dialogButton('Cancel').disabled).toBe(true);
    },
    'deleting.confirming': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(within(dialog()).getByText('Are you sure to delete?')).toBeTruthy();
      expect(dialogButton('Confirm').disabled).toBe(false);
    },
    'deleting.requesting': (harness, snapshot) => {
      sameScreen(harness, snapshot);
      expect(within(dialog()).getByText('Are you sure to delete?')).toBeTruthy();
      expect(dialogButton('Confirm').disabled).toBe(true);
      expect(dialogButton('Cancel').disabled).toBe(true);
    },
  },
};
