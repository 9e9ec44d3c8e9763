import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Failure } from '../../../src/domain/failure';
import type { TrainingPlan } from '../../../src/domain/training-plans';
import { formMachine, type FormContext, type FormInput } from '../../../src/machines/form.machine';
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
import { defineModel, type GraphEvent, type ModelSpec } from '../paths/model';

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
  activityId: 'tag:learning-admin-console,2026:plan/plan-1',
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

/** The screens of the smoke checklists (form.words.yaml) that use the form: each walked on the machine with that screen's fields. */
const screens: ModelSpec['screens'] = {
  'A company (Companies → Edit, `/companies/{id}`)': {
    input: screenInput(companiesResource.form, tenantState, acmeRobotics.id, '/companies'),
    events: [
      ['load: Acme Robotics', done('loadRecord', acmeRobotics)],
      ['clear the country code', change('countryCode', '')],
      ['type IT and the city Torino', change('countryCode', 'IT')],
      ['type the city Torino', change('city', 'Torino')],
      ['save: Acme Robotics updated', done('saveRecord', { ...acmeRobotics, city: 'Torino', version: 2 })],
    ],
  },
  'A user (Users → Edit, `/users/{id}`)': {
    input: screenInput(usersResource.form, companyState, marioRossi.id, '/users'),
    events: [
      ['load: Mario Rossi', done('loadRecord', marioRossi)],
      ['type the surname Rossini', change('surname', 'Rossini')],
      ['save: Mario Rossini', done('saveRecord', { ...marioRossi, surname: 'Rossini', version: 2 })],
    ],
  },
  'A new topic (Topics → Add, `/topics/new`)': {
    input: screenInput(topicsResource.form, companyState, null, '/topics'),
    events: [
      ['type the name Quality', change('name', 'Quality')],
      ['save: Quality created', done('saveRecord', { ...stamp, id: 'quality', name: 'Quality', color: '#000000', status: 'ACTIVE' })],
    ],
  },
  'An article (Contents → Edit, `/contents/{id}`)': {
    input: screenInput(contentsResource.form, companyState, welcomeArticle.id, '/contents'),
    events: [
      ['load: the welcome article', done('loadRecord', welcomeArticle)],
      ['type the title Welcome aboard', change('title', 'Welcome aboard')],
      ['save: the article renamed', done('saveRecord', { ...welcomeArticle, title: 'Welcome aboard', version: 2 })],
    ],
  },
};

export const formModel = defineModel({
  screens,
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
  invariants: [
    ['a failure is shown only after a call failed', (s) => (s.context as FormContext).failure === null || !s.matches('opening')],
    ['a record may be deleted only once loaded', (s) => !s.matches('deleting') || (s.context as FormContext).record !== null],
  ],
});
