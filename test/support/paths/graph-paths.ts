import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';

/** The outcome of an invoked actor, as the graph sees it. */
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const error = (id: string, failure: unknown) => ({ type: `xstate.error.actor.${id}`, error: failure });
/** A delayed transition firing (`after`), by delay name and state id. */
export const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` });

export type Path = StatePath<AnyMachineSnapshot, EventObject>;

/** An event with its payload, as the graph is given it. */
export type GraphEvent = EventObject & Record<string, unknown>;

export interface Exploration {
  /** What a user or an injected effect can do, each with a label for the test names. */
  events: Array<[label: string, event: GraphEvent]>;
  /** Bounds the graph: snapshots serialising alike count as one state. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
  /** Events impossible in a snapshot beyond the generic rules of {@link isPossible}, e.g. a click on a button that is not shown. */
  isImpossible?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Events offered wherever {@link isPossible} allows, whatever `isImpossible` says: those the machine must ignore. */
  ignored?: Array<[label: string, event: GraphEvent]>;
}

/** Why a generated event is never offered to the graph; the test plans print these. */
export const impossibleEvents = [
  '`xstate.done.state.*`: raised by the machine itself when a compound state completes; never sent from outside.',
  '`xstate.done.actor.<id>` / `xstate.error.actor.<id>`: only while an actor invoked with that id is running.',
  '`xstate.after.<delay>.<state>`: only while that state is active (its timer is running).',
] as const;

/** The generic rules of {@link impossibleEvents}: outcomes only of running actors, timers only of active states. */
export function isPossible(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (event.type.startsWith('xstate.done.state.')) return false;
  const outcome = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  if (outcome) return outcome[1]! in snapshot.children;
  const timer = /^xstate\.after\.[^.]+\.(.+)$/.exec(event.type);
  if (timer) return snapshot._nodes.some((node) => node.id === timer[1]);
  return true;
}

/** One edge of the graph: in `state`, `event` leads to `nextState` (only events that change something count). */
export interface Edge {
  state: AnyMachineSnapshot;
  event: EventObject;
  nextState: AnyMachineSnapshot;
}

const describeTransition = ({ source, eventType, target, guard }: AnyTransitionDefinition) => {
  const guardName = typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
  return `${source.id} —${eventType || 'always'}${guardName ? ` [${guardName}]` : ''}→ ${target?.map((node) => node.id).join(',') ?? 'itself'}`;
};

const leafPaths = (value: StateValue, prefix = ''): string[] =>
  typeof value === 'string'
    ? [`${prefix}${value}`]
    : Object.entries(value).flatMap(([key, child]) => (child ? leafPaths(child, `${prefix}${key}.`) : [`${prefix}${key}`]));

/** The state a snapshot is in, as its leaf paths (`ready.withData`). */
export const stateKeys = (snapshot: AnyMachineSnapshot) => leafPaths(snapshot.value);

/** Drops the paths that are the beginning of another: what is left still covers every edge. */
const withoutPrefixes = (paths: Path[]) => {
  const key = (path: Path) => path.steps.map((step) => JSON.stringify(step.event)).join('\n');
  const keys = paths.map(key);
  return paths.filter((_, index) => !keys.some((other, otherIndex) => otherIndex !== index && other.startsWith(`${keys[index]}\n`)));
};

/**
 * The machine's graph under `exploration`: the shortest path to each state, one path through each enabled
 * transition (the shortest path to its source, then the transition), and the plan: those transition paths
 * that are not the beginning of another one, which together still take every transition.
 */
export function explore(machine: AnyStateMachine, { events: labelled, serializeState, input, isImpossible, ignored = [] }: Exploration) {
  const labels = new Map([...labelled, ...ignored].map(([label, event]) => [event, label]));
  const possibleEvents = (snapshot: AnyMachineSnapshot) => [
    ...labelled.map(([, event]) => event).filter((event) => isPossible(snapshot, event) && !isImpossible?.(snapshot, event)),
    ...ignored.map(([, event]) => event).filter((event) => isPossible(snapshot, event)),
  ];
  const traversal = { events: possibleEvents, serializeState, ...(input === undefined ? {} : { input }) };
  const shortestPaths = getShortestPaths(machine, traversal) as Path[];
  const pathTo = new Map(shortestPaths.map((path) => [serializeState(path.state), path]));
  const edges: Edge[] = adjacencyMapToArray(getAdjacencyMap(machine as AnyActorLogic, traversal))
    .map(({ state, event, nextState }) => ({ state: state as AnyMachineSnapshot, event, nextState: nextState as AnyMachineSnapshot }))
    .filter(({ state, event }) => machine.getTransitionData(state, event).some(({ target, actions }) => target || actions.length > 0));
  const transitionPaths = edges.map(({ state, event, nextState }): Path => {
    const head = pathTo.get(serializeState(state))!;
    return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
  });
  const planPaths = withoutPrefixes(transitionPaths);
  const describeEvent = (event: EventObject) => labels.get(event) ?? event.type;
  /** The labels of a path's events after its start. */
  const labelsOf = (path: Path) => path.steps.slice(1).map((step) => describeEvent(step.event));
  const describePath = (path: Path) =>
    path.steps
      .slice(1)
      .map((step) => describeEvent(step.event))
      .join(' → ') || 'start';
  /** Simple paths (no state twice) from the initial state to any state, counted up to `cap`. */
  const countSimplePaths = (cap = 1_000_000) => {
    const next = new Map<string, string[]>();
    for (const { state, nextState } of edges) {
      const from = serializeState(state);
      next.set(from, [...(next.get(from) ?? []), serializeState(nextState)]);
    }
    let count = 0;
    const visiting = new Set<string>();
    const walk = (key: string): boolean => {
      visiting.add(key);
      for (const target of next.get(key) ?? []) {
        if (visiting.has(target)) continue;
        count += 1;
        if (count >= cap || !walk(target)) return false;
      }
      visiting.delete(key);
      return true;
    };
    const complete = walk(serializeState(shortestPaths.find((path) => path.weight === 0)!.state));
    return { count, complete };
  };
  return { shortestPaths, transitionPaths, planPaths, edges, describeEvent, labelsOf, describePath, countSimplePaths, states: pathTo.size };
}

/** Every atomic state and every transition (with a target or actions) the machine defines, eventless ones included. */
export function definedByMachine(machine: AnyStateMachine) {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return {
    states: new Set(nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'))),
    transitions: new Set(
      nodes
        .flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
        .filter(({ target, actions }) => target || actions.length > 0)
        .map(describeTransition),
    ),
  };
}

/**
 * What the driven actors really did, microstep by microstep: the states they were in (a transient state shows
 * only as the source of its eventless transition) and the transitions they took.
 */
export function executionRecord() {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const { value } = event.snapshot as Partial<AnyMachineSnapshot>;
    if (value !== undefined) leafPaths(value).forEach((state) => states.add(state));
    if (event.type === '@xstate.microstep') {
      (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions.forEach((transition) => {
        transitions.add(describeTransition(transition));
        if (transition.source.type === 'atomic') states.add(transition.source.path.join('.'));
      });
    }
  };
  return { states, transitions, inspect };
}

/**
 * Invoked actors whose promises stay open until a path says how they end: `xstate.done.actor.<id>` resolves
 * the invocation with that id, `xstate.error.actor.<id>` rejects it.
 */
export function controlledInvocations() {
  const open = new Map<string, { resolve: (value: unknown) => void; reject: (reason: unknown) => void }>();
  const invoked = <TOutput, TInput>() =>
    fromPromise<TOutput, TInput>(
      ({ self }) => new Promise<TOutput>((resolve, reject) => open.set(self.id, { resolve: resolve as (value: unknown) => void, reject })),
    );
  /** Settles the invocation an outcome event names; false when the event is not an outcome. */
  const settle = (event: EventObject): boolean => {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!outcome) return false;
    const [, kind, id] = outcome as unknown as [string, 'done' | 'error', string];
    const invocation = open.get(id);
    expect(invocation, `${id} is running`).toBeDefined();
    open.delete(id);
    if (kind === 'done') invocation?.resolve((event as unknown as { output: unknown }).output);
    else invocation?.reject((event as unknown as { error: unknown }).error);
    return true;
  };
  return { invoked, settle };
}

/** How a machine under test is started: with its invocations controlled, a simulated clock and an inspector. */
export interface DriveOptions {
  /** Builds the machine under test with controlled invocations. */
  provide: (invoked: ReturnType<typeof controlledInvocations>['invoked']) => AnyStateMachine;
  /** Delays by name, in ms, for `xstate.after.<name>.*` steps. */
  delays?: Record<string, number>;
  input?: unknown;
  inspect?: (event: InspectionEvent) => void;
}

export type Invariant = [name: string, holds: (snapshot: AnyMachineSnapshot) => boolean];

/**
 * The machine started with its invocations controlled and a simulated clock; `take` performs one graph event as a
 * path does: a delay moves the clock, an outcome settles its invocation, anything else is sent.
 */
export function controlledActor({ provide, delays = {}, input, inspect }: Pick<DriveOptions, 'provide' | 'delays' | 'input' | 'inspect'>) {
  const { invoked, settle } = controlledInvocations();
  const clock = new SimulatedClock();
  const actor = createActor(provide(invoked), { clock, input, inspect }).start();
  const take = async (event: EventObject) => {
    const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
    if (delay) clock.increment(delays[delay] ?? Number(delay));
    else if (!settle(event)) actor.send(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, take };
}
