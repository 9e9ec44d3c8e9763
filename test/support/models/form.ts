import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { StoredRecord } from '../../../src/domain/resource';
import type { TrainingPlan } from '../../../src/domain/training-plans';
import { formMachine, type FormContext, type FormInput, type SaveRecordInput } from '../../../src/machines/form.machine';
import { messagesOf } from '../../../src/views/form/form-config';
import type { FormConfig } from '../../../src/views/form/form-config';
import { companiesResource } from '../../../src/views/resources/companies';
import { contentsResource } from '../../../src/views/resources/contents';
import { topicsResource } from '../../../src/views/resources/topics';
import { trainingPlansResource } from '../../../src/views/resources/training-plans';
import { usersResource } from '../../../src/views/resources/users';
import type { SessionState } from '../../../src/domain/session';
import { done, error } from '../paths/graph-paths';
import { companyState, tenantState } from '../fixtures/session';
import type { GraphEvent, ManualPlan, MachineModel } from '../paths/model';

/**
 * The screen the UI path tests drive: a training plan's form (`/training-plans/new`, `/training-plans/{id}`), the
 * one record form that offers Delete. Its fields and its delete condition are given to the machine exactly as
 * FormView gives them (`config.fields(session)`, `config.deletion.when`).
 */
export const planForm = trainingPlansResource.form;
export const planFields = planForm.fields(companyState);
const deleteWhen = planForm.deletion?.when;

/** The name's longest accepted length (`name: RequiredText(200)` in the API's plan body). */
export const NAME_MAX_LENGTH = 200;
export const typedName = 'Onboarding 2025';
/** A name the form accepts (it has no length rule) and the API refuses with a field error on `name`. */
export const tooLongName = 'Onboarding '.repeat(19).padEnd(NAME_MAX_LENGTH + 1, 'x');

/** A DRAFT plan as `GET /training-plans/{id}` answers it (docs/api-contract.md, "Training plans"). */
export const storedPlan: TrainingPlan & { companyId: string; tenantId: string } = {
  id: 'plan-1',
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  version: 3,
  name: 'Onboarding',
  status: 'DRAFT',
  freelyNavigable: false,
  moduleCount: 0,
  companyId: 'company-1',
  tenantId: 'tenant-1',
};

/** What the API module makes of each error answer the UI tests send (docs/api-contract.md, "Errors"). */
export const failures = {
  notFound: { kind: 'http', status: 404, message: 'Training plan not found' },
  staleVersion: {
    kind: 'http',
    status: 409,
    message: 'The record was changed by someone else; reload it',
    errors: [{ field: 'version', message: 'changed by someone else' }],
  },
  nameTooLong: {
    kind: 'http',
    status: 400,
    message: 'name must not have more than 200 characters',
    errors: [{ field: 'name', message: 'must not have more than 200 characters' }],
  },
  serverError: { kind: 'http', status: 500, message: 'Something went wrong. Please try again later.' },
  notADraft: { kind: 'http', status: 409, message: 'Set the plan back to Draft before deleting it' },
} satisfies Record<string, Failure>;

const nameOf = (context: FormContext) => (typeof context.values.name === 'string' ? context.values.name : '');
const isTooLong = (context: FormContext) => nameOf(context).trim().length > NAME_MAX_LENGTH;

/** The name as the machine and the API see it: empty (refused by the form), accepted, or too long (refused by the API). */
const nameKind = (context: FormContext) => (!nameOf(context).trim() ? 'empty' : isTooLong(context) ? 'too long' : 'accepted');

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as FormContext;
  const { problems, version, failure } = context;
  return JSON.stringify({
    value: snapshot.value,
    name: nameKind(context),
    problems: Object.keys(problems),
    version,
    failure: failure?.status ?? null,
  });
};

const saveOutcome = /^xstate\.(?:done|error)\.actor\.saveRecord$/;

/**
 * Clearing an empty field sends the form no change. What the API answers a save depends on the body: a name over
 * 200 characters fails the body's schema (400 on `name`) before anything else is looked at; a new record (POST)
 * has no version to be stale.
 */
