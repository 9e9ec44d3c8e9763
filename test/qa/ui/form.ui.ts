import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { RecordBody } from '../../../src/domain/resource';
import type { FormContext, FormInput } from '../../../src/machines/form.machine';
import { companyLogin } from '../../support/fixtures/session';
import type { GraphEvent, Scenario } from '../../support/paths/model';
import type { ProvideConsoleMachines } from '../../../src/app/console-machines';
import { NAME_MAX_LENGTH, planFields, storedPlan, tooLongName, typedName } from '../../support/models/form';
import { openSignedIn, type OpenedConsole } from './console';
import { button, dialog, dialogButton, errorAnswer, notificationTexts } from './form-screen';
import type { HeldRequest } from './network';
import type { MachineUi } from './paths';

/** A plan's form: new (`/training-plans/new`) or the stored plan's (`/training-plans/plan-1`). */
export interface FormHarness {
  console: OpenedConsole;
  id: string | null;
}

const createdId = 'plan-2';
export const planPath = `training-plans/${storedPlan.id}`;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as FormContext;
export const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Name', hidden: true });
const saveButton = () => button('Save');
/** The form says it is loading (the History panel below it has a loading line of its own). */
const loadingShown = () => screen.queryAllByText('Loading…').some((line) => !line.closest('[aria-labelledby="history-title"]'));
const pageTitle = () => screen.getByTestId('page-title').textContent;

/** The answer to the request an outcome event stands for: the model's record as the API sends it, or its error body. */
const answer = (request: HeldRequest, event: GraphEvent, ok: () => [number, unknown?]) => {
  if ('output' in event) request.respond(...ok());
  else request.respond(...errorAnswer(event.error as Failure));
};

/** The body of a save is what the API's plan schema checks: the name the model's outcome assumes. */
const expectName = (request: HeldRequest, event: GraphEvent) => {
  const { name } = request.body as RecordBody;
  expect(typeof name, 'the save sends a name').toBe('string');
  const status = 'error' in event ? (event.error as Failure).status : 200;
  if (status === 500) return;
  expect((name as string).length > NAME_MAX_LENGTH, 'a 400 on name answers a name over 200 characters, and only such a name').toBe(
    status === 400,
  );
};

const answerLoad = async ({ console: c }: FormHarness, event: GraphEvent) =>
  answer(await c.network.next('GET', planPath), event, () => [200, storedPlan]);

/** POST for a new plan (201, the new record), PUT for the stored one (200, its next version). */
const answerSave = async ({ console: c, id }: FormHarness, event: GraphEvent) => {
  const request = id === null ? await c.network.next('POST', 'training-plans') : await c.network.next('PUT', planPath);
  expectName(request, event);
  const { version: _, ...body } = request.body as RecordBody;
  expect(Object.keys(body).sort(), "the plan body's fields, nothing the API would refuse as unknown").toEqual([
    'freelyNavigable',
    'name',
    'status',
  ]);
  if (id === null) expect(request.body, 'a new plan is sent without a version').not.toHaveProperty('version');
  else expect(request.body, 'an update sends the version loaded').toHaveProperty('version', storedPlan.version);
  answer(request, event, () =>
    id === null
      ? [201, { ...storedPlan, ...body, id: createdId, version: 1, moduleCount: 0 }]
      : [200, { ...storedPlan, ...body, version: storedPlan.version + 1 }],
  );
};

/** `DELETE` the plan: 204, or the API's refusal, which the form announces with the API's reason. */
const answerDelete = async ({ console: c }: FormHarness, event: GraphEvent) => {
  answer(await c.network.next('DELETE', planPath), event, () => [204]);
  const failure = 'error' in event ? (event.error as Failure) : null;
  if (failure?.kind === 'http') await waitFor(() => expect(notificationTexts()).toContain(`Delete failed: ${failure.message}`));
};

const replaceName = async ({ console: c }: FormHarness, type: (field: HTMLInputElement) => Promise<void>) => {
  await c.user.clear(nameField());
  await type(nameField());
};

/** The form as the machine holds it: the name typed, its problem if any, Save enabled only while editing. */
const formShown = ({ id }: FormHarness, snapshot: AnyMachineSnapshot, { editable }: { editable: boolean }) => {
  const { values, problems } = contextOf(snapshot);
  expect(loadingShown()).toBe(false);
  expect(pageTitle()).toBe(id === null ? 'New training plan' : 'Edit training plan');
  expect(nameField().value).toBe(values.name);
  expect(saveButton().disabled, 'Save is enabled only while editing').toBe(!editable);
  const problem = problems.name;
  expect(nameField().getAttribute('aria-invalid')).toBe(problem ? 'true' : 'false');
  if (problem) expect(screen.getByText('server' in problem ? problem.server : 'Required field')).toBeTruthy();
  const deleteButton = screen.queryByRole<HTMLButtonElement>('button', { name: 'Delete', hidden: true });
  if (id === null) expect(deleteButton, 'a new plan has nothing to delete').toBeNull();
  else expect(deleteButton?.disabled, 'a loaded DRAFT may be deleted while the form is editable').toBe(!editable);
};

