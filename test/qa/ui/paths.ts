import { waitFor } from '@testing-library/react';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { definedByMachine, executionRecord, stateKeys, type GraphEvent, type Path } from '../../support/paths/graph-paths';
import { describeLabels, goldenPaths, labelsOf, readGolden } from '../../support/paths/golden';
import { writeCoverage } from '../coverage';
import { gateFailures } from '../gate';
import { exploreModel, type MachineModel, type Scenario } from '../../support/paths/model';
import type { OpenedConsole } from './console';

/** How a machine's paths are played in the UI: where its actor runs, how each event is performed, how each state shows. */
export interface MachineUi<Harness extends { console: OpenedConsole }> {
  /**
   * Opens the screen where the machine's actor runs, set up for `path` (a path may begin with what the browser
   * already holds). Synchronous: the first state is checked before anything settles.
   */
  open: (scenario: Scenario, path: Path) => Harness;
  /** Performs an event of the graph as a user (or the network, or time) does, by the event's label in the model. */
  perform: Record<string, (harness: Harness, event: GraphEvent) => Promise<void>>;
  /** Asserts what the screen shows in a leaf state (`ready.withData`), with the actor's snapshot at hand. */
  show: Record<string, (harness: Harness, snapshot: AnyMachineSnapshot) => void>;
  /**
   * Whether a step's state is one the app leaves at once, before the screen can show it: entered with an invoked
   * actor that settles without waiting for anything (`nextLabel`, the path's next event, says how). Such a step is
   * checked against the snapshots the app's actor went through since the previous step, not against its current
   * one, and has no `show`. Unset: every state stays until the path's next event.
   */
  momentary?: (state: AnyMachineSnapshot, nextLabel: string | undefined) => boolean;
  /**
   * The app's actor the path follows; the latest one of the machine unless given (e.g. the first, when a final
   * state leads to a page that starts another actor of the same machine).
   */
  actorUnderTest?: (harness: Harness) => AnyActorRef | undefined;
}

/**
 * Where an actor's `history` (its snapshots, oldest first) was in the `expected` state (its value and the scenario's
 * serialisation), at `from` or later: a state it may have left at once. -1 if it was not.
 */
export const passedAt = (history: readonly AnyMachineSnapshot[], from: number, expected: AnyMachineSnapshot, scenario: Scenario) =>
  history.findIndex(
    (snapshot, at) =>
      at >= from &&
      isDeepStrictEqual(snapshot.value, expected.value) &&
      scenario.serializeState(snapshot) === scenario.serializeState(expected),
  );

/**
 * Plays in the real console the paths of the model's golden marked `console` (together they take every state and
 * transition the plan's paths take) and checks, after every step, that the app's own actor reached the path's state
 * and that the screen shows it; then the gate: every state and transition the machine defines was executed by the
 * app's actors (but those the model declares unreachable, with the reason) and every event has an executor.
 */
