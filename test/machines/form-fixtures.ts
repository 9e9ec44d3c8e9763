import { vi } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { StoredRecord } from '../../src/domain/resource';
import type { FieldSpec } from '../../src/machines/form-fields';
import { formMachine, type FormInput, type FormMessages, type SaveRecordInput } from '../../src/machines/form.machine';
import { recordOutcomes } from './outcome-fixtures';

/** What the users' form says once a save is decided. */
export const userMessages: FormMessages = { createdKey: 'feedback.userCreated', updatedKey: 'feedback.userUpdated' };

export const userFields: FieldSpec[] = [
  { name: 'name', kind: 'text', rules: ['required'] },
  { name: 'email', kind: 'email', rules: ['required', 'email'] },
  { name: 'password', kind: 'password', rules: [{ minLength: 8 }] },
  { name: 'confirmPassword', kind: 'password', rules: [{ sameAs: 'password' }], formOnly: true },
  { name: 'enabled', kind: 'switch', defaultValue: true },
  { name: 'scope', kind: 'select', defaultValue: 'TENANT' },
  { name: 'tenant', kind: 'reference', rules: ['required'], showWhen: { field: 'scope', oneOf: ['TENANT', 'COMPANY'] }, clears: ['company'] },
  { name: 'company', kind: 'reference', rules: ['required'], showWhen: { field: 'scope', oneOf: ['COMPANY'] } },
];

export const storedUser = {
  id: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  version: 4,
  name: 'Ada',
  email: 'ada@example.com',
  status: 'ACTIVE',
  enabled: false,
  scope: 'COMPANY',
  tenantId: 't1',
  companyId: 'c1',
  tenant: { id: 't1', name: 'Acme Learning' },
  company: { id: 'c1', name: 'Bianchi Srl' },
};

export const staleVersion: Failure = {
  kind: 'http',
  status: 409,
  message: 'Changed by someone else',
  errors: [{ field: 'version', message: 'changed by someone else' }],
};
export const emailInUse: Failure = { kind: 'http', status: 409, message: 'Email in use', errors: [{ field: 'email', message: 'already in use' }] };
export const serverError: Failure = { kind: 'http', status: 500, message: 'Boom' };
export const notFound: Failure = { kind: 'http', status: 404, message: 'Not found' };

export interface FormFakes {
  loadRecord: (input: { id: string; reload: boolean }) => Promise<StoredRecord>;
  saveRecord: (input: SaveRecordInput) => Promise<StoredRecord>;
}

/**
 * A form machine on fakes (the stored user loads, saves succeed; each new create attempt gets the idempotency key
 * `key-1`, `key-2`…); its outcomes are recorded.
 */
export function startForm(
  id: string | null,
  overrides: Partial<FormFakes> = {},
  fields: FieldSpec[] = userFields,
  input: Partial<FormInput> = { messages: userMessages, leaveTo: '/users' },
) {
  let keys = 0;
  const fakes = {
    loadRecord: vi.fn(overrides.loadRecord ?? (async () => storedUser)),
    saveRecord: vi.fn(overrides.saveRecord ?? (async () => storedUser)),
  };
  const recorded = recordOutcomes();
  const actor = createActor(
    formMachine.provide({
      actors: {
        loadRecord: fromPromise(({ input }) => fakes.loadRecord(input)),
        saveRecord: fromPromise(({ input }) => fakes.saveRecord(input)),
      },
      actions: { ...recorded.actions, newIdempotencyKey: assign({ idempotencyKey: () => `key-${(keys += 1)}` }) },
    }),
    { input: { id, fields, messages: userMessages, ...input } },
  );
  actor.start();
  const change = (field: string, value: string | boolean | { id: string; name: string } | null) =>
    actor.send({ type: 'form.change', field, value });
  return { actor, fakes, outcomes: recorded.outcomes, change };
}