/** The plan's form of the scenario (new, or the stored plan's) in a company admin's console (its own machines, or `consoleMachines`). */
export const openPlanForm = (scenario: Scenario, consoleMachines?: ProvideConsoleMachines): FormHarness => {
  const { id, fields } = scenario.input as FormInput;
  expect(fields, "the model's fields are the plan form's").toBe(planFields);
  const opened = openSignedIn(id === null ? '/training-plans/new' : `/${planPath}`, companyLogin, undefined, consoleMachines);
  // The modules and assignments tables below a loaded plan: not this machine's business.
  opened.network.always('GET', `${planPath}/modules`, () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
  opened.network.always('GET', `${planPath}/assignments`, () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
  return { console: opened, id };
};

/** How the form's paths (and random walks) are played in the console: where it opens, each event, each state on screen. */
export const formUi: MachineUi<FormHarness> = {
  open: (scenario) => openPlanForm(scenario),
  // Saving a new plan opens its edit page, which starts a form of its own: the path follows the form it opened.
  actorUnderTest: (harness) => harness.console.actors.first('form'),
  perform: {
    'type a name': async (harness) => replaceName(harness, (field) => harness.console.user.type(field, typedName)),
    'paste a 201-character name': async (harness) =>
      replaceName(harness, async (field) => {
        await harness.console.user.click(field);
        await harness.console.user.paste(tooLongName);
      }),
    'clear the name': async ({ console: c }) => c.user.clear(nameField()),
    save: async ({ console: c }) => c.user.click(saveButton()),
    reload: async ({ console: c }) =>
      c.user.click(screen.queryByRole('button', { name: 'Reload latest version', hidden: true }) ?? button('Retry')),
    'load: ok': answerLoad,
    'load: 404': answerLoad,
    'save: ok': answerSave,
    'save: stale version': answerSave,
    'save: 400 name too long': answerSave,
    'save: 500': answerSave,
    delete: async ({ console: c }) => c.user.click(button('Delete')),
    'confirm delete': async ({ console: c }) => c.user.click(dialogButton('Confirm')),
    'cancel delete': async ({ console: c }) => c.user.click(dialogButton('Cancel')),
    'delete: ok': answerDelete,
    'delete: 409 not a draft': answerDelete,
  },
  show: {
    loading: () => {
      expect(loadingShown()).toBe(true);
      expect(screen.queryByRole('button', { name: 'Save', hidden: true })).toBeNull();
    },
    loadFailed: () => {
      expect(screen.getByText('Error loading training plan')).toBeTruthy();
      expect(button('Retry').disabled).toBe(false);
      expect(screen.queryByRole('textbox', { name: 'Name', hidden: true })).toBeNull();
    },
    editing: (harness, snapshot) => {
      formShown(harness, snapshot, { editable: true });
      expect(screen.queryByRole('dialog')).toBeNull();
      const { failure, problems } = contextOf(snapshot);
      if (failure) {
        const failed = harness.id === null ? 'Create failed' : 'Update failed';
        expect(notificationTexts(), 'a failed save is announced').toContain(failed);
      }
      if (problems.name && 'server' in problems.name) expect(failure?.status).toBe(400);
    },
    saving: (harness, snapshot) => {
      formShown(harness, snapshot, { editable: false });
      expect(nameField().disabled, 'the fields wait while saving').toBe(true);
    },
    conflict: (harness, snapshot) => {
      formShown(harness, snapshot, { editable: false });
      expect(screen.getByText(/Someone else changed this record after you opened it/)).toBeTruthy();
      expect(button('Reload latest version').disabled).toBe(false);
    },
    saved: ({ console: c, id }) => {
      if (id === null) {
        expect(c.history.current(), 'a new plan becomes its own edit page').toBe(`/training-plans/${createdId}`);
        expect(pageTitle()).toBe('Edit training plan');
        expect(notificationTexts()).toContain('Training plan created');
      } else {
        expect(c.history.current(), 'a saved plan goes back to the list').toBe('/training-plans');
        expect(pageTitle()).toBe('Training plans');
        expect(notificationTexts()).toContain('Training plan updated');
      }
    },
    'deleting.confirming': () => {
      expect(within(dialog()).getByText('Are you sure to delete?')).toBeTruthy();
      expect(dialogButton('Confirm').disabled).toBe(false);
      expect(dialogButton('Cancel').disabled).toBe(false);
    },
    'deleting.requesting': () => {
      expect(within(dialog()).getByText('Are you sure to delete?')).toBeTruthy();
      expect(dialogButton('Confirm').disabled, 'the dialog waits for the deletion').toBe(true);
      expect(dialogButton('Cancel').disabled).toBe(true);
    },
    deleted: ({ console: c }) => {
      expect(c.history.current(), 'a deleted plan leaves for the list').toBe('/training-plans');
      expect(pageTitle()).toBe('Training plans');
      expect(screen.queryByRole('textbox', { name: 'Name', hidden: true })).toBeNull();
    },
  },
};
