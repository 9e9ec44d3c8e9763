import { assign } from 'xstate';
import { newIdempotencyKey } from '../api/idempotency';
import { formMachine } from '../machines/form.machine';

/**
 * The form machine whose every create attempt gets a fresh idempotency key (kept while the body stays the same), so
 * a double submit or a retried request never makes two records. Every create form of the console starts from it.
 */
export const keyedFormMachine = formMachine.provide({
  actions: { newIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }) },
});
