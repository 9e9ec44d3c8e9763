import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { companyLogin } from '../../support/fixtures/session';
import {
  exchangeQuizId,
  exportRefused,
  importRefused,
  importReport,
  qtiPackage,
  quizExchangeModel,
} from '../../support/models/quiz-exchange';
import { quizRecord } from '../../support/views/catalogue-fixtures';
import { openSignedIn, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
  scenario: string;
}

const quiz = quizRecord(exchangeQuizId, { title: 'Exported quiz' });
const messageOf = (failure: typeof exportRefused) => (failure.kind === 'http' ? (failure.message ?? '') : '');

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

const button = (name: RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });

describeUiPaths<Harness>(quizExchangeModel, {
  open: (scenario) => {
    const exporting = scenario.name === 'export';
    const opened = openSignedIn(exporting ? `/quizzes/${quiz.id}` : '/quizzes', companyLogin);
    opened.network.always('GET', `quizzes/${quiz.id}`, () => ({ status: 200, body: quiz }));
    opened.network.always('GET', 'quizzes', () => ({ status: 200, body: { items: [quiz], total: 1, totalIsEstimate: false } }));
    return { console: opened, scenario: scenario.name };
  },
  perform: {
    'Export QTI': async ({ console: c }) => c.user.click(await screen.findByRole('button', { name: 'Export QTI' })),
    'export: downloaded': async ({ console: c }) => {
      const saved = savedFiles.length;
      const request = await c.network.next('GET', `quizzes/${quiz.id}/qti`);
      request.respond(200, 'PK', { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="quiz.zip"' });
      await screen.findByText('The QTI package was downloaded');
      expect(savedFiles).toHaveLength(saved + 1);
    },
    'export: refused': async ({ console: c }) => {
      (await c.network.next('GET', `quizzes/${quiz.id}/qti`)).respond(404, { message: messageOf(exportRefused) });
      await screen.findByText(`The QTI export failed: ${messageOf(exportRefused)}`);
    },
    'Import QTI': async () => {
      await screen.findByRole('button', { name: 'Import QTI' });
      fireEvent.change(screen.getByTestId('qti-file'), { target: { files: [qtiPackage] } });
    },
    'import: imported': async ({ console: c }) => {
      const request = await c.network.next('POST', 'quizzes/qti');
      expect(request.headers.get('content-type')).toBe('application/zip');
      expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
      request.respond(201, importReport);
      await screen.findByRole('dialog', { name: 'QTI import' });
    },
    'import: refused': async ({ console: c }) => {
      (await c.network.next('POST', 'quizzes/qti')).respond(400, { message: messageOf(importRefused) });
      await screen.findByText(`The QTI import failed: ${messageOf(importRefused)}`);
    },
    Close: async ({ console: c }) => c.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
  },
  show: {
    idle: ({ scenario }) => {
      const shown = button(scenario === 'export' ? /^Export QTI$/ : /^Import QTI$/);
      expect(shown.disabled).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    exporting: () => expect(button(/Exporting…/).disabled).toBe(true),
    importing: () => expect(button(/Importing…/).disabled).toBe(true),
    imported: () => {
      const dialog = within(screen.getByRole('dialog', { name: 'QTI import' }));
      const items = dialog.getAllByTestId('qti-item').map((item) => item.textContent);
      expect(items).toEqual(['ImportedCapital', 'SkippedDrawingqti-drawing-interaction has no question type here']);
    },
  },
});
