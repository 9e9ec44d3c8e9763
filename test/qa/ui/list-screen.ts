import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { Page } from '../../../src/domain/resource';
import type { ListContext, ListInput, ListItem } from '../../../src/machines/list.machine';
import { record } from '../../support/views/fake-api';
import type { OpenedConsole } from './console';
import type { HeldRequest } from './network';

/** The list screen a path plays in: the console, and the resource whose list it shows. */
export interface ListHarness {
  console: OpenedConsole;
  resource: 'companies' | 'contents' | 'training-plans' | 'users';
  /** The scenario's input: what the model says the screen gives its list machine. */
  input: ListInput;
}

/** A company as `GET companies` answers it (docs/api-contract.md), named after its id so the grid shows which row it is. */
export const companyRow = (id: string) =>
  record(id, {
    tenantId: 'tenant-1',
    tenant: { id: 'tenant-1', name: 'Acme Learning' },
    name: `Company ${id}`,
    domain: null,
    vinapseTenant: null,
    taxId: 'IT01234567890',
    addressLine1: 'Via Roma 1',
    addressLine2: null,
    postalCode: '20100',
    city: 'Milano',
    region: null,
    countryCode: 'IT',
    phone: null,
    email: null,
  });

/** A video content as `GET contents` answers it, with the status the model gives its row. */
export const contentRow = (id: string, status: string) =>
  record(id, {
    title: `Content ${id}`,
    background: null,
    type: 'Video',
    renderType: 'REFERENCE',
    text: null,
    topicIds: [],
    topics: [],
    externalUuid: `video-${id}`,
    status,
    companyId: 'company-1',
    tenantId: 'tenant-1',
  });

/** A training plan as `GET training-plans` answers it, with the status the model gives its row. */
export const planRow = (id: string, status: string) =>
  record(id, { name: `Plan ${id}`, status, freelyNavigable: false, moduleCount: 0, companyId: 'company-1', tenantId: 'tenant-1' });

/** A COMPANY user as `GET users` answers it, named after its id. */
export const userRow = (id: string) =>
  record(id, {
    name: 'User',
    surname: id,
    email: `${id}@example.com`,
    status: 'ACTIVE',
    enabled: true,
    scope: 'COMPANY',
    admin: false,
    tenantId: 'tenant-1',
    companyId: 'company-1',
    tenant: { id: 'tenant-1', name: 'Acme Learning' },
    company: { id: 'company-1', name: 'Acme Robotics' },
  });

const namePrefix = { companies: 'Company', contents: 'Content', 'training-plans': 'Plan', users: 'User' } as const;

/** The text a row shows in its first column: the company's or the plan's name, the content's title. */
export const rowName = (resource: ListHarness['resource'], id: string) => `${namePrefix[resource]} ${id}`;

/** The status the model gives a row (contents, training plans). */
export const statusOf = (item: ListItem) => (item as ListItem & { status: string }).status;

/** The wire page whose parsing gives the model's page: the same ids (and statuses), with everything the screen renders. */
export const wirePage = (resource: ListHarness['resource'], page: Page<ListItem>) => ({
  items: page.items.map((item) =>
    resource === 'companies'
      ? companyRow(item.id)
      : resource === 'users'
        ? userRow(item.id)
        : resource === 'contents'
          ? contentRow(item.id, statusOf(item))
          : planRow(item.id, statusOf(item)),
  ),
  total: page.total,
  totalIsEstimate: page.totalIsEstimate,
});

/** What the API answers for an HTTP failure: its status and `{ message }`. */
export const failureAnswer = (failure: Failure): [number, { message: string }] => {
  if (failure.kind !== 'http') throw new Error(`the list model's failures are HTTP answers, not ${failure.kind}`);
  return [failure.status, { message: failure.message ?? '' }];
};

/**
 * The screen's own list actor: the latest list the console or a view started at the screen's address (a dialog's
 * picker, such as the bulk dialog's "Group", runs a list of its own, at none).
 */
export const screenList = (harness: ListHarness) =>
  harness.console.actors
    .all('list')
    .findLast(
      (actor) => actor._parent === undefined && (actor.getSnapshot() as AnyMachineSnapshot).context.path === `/${harness.resource}`,
    );

/** What the screen's own list actor holds now (read only: which call it waits for). */
export const listContext = (harness: ListHarness) => (screenList(harness)!.getSnapshot() as AnyMachineSnapshot).context as ListContext;

/** The parameters `GET <resource>` carries for the list's current query (src/api/resources.ts). */
const searchOf = ({ query, filters }: ListContext) =>
  new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.sortBy ? { sortBy: query.sortBy } : {}),
    sortOrder: query.sortOrder,
    ...(query.search ? { search: query.search } : {}),
    ...filters,
  });

const sameParams = (a: URLSearchParams, b: URLSearchParams) => {
  const sorted = (params: URLSearchParams) => [...params.entries()].sort(([x], [y]) => x.localeCompare(y)).join('&');
  return sorted(a) === sorted(b);
};

/**
 * The `GET <resource>` the list is waiting for: the latest unanswered call for its current query. Calls of
 * earlier queries stay held, unanswered (their actors were stopped), as a slow network would leave them.
 */
export async function heldPageRequest(harness: ListHarness): Promise<HeldRequest> {
  const { network } = harness.console;
  let found: HeldRequest | undefined;
  await waitFor(() => {
    const wanted = searchOf(listContext(harness));
    const answered = network.answered();
    found = network
      .held()
      .filter((request) => request.method === 'GET' && request.path === harness.resource && !answered.includes(request))
      .findLast((request) => sameParams(request.url.searchParams, wanted));
    if (!found) {
      const held = network.held().map((request) => `${request.method} ${request.url.pathname}${request.url.search}`);
      throw new Error(`no GET ${harness.resource}?${wanted.toString()} held; held: ${held.join(', ') || 'none'}`);
    }
  });
  return found!;
}

/** Rows and cells by role; `hidden: true` only skips the visibility check, which is slow on a whole grid in jsdom. */
export const dataRows = () => screen.queryAllByRole('row', { hidden: true }).slice(1);
/** The first cell of data in each row: a selectable list's checkbox cell comes before it. */
export const firstCells = () =>
  dataRows().map(
    (row) =>
      within(row)
        .getAllByRole('gridcell', { hidden: true })
        .find((cell) => cell.getAttribute('data-field') !== '__check__')!.textContent,
  );
export const rowNamed = (name: string) => {
  const row = dataRows().find((candidate) => within(candidate).queryByText(name));
  expect(row, `a row named ${name}`).toBeDefined();
  return row!;
};
