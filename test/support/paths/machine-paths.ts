import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { definedByMachine, drive } from './graph-paths';
import { exploreModel, manualPlans, modelCoverage, requirementCoverage, walkManualSteps, type MachineModel } from './model';
import { currentPlan, describeReviewed, driveReviewed, reviewedDirectory, reviewedPlan } from './reviewed';

/** A model, or why its module (or the machine's) could not be loaded. */
export type Loaded<T> = { model: T } | { failure: unknown; module: string };

/**
 * Loads a model while the tests are collected, keeping a failure to report as a failed test: a machine whose module
 * throws at import (a mutant emptying its `states`) would otherwise fail the file with no test failed, which Stryker
 * counts as a survivor.
 */
export async function loadModel<Module, T>(module: string, load: () => Promise<Module>, pick: (loaded: Module) => T): Promise<Loaded<T>> {
  try {
    return { model: pick(await load()) };
  } catch (failure) {
    return { failure, module };
  }
}

/** The loaded model, for tests beside the path tests; throws (failing the test) when it could not be loaded. */
export function modelOf<T>(loaded: Loaded<T>): T {
  if ('failure' in loaded) throw loaded.failure;
  return loaded.model;
}

/**
 * The path tests of one machine, from its model: every path of its plan (the paths `docs/test-plans/<name>.md`
 * lists and `test/qa/ui` plays in the console) driven on the machine alone with its invoked actors controlled,
 * the invariants checked at every step; then that those paths take every state and transition the machine defines.
 */
