import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import type { SavedView, SavedViewDraft } from '../../src/domain/saved-views';
import {
  savedViewsMachine,
  selectDeleting,
  selectIsNaming,
  selectLoadFailure,
  selectRenaming,
  selectSaveFailure,
  selectViews,
} from '../../src/machines/saved-views.machine';
import { recordOutcomes } from '../support/fixtures/outcome';

const at = '2026-11-28T10:00:00.000Z';
const view = (id: string, name: string, query = ''): SavedView => ({ id, list: '/users', name, query, createdAt: at, updatedAt: at });

interface Answers {
  load?: (list: string) => Promise<SavedView[]>;
  save?: (draft: SavedViewDraft) => Promise<SavedView>;
  remove?: (id: string) => Promise<void>;
  rename?: (id: string, name: string) => Promise<SavedView>;
}

function savedViews({
  load = async () => [],
  save = async (draft) => view('new', draft.name, draft.query),
  remove = async () => {},
  rename = async (id, name) => view(id, name),
}: Answers) {
  const { outcomes, actions } = recordOutcomes();
  const calls = { load: [] as string[], save: [] as SavedViewDraft[], remove: [] as string[], rename: [] as string[][] };
  const actor = createActor(
    savedViewsMachine.provide({
      actors: {
        loadViews: fromPromise(({ input }: { input: { list: string } }) => (calls.load.push(input.list), load(input.list))),
        saveView: fromPromise(({ input }: { input: SavedViewDraft }) => (calls.save.push(input), save(input))),
        deleteView: fromPromise(({ input }: { input: { id: string } }) => (calls.remove.push(input.id), remove(input.id))),
        renameView: fromPromise(
          ({ input }: { input: { id: string; name: string } }) => (calls.rename.push([input.id, input.name]), rename(input.id, input.name)),
        ),
      },
      actions,
    }),
    { input: { list: '/users' } },
  ).start();
  return { actor, outcomes, calls };
}

const refused: Failure = {
  kind: 'http',
  status: 409,
  code: 'SAVED_VIEW_NAME_TAKEN',
  message: 'A view named "Active" already exists for this list: choose another name',
};

