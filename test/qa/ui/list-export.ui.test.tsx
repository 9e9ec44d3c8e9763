import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { ListExportContext } from '../../../src/machines/list-export.machine';
import { tenantLogin } from '../../support/fixtures/session';
import { exportBroken, exportRefused, exportRequest, listExportModel } from '../../support/models/list-export';
import { openSignedIn, type OpenedConsole } from './console';
import { wirePage } from './list-screen';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
}

const exportButton = () => screen.getByRole('button', { name: /Export CSV|Exporting…/ }) as HTMLButtonElement;

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

/** The export the machine asked for: the list's query as shown, in the console's language (docs/api-contract.md). */
const heldExport = async ({ console: c }: Harness) => {
  const request = await c.network.next('GET', 'companies/export');
  expect(Object.fromEntries(request.url.searchParams)).toEqual({
    sortOrder: exportRequest.query.sortOrder,
    lang: exportRequest.language,
  });
  return request;
};

describeUiPaths(listExportModel, {
  open: () => {
    const opened = openSignedIn('/companies', tenantLogin);
    opened.network.always('GET', 'companies', () => ({
      status: 200,
      body: wirePage('companies', { items: [{ id: 'c1' }], total: 1, totalIsEstimate: false }),
    }));
    return { console: opened };
  },
  perform: {
    'Export CSV': async ({ console: c }) => {
      await c.user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    },
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
    },
  },
});
