import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import {
  listExportMachine,
  type ListExportContext,
  type ListExportRequest,
  type ListSelection,
} from '../../../src/machines/list-export.machine';
import { done, error } from '../paths/graph-paths';
import { defineModel } from '../paths/model';

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as ListExportContext;

/** The companies list as opened: first page, no search, no sort, in English. */
export const exportRequest: ListExportRequest = {
  query: { page: 1, pageSize: 10, sortBy: null, sortOrder: 'asc', search: '' },
  filters: {},
  language: 'en',
};

/** The rows checked in the list: row c1 alone, or with "Select all 5" every row the list matches. */
export const selectedRow: ListSelection = { selectedIds: ['c1'], allSelected: false };
export const allRowsSelected: ListSelection = { selectedIds: ['c1'], allSelected: true };

export const exportRefused: Failure = { kind: 'http', status: 403, message: 'Forbidden' };

/** A server failing without saying why: the notice names the status alone. */
export const exportBroken: Failure = { kind: 'http', status: 502 };

export const listExportModel = defineModel({
  name: 'list-export',
  summary:
    "The CSV export of a list: the list's query as it is shown, or the rows selected in it, downloaded once at a time, its outcome told.",
  machine: listExportMachine,
  bounded:
    'A state is its value, whether the last export failed and the ids exported; the request is the list as shown, or row c1, or all its rows.',
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
    {
      name: 'export selection',
      serializeState: (snapshot) =>
        JSON.stringify({ value: snapshot.value, failed: context(snapshot).failure !== null, ids: context(snapshot).request?.ids ?? null }),
      events: [
        ['Select all 5, Export selection', { type: 'listExport.selection', request: exportRequest, selection: allRowsSelected }],
        ['Export selection', { type: 'listExport.selection', request: exportRequest, selection: selectedRow }],
        ['export: downloaded', done('exportList', undefined)],
        ['export: refused', error('exportList', exportRefused)],
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
    {
      id: 'EXPORT-SELECTION',
      rule: 'Export selection downloads the selected rows by id, or with every matching row selected the whole list as Export CSV does.',
      by: ['listExport.idle \u2014listExport.selection [hasSelection]\u2192 listExport.exporting'],
    },
  ],
  invariants: [
    ['busy exactly while exporting', (s) => s.hasTag('busy') === s.matches('exporting')],
    ['a request is held once an export was asked', (s) => s.matches('idle') || context(s).request !== null],
  ],
});
