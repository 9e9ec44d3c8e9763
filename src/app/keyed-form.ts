import { assign, fromPromise } from 'xstate';
import { newIdempotencyKey } from '../api/idempotency';
import { formMachine } from '../machines/form.machine';
import type { CachedResourceApi } from './cached-apis';
import type { OutcomeActions } from './outcomes';

/**
 * The form machine whose every create attempt gets a fresh idempotency key (kept while the body stays the same), so
 * a double submit or a retried request never makes two records. Every create form of the console starts from it.
 */
export const keyedFormMachine = formMachine.provide({
  actions: { newIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }) },
});

/** A record's form on its API through the query cache: load, create (with its key) or update (with its version), delete. */
export function provideRecordForm(api: Pick<CachedResourceApi, 'get' | 'create' | 'update' | 'remove'>, outcomes: OutcomeActions) {
  return keyedFormMachine.provide({
    actors: {
      loadRecord: fromPromise(({ input: { id, reload } }) => api.get(id, { reload })),
      saveRecord: fromPromise(({ input: { id, body, version, idempotencyKey } }) =>
        id === null ? api.create(body, idempotencyKey) : api.update(id, { ...body, version }),
      ),
      deleteRecord: fromPromise(({ input }) => api.remove(input.id)),
    },
    actions: outcomes,
  });
}
