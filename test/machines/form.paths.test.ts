import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { StoredRecord } from '../../src/domain/resource';
import type { FieldSpec } from '../../src/machines/form-fields';
import { formMachine, type FormContext, type SaveRecordInput } from '../../src/machines/form.machine';
import { emailInUse, notFound, serverError, staleVersion, storedUser, userMessages } from '../support/fixtures/form';
import { definedByMachine, done, drive, error, executionRecord, explore, type DriveOptions, type GraphEvent } from '../support/paths/graph-paths';

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

const provide: DriveOptions['provide'] = (invoked) =>
  formMachine.provide({
    actors: {
      loadRecord: invoked<StoredRecord, { id: string; reload: boolean }>(),
      saveRecord: invoked<StoredRecord, SaveRecordInput>(),
      deleteRecord: invoked<void, { id: string }>(),
    },
  });

const modes = [
  ['creating', { id: null, fields, messages: userMessages, leaveTo: '/users' }],
  ['editing', { id: 'u1', fields, messages: userMessages, leaveTo: '/users' }],
] as const;

const explorations = modes.map(([mode, input]) => {
  const graph = explore(formMachine, { events, serializeState, input });
  const options: DriveOptions = { input, provide, serializeState, describeEvent: graph.describeEvent };
  return { mode, options, ...graph };
});

describe.each(explorations)('form machine $mode: paths', ({ options, shortestPaths, transitionPaths, describePath }) => {
  it.each(shortestPaths.map((path) => [`shortest: ${describePath(path)}`, path] as const))('%s', (_, path) => drive(path, options));
  it.each(transitionPaths.map((path) => [`transition: ${describePath(path)}`, path] as const))('%s', (_, path) => drive(path, options));
});

describe('form machine: coverage', () => {
  it('creating and editing together execute every state and every transition the machine defines', async () => {
    const executed = executionRecord();
    for (const { options, transitionPaths } of explorations) {
      for (const path of transitionPaths) await drive(path, { ...options, inspect: executed.inspect });
    }
    const defined = definedByMachine(formMachine);
    expect(executed.states).toEqual(defined.states);
    expect(executed.transitions).toEqual(defined.transitions);
    // Every path of both explorations, one after the other: seconds on a loaded machine.
  }, 60_000);
});
