import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import { listExportMachine, type ListExportContext, type ListExportRequest } from '../../../src/machines/list-export.machine';
import { done, error } from '../paths/graph-paths';
import type { MachineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as ListExportContext;

/** The companies list as opened: first page, no search, no sort, in English. */
export const exportRequest: ListExportRequest = {
  query: { page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' },
  filters: {},
  language: 'en',
};

export const exportRefused: Failure = { kind: 'http', status: 403, message: 'Forbidden' };

/** A server failing without saying why: the notice names the status alone. */
export const exportBroken: Failure = { kind: 'http', status: 502 };

export const listExportModel: MachineModel = {
  name: 'list-export',
  summary: "The CSV export of a list: the list's query as it is shown, downloaded once at a time, its outcome told.",
  machine: listExportMachine,
  bounded: 'A state is its value and whether the last export failed; the request is always the list as shown.',
  scenarios: [
    {
      name: 'export',
      serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, failed: context(snapshot).failure !== null }),
      events: [
        ['Export CSV', { type: 'listExport.start', request: exportRequest }],
        ['export: downloaded', done('exportList', undefined)],
        ['export: refused', error('exportList', exportRefused)],
        ['export: server error', error('exportList', exportBroken)],
      ],
    },
  ],
  provide: (invoked) => listExportMachine.provide({ actors: { exportList: invoked<void, ListExportRequest>() } }),
  requirements: [
    {
      id: 'EXPORT-CSV',
      rule: 'Export downloads the list with its search and sort as CSV; a failure says so and Export can be used again.',
      by: [
        'listExport.idle \u2014listExport.start\u2192 listExport.exporting',
        'listExport.exporting \u2014xstate.done.actor.exportList\u2192 listExport.idle',
        'listExport.exporting \u2014xstate.error.actor.exportList\u2192 listExport.idle',
      ],
    },
  ],
  manual: {
    scenario: 'export',
    screen: 'Companies (`/companies`), "Export CSV" above the grid',
    account: '`tenant.admin@example.com`, password `Demo-2026!` (TENANT admin of Acme Learning)',
    preconditions: [
      'The demo data as `npm start` first loads it: 13 companies in Acme Learning.',
      'Signed in with the account above, the console in English; the browser saves downloads without asking.',
    ],
    smoke: [
      {
        do: 'Click "Companies" in the sidebar, then "Export CSV".',
        see: '"Exporting…" on the button for a moment; the message "The CSV file was downloaded"; the file `companies-<today>.csv` has a header row (ID, Created, Updated, Tenant, Name, …) and 13 companies.',
        events: ['Export CSV', 'export: downloaded'],
        state: 'idle',
      },
      {
        do: 'Type "solar" in "Search", wait for the list, click "Export CSV" again.',
        see: 'The message "The CSV file was downloaded" again; this file holds only Acme Solar S.r.l.',
        events: ['Export CSV', 'export: downloaded'],
        state: 'idle',
      },
    ],
  },
  readable: {
    start: { start: 'sign in as `tenant.admin@example.com` and click "Companies" in the sidebar' },
    events: {
      'Export CSV': { do: 'Click "Export CSV"' },
      'export: downloaded': { wait: 'the browser saves the CSV file' },
    },
    screens: {
      idle: '"Export CSV" enabled',
      exporting: '"Exporting…" on the disabled button',
    },
    automated: {
      'export: refused': 'the server refuses the export (403)',
      'export: server error': 'the server fails without a reason (502)',
    },
  },
  invariants: [
    ['busy exactly while exporting', (s) => s.hasTag('busy') === s.matches('exporting')],
    ['a request is held once an export was asked', (s) => s.matches('idle') || context(s).request !== null],
  ],
};
