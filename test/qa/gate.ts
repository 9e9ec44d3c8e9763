import type { StatesAndTransitions } from '../support/paths/model';

export interface GateInput {
  /** States and transitions the graph reaches when its paths are driven on the machine. */
  reachable: StatesAndTransitions;
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

/** What keeps a machine's UI path tests from covering its graph; none when they do. */
export function gateFailures({ reachable, executed, events, executors, shownStates, assertions }: GateInput): string[] {
  const known = new Set(executors);
  const asserted = new Set(assertions);
  return [
    ...[...new Set(events)].filter((label) => !known.has(label)).map((label) => `event "${label}" has no executor in the UI tests`),
    ...[...new Set(shownStates)].filter((state) => !asserted.has(state)).map((state) => `state "${state}" has no UI assertion`),
    ...[...reachable.states].filter((state) => !executed.states.has(state)).map((state) => `state ${state} is reachable but was not executed in the UI`),
    ...[...reachable.transitions]
      .filter((transition) => !executed.transitions.has(transition))
      .map((transition) => `transition ${transition} is reachable but was not executed in the UI`),
  ];
}