const isImpossible = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  const context = snapshot.context as FormContext;
  if (event.type === 'form.change') return (event as GraphEvent).value === '' && nameOf(context) === '';
  if (!saveOutcome.test(event.type)) return false;
  const failure = (event as { error?: Failure }).error;
  if (failure === failures.nameTooLong) return !isTooLong(context);
  if (isTooLong(context)) return failure !== failures.serverError;
  return failure === failures.staleVersion && context.id === null;
};

const events: Array<[string, GraphEvent]> = [
  ['type a name', { type: 'form.change', field: 'name', value: typedName }],
  ['paste a 201-character name', { type: 'form.change', field: 'name', value: tooLongName }],
  ['clear the name', { type: 'form.change', field: 'name', value: '' }],
  ['save', { type: 'form.submit' }],
  ['reload', { type: 'form.reload' }],
  ['load: ok', done('loadRecord', storedPlan)],
  ['load: 404', error('loadRecord', failures.notFound)],
  ['save: ok', done('saveRecord', { ...storedPlan, name: typedName, version: 4 })],
  ['save: stale version', error('saveRecord', failures.staleVersion)],
  ['save: 400 name too long', error('saveRecord', failures.nameTooLong)],
  ['save: 500', error('saveRecord', failures.serverError)],
  ['delete', { type: 'form.delete' }],
  ['confirm delete', { type: 'form.confirmDelete' }],
  ['cancel delete', { type: 'form.cancelDelete' }],
  ['delete: ok', done('deleteRecord', undefined)],
  ['delete: 409 not a draft', error('deleteRecord', failures.notADraft)],
];

/** As the plan's page gives it: its messages, back to the plans, the new plan's page after creating it. */
const input = (id: string | null): FormInput => ({
  id,
  fields: planFields,
  messages: messagesOf(planForm),
  leaveTo: '/training-plans',
  stayAfterCreate: planForm.stayAfterCreate === true,
  ...(deleteWhen && { deleteWhen }),
});

/** A screen's form as its page (src/views/form/FormView.tsx) gives it to the machine. */
const screenInput = (config: FormConfig, session: SessionState, id: string | null, leaveTo: string): FormInput => ({
  id,
  fields: config.fields(session),
  messages: messagesOf(config),
  leaveTo,
  ...(config.stayAfterCreate && { stayAfterCreate: true }),
  ...(config.deletion?.when && { deleteWhen: config.deletion.when }),
});

/** Records of the demo data as `GET /api/<resource>/{id}` answers them after `npm start` (server/db/seed.ts). */
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };
const acmeRobotics = {
  ...stamp,
  id: 'acme-robotics',
  tenantId: 'acme',
  tenant: { id: 'acme', name: 'Acme Learning' },
  name: 'Acme Robotics S.p.A.',
  domain: 'robotics.acme.example.com',
  vinapseTenant: 'acme-robotics',
  taxId: 'IT01234567890',
  addressLine1: 'Via Roma 12',
  addressLine2: 'Building B, 3rd floor',
  postalCode: '20121',
  city: 'Milano',
  region: 'Lombardia',
  countryCode: 'IT',
  phone: '+39 02 1234 5678',
  email: 'info@robotics.acme.example.com',
};
const marioRossi = {
  ...stamp,
  id: 'mario-rossi',
  name: 'Mario',
  surname: 'Rossi',
  email: 'mario.rossi@example.com',
  status: 'ACTIVE',
  enabled: true,
  scope: 'COMPANY',
  admin: false,
  tenantId: 'acme',
  companyId: 'acme-robotics',
  tenant: { id: 'acme', name: 'Acme Learning' },
  company: { id: 'acme-robotics', name: 'Acme Robotics S.p.A.' },
};
const welcomeArticle = {
  ...stamp,
  id: 'welcome-article',
  title: 'Welcome to Acme Robotics',
  background: null,
  type: 'Article',
  renderType: 'INLINE',
  text: 'Welcome aboard! This article introduces our teams, our values and the tools you will use every day.',
  topicIds: ['onboarding'],
  topics: [{ id: 'onboarding', name: 'Onboarding' }],
  externalUuid: null,
  status: 'READY',
  companyId: 'acme-robotics',
  tenantId: 'acme',
};
const change = (field: string, value: unknown): GraphEvent => ({ type: 'form.change', field, value });
const companyAdmin = '`company.admin@example.com` (Carlo Ferrari, COMPANY admin of Acme Robotics S.p.A.)';
const freshData =
  'The demo data as `npm start` first loads it (stop the server, delete the `data/` folder, start it again): the checklist changes records.';

