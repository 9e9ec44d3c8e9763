import type { StatesAndTransitions } from '../support/paths/model';

export interface GateInput {
  /** States and transitions the machine defines. */
  total: StatesAndTransitions;
  /** Those of them no path can take, with the reason (the model's `unreachable`). */
  unreachable: Record<string, string>;
  /** States and transitions the app's own actors went through during the UI path tests. */
  executed: StatesAndTransitions;
  /** Labels of the events the graph uses. */
  events: Iterable<string>;
  /** Labels of the events the UI tests know how to perform. */
  executors: Iterable<string>;
  /** Leaf states the graph reaches (`ready.withData`). */
  shownStates: Iterable<string>;
  /** Leaf states the UI tests know how to assert. */
  assertions: Iterable<string>;
}

/**
 * What keeps a machine's UI path tests from covering its definition; none when they do. Every state and transition
 * the machine defines counts: one that no path can take must be declared unreachable with its reason, and a
 * declaration that no longer holds (the console takes it, or the machine no longer defines it) fails too. (That the
 * machine's own paths reach the same is its path test's concern.)
 */
export function gateFailures(input: GateInput): string[] {
  const { total, unreachable, executed, events, executors, shownStates, assertions } = input;
  const known = new Set(executors);
  const asserted = new Set(assertions);
  const missed = (kind: 'state' | 'transition', all: Set<string>, done: Set<string>) =>
    [...all]
      .filter((item) => !done.has(item) && !(item in unreachable))
      .map((item) => `${kind} ${item} was not executed in the UI (take it in a path, or declare it unreachable with the reason)`);
  const stale = Object.keys(unreachable).flatMap((item) => {
    const kind = total.states.has(item) ? 'state' : 'transition';
    if (!total.states.has(item) && !total.transitions.has(item))
      return [`"${item}" is declared unreachable but the machine does not define it`];
    if (executed.states.has(item) || executed.transitions.has(item)) {
      return [`${kind} ${item} is declared unreachable but a path takes it`];
    }
    return [];
  });
  return [
    ...[...new Set(events)].filter((label) => !known.has(label)).map((label) => `event "${label}" has no executor in the UI tests`),
    ...[...new Set(shownStates)].filter((state) => !asserted.has(state)).map((state) => `state "${state}" has no UI assertion`),
    ...missed('state', total.states, executed.states),
    ...missed('transition', total.transitions, executed.transitions),
    ...stale,
  ];
}
