import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import {
  selectIsConflict,
  selectIsDirty,
  selectIsLoading,
  selectIsSaved,
  selectIsSaving,
  selectLoadFailure,
} from '../../src/machines/form.machine';
import { notFound, serverError, staleVersion, startForm, storedUser, userFields, userMessages } from '../support/fixtures/form';
import { pending } from '../support/fixtures/session';

type Form = ReturnType<typeof startForm>;

const settled = (form: Form) => waitFor(form.actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });

/** The settings' form: a throttled save says when to try again. */
const settingsMessages = { ...userMessages, updateFailedKey: 'settings.profileSaveFailed', throttledKey: 'settings.tooManyAttempts' };

const throttled = (retryAt?: number): Failure => ({
  kind: 'http',
  status: 429,
  message: 'Too many requests',
  ...(retryAt !== undefined && { retryAt }),
});

/** The loaded user u1, saved with `failure`: the notice it gives and the state it leaves. */
async function refusedUpdate(failure: Failure, messages = userMessages) {
  const form = startForm('u1', { saveRecord: () => Promise.reject(failure) }, userFields, { messages, leaveTo: '/users' });
  await settled(form);
  form.change('name', 'Adele');
  form.actor.send({ type: 'form.submit' });
  await settled(form);
  return form;
}

describe('form: what a refused save tells the user', () => {
  it('a 429 on a form that knows throttling says when to try again, or to wait when the API did not say', async () => {
    const timed = await refusedUpdate(throttled(1_800_000_000_000), settingsMessages);
    expect(timed.outcomes).toEqual([
      { notify: { severity: 'error', messageKey: 'login.tooManyAttempts', values: { retryAt: 1_800_000_000_000 } } },
    ]);
    const untimed = await refusedUpdate(throttled(), settingsMessages);
    expect(untimed.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'settings.tooManyAttempts' } }]);
    expect(untimed.actor.getSnapshot().value).toBe('editing');
  });

  it('a 429 on a form that does not know throttling is a failed update like any other', async () => {
    const form = await refusedUpdate(throttled(1_800_000_000_000));
    expect(form.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.failedToUpdate' } }]);
  });

  it("a refusal other than 429 on a form that knows throttling says the form's failed update", async () => {
    const form = await refusedUpdate(serverError, settingsMessages);
    expect(form.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'settings.profileSaveFailed' } }]);
    expect(form.actor.getSnapshot().context).toMatchObject({ failure: serverError, values: { name: 'Adele' } });
  });

  it('a 409 naming no field (or a 400 naming the version) is a failed update to retry, not a conflict', async () => {
    const duplicate: Failure = { kind: 'http', status: 409, message: 'Duplicate' };
    const badVersion: Failure = {
      kind: 'http',
      status: 400,
      message: 'Invalid',
      errors: [{ field: 'version', message: 'must be a number' }],
    };
    for (const failure of [duplicate, badVersion]) {
      const form = await refusedUpdate(failure);
      expect(selectIsConflict(form.actor.getSnapshot())).toBe(false);
      expect(form.actor.getSnapshot().value).toBe('editing');
      expect(form.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.failedToUpdate' } }]);
    }
  });

  it('a 409 on the version tells the user the record changed meanwhile, and says nothing else', async () => {
    const form = await refusedUpdate(staleVersion);
    expect(selectIsConflict(form.actor.getSnapshot())).toBe(true);
    expect(form.outcomes).toEqual([]);
  });
});

describe('form: where a save leads, and what the view shows meanwhile', () => {
  it('a form that opens the new record after creating it leads an update back to where it leaves to', async () => {
    const created = startForm(null, {}, userFields, { messages: userMessages, leaveTo: '/users', stayAfterCreate: true });
    created.change('name', 'Ada');
    created.change('email', 'ada@example.com');
    created.change('tenant', { id: 't1', name: 'Acme Learning' });
    created.actor.send({ type: 'form.submit' });
    await settled(created);
    expect(created.outcomes.at(-1)).toEqual({ navigate: { path: '/users/u1', replace: true } });

    const updated = startForm('u1', {}, userFields, { messages: userMessages, leaveTo: '/users', stayAfterCreate: true });
    await settled(updated);
    updated.actor.send({ type: 'form.submit' });
    await settled(updated);
    expect(updated.outcomes.at(-1)).toEqual({ navigate: { path: '/users' } });
  });

  it('shows the record loading, then not', async () => {
    const form = startForm('u1');
    expect(selectIsLoading(form.actor.getSnapshot())).toBe(true);
    await settled(form);
    expect(selectIsLoading(form.actor.getSnapshot())).toBe(false);
  });

  it('shows why the record could not be loaded only while it is not', async () => {
    const form = startForm('nope', { loadRecord: () => Promise.reject(notFound) });
    expect(selectLoadFailure(form.actor.getSnapshot())).toBeNull();
    await settled(form);
    expect(selectLoadFailure(form.actor.getSnapshot())).toEqual(notFound);
    form.fakes.loadRecord.mockResolvedValueOnce(storedUser);
    form.actor.send({ type: 'form.reload' });
    await settled(form);
    expect(selectLoadFailure(form.actor.getSnapshot())).toBeNull();
  });

  it('keeps the changes unsaved, and says it is saving, while the save runs; saved once the API answers', async () => {
    let answer = (_: typeof storedUser) => {};
    const form = startForm('u1', { saveRecord: () => new Promise((resolve) => (answer = resolve)) });
    await settled(form);
    form.change('name', 'Adele');
    form.actor.send({ type: 'form.submit' });
    expect(selectIsSaving(form.actor.getSnapshot())).toBe(true);
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(true);
    expect(selectIsSaved(form.actor.getSnapshot())).toBe(false);
    answer({ ...storedUser, name: 'Adele', version: 5 });
    await waitFor(form.actor, selectIsSaved, { timeout: 1000 });
    expect(selectIsSaving(form.actor.getSnapshot())).toBe(false);
  });

  it('is not saving while the record loads', () => {
    const form = startForm('u1', { loadRecord: pending });
    expect(selectIsSaving(form.actor.getSnapshot())).toBe(false);
    expect(selectIsSaved(form.actor.getSnapshot())).toBe(false);
  });
});