describe('the saved views machine', () => {
  it('renames a view: the dialog starts from its name, sends the new one trimmed, keeps the list by name; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { actor, calls, outcomes } = savedViews({
      load: async () => [view('a', 'Alpha'), view('b', 'Beta')],
      rename: async (id, name) => {
        if (refuse) throw refused;
        return view(id, name);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'savedViews.rename', id: 'gone' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'savedViews.rename', id: 'a' });
    expect(selectRenaming(actor.getSnapshot())?.name).toBe('Alpha');
    expect(actor.getSnapshot().context.name).toBe('Alpha');
    // The same name is no rename: Save waits for another.
    actor.send({ type: 'savedViews.name', name: 'Alpha ' });
    actor.send({ type: 'savedViews.save' });
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    actor.send({ type: 'savedViews.name', name: '  Zulu ' });
    actor.send({ type: 'savedViews.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('naming'));
    expect(selectSaveFailure(actor.getSnapshot())).toEqual(refused);
    expect(selectViews(actor.getSnapshot()).map((saved) => saved.name)).toEqual(['Alpha', 'Beta']);

    refuse = false;
    actor.send({ type: 'savedViews.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls.rename).toEqual([
      ['a', 'Zulu'],
      ['a', 'Zulu'],
    ]);
    expect(calls.save).toEqual([]);
    expect(selectViews(actor.getSnapshot()).map((saved) => saved.name)).toEqual(['Beta', 'Zulu']);
    expect(selectRenaming(actor.getSnapshot())).toBeNull();
    expect(outcomes.at(-1)).toMatchObject({ notify: { severity: 'success', messageKey: 'savedViews.renamed', values: { name: 'Zulu' } } });

    // Save current view after a rename is a new view again.
    actor.send({ type: 'savedViews.startSave', query: 'search=x' });
    expect(selectRenaming(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.name).toBe('');
  });

  it("loads the list's views, sorted by name whatever their case", async () => {
    const { actor, calls } = savedViews({ load: async () => [view('b', 'zeta'), view('a', 'Alpha'), view('c', 'beta')] });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls.load).toEqual(['/users']);
    expect(selectViews(actor.getSnapshot()).map((saved) => saved.name)).toEqual(['Alpha', 'beta', 'zeta']);
  });

  it('says the views could not be loaded, and loads them again on Retry', async () => {
    const answers: (() => Promise<SavedView[]>)[] = [
      () => Promise.reject({ kind: 'network', status: 'FETCH_ERROR' }),
      async () => [view('a', 'A')],
    ];
    const { actor } = savedViews({ load: () => answers.shift()!() });
    await waitFor(actor, (snapshot) => snapshot.matches('error'));
    expect(selectLoadFailure(actor.getSnapshot())).toEqual({ kind: 'network', status: 'FETCH_ERROR' });
    actor.send({ type: 'savedViews.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectViews(actor.getSnapshot())).toHaveLength(1);
    expect(selectLoadFailure(actor.getSnapshot())).toBeNull();
  });

  it('saves the address under the name typed, trimmed; a blank name is not sent', async () => {
    const { actor, outcomes, calls } = savedViews({ load: async () => [view('z', 'Zulu')] });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'savedViews.startSave', query: 'sortBy=name&search=rossi' });
    expect(selectIsNaming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'savedViews.name', name: '   ' });
    actor.send({ type: 'savedViews.save' });
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    actor.send({ type: 'savedViews.name', name: '  Rossi by name ' });
    actor.send({ type: 'savedViews.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));

    expect(calls.save).toEqual([{ list: '/users', name: 'Rossi by name', query: 'sortBy=name&search=rossi' }]);
    expect(selectViews(actor.getSnapshot()).map((saved) => saved.name)).toEqual(['Rossi by name', 'Zulu']);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'savedViews.saved', values: { name: 'Rossi by name' } } }]);
  });

  it('keeps the dialog and the name when a save is refused, says why, and forgets the refusal on Cancel', async () => {
    const { actor, outcomes } = savedViews({ save: () => Promise.reject(refused) });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'savedViews.startSave', query: '' });
    actor.send({ type: 'savedViews.name', name: 'Active' });
    actor.send({ type: 'savedViews.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('naming') && selectSaveFailure(snapshot) !== null);

    expect(actor.getSnapshot().context.name).toBe('Active');
    expect(selectSaveFailure(actor.getSnapshot())).toEqual(refused);
    expect(outcomes).toEqual([]);
    actor.send({ type: 'savedViews.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectSaveFailure(actor.getSnapshot())).toBeNull();
    // The next save starts afresh.
    actor.send({ type: 'savedViews.startSave', query: 'search=x' });
    expect(actor.getSnapshot().context).toMatchObject({ name: '', query: 'search=x', saveFailure: null });
  });

  it('deletes a view once confirmed, and not when cancelled', async () => {
    const { actor, outcomes, calls } = savedViews({ load: async () => [view('a', 'A'), view('b', 'B')] });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'savedViews.delete', id: 'a' });
    expect(selectDeleting(actor.getSnapshot())?.name).toBe('A');
    actor.send({ type: 'savedViews.cancel' });
    expect(selectDeleting(actor.getSnapshot())).toBeNull();
    expect(calls.remove).toEqual([]);

    actor.send({ type: 'savedViews.delete', id: 'b' });
    actor.send({ type: 'savedViews.confirmDelete' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls.remove).toEqual(['b']);
    expect(selectViews(actor.getSnapshot()).map((saved) => saved.id)).toEqual(['a']);
    expect(outcomes).toEqual([{ notify: { severity: 'success', messageKey: 'savedViews.deleted' } }]);
  });

  it('keeps a view whose delete failed, and says why', async () => {
    const gone: Failure = { kind: 'http', status: 404, code: 'SAVED_VIEW_NOT_FOUND', message: 'Saved view not found' };
    const { actor, outcomes } = savedViews({ load: async () => [view('a', 'A')], remove: () => Promise.reject(gone) });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'savedViews.delete', id: 'a' });
    actor.send({ type: 'savedViews.confirmDelete' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && outcomes.length === 1);
    expect(selectViews(actor.getSnapshot())).toHaveLength(1);
    expect(outcomes).toEqual([
      {
        notify: {
          severity: 'error',
          messageKey: 'feedback.deleteFailedBecause',
          values: { reason: 'Saved view not found' },
          code: 'SAVED_VIEW_NOT_FOUND',
        },
      },
    ]);
  });
});