export function describeUiPaths<Harness extends { console: OpenedConsole }>(model: MachineModel, ui: MachineUi<Harness>) {
  const machineId = model.machine.id;
  const actorOf = (harness: Harness) => (ui.actorUnderTest ? ui.actorUnderTest(harness) : harness.console.actors.latest(machineId));
  /** The leaf states to assert; a machine without states of its own (its value is `{}`) is asserted under its id. */
  const shownKeys = (snapshot: AnyMachineSnapshot) => {
    const keys = stateKeys(snapshot);
    return keys.length > 0 ? keys : [machineId];
  };
  const executed = executionRecord();
  /** The golden's paths the console plays, by scenario and events. */
  const played = new Set(
    goldenPaths(readGolden(model.name))
      .filter((path) => path.console)
      .map((path) => `${path.scenario}: ${describeLabels(labelsOf(path))}`),
  );
  const explorations = exploreModel(model).map(({ scenario, graph }) => ({
    scenario,
    graph,
    paths: graph.planPaths.filter((path) => played.has(`${scenario.name}: ${describeLabels(graph.labelsOf(path))}`)),
  }));

  const reached = (harness: Harness, scenario: Scenario, expected: AnyMachineSnapshot, after: string) => () => {
    const actor = actorOf(harness);
    expect(actor, `a ${machineId} actor is running`).toBeDefined();
    const snapshot = actor!.getSnapshot() as AnyMachineSnapshot;
    expect(snapshot.value, `state after ${after}`).toEqual(expected.value);
    expect(scenario.serializeState(snapshot), `state after ${after}`).toBe(scenario.serializeState(expected));
    for (const [name, holds] of model.invariants) expect(holds(snapshot), `${name}, after ${after}`).toBe(true);
    for (const key of shownKeys(snapshot)) {
      const show = ui.show[key];
      expect(show, `a UI assertion for state ${key}`).toBeDefined();
      show!(harness, snapshot);
    }
  };

  /** Where the checks of a path stand in the app actor's snapshots: the first one a momentary step may match. */
  interface Seen {
    actor?: AnyActorRef;
    count: number;
  }

  /** For a momentary step: one of the app actor's snapshots not seen yet was in the expected state; moves `seen` past it. */
  const passedThrough = (harness: Harness, scenario: Scenario, expected: AnyMachineSnapshot, after: string, seen: Seen) => () => {
    const actor = actorOf(harness);
    expect(actor, `a ${machineId} actor is running`).toBeDefined();
    const history = harness.console.actors.snapshots(actor!);
    const index = passedAt(history, actor === seen.actor ? seen.count : 0, expected, scenario);
    expect(index, `state after ${after} (left at once): ${scenario.serializeState(expected)}`).toBeGreaterThanOrEqual(0);
    for (const [name, holds] of model.invariants) expect(holds(history[index]!), `${name}, after ${after}`).toBe(true);
    Object.assign(seen, { actor, count: index + 1 });
  };

  describe(`${model.name} machine in the console`, () => {
    it('plays paths of its golden (test/machines/plans; npm run test-plans writes it)', () => {
      expect(explorations.reduce((count, { paths }) => count + paths.length, 0)).toBeGreaterThan(0);
    });

    for (const { scenario, graph, paths } of explorations) {
      const prefix = model.scenarios.length > 1 ? `${scenario.name}: ` : '';
      it.each(paths.map((path) => [`${prefix}${graph.describePath(path)}`, path] as const))('%s', async (_, path) => {
        const harness = ui.open(scenario, path);
        const seen: Seen = { count: 0 };
        try {
          for (const [index, step] of path.steps.entries()) {
            const label = index === 0 ? 'opening' : graph.describeEvent(step.event);
            if (index > 0) {
              const perform = ui.perform[label];
              expect(perform, `an executor for "${label}"`).toBeDefined();
              await perform!(harness, step.event as GraphEvent);
            }
            const next = path.steps[index + 1];
            if (ui.momentary?.(step.state, next && graph.describeEvent(next.event))) {
              await waitFor(passedThrough(harness, scenario, step.state, label, seen));
              continue;
            }
            const check = reached(harness, scenario, step.state, label);
            try {
              check();
            } catch {
              await waitFor(check);
            }
            const actor = actorOf(harness);
            Object.assign(seen, { actor, count: harness.console.actors.snapshots(actor!).length });
          }
        } finally {
          const record = harness.console.actors.executed(machineId);
          record.states.forEach((state) => executed.states.add(state));
          record.transitions.forEach((transition) => executed.transitions.add(transition));
          harness.console.close();
        }
      });
    }

    it('gate: the UI paths executed every state and transition the machine defines (but those declared unreachable), and every event and state has its UI counterpart', () => {
      const total = definedByMachine(model.machine);
      const plans = explorations.flatMap(({ graph, paths }) => paths.map((path) => ({ graph, path })));
      const unreachable = model.unreachable ?? {};
      const failures = gateFailures({
        total,
        unreachable,
        executed,
        events: plans.flatMap(({ graph, path }) => path.steps.slice(1).map((step) => graph.describeEvent(step.event))),
        executors: Object.keys(ui.perform),
        shownStates: plans.flatMap(({ path }) => path.steps.flatMap((step) => shownKeys(step.state))),
        assertions: Object.keys(ui.show),
      });
      const count = (all: Set<string>, done: Set<string>) => [...all].filter((item) => done.has(item)).length;
      writeCoverage({
        machine: model.name,
        states: { total: total.states.size, executed: count(total.states, executed.states) },
        transitions: { total: total.transitions.size, executed: count(total.transitions, executed.transitions) },
        unreachable,
        failures,
      });
      expect(failures).toEqual([]);
    });
  });
}
