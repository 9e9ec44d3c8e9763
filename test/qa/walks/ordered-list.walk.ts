import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrderedListContext, OrderedPage } from '../../../src/machines/ordered-list.machine';
import { AUTO_CLOSE_MS } from '../../../src/machines/notifications.machine';
import { orderedListModel } from '../../support/models/ordered-list';
import type { GraphEvent } from '../../support/paths/model';
import { openPlan, orderedListUi, rowButton, rows, titles, type OrderedHarness } from '../ui/ordered-list.ui';
import { notificationTexts, visibleNotices, type Notice } from './notices';
import type { WalkSpec } from './walk';

/**
 * A plan's modules as a user sees them, in the product's words (docs/test-plans/ordered-list.md's requirements), not
 * the machine's: what the table shows (loading, the failure, nothing, the rows in their order), the order the API
 * holds (a move shown but not saved yet is pending), the row picked up, the confirmation, the plan's status, what a
 * screen reader was last told, the notifications still open.
 */
export interface OrderedReference {
  shows: 'loading' | 'failed' | 'empty' | 'rows';
  /** The rows in the order shown (the old ones stay while the rows load again). */
  rows: string[];
  /** The order the API holds: shown again when a move is cancelled or refused. */
  saved: string[];
  /** The row picked up (by keyboard or by dragging), moving among the others until it is dropped. */
  picked: string | null;
  /** A new order sent to the API, not answered yet: the rows hold still. */
  saving: boolean;
  /** The deletion confirmation: the row it is for, and whether Confirm was clicked (the API not answered yet). */
  dialog: { id: string; sent: boolean } | null;
  /** The plan's status the rows came with: its modules may be deleted only while it is a DRAFT. */
  status: string | null;
  /** The assertive live region's last words. */
  announced: string;
  notices: Notice[];
}

const saveFailed = 'The new order could not be saved';

const moved = (ids: string[], id: string, to: number) => {
  const from = ids.indexOf(id);
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
};

const sameOrder = (a: string[], b: string[]) => a.join() === b.join();

/** What the live region says of row `id` in `ids`: every pick up, move, drop and cancel is announced. */
const say = (what: 'pickedUp' | 'moved' | 'dropped' | 'cancelled', id: string, ids: string[]) => {
  const [label, position, count] = [titles[id]!, ids.indexOf(id) + 1, ids.length];
  return {
    pickedUp: `${label} picked up, position ${position} of ${count}. Arrow keys move it, Space or Enter drops it, Escape cancels.`,
    moved: `${label} moved to position ${position} of ${count}.`,
    dropped: `${label} dropped at position ${position} of ${count}.`,
    cancelled: `Reorder cancelled: ${label} is back at position ${position} of ${count}.`,
  }[what];
};

/** The rows at rest: nothing loading, picked, saving or waiting for a confirmation; only then do the buttons act. */
const atRest = (state: OrderedReference) => state.shows === 'rows' && !state.picked && !state.saving && !state.dialog;

