import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { definedByMachine } from './graph-paths';
import { describeLabels, goldenPaths, labelsOf, readGolden, stepLine } from './golden';
import { exploreModel, manualPlans, walkManualSteps, type MachineModel } from './model';
import { plansDirectory, renderPlan, withoutMeasuredFigures } from './plan';
import { pathRuns } from './runs';

/** A model, or why its module (or the machine's) could not be loaded. */
export type Loaded<T> = { model: T } | { failure: unknown; module: string };

/**
 * Loads the model of the machine `name` (test/support/models/<name>.ts) while the tests are collected, keeping a
 * failure to report as a failed test: a machine whose module throws at import (a mutant emptying its `states`) would
 * otherwise fail the file with no test failed, which Stryker counts as a survivor.
 */
export async function loadModel(name: string): Promise<Loaded<MachineModel>> {
  const module = `test/support/models/${name}`;
  try {
    const exported = Object.values((await import(`../models/${name}.ts`)) as Record<string, unknown>);
    const model = exported.find(
      (value): value is MachineModel => (value as MachineModel | null)?.name === name && 'machine' in (value as object),
    );
    if (!model) throw new Error(`${module} exports no model named ${name}`);
    return { model };
  } catch (failure) {
    return { failure, module };
  }
}

/**
 * The path tests of one machine, from its model and its golden (`test/machines/plans/<name>.yaml`): the live graph's
 * plan paths are the golden's (compared as lists of events, nothing driven); each golden path is driven once on the
 * machine alone, its invoked actors controlled, and every step must read as its golden line, the invariants holding;
 * from those same drives, the paths take every state and transition the machine defines (but those declared
 * unreachable), every requirement, and the paths marked `console` cover what the others take.
 */
export function describeMachinePaths(loaded: MachineModel | Loaded<MachineModel>) {
  if ('failure' in loaded) {
    describe(`the model ${loaded.module}`, () => {
      it('loads, with its machine', () => {
        expect(loaded.failure, `${loaded.module} and its machine load`).toBeUndefined();
      });
    });
    return;
  }
  const model = 'model' in loaded ? loaded.model : loaded;
  const golden = readGolden(model.name);
  const paths = goldenPaths(golden);
  const runs = pathRuns(model, golden);
  const goldenFile = `test/machines/plans/${model.name}.yaml`;
  const rewrite = 'if the machine changed on purpose, run `npm run test-plans` and review the diff as behaviour';

  describe(`${model.name} machine: plan paths`, () => {
    // A machine whose graph cannot be explored (a guard it does not know, a state it lacks) fails a test by that name:
    // thrown while the tests are collected, it would fail the file with no test failed (Stryker counts that survived).
    let explorations: ReturnType<typeof exploreModel> = [];
    try {
      explorations = exploreModel(model);
    } catch (failure) {
      it('explores the graph of the machine', () => {
        expect(failure, 'the graph is explored').toBeUndefined();
      });
    }

    it(`its graph's plan paths are the golden ones (${goldenFile})`, () => {
      const live = explorations.flatMap(({ scenario, graph }) =>
        graph.planPaths.map((path) => `${scenario.name}: ${describeLabels(graph.labelsOf(path))}`),
      );
      const reviewed = paths.map((path) => `${path.scenario}: ${describeLabels(labelsOf(path))}`);
      expect(live.sort(), rewrite).toEqual(reviewed.sort());
    });

    const prefix = (path: { scenario: string }) => (Object.keys(golden).length > 1 ? `${path.scenario}: ` : '');
    it.each(paths.map((path) => [`${prefix(path)}${describeLabels(labelsOf(path))}`, path] as const))('%s', async (_, path) => {
      const run = await runs.of(path.scenario, labelsOf(path));
      expect(run.problems).toEqual([]);
      expect(run.steps.map(stepLine), rewrite).toEqual(path.steps.map(stepLine));
    });

    it('its paths take every state and transition the machine defines, but those declared unreachable', async () => {
      const { states, transitions } = await runs.taken();
      const total = definedByMachine(model.machine);
      const unreachable = model.unreachable ?? {};
      const missed = (all: Set<string>, reached: Set<string>) => [...all].filter((item) => !reached.has(item) && !(item in unreachable));
      expect(missed(total.states, states)).toEqual([]);
      expect(missed(total.transitions, transitions)).toEqual([]);
      for (const item of Object.keys(unreachable)) {
        expect(total.states.has(item) || total.transitions.has(item), `${item} is defined`).toBe(true);
        expect(states.has(item) || transitions.has(item), `${item} is unreachable`).toBe(false);
      }
    });

    it('the paths it plays in the console take every state and transition the others take', async () => {
      const all = await runs.taken();
      const played = await runs.taken((path) => path.console === true);
      expect([...all.states].filter((state) => !played.states.has(state))).toEqual([]);
      expect([...all.transitions].filter((transition) => !played.transitions.has(transition))).toEqual([]);
    });

    it('names each requirement once, realises it by what the machine defines, and takes it in a path played in the console', async () => {
      const total = definedByMachine(model.machine);
      const played = await runs.taken((path) => path.console === true);
      const ids = model.requirements.map((requirement) => requirement.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      for (const requirement of model.requirements) {
        expect(requirement.id).toMatch(/^[A-Z]+(?:-[A-Z0-9]+)+$/);
        expect(
          requirement.by.filter((item) => !total.states.has(item) && !total.transitions.has(item)),
          `${requirement.id}: undefined`,
        ).toEqual([]);
        expect(
          requirement.by.some((item) => played.states.has(item) || played.transitions.has(item)),
          `${requirement.id}: no path takes it`,
        ).toBe(true);
      }
    });

    it(`its test plan (${plansDirectory}/${model.name}.md) is the one its model and golden give`, async () => {
      const file = join(import.meta.dirname, '../../..', plansDirectory, `${model.name}.md`);
      const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
      expect(withoutMeasuredFigures(committed), `${plansDirectory}/${model.name}.md is stale: run npm run test-plans`).toBe(
        withoutMeasuredFigures(await renderPlan(model, await runs.planned())),
      );
      expect(committed, 'the committed plan carries the figures measured in the UI').not.toContain('not measured');
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
        for (const { scenario, graph } of explorations) {
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
