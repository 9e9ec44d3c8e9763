import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { ListExportContext } from '../../../src/machines/list-export.machine';
import { tenantLogin } from '../../support/fixtures/session';
import {
  allRowsSelected,
  exportBroken,
  exportRefused,
  exportRequest,
  listExportModel,
  selectedRow,
} from '../../support/models/list-export';
import { openSignedIn, type OpenedConsole } from './console';
import { rowName, rowNamed, wirePage } from './list-screen';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
}

/** The toolbar's Export CSV (the selection bar's Export selection says "Exporting…" too while a file comes). */
const exportButton = () =>
  within(screen.getByTestId('list-toolbar')).getByRole('button', { name: /Export CSV|Exporting…/ }) as HTMLButtonElement;

/** The list's rows: c1 to c5, all of them, so that "Select all 5" selects the rows shown and no other. */
const listed = ['c1', 'c2', 'c3', 'c4', 'c5'];

/**
 * Export selection of row c1 (`selectedRow`) or, with "Select all 5", of every row (`allRowsSelected`): from a fresh
 * selection, since the one of an earlier export stays.
 */
const exportSelection =
  (all: boolean) =>
  async ({ console: c }: Harness) => {
    const earlier = screen.queryByRole('region', { name: /selected$/ });
    if (earlier) await c.user.click(within(earlier).getByRole('button', { name: 'Clear selection' }));
    await screen.findByText(rowName('companies', selectedRow.selectedIds[0]!));
    await c.user.click(within(rowNamed(rowName('companies', 'c1'))).getByRole('checkbox', { name: 'Select row', hidden: true }));
    const bar = await screen.findByRole('region', { name: /selected$/ });
    if (all) await c.user.click(within(bar).getByRole('button', { name: `Select all ${listed.length}` }));
    await c.user.click(within(bar).getByRole('button', { name: 'Export selection' }));
  };

// jsdom has no object URLs: the saved file is an object URL handed to a link, which the test sees instead.
const savedFiles: Blob[] = [];
beforeAll(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (blob: Blob) => (savedFiles.push(blob), 'blob:saved'), revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterAll(() => vi.unstubAllGlobals());

/**
 * The export the machine asked for (docs/api-contract.md): the list's query as shown, in the console's language; for
 * selected rows their ids in the body of a POST, the sort and the language in the address.
 */
const heldExport = async ({ console: c }: Harness) => {
  const { request: asked } = c.actors.latest('listExport')!.getSnapshot().context as ListExportContext;
  const request = await c.network.next(asked?.ids ? 'POST' : 'GET', 'companies/export');
  expect(Object.fromEntries(request.url.searchParams)).toEqual({
    sortOrder: exportRequest.query.sortOrder,
    lang: exportRequest.language,
  });
  expect(request.body).toEqual(asked?.ids ? { ids: selectedRow.selectedIds } : undefined);
  return request;
};

describeUiPaths(listExportModel, {
  open: () => {
    const opened = openSignedIn('/companies', tenantLogin);
    opened.network.always('GET', 'companies', () => ({
      status: 200,
      body: wirePage('companies', { items: listed.map((id) => ({ id })), total: listed.length, totalIsEstimate: false }),
    }));
    return { console: opened };
  },
  perform: {
    'Export CSV': async ({ console: c }) => {
      await c.user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    },
    'Export selection': exportSelection(selectedRow.allSelected),
    'Select all 5, Export selection': exportSelection(allRowsSelected.allSelected),
    'export: downloaded': async (harness) => {
      const saved = savedFiles.length;
      (await heldExport(harness)).respond(200, 'ID,Name\r\nc1,Company c1\r\n');
      await screen.findByText('The CSV file was downloaded');
      expect(savedFiles).toHaveLength(saved + 1);
    },
    'export: refused': async (harness) => {
      (await heldExport(harness)).respond(403, { message: exportRefused.kind === 'http' ? exportRefused.message : '' });
      await screen.findByText('The export failed: Forbidden');
    },
    'export: server error': async (harness) => {
      (await heldExport(harness)).respond(exportBroken.status as number, '');
      await screen.findByText('The export failed (502)');
    },
  },
  actorUnderTest: ({ console: c }) => c.actors.latest('listExport'),
  show: {
    idle: (_, snapshot: AnyMachineSnapshot) => {
      expect(exportButton().textContent).toBe('Export CSV');
      expect(exportButton().disabled).toBe(false);
      const { failure } = snapshot.context as ListExportContext;
      if (failure)
        expect(
          screen.getAllByText(failure.status === exportRefused.status ? 'The export failed: Forbidden' : 'The export failed (502)').length,
        ).toBeGreaterThan(0);
    },
    exporting: () => {
      expect(exportButton().textContent).toContain('Exporting…');
      expect(exportButton().disabled).toBe(true);
      const bar = screen.queryByRole('region', { name: /selected$/ });
      if (bar) expect((within(bar).getByRole('button', { name: /Exporting…/ }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});
