import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { FormContext } from '../../../src/machines/form.machine';
import { AUTO_CLOSE_MS } from '../../../src/machines/notifications.machine';
import { failures, formModel, storedPlan, tooLongName, typedName } from '../../support/models/form';
import type { GraphEvent } from '../../support/paths/model';
import { formUi, nameField, openPlanForm, type FormHarness } from '../ui/form.ui';
import { notificationTexts, visibleNotices, type Notice } from './notices';
import { endingAfter, type WalkSpec } from './walk';

/**
 * Where the user is on a stored plan's page: its loading line, the load's error with Retry, the form (open to
 * edits, sent, or refused as stale), the delete confirmation (asked, then sent), or, once saved or deleted, the list
 * of training plans.
 */
type Phase = 'loading' | 'load failed' | 'editing' | 'saving' | 'stale' | 'confirming delete' | 'deleting' | 'saved' | 'deleted';

/**
 * A stored plan's form as a user sees it, in the product's words (docs/test-plans/form.md's requirements), not the
 * machine's: the page's phase, the name in its field and the error under it, the version loaded (the one a save
 * sends back), the notifications still open.
 */
export interface FormReference {
  phase: Phase;
  name: string;
  /** The text under Name: the form's own rule, or the API's reason for refusing it. */
  nameError: string | null;
  /** The version of the record last loaded; null until one is. */
  version: number | null;
  notices: Notice[];
  /** The console's simulated clock: no step of the form moves it, so every notice stays open. */
  clock: number;
}

const failedUpdate = 'Update failed';
const nameRefused = failures.nameTooLong.errors[0]!.message;

/** The rules a walk checks a stored plan's form against. */
export const formReference = {
  initial: (): FormReference => ({ phase: 'loading', name: '', nameError: null, version: null, notices: [], clock: 0 }),
  step(state: FormReference, label: string, _: GraphEvent): FormReference {
    const notify = (text: string) => [...state.notices, { text, at: state.clock }];
    switch (label) {
      case 'load: ok':
        // The record as stored replaces whatever was typed (a reload after a conflict shows the latest version).
        return { ...state, phase: 'editing', name: storedPlan.name, nameError: null, version: storedPlan.version };
      case 'load: 404':
        return { ...state, phase: 'load failed' };
      case 'reload':
        return { ...state, phase: 'loading' };
      // Typing in a field takes its error away.
      case 'type a name':
        return { ...state, name: typedName, nameError: null };
      case 'paste a 201-character name':
        return { ...state, name: tooLongName, nameError: null };
      case 'clear the name':
        return { ...state, name: '', nameError: null };
      // An empty name is not sent: the form says why under it. Anything else is sent as it is.
      case 'save':
        return state.name.trim() === '' ? { ...state, nameError: 'Required field' } : { ...state, phase: 'saving', nameError: null };
      case 'save: ok':
        return { ...state, phase: 'saved', notices: notify('Training plan updated') };
      case 'save: stale version':
        return { ...state, phase: 'stale' };
      case 'save: 400 name too long':
        return { ...state, phase: 'editing', nameError: nameRefused, notices: notify(failedUpdate) };
      case 'save: 500':
        return { ...state, phase: 'editing', notices: notify(failedUpdate) };
      case 'delete':
        return { ...state, phase: 'confirming delete' };
      case 'cancel delete':
        return { ...state, phase: 'editing' };
      case 'confirm delete':
        return { ...state, phase: 'deleting' };
      case 'delete: ok':
        return { ...state, phase: 'deleted', notices: notify('Training plan deleted') };
      case 'delete: 409 not a draft':
        // What was typed stays, errors included: only the deletion was refused.
        return { ...state, phase: 'editing', notices: notify(`Delete failed: ${failures.notADraft.message}`) };
      default:
        throw new Error(`the form's reference has no rule for "${label}"`);
    }
  },
  check(state: FormReference, { console: c }: FormHarness, snapshot: AnyMachineSnapshot) {
    const { values, problems, version } = snapshot.context as FormContext;
    const { phase } = state;
    expect(version, 'the version loaded, the one an update sends back').toBe(state.version);
    expect(notificationTexts(), 'the notifications still open').toEqual(visibleNotices(state.notices, state.clock, AUTO_CLOSE_MS));
    if (phase === 'saved' || phase === 'deleted') {
      expect(c.history.current(), 'back to the list of training plans').toBe('/training-plans');
      expect(screen.queryByRole('textbox', { name: 'Name', hidden: true }), 'the form is gone').toBeNull();
      return;
    }
    expect(c.history.current(), "the plan's page").toBe(`/training-plans/${storedPlan.id}`);
    const dialog = screen.queryByRole('dialog');
    if (phase === 'confirming delete' || phase === 'deleting') {
      expect(within(dialog!).getByText('Are you sure to delete?')).toBeTruthy();
      expect(within(dialog!).getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled, 'Confirm waits for the deletion').toBe(
        phase === 'deleting',
      );
    } else expect(dialog, 'no confirmation open').toBeNull();
    if (phase === 'loading' || phase === 'load failed') {
      expect(screen.queryByRole('textbox', { name: 'Name', hidden: true }), 'no form before the plan is loaded').toBeNull();
      expect(screen.queryByText('Error loading training plan') !== null, "the load's error").toBe(phase === 'load failed');
      return;
    }
    expect(values.name, 'the name the form holds').toBe(state.name);
    expect(nameField().value, 'the Name field').toBe(state.name);
    expect(problems.name ? ('server' in problems.name ? problems.name.server : 'Required field') : null, "the name's error").toBe(
      state.nameError,
    );
    expect(nameField().getAttribute('aria-invalid'), 'Name is marked invalid').toBe(state.nameError ? 'true' : 'false');
    if (state.nameError) expect(screen.getByText(state.nameError)).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save', hidden: true });
    expect(save.disabled, 'Save is enabled only while the form is open to edits').toBe(phase !== 'editing');
    expect(
      screen.queryByText(/Someone else changed this record after you opened it/) !== null,
      'the stale-version alert, with Reload latest version',
    ).toBe(phase === 'stale');
  },
};

/** A stored DRAFT plan's form (`/training-plans/plan-1`), the form model's `editing` scenario. */
export const formWalk: WalkSpec<FormHarness, FormReference> = {
  model: formModel,
  scenario: 'editing',
  ui: formUi,
  reference: formReference,
  file: 'test/qa/walks/form.walk.test.tsx',
  // Every label of the scenario is performed on the plan's own page, where the walk opens: nothing to skip or prepare.
  // A save or a deletion that succeeds ends the walk (the list of plans, nothing left to do): taken only once the walk
  // has been on the form a while, so that it mostly leaves after edits, refusals and reloads (the UI paths leave at once).
  avoid: endingAfter(5, ['save: ok', 'delete: ok']),
  open: (scenario, _, { consoleMachines }) => openPlanForm(scenario, consoleMachines),
};
