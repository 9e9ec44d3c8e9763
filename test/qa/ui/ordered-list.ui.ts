import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { TrainingPlan, TrainingPlanModule } from '../../../src/domain/training-plans';
import type { OrderedListContext, OrderedListInput, OrderedPage } from '../../../src/machines/ordered-list.machine';
import type { ProvideConsoleMachines } from '../../../src/app/console-machines';
import { companyLogin } from '../../support/fixtures/session';
import type { Path } from '../../support/paths/graph-paths';
import type { GraphEvent, Scenario } from '../../support/paths/model';
import { storedPlan } from '../../support/models/form';
import { draggedRow, keyboardRow } from '../../support/models/ordered-list';
import { openSignedIn, type OpenedConsole } from './console';
import { dialog, dialogButton, errorAnswer, notificationTexts } from './form-screen';
import type { HeldRequest } from './network';
import type { MachineUi } from './paths';

/** A plan's page (`/training-plans/plan-1`): its form, and below it the modules table whose paths are played. */
export interface OrderedHarness {
  console: OpenedConsole;
  /** The plan's record is stale in the query cache (a module was written since): the next load asks for it too. */
  planStale: boolean;
  /** Row b's handle is being dragged (a native drag is on). */
  dragging: boolean;
}

const planPath = `training-plans/${storedPlan.id}`;
const modulesPath = `${planPath}/modules`;
export const titles: Record<string, string> = { a: 'Welcome', b: 'Tools' };

const planAs = (status: string): TrainingPlan => ({ ...storedPlan, status: status as TrainingPlan['status'] });

/** A module as `GET …/modules` answers it (docs/api-contract.md, "Modules"), titled after its id. */
const moduleRow = (id: string, order: number): TrainingPlanModule => ({
  id,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
  version: 1,
  title: titles[id]!,
  order,
  trainingPlanId: storedPlan.id,
  itemCount: 0,
});

