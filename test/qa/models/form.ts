import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../../src/domain/resource';
import type { FieldSpec } from '../../../src/machines/form-fields';
import { formMachine, type FormContext, type SaveRecordInput } from '../../../src/machines/form.machine';
import { done, error } from '../../machines/graph-paths';
import { emailInUse, notFound, serverError, staleVersion, storedUser } from '../../machines/form-fixtures';
import type { GraphEvent, MachineModel } from '../model';

/** Draft: the UI path tests must use the fields of the screen they drive. */
const fields: FieldSpec[] = [
  { name: 'name', kind: 'text', rules: ['required'] },
  { name: 'email', kind: 'email', rules: ['email'] },
];

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { values, problems, version, failure } = snapshot.context as FormContext;
  return JSON.stringify({ value: snapshot.value, name: values.name, problems: Object.keys(problems), version, failure: failure?.status ?? null });
};

const events: Array<[string, GraphEvent]> = [
  ['type a name', { type: 'form.change', field: 'name', value: 'Acme' }],
  ['clear the name', { type: 'form.change', field: 'name', value: '' }],
  ['submit', { type: 'form.submit' }],
  ['reload', { type: 'form.reload' }],
  ['load: ok', done('loadRecord', { ...storedUser, name: 'Ada' })],
  ['load: 404', error('loadRecord', notFound)],
  ['save: ok', done('saveRecord', storedUser)],
  ['save: stale version', error('saveRecord', staleVersion)],
  ['save: email in use', error('saveRecord', emailInUse)],
  ['save: 500', error('saveRecord', serverError)],
  ['delete', { type: 'form.delete' }],
  ['confirm delete', { type: 'form.confirmDelete' }],
  ['cancel delete', { type: 'form.cancelDelete' }],
  ['delete: ok', done('deleteRecord', undefined)],
  ['delete: 500', error('deleteRecord', serverError)],
];

export const formModel: MachineModel = {
  name: 'form',
  summary: 'Every record form: loading, field rules, saving with optimistic concurrency, server field errors, deleting.',
  machine: formMachine,
  bounded: 'A state is its value, the name typed, which fields have problems, the version and the failure status; a name is either typed or cleared.',
  scenarios: [
    { name: 'creating', input: { id: null, fields }, serializeState, events },
    { name: 'editing', input: { id: 'u1', fields }, serializeState, events },
  ],
  provide: (invoked) =>
    formMachine.provide({
      actors: {
        loadRecord: invoked<StoredRecord, { id: string; reload: boolean }>(),
        saveRecord: invoked<StoredRecord, SaveRecordInput>(),
        deleteRecord: invoked<void, { id: string }>(),
      },
    }),
  invariants: [
    ['a failure is shown only after a call failed', (s) => (s.context as FormContext).failure === null || !s.matches('opening')],
  ],
};