export const orderedReference = {
  initial: (): OrderedReference => ({
    shows: 'loading',
    rows: [],
    saved: [],
    picked: null,
    saving: false,
    dialog: null,
    status: null,
    announced: '',
    notices: [],
  }),
  step(state: OrderedReference, label: string, event: GraphEvent): OrderedReference {
    switch (label) {
      case 'fetch: a, b of a draft':
      case 'fetch: a, b of a published plan':
      case 'fetch: a of a draft':
      case 'fetch: none': {
        const page = event.output as OrderedPage;
        const ids = page.items.map(({ id }) => id);
        const status = (page.owner as { status?: string } | null)?.status ?? null;
        return { ...state, shows: ids.length > 0 ? 'rows' : 'empty', rows: ids, saved: ids, status };
      }
      case 'fetch: 500':
        return { ...state, shows: 'failed' };
      case 'retry':
        return { ...state, shows: 'loading' };
      case 'pick up a':
      case 'drag b by its handle': {
        const id = label === 'pick up a' ? 'a' : 'b';
        return { ...state, picked: id, announced: say('pickedUp', id, state.rows) };
      }
      case 'step down':
      case 'step up': {
        const id = state.picked!;
        const rows = moved(state.rows, id, state.rows.indexOf(id) + (label === 'step down' ? 1 : -1));
        return { ...state, rows, announced: say('moved', id, rows) };
      }
      case 'drag over a': {
        const id = state.picked!;
        const rows = moved(state.rows, id, state.rows.indexOf('a'));
        // Dragging over a row announces only a new position.
        return { ...state, rows, announced: sameOrder(rows, state.rows) ? state.announced : say('moved', id, rows) };
      }
      case 'drop':
        // Dropped where it was picked up: nothing to save.
        return {
          ...state,
          picked: null,
          saving: !sameOrder(state.rows, state.saved),
          announced: say('dropped', state.picked!, state.rows),
        };
      case 'cancel move':
        return { ...state, picked: null, rows: state.saved, announced: say('cancelled', state.picked!, state.saved) };
      case 'move b up': {
        const rows = moved(state.rows, 'b', state.rows.indexOf('b') - 1);
        return { ...state, rows, saving: true, announced: say('moved', 'b', rows) };
      }
      case 'save: ok':
        return { ...state, saving: false, saved: state.rows };
      case 'save: 500':
        // Refused: the order the API holds comes back, with the reason.
        return { ...state, saving: false, rows: state.saved, notices: [...state.notices, { text: saveFailed, at: 0 }] };
      case 'delete b':
        return { ...state, dialog: { id: 'b', sent: false } };
      case 'cancel delete':
        return { ...state, dialog: null };
      case 'confirm':
        return { ...state, dialog: { ...state.dialog!, sent: true } };
      case 'delete: ok':
        // The rows load again (the old ones stay meanwhile).
        return { ...state, dialog: null, shows: 'loading', notices: [...state.notices, { text: 'Module deleted', at: 0 }] };
      case 'delete: 409 not a draft': {
        const reason = (event.error as { message: string }).message;
        return { ...state, dialog: null, notices: [...state.notices, { text: `Delete failed: ${reason}`, at: 0 }] };
      }
      default:
        throw new Error(`the ordered list's reference has no rule for "${label}"`);
    }
  },
  check(state: OrderedReference, _: OrderedHarness, snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as OrderedListContext;
    const ids = (items: OrderedListContext['items']) => items.map(({ id }) => id);
    expect(ids(context.items), 'the rows in the order shown').toEqual(state.rows);
    expect(ids(context.savedItems), 'the order the API holds').toEqual(state.saved);
    expect(snapshot.matches({ ready: 'arranging' }) ? context.pickedId : null, 'the row picked up').toBe(state.picked);
    expect(snapshot.matches('deleting') ? context.deletingId : null, 'the row waiting for its deletion').toBe(state.dialog?.id ?? null);
    expect((context.owner as { status?: string } | null)?.status ?? null, "the plan's status").toBe(state.status);

    const section = screen.getByRole('region', { name: 'Modules', hidden: true });
    expect(within(section).queryByText('Loading…') !== null, 'the table says it is loading').toBe(state.shows === 'loading');
    expect(within(section).queryByText('No records found') !== null, 'the table says there are none').toBe(state.shows === 'empty');
    if (state.shows === 'failed') {
      expect(within(section).getByRole('alert').textContent).toContain('Fetch error 500');
      expect(screen.queryByTestId('modules-table'), 'no table under the failure').toBeNull();
    } else {
      expect(
        rows().map((row) => row.dataset.id),
        'the rows on screen, in order',
      ).toEqual(state.rows);
      expect(
        rows().map((row) => row.querySelectorAll('td')[2]?.textContent),
        'numbered from 1',
      ).toEqual(state.rows.map((_, index) => String(index + 1)));
      expect(
        rows()
          .filter((row) => row.classList.contains('Mui-selected'))
          .map((row) => row.dataset.id),
        'the row highlighted',
      ).toEqual(state.picked ? [state.picked] : []);
      // Only rows at rest can be moved or deleted: not while they load, a row is picked up, an order is pending or a
      // confirmation is open; the first row does not go up nor the last down; a published plan's rows stay.
      const rest = atRest(state);
      state.rows.forEach((id, index) => {
        expect(rowButton(id, 'Move up').disabled, `Move up on ${id}`).toBe(!rest || index === 0);
        expect(rowButton(id, 'Move down').disabled, `Move down on ${id}`).toBe(!rest || index === state.rows.length - 1);
        expect(rowButton(id, 'Delete').disabled, `Delete on ${id}`).toBe(!rest || state.status !== 'DRAFT');
      });
    }
    expect(section.querySelector('[aria-live="assertive"]')?.textContent ?? '', 'what a screen reader was last told').toBe(state.announced);
    const dialog = screen.queryByRole('dialog');
    if (state.dialog) {
      expect(dialog, 'the confirmation is open').not.toBeNull();
      expect(within(dialog!).getByText('Are you sure to delete?')).toBeTruthy();
      expect(
        within(dialog!).getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled,
        'Confirm waits for the deletion once clicked',
      ).toBe(state.dialog.sent);
    } else expect(dialog, 'no confirmation open').toBeNull();
    // Nothing moves the console's clock in these walks: a notification stays open until it is closed.
    expect(notificationTexts(), 'the notifications still open').toEqual(visibleNotices(state.notices, 0, AUTO_CLOSE_MS));
  },
};

/** A plan's modules (`/training-plans/plan-1`, the modules table under the plan's form), the model's `modules` scenario. */
export const orderedListWalk: WalkSpec<OrderedHarness, OrderedReference> = {
  model: orderedListModel,
  scenario: 'modules',
  ui: orderedListUi,
  reference: orderedReference,
  file: 'test/qa/walks/ordered-list.walk.test.tsx',
  open: (scenario, path, { consoleMachines }) => openPlan(scenario, path, consoleMachines),
  // The plan the page's form loaded when the console opened stays in the console's cache until a module is written:
  // rows loaded again after a failed first load come with that plan (a draft: the console opened on a failure). A
  // published plan then would be a fake API that contradicts itself, not something a user can make happen.
  avoid: (snapshot, label) => label === 'fetch: a, b of a published plan' && (snapshot.context as OrderedListContext).failure !== null,
};
