import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StoredRecord } from '../../src/domain/resource';
import type { FieldSpec } from '../../src/machines/form-fields';
import {
  formMachine,
  selectIsConfirmingDelete,
  selectIsDeleted,
  selectIsDeleting,
  selectIsDirty,
  selectMayDelete,
  type FormInput,
} from '../../src/machines/form.machine';
import { serverError } from '../support/fixtures/form';
import { pending } from '../support/fixtures/session';
import { recordOutcomes } from '../support/fixtures/outcome';

const fields: FieldSpec[] = [
  { name: 'name', kind: 'text', rules: ['required'] },
  { name: 'status', kind: 'select', defaultValue: 'DRAFT' },
];

const plan = (status: string): StoredRecord => ({ id: 'p1', createdAt: '', updatedAt: '', version: 2, ...{ name: 'Onboarding', status } });

const draftOnly = { field: 'status', oneOf: ['DRAFT'] };
const planMessages = {
  createdKey: 'feedback.trainingPlanCreated',
  updatedKey: 'feedback.trainingPlanUpdated',
  deletedKey: 'feedback.trainingPlanDeleted',
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function startForm(input: Partial<FormInput>, { status = 'DRAFT', deleteRecord = async () => {} } = {}) {
  const fakes = { deleteRecord: vi.fn(deleteRecord as (input: { id: string }) => Promise<void>) };
  const recorded = recordOutcomes();
  const actor = createActor(
    formMachine.provide({
      actors: {
        loadRecord: fromPromise(async () => plan(status)),
        saveRecord: fromPromise(async () => plan(status)),
        deleteRecord: fromPromise(({ input }) => fakes.deleteRecord(input)),
      },
      actions: recorded.actions,
    }),
    { input: { id: 'p1', fields, messages: planMessages, leaveTo: '/training-plans', ...input } },
  );
  actor.start();
  await flush();
  return { actor, fakes, outcomes: recorded.outcomes };
}

describe('form: deleting the record', () => {
  it('asks first, then deletes the record and says so', async () => {
    const { actor, fakes, outcomes } = await startForm({ deleteWhen: draftOnly });
    expect(selectMayDelete(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.delete' });
    expect(selectIsConfirmingDelete(actor.getSnapshot())).toBe(true);
    expect(selectIsDeleting(actor.getSnapshot())).toBe(false);
    expect(fakes.deleteRecord).not.toHaveBeenCalled();
    actor.send({ type: 'form.confirmDelete' });
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.deleteRecord).toHaveBeenCalledWith({ id: 'p1' });
    await flush();
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.trainingPlanDeleted' } },
      { navigate: { path: '/training-plans' } },
    ]);
  });

  it('says a deletion happened with a generic notice when the record names none', async () => {
    const { actor, outcomes } = await startForm({ messages: { createdKey: 'feedback.created', updatedKey: 'feedback.updated' } });
    actor.send({ type: 'form.delete' });
    actor.send({ type: 'form.confirmDelete' });
    await flush();
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
    expect(outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.deleted' } },
      { navigate: { path: '/training-plans' } },
    ]);
  });

  it('stays where it is once the record is deleted, in a form that leaves to nowhere (a step of a wizard)', async () => {
    const { actor, outcomes } = await startForm({ leaveTo: undefined });
    actor.send({ type: 'form.delete' });
    actor.send({ type: 'form.confirmDelete' });
    await flush();
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'feedback.trainingPlanDeleted' } }, { navigate: null }]);
  });

  it('keeps the values typed when the deletion is cancelled', async () => {
    const { actor, fakes } = await startForm({});
    actor.send({ type: 'form.change', field: 'name', value: 'Renamed' });
    actor.send({ type: 'form.delete' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.cancelDelete' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.name).toBe('Renamed');
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    expect(fakes.deleteRecord).not.toHaveBeenCalled();
  });

  it('goes back to editing and reports a failed deletion', async () => {
    const { actor, outcomes } = await startForm({}, { deleteRecord: () => Promise.reject(serverError) });
    actor.send({ type: 'form.delete' });
    actor.send({ type: 'form.confirmDelete' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.deleteFailedBecause', values: { reason: 'Boom' } } }]);
  });

  it('allows no deletion of a record that does not meet the condition as loaded (a published plan)', async () => {
    const { actor, fakes } = await startForm({ deleteWhen: draftOnly }, { status: 'PUBLISHED' });
    expect(selectMayDelete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.change', field: 'status', value: 'DRAFT' });
    actor.send({ type: 'form.delete' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(fakes.deleteRecord).not.toHaveBeenCalled();
  });

  it('has nothing to delete while creating', async () => {
    const { actor } = await startForm({ id: null });
    expect(selectMayDelete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.delete' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('holds the dialog while the deletion runs', async () => {
    const { actor } = await startForm({}, { deleteRecord: pending });
    actor.send({ type: 'form.delete' });
    actor.send({ type: 'form.confirmDelete' });
    actor.send({ type: 'form.cancelDelete' });
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true);
  });
});
