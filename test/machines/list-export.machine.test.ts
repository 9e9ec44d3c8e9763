import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { listExportMachine, selectIsExporting, type ListExportRequest } from '../../src/machines/list-export.machine';
import { recordOutcomes } from '../support/fixtures/outcome';

const request: ListExportRequest = {
  query: { page: 3, pageSize: 10, sortBy: 'name', sortOrder: 'desc', search: 'acme' },
  filters: { tenantId: 't1' },
  language: 'it',
};

function exporter(answer: (input: ListExportRequest) => Promise<void>) {
  const { outcomes, actions } = recordOutcomes();
  const asked: ListExportRequest[] = [];
  const actor = createActor(
    listExportMachine.provide({
      actors: { exportList: fromPromise(({ input }: { input: ListExportRequest }) => (asked.push(input), answer(input))) },
      actions,
    }),
  ).start();
  return { actor, outcomes, asked };
}

describe('the list export machine', () => {
  it("exports the list's query and filters in the console's language, one export at a time, then says it is done", async () => {
    let finish = () => {};
    const { actor, outcomes, asked } = exporter(() => new Promise<void>((resolve) => (finish = resolve)));

    actor.send({ type: 'listExport.start', request });
    actor.send({ type: 'listExport.start', request: { ...request, language: 'en' } });
    expect(selectIsExporting(actor.getSnapshot())).toBe(true);
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(asked).toEqual([request]);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'listExport.done' } }]);
  });

  it("says why an export failed, with the server's reason when it gave one, and can be tried again", async () => {
    const failures: Failure[] = [
      { kind: 'http', status: 403, message: 'Forbidden' },
      { kind: 'timeout', status: 'TIMEOUT_ERROR' },
    ];
    const { actor, outcomes, asked } = exporter(() => Promise.reject(failures.shift()));

    actor.send({ type: 'listExport.start', request });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && outcomes.length === 1);
    actor.send({ type: 'listExport.start', request });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && outcomes.length === 2);

    expect(asked).toHaveLength(2);
    expect(outcomes).toEqual([
      { notify: { severity: 'error', messageKey: 'listExport.failedBecause', values: { reason: 'Forbidden' } } },
      { notify: { severity: 'error', messageKey: 'listExport.failed', values: { status: 'TIMEOUT_ERROR' } } },
    ]);
  });

  it('exports a selection by its ids, or with every matching row selected the whole list, and nothing for an empty one', async () => {
    const { actor, outcomes, asked } = exporter(() => Promise.resolve());

    actor.send({ type: 'listExport.selection', request, selection: { selectedIds: [], allSelected: false } });
    expect(selectIsExporting(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'listExport.selection', request, selection: { selectedIds: ['u1', 'u2', 'u3'], allSelected: false } });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && outcomes.length === 1);
    actor.send({
      type: 'listExport.selection',
      request: { ...request, ids: ['stale'] },
      selection: { selectedIds: ['u1'], allSelected: true },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && outcomes.length === 2);

    expect(asked).toEqual([{ ...request, ids: ['u1', 'u2', 'u3'] }, request]);
  });

  it('starts no second export, of a selection or a list, while one runs', async () => {
    let finish = () => {};
    const { actor, asked } = exporter(() => new Promise<void>((resolve) => (finish = resolve)));

    actor.send({ type: 'listExport.selection', request, selection: { selectedIds: ['u1'], allSelected: false } });
    actor.send({ type: 'listExport.selection', request, selection: { selectedIds: ['u2'], allSelected: false } });
    actor.send({ type: 'listExport.start', request });
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(asked).toEqual([{ ...request, ids: ['u1'] }]);
  });
});