export function describeMachinePaths(loaded: MachineModel | Loaded<MachineModel>) {
  if ('failure' in loaded) {
    describe(`the model ${loaded.module}`, () => {
      it('loads, with its machine', () => {
        throw loaded.failure;
      });
    });
    return;
  }
  const model = 'model' in loaded ? loaded.model : loaded;
  // The reviewed paths: what the machine did when its plan was last written and reviewed, driven on the machine now.
  const reviewed = reviewedPlan(model.name);
  describe(`${model.name} machine: reviewed plan paths`, () => {
    for (const [scenarioName, paths] of Object.entries(reviewed)) {
      const prefix = Object.keys(reviewed).length > 1 ? `${scenarioName}: ` : '';
      it.each(paths.map((path) => [`${prefix}${describeReviewed(path)}`, path] as const))('%s', (_, path) =>
        driveReviewed(model, scenarioName, path),
      );
    }
  });

  describe(`${model.name} machine: plan paths`, () => {
    // A machine whose graph cannot be explored (a guard it does not know, a state it lacks) fails a test by that name:
    // thrown while the tests are collected, it would fail the file with no test failed (Stryker counts that survived).
    let explorations: ReturnType<typeof exploreModel> = [];
    try {
      explorations = exploreModel(model);
    } catch (failure) {
      it('explores the graph of the machine', () => {
        throw failure;
      });
    }
    for (const { scenario, graph, options } of explorations) {
      const prefix = model.scenarios.length > 1 ? `${scenario.name}: ` : '';
      it.each(graph.planPaths.map((path) => [`${prefix}${graph.describePath(path)}`, path] as const))('%s', (_, path) =>
        drive(path, options),
      );
    }

    it(`its plan paths are the reviewed ones (${reviewedDirectory}/${model.name}.json; npm run test-plans writes them)`, async () => {
      expect(await currentPlan(model)).toEqual(reviewedPlan(model.name));
    });

    it('the plan reaches every state and transition the machine defines, but those declared unreachable', async () => {
      const { total, reachable } = await modelCoverage(model);
      const unreachable = model.unreachable ?? {};
      const missed = (all: Set<string>, reached: Set<string>) => [...all].filter((item) => !reached.has(item) && !(item in unreachable));
      expect(missed(total.states, reachable.states)).toEqual([]);
      expect(missed(total.transitions, reachable.transitions)).toEqual([]);
      for (const item of Object.keys(unreachable)) {
        expect(total.states.has(item) || total.transitions.has(item), `${item} is defined`).toBe(true);
        expect(reachable.states.has(item) || reachable.transitions.has(item), `${item} is unreachable`).toBe(false);
      }
    });

    it('names each requirement once, realises it by what the machine defines, and takes it in a plan path', async () => {
      const { total } = await modelCoverage(model);
      const ids = model.requirements.map((requirement) => requirement.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      for (const requirement of await requirementCoverage(model)) {
        expect(requirement.id).toMatch(/^[A-Z]+(?:-[A-Z0-9]+)+$/);
        expect(
          requirement.by.filter((item) => !total.states.has(item) && !total.transitions.has(item)),
          `${requirement.id}: undefined`,
        ).toEqual([]);
        expect(requirement.paths.length, `${requirement.id}: no plan path takes it`).toBeGreaterThan(0);
      }
    });

    const checklists = manualPlans(model);
    if (checklists.length > 0) {
      it('its smoke checklist has at most 15 steps in all, each leading the machine to the state it says the screen shows', async () => {
        const steps = checklists.flatMap((manual) => manual.smoke);
        expect(steps.length).toBeGreaterThan(0);
        expect(steps.length).toBeLessThanOrEqual(15);
        for (const manual of checklists) {
          const reached = await walkManualSteps(model, manual);
          expect(reached.map((keys, index) => `${manual.screen} ${index + 1}. ${keys.join(' + ')}`)).toEqual(
            manual.smoke.map((step, index) => `${manual.screen} ${index + 1}. ${step.state}`),
          );
        }
      });
    }

    const { readable } = model;
    if (readable) {
      it('its paths in words name only the scenarios, labels and states it has, and say what each automated step stands for', () => {
        const { states } = definedByMachine(model.machine);
        const names = model.scenarios.map((scenario) => scenario.name);
        const labels = new Set(model.scenarios.flatMap((scenario) => scenario.events.map(([label]) => label)));
        const scoped = (key: string) => {
          if (labels.has(key)) return key;
          const scope = names.find((name) => key.startsWith(`${name}: `));
          return scope ? key.slice(scope.length + 2) : key;
        };
        expect(Object.keys(readable.start).filter((key) => key !== 'start' && !names.some((name) => key === `${name}: start`))).toEqual([]);
        expect(
          Object.keys(readable.events)
            .map(scoped)
            .filter((label) => !labels.has(label)),
        ).toEqual([]);
        expect(
          Object.keys(readable.automated)
            .map(scoped)
            .filter((label) => !labels.has(label)),
        ).toEqual([]);
        expect(Object.keys(readable.events).filter((label) => label in readable.automated)).toEqual([]);
        const leaves = (key: string) => scoped(key).split(' + ');
        // A machine without states of its own names its screens by its serialisation (the notifications' ids).
        if (Object.keys(model.machine.root.states).length > 0)
          expect(
            Object.keys(readable.screens)
              .flatMap(leaves)
              .filter((state) => !states.has(`${model.machine.id}.${state}`) && !states.has(state)),
          ).toEqual([]);
        const unexplained = model.scenarios.flatMap((scenario) =>
          scenario.events
            .map(([label]) => label)
            .filter((label) =>
              [`${scenario.name}: ${label}`, label].every((key) => !(key in readable.events) && !(key in readable.automated)),
            ),
        );
        expect(unexplained, 'each label is either done by a person or explained as automated').toEqual([]);
      });
    }

    if (model.scenarios.some((scenario) => (scenario.ignored ?? []).length > 0)) {
      it('takes none of the events it must ignore, in any state of its graph', () => {
        for (const { scenario, graph } of exploreModel(model)) {
          const ignored = new Set<EventObject>((scenario.ignored ?? []).map(([, event]) => event));
          const taken = graph.edges
            .filter(({ event }) => ignored.has(event))
            .map(({ state, event }) => `${scenario.name}: ${graph.describeEvent(event)} in ${scenario.serializeState(state)}`);
          expect(taken).toEqual([]);
        }
      });
    }

    it('labels each event once and offers only events the machine knows', () => {
      for (const scenario of model.scenarios) {
        const events = [...scenario.events, ...(scenario.ignored ?? [])];
        const labels = events.map(([label]) => label);
        expect(new Set(labels).size).toBe(labels.length);
        const known = new Set([...model.machine.root.events, ...model.machine.root.ownEvents]);
        for (const [label, event] of events) {
          if (!event.type.startsWith('xstate.')) expect(known.has(event.type), label).toBe(true);
        }
      }
    });
  });
}