const wireModules = (ids: string[]) => ({
  items: ids.map((id, index) => moduleRow(id, index + 1)),
  total: ids.length,
  totalIsEstimate: false,
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as OrderedListContext;
const ownerStatus = (snapshot: AnyMachineSnapshot) => (contextOf(snapshot).owner as { status?: string } | null)?.status;

const section = () => screen.getByRole('region', { name: 'Modules', hidden: true });
const table = () => screen.getByTestId('modules-table');
export const rows = () => [...table().querySelectorAll<HTMLElement>('tbody tr')];
const rowOf = (id: string) => rows().find((row) => row.dataset.id === id)!;
const handle = (id: string) => within(rowOf(id)).getByRole('button', { name: `Reorder ${titles[id]}`, hidden: true });
export const rowButton = (id: string, name: string) => within(rowOf(id)).getByRole<HTMLButtonElement>('button', { name, hidden: true });
const announcement = () => section().querySelector('[aria-live="assertive"]')?.textContent ?? '';
const transfer = () => ({ setData: () => {}, setDragImage: () => {}, effectAllowed: 'all', dropEffect: 'none' });

/** A key pressed on row a's handle, which keeps the focus while the row moves. */
const pressOnHandle = async ({ console: c }: OrderedHarness, key: string) => {
  act(() => handle(keyboardRow).focus());
  await c.user.keyboard(key);
};

/** The rows load with their plan: the modules, and the plan again when a module was written since it was cached. */
const answerFetch = async (harness: OrderedHarness, event: GraphEvent) => {
  const { network } = harness.console;
  const modules = await network.next('GET', modulesPath);
  expect(modules.url.searchParams.get('pageSize'), 'every module at once').toBe('100');
  const page = 'output' in event ? (event.output as OrderedPage) : null;
  if (harness.planStale) {
    (await network.next('GET', planPath)).respond(200, planAs((page?.owner as { status?: string } | null)?.status ?? 'DRAFT'));
    harness.planStale = false;
  }
  if (page) modules.respond(200, wireModules(page.items.map(({ id }) => id)));
  else modules.respond(...errorAnswer(event.error as Failure));
};

const idsShown = (harness: OrderedHarness) =>
  contextOf(harness.console.actors.latest('ordered')!.getSnapshot() as AnyMachineSnapshot).items.map(({ id }) => id);

/** `PUT …/modules/order` with every id in the order shown; a write makes the cached plan stale (the plan shows its modules). */
const answerSave = async (harness: OrderedHarness, event: GraphEvent) => {
  const request = await harness.console.network.next('PUT', `${modulesPath}/order`);
  const ids = (request.body as { moduleIds: string[] }).moduleIds;
  expect(ids, 'the order shown is the order sent').toEqual(idsShown(harness));
  harness.planStale = true;
  if ('output' in event) request.respond(200, wireModules(ids));
  else {
    request.respond(...errorAnswer(event.error as Failure));
    await waitFor(() => expect(notificationTexts()).toContain('The new order could not be saved'));
  }
};

const answerDelete = async (harness: OrderedHarness, event: GraphEvent) => {
  const request: HeldRequest = await harness.console.network.next('DELETE', `${modulesPath}/b`);
  harness.planStale = true;
  if ('output' in event) request.respond(204);
  else {
    const failure = event.error as Failure;
    request.respond(...errorAnswer(failure));
    await waitFor(() => expect(notificationTexts()).toContain(`Delete failed: ${failure.kind === 'http' ? failure.message : ''}`));
  }
};

/** The rows shown are the machine's, in its order and numbered from 1; each row's buttons say what can be done now. */
const rowsShown = (snapshot: AnyMachineSnapshot, { canArrange }: { canArrange: boolean }) => {
  const ids = contextOf(snapshot).items.map(({ id }) => id);
  expect(rows().map((row) => row.dataset.id)).toEqual(ids);
  expect(rows().map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(ids.map((id) => titles[id]));
  expect(rows().map((row) => row.querySelectorAll('td')[2]?.textContent)).toEqual(ids.map((_, index) => String(index + 1)));
  const deletable = ownerStatus(snapshot) === 'DRAFT';
  ids.forEach((id, index) => {
    expect(rowButton(id, 'Move up').disabled, `Move up on row ${index + 1}`).toBe(!canArrange || index === 0);
    expect(rowButton(id, 'Move down').disabled, `Move down on row ${index + 1}`).toBe(!canArrange || index === ids.length - 1);
    expect(rowButton(id, 'Delete').disabled, `Delete on ${id}`).toBe(!canArrange || !deletable);
    if (!deletable) expect(within(rowOf(id)).getByText('Set the plan back to Draft to delete it')).toBeTruthy();
  });
};

const pickedShown = (snapshot: AnyMachineSnapshot) => {
  const { pickedId } = contextOf(snapshot);
  expect(
    rows()
      .filter((row) => row.classList.contains('Mui-selected'))
      .map((row) => row.dataset.id),
  ).toEqual(snapshot.matches({ ready: 'arranging' }) && pickedId ? [pickedId] : []);
};

const loadingShown = () => within(section()).queryByText('Loading…') !== null;

/**
 * The console at the plan's page, the plan's form answered at once with the status the path's first answer gives
 * the rows' owner (a draft when it gives none); `consoleMachines`: the walks' self-test gives a mutated console.
 */
export const openPlan = (scenario: Scenario, path: Path, consoleMachines?: ProvideConsoleMachines): OrderedHarness => {
  expect((scenario.input as OrderedListInput).deleteWhen, 'the model gives the table its own condition').toEqual({
    field: 'status',
    oneOf: ['DRAFT'],
  });
  const opened = openSignedIn(`/${planPath}`, companyLogin, undefined, consoleMachines);
  // The plan's form loads the plan first; the table then takes it from the cache as the rows' owner.
  const first = path.steps[1]?.event as GraphEvent | undefined;
  const owner = first && 'output' in first ? ((first.output as OrderedPage).owner as { status: string }) : { status: 'DRAFT' };
  opened.network.once('GET', planPath, { status: 200, body: planAs(owner.status) });
  return { console: opened, planStale: false, dragging: false };
};

/** How the ordered list's paths (and random walks) are played in the console: where it opens, each event, each state on screen. */
export const orderedListUi: MachineUi<OrderedHarness> = {
  open: (scenario, path) => openPlan(scenario, path),
  perform: {
    'pick up a': (harness) => pressOnHandle(harness, '[Space]'),
    'step down': (harness) => pressOnHandle(harness, '[ArrowDown]'),
    'step up': (harness) => pressOnHandle(harness, '[ArrowUp]'),
    'drag b by its handle': async (harness) => {
      fireEvent.dragStart(handle(draggedRow), { dataTransfer: transfer() });
      harness.dragging = true;
    },
    'drag over a': async () => {
      fireEvent.dragOver(rowOf(keyboardRow), { dataTransfer: transfer() });
    },
    drop: async (harness) => {
      if (!harness.dragging) return pressOnHandle(harness, '[Enter]');
      fireEvent.drop(rowOf(draggedRow), { dataTransfer: transfer() });
      fireEvent.dragEnd(handle(draggedRow), { dataTransfer: transfer() });
      harness.dragging = false;
    },
    'cancel move': async (harness) => {
      if (!harness.dragging) return pressOnHandle(harness, '[Escape]');
      // Escape during a native drag, or a release outside the rows: the drag ends without a drop.
      fireEvent.dragEnd(handle(draggedRow), { dataTransfer: transfer() });
      harness.dragging = false;
    },
    'move b up': async ({ console: c }) => c.user.click(rowButton('b', 'Move up')),
    'delete b': async ({ console: c }) => c.user.click(rowButton('b', 'Delete')),
    confirm: async ({ console: c }) => c.user.click(dialogButton('Confirm')),
    'cancel delete': async ({ console: c }) => c.user.click(dialogButton('Cancel')),
    retry: async ({ console: c }) => c.user.click(within(section()).getByRole('button', { name: 'Retry' })),
    'fetch: a, b of a draft': answerFetch,
    'fetch: a, b of a published plan': answerFetch,
    'fetch: a of a draft': answerFetch,
    'fetch: none': answerFetch,
    'fetch: 500': answerFetch,
    'save: ok': answerSave,
    'save: 500': answerSave,
    'delete: ok': answerDelete,
    'delete: 409 not a draft': answerDelete,
  },
  show: {
    loading: () => {
      expect(loadingShown(), 'the table says it is loading').toBe(true);
      expect(within(section()).queryByRole('alert')).toBeNull();
    },
    failure: () => {
      expect(within(section()).getByRole('alert').textContent).toContain('Fetch error 500');
      expect(within(section()).getByRole<HTMLButtonElement>('button', { name: 'Retry' }).disabled).toBe(false);
      expect(screen.queryByTestId('modules-table')).toBeNull();
    },
    empty: () => {
      expect(loadingShown()).toBe(false);
      expect(within(section()).getByText('No records found')).toBeTruthy();
      expect(rows()).toEqual([]);
    },
    'ready.idle': (_, snapshot) => {
      expect(loadingShown()).toBe(false);
      rowsShown(snapshot, { canArrange: true });
      pickedShown(snapshot);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    'ready.arranging': (_, snapshot) => {
      // The row picked up moves by keyboard or by dragging: the buttons wait until it is dropped.
      rowsShown(snapshot, { canArrange: false });
      pickedShown(snapshot);
      const { pickedId } = contextOf(snapshot);
      expect(announcement(), 'the row picked up is announced').toMatch(new RegExp(`^${titles[pickedId!]} (picked up|moved to position)`));
    },
    saving: (_, snapshot) => {
      rowsShown(snapshot, { canArrange: false });
      pickedShown(snapshot);
    },
    'deleting.confirming': (_, snapshot) => {
      rowsShown(snapshot, { canArrange: false });
      expect(within(dialog()).getByText('Are you sure to delete?')).toBeTruthy();
      expect(dialogButton('Confirm').disabled).toBe(false);
    },
    'deleting.requesting': (_, snapshot) => {
      rowsShown(snapshot, { canArrange: false });
      expect(dialogButton('Confirm').disabled, 'the dialog waits for the deletion').toBe(true);
      expect(dialogButton('Cancel').disabled).toBe(true);
    },
  },
};