/** The smoke checklist per screen that uses the form: each walked on the machine with that screen's fields. */
const manualPlans: ManualPlan[] = [
  {
    scenario: 'editing',
    screen: 'A company (Companies → Edit, `/companies/{id}`)',
    account: '`tenant.admin@example.com` (Teresa Conti, TENANT admin of Acme Learning)',
    input: screenInput(companiesResource.form, tenantState, acmeRobotics.id, '/companies'),
    events: [
      ['load: Acme Robotics', done('loadRecord', acmeRobotics)],
      ['clear the country code', change('countryCode', '')],
      ['type IT and the city Torino', change('countryCode', 'IT')],
      ['type the city Torino', change('city', 'Torino')],
      ['save: Acme Robotics updated', done('saveRecord', { ...acmeRobotics, city: 'Torino', version: 2 })],
    ],
    preconditions: [freshData, 'Signed in with the account above, the console in English.'],
    smoke: [
      {
        do: 'Click "Companies" in the sidebar, type `robotics` in "Search", then click "Edit" in the row of Acme Robotics S.p.A.',
        see: 'The page "Edit company": Name "Acme Robotics S.p.A.", Tax ID "IT01234567890", City "Milano", Country code "IT".',
        events: ['load: Acme Robotics'],
        state: 'editing',
      },
      {
        do: 'Clear "Country code" and click "Save".',
        see: '"Required field" under Country code; nothing is saved, the page stays.',
        events: ['clear the country code', 'save'],
        state: 'editing',
      },
      {
        do: 'Type `IT` in "Country code", replace the City with `Torino`, click "Save".',
        see: 'The message "Company updated successfully"; the Companies list, where Acme Robotics S.p.A. says "Via Roma 12, Torino".',
        events: ['type IT and the city Torino', 'type the city Torino', 'save', 'save: Acme Robotics updated'],
        state: 'saved',
      },
    ],
  },
  {
    scenario: 'editing',
    screen: 'A user (Users → Edit, `/users/{id}`)',
    account: companyAdmin,
    input: screenInput(usersResource.form, companyState, marioRossi.id, '/users'),
    events: [
      ['load: Mario Rossi', done('loadRecord', marioRossi)],
      ['type the surname Rossini', change('surname', 'Rossini')],
      ['save: Mario Rossini', done('saveRecord', { ...marioRossi, surname: 'Rossini', version: 2 })],
    ],
    preconditions: [freshData, 'Signed in with the account above, the console in English.'],
    smoke: [
      {
        do: 'Click "Users" in the sidebar, type `rossi` in "Search", then click "Edit" in the row of Mario Rossi.',
        see: 'The page "Edit user": Name "Mario", Surname "Rossi", Email "mario.rossi@example.com", the password fields empty.',
        events: ['load: Mario Rossi'],
        state: 'editing',
      },
      {
        do: 'Replace the Surname with `Rossini` and click "Save" (leave the password empty).',
        see: 'The message "User updated successfully"; the Users list with Mario Rossini.',
        events: ['type the surname Rossini', 'save', 'save: Mario Rossini'],
        state: 'saved',
      },
    ],
  },
  {
    scenario: 'creating',
    screen: 'A new topic (Topics → Add, `/topics/new`)',
    account: companyAdmin,
    input: screenInput(topicsResource.form, companyState, null, '/topics'),
    events: [
      ['type the name Quality', change('name', 'Quality')],
      ['save: Quality created', done('saveRecord', { ...stamp, id: 'quality', name: 'Quality', color: '#000000', status: 'ACTIVE' })],
    ],
    preconditions: [freshData, 'Signed in with the account above (the demo company has the topics Safety, Onboarding and Leadership).'],
    smoke: [
      {
        do: 'Click "Topics" in the sidebar, then "Add".',
        see: 'The page "New topic" with an empty Name and the Colour #000000.',
        events: [],
        state: 'editing',
      },
      {
        do: 'Type `Quality` in "Name" and click "Save".',
        see: 'The message "Topic created"; the page becomes "Edit topic" of Quality (its address ends with its id).',
        events: ['type the name Quality', 'save', 'save: Quality created'],
        state: 'saved',
      },
    ],
  },
  {
    scenario: 'editing',
    screen: 'An article (Contents → Edit, `/contents/{id}`)',
    account: companyAdmin,
    input: screenInput(contentsResource.form, companyState, welcomeArticle.id, '/contents'),
    events: [
      ['load: the welcome article', done('loadRecord', welcomeArticle)],
      ['type the title Welcome aboard', change('title', 'Welcome aboard')],
      ['save: the article renamed', done('saveRecord', { ...welcomeArticle, title: 'Welcome aboard', version: 2 })],
    ],
    preconditions: [freshData, 'Signed in with the account above.'],
    smoke: [
      {
        do: 'Click "Contents" in the sidebar, then "Edit" in the row of "Welcome to Acme Robotics".',
        see: 'The page "Edit content": Title "Welcome to Acme Robotics", Type Article, Render type Inline, its Text "Welcome aboard! This article introduces …", the topic Onboarding.',
        events: ['load: the welcome article'],
        state: 'editing',
      },
      {
        do: 'Replace the Title with `Welcome aboard` and click "Save".',
        see: 'The message "Content updated successfully"; the Contents list with "Welcome aboard".',
        events: ['type the title Welcome aboard', 'save', 'save: the article renamed'],
        state: 'saved',
      },
    ],
  },
  {
    scenario: 'creating',
    screen: 'A new training plan (Training plans → Add, `/training-plans/new`), then Delete',
    account: companyAdmin,
    preconditions: [
      freshData,
      'Signed in with the account above (the demo company has the plans New hire onboarding and Leadership basics).',
    ],
    smoke: [
      {
        do: 'Click "Training plans" in the sidebar, then "Add"; click "Save" without typing.',
        see: 'The page "New training plan"; "Required field" under Name; nothing is saved.',
        events: ['save'],
        state: 'editing',
      },
      {
        do: 'Type `Onboarding 2025` in "Name" and click "Save".',
        see: 'The message "Training plan created"; the page becomes "Edit training plan" of Onboarding 2025, Status Draft.',
        events: ['type a name', 'save', 'save: ok'],
        state: 'saved',
      },
    ],
  },
];

