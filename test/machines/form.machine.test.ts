import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { selectIsDirty } from '../../src/machines/form.machine';
import { emailInUse, notFound, serverError, staleVersion, startForm, storedUser } from '../support/fixtures/form';
import { pending } from '../support/fixtures/session';

const settled = (form: ReturnType<typeof startForm>) => waitFor(form.actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });

const fillNewUser = (form: ReturnType<typeof startForm>) => {
  form.change('name', 'Ada');
  form.change('email', 'ada@example.com');
  form.change('tenant', { id: 't1', name: 'Acme Learning' });
};

describe('form: creating', () => {
  it('starts editing the defaults, with nothing to lose', () => {
    const { actor, fakes } = startForm(null);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toMatchObject({ name: '', enabled: true, scope: 'TENANT' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    expect(fakes.loadRecord).not.toHaveBeenCalled();
  });

  it('checks the rules on submit and saves nothing while one is broken', () => {
    const { actor, fakes } = startForm(null);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problems).toEqual({
      name: { rule: 'required' },
      email: { rule: 'required' },
      tenant: { rule: 'required' },
    });
    expect(fakes.saveRecord).not.toHaveBeenCalled();
  });

  it("forgets a field's problem when the field changes", () => {
    const form = startForm(null);
    form.actor.send({ type: 'form.submit' });
    form.change('name', 'A');
    expect(Object.keys(form.actor.getSnapshot().context.problems)).toEqual(['email', 'tenant']);
  });

  it('saves the body of the shown fields, says so and ends', async () => {
    const form = startForm(null);
    fillNewUser(form);
    form.actor.send({ type: 'form.submit' });
    expect(form.actor.getSnapshot().value).toBe('saving');
    expect(form.actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(form.fakes.saveRecord).toHaveBeenCalledWith({
      id: null,
      body: { name: 'Ada', email: 'ada@example.com', enabled: true, scope: 'TENANT', tenantId: 't1' },
      version: null,
      idempotencyKey: 'key-1',
    });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('saved');
    expect(form.actor.getSnapshot().status).toBe('done');
    expect(form.outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.userCreated' } },
      { navigate: { path: '/users' } },
    ]);
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(false);
  });

  it('keeps the values and reports a failed save', async () => {
    const form = startForm(null, { saveRecord: () => Promise.reject(serverError) });
    fillNewUser(form);
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('editing');
    expect(form.actor.getSnapshot().context).toMatchObject({ failure: serverError, problems: {}, values: { name: 'Ada' } });
    expect(form.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.failedToCreate' } }]);
  });

  it('sends a retry of the same create with the same idempotency key, and a changed one with a new key', async () => {
    const networkFailure: Failure = { kind: 'network', status: 'FETCH_ERROR' };
    const form = startForm(null, { saveRecord: () => Promise.reject(networkFailure) });
    fillNewUser(form);
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    form.change('name', 'Ada Lovelace');
    form.actor.send({ type: 'form.submit' });
    await settled(form);

    const keys = form.fakes.saveRecord.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it("puts the API's field errors on the fields", async () => {
    const form = startForm(null, { saveRecord: () => Promise.reject(emailInUse) });
    fillNewUser(form);
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('editing');
    expect(form.actor.getSnapshot().context.problems).toEqual({ email: { server: 'already in use' } });
    expect(form.outcomes).toEqual([{ notify: { severity: 'error', messageKey: 'feedback.failedToCreate' } }]);
  });
});

describe('form: editing', () => {
  it('loads the record and edits its values', async () => {
    const form = startForm('u1');
    expect(form.actor.getSnapshot().value).toBe('loading');
    expect(form.fakes.loadRecord).toHaveBeenCalledWith({ id: 'u1', reload: false });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('editing');
    expect(form.actor.getSnapshot().context).toMatchObject({
      version: 4,
      values: { name: 'Ada', enabled: false, scope: 'COMPANY', company: { id: 'c1', name: 'Bianchi Srl' } },
    });
  });

  it('tracks unsaved changes against the loaded values', async () => {
    const form = startForm('u1');
    await settled(form);
    form.change('name', 'Adele');
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(true);
    form.change('name', 'Ada');
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(false);
  });

  it('sends the version it loaded with the update', async () => {
    const form = startForm('u1', { saveRecord: async () => ({ ...storedUser, version: 5 }) });
    await settled(form);
    form.actor.send({ type: 'form.submit' });
    expect(form.fakes.saveRecord).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1', version: 4, idempotencyKey: null }));
    await settled(form);
    expect(form.outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.userUpdated' } },
      { navigate: { path: '/users' } },
    ]);
  });

  it('says "No changes" when the API answers with the version it loaded: the save wrote nothing', async () => {
    const form = startForm('u1', { saveRecord: async () => ({ ...storedUser, version: 4 }) });
    await settled(form);
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('saved');
    expect(form.outcomes).toEqual([{ notify: { severity: 'info', messageKey: 'feedback.noChanges' } }, { navigate: { path: '/users' } }]);
  });

  it('says "saved" for a record without versions (version 0, one’s own profile), whatever the API answers', async () => {
    const unversioned = { ...storedUser, version: 0 };
    const form = startForm('u1', { loadRecord: async () => unversioned, saveRecord: async () => unversioned });
    await settled(form);
    form.change('name', 'Adele');
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    expect(form.outcomes[0]).toEqual({ notify: { severity: 'success', messageKey: expect.not.stringMatching(/noChanges/) } });
  });

  it('reports a record it cannot load, and tries again on request', async () => {
    const form = startForm('nope', { loadRecord: () => Promise.reject(notFound) });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('loadFailed');
    expect(form.actor.getSnapshot().context.failure).toEqual(notFound);
    form.actor.send({ type: 'form.reload' });
    expect(form.fakes.loadRecord).toHaveBeenLastCalledWith({ id: 'nope', reload: true });
  });

  it('stops on a conflict, writes nothing more, and reloads the latest version', async () => {
    const form = startForm('u1', { saveRecord: () => Promise.reject(staleVersion) });
    await settled(form);
    form.change('name', 'Adele');
    form.actor.send({ type: 'form.submit' });
    await settled(form);
    expect(form.actor.getSnapshot().value).toBe('conflict');
    expect(form.outcomes).toEqual([]);
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(true);
    expect(form.actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    expect(form.actor.getSnapshot().can({ type: 'form.change', field: 'name', value: 'x' })).toBe(false);
    const latest = { ...storedUser, name: 'Ada B.', version: 5 };
    form.fakes.loadRecord.mockResolvedValueOnce(latest);
    form.actor.send({ type: 'form.reload' });
    expect(form.fakes.loadRecord).toHaveBeenLastCalledWith({ id: 'u1', reload: true });
    await settled(form);
    expect(form.actor.getSnapshot().context).toMatchObject({ version: 5, values: { name: 'Ada B.' }, failure: null });
  });

  it('is not dirty while loading or saving nothing new', async () => {
    const form = startForm('u1', { loadRecord: pending });
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(false);
  });
});
