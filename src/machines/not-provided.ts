import { fromPromise } from 'xstate';

/** A typed placeholder for an effect that src/app (or a test) supplies with `machine.provide(...)`. */
export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} is not provided`)));
}