export const formModel: MachineModel = {
  name: 'form',
  summary: 'Every record form: loading, field rules, saving with optimistic concurrency, server field errors, deleting.',
  machine: formMachine,
  bounded:
    "Played on a training plan's form (its real fields: name required, status, freely navigable). A state is its value, whether the name is empty, accepted or too long for the API, which fields have problems, the version and the failure status.",
  impossible: [
    'A save of a name over 200 characters is answered 400 on `name` (or fails on the server): the API checks the body before the version; a shorter name never gets that 400.',
    'A new record (POST) has no version: its save is never answered 409 on `version`.',
    'Clearing a name that is already empty changes nothing in the field: the browser sends no change.',
  ],
  scenarios: [
    { name: 'creating', input: input(null), serializeState, isImpossible, events },
    { name: 'editing', input: input(storedPlan.id), serializeState, isImpossible, events },
  ],
  provide: (invoked) =>
    formMachine.provide({
      actors: {
        loadRecord: invoked<StoredRecord, { id: string; reload: boolean }>(),
        saveRecord: invoked<StoredRecord, SaveRecordInput>(),
        deleteRecord: invoked<void, { id: string }>(),
      },
    }),
  requirements: [
    {
      id: 'FORM-NEW',
      rule: 'A create form opens empty, ready to type in.',
      by: ['form.opening \u2014always [isNew]\u2192 form.editing'],
    },
    {
      id: 'FORM-LOAD',
      rule: 'An edit form loads its record; a failed load offers Reload.',
      by: [
        'form.opening \u2014always\u2192 form.loading',
        'form.loading \u2014xstate.done.actor.loadRecord\u2192 form.editing',
        'form.loading \u2014xstate.error.actor.loadRecord\u2192 form.loadFailed',
        'form.loadFailed \u2014form.reload\u2192 form.loading',
      ],
    },
    {
      id: 'FORM-VALIDATE',
      rule: "Save checks every field first; an invalid form is not sent and shows each field's error.",
      by: [
        'form.editing \u2014form.change\u2192 itself',
        'form.editing \u2014form.submit\u2192 form.validating',
        'form.validating \u2014always [isValid]\u2192 form.saving',
        'form.validating \u2014always\u2192 form.editing',
      ],
    },
    {
      id: 'FORM-SAVE',
      rule: 'A saved record says so and leaves the form.',
      by: ['form.saving \u2014xstate.done.actor.saveRecord\u2192 form.saved'],
    },
    {
      id: 'FORM-SERVER-ERRORS',
      rule: 'A refused save keeps what was typed: field errors under their fields, other errors as a message.',
      by: [
        'form.saving \u2014xstate.error.actor.saveRecord [concernsFields]\u2192 form.editing',
        'form.saving \u2014xstate.error.actor.saveRecord\u2192 form.editing',
      ],
    },
    {
      id: 'FORM-CONFLICT',
      rule: 'A record changed meanwhile by someone else (409) is not overwritten: the form offers Reload.',
      by: [
        'form.saving \u2014xstate.error.actor.saveRecord [isConflict]\u2192 form.conflict',
        'form.conflict \u2014form.reload\u2192 form.loading',
      ],
    },
    {
      id: 'FORM-DELETE',
      rule: 'Delete from a form asks for confirmation; a refused delete keeps the form.',
      by: [
        'form.editing \u2014form.delete [canDelete]\u2192 form.deleting',
        'form.deleting.confirming \u2014form.confirmDelete\u2192 form.deleting.requesting',
        'form.deleting.confirming \u2014form.cancelDelete\u2192 form.editing',
        'form.deleting.requesting \u2014xstate.done.actor.deleteRecord\u2192 form.deleted',
        'form.deleting.requesting \u2014xstate.error.actor.deleteRecord\u2192 form.editing',
      ],
    },
  ],
  manual: manualPlans,
  readable: {
    start: {
      'creating: start':
        'sign in as `company.admin@example.com`, click "Training plans" in the sidebar, then "Add": the page "New training plan"',
      'editing: start':
        'sign in as `company.admin@example.com`, click "Training plans" in the sidebar, then "Edit" in the row of Leadership basics (a Draft plan)',
    },
    events: {
      'type a name': { do: 'Type `Onboarding 2025` in "Name"' },
      'paste a 201-character name': { do: 'Paste a name of 201 characters in "Name"' },
      'clear the name': { do: 'Clear "Name"' },
      save: { do: 'Click "Save"' },
      reload: { do: 'Click "Retry" (or "Reload latest version" in the yellow alert)' },
      'load: ok': { wait: 'the plan loads' },
      'load: 404': { wait: 'the plan does not exist (edit the address to `/training-plans/nope`)' },
      'save: ok': { wait: 'the server saves the plan' },
      'save: stale version': {
        wait: 'the server refuses it: the plan was saved meanwhile in another tab (open the same plan in two tabs, save in the other one first)',
      },
      'save: 400 name too long': { wait: 'the server refuses the name over 200 characters' },
      delete: { do: 'Click "Delete"' },
      'confirm delete': { do: 'Click "Confirm"' },
      'cancel delete': { do: 'Click "Cancel"' },
      'delete: ok': { wait: 'the server deletes the plan' },
      'delete: 409 not a draft': { wait: 'the server refuses: the plan was set to Published meanwhile in another tab' },
    },
    screens: {
      loading: 'the loading line over the page "Edit training plan"',
      editing: 'the form, "Save" enabled; a refused field says why under it',
      saving: 'the form while it is saved, "Save" disabled',
      saved: 'the list of training plans, or after a create the page "Edit training plan" of the new plan',
      loadFailed: 'the red alert "Error loading training plan" with "Retry"',
      conflict:
        'the yellow alert "Someone else changed this record after you opened it, so nothing was saved. …" with "Reload latest version"',
      'deleting.confirming': 'the dialog "Are you sure to delete?" with "Confirm" and "Cancel"',
      'deleting.requesting': 'the dialog with its buttons disabled while the plan is deleted',
      deleted: 'the list of training plans without the plan',
    },
    automated: {
      'save: 500': 'the server fails the save (500)',
    },
  },
  invariants: [
    ['a failure is shown only after a call failed', (s) => (s.context as FormContext).failure === null || !s.matches('opening')],
    ['a record may be deleted only once loaded', (s) => !s.matches('deleting') || (s.context as FormContext).record !== null],
  ],
};
