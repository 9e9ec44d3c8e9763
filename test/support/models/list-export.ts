import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import { listExportMachine, type ListExportContext, type ListExportRequest } from '../../../src/machines/list-export.machine';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

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

export const listExportModel = defineModel({
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
  invariants: [
    ['busy exactly while exporting', (s) => s.hasTag('busy') === s.matches('exporting')],
    ['a request is held once an export was asked', (s) => s.matches('idle') || context(s).request !== null],
  ],
});
