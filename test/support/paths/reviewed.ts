import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, InspectedActionEvent, InspectionEvent } from 'xstate';
import { controlledActor } from './graph-paths';
import { exploreModel, type MachineModel } from './model';

/**
 * The plan's paths as reviewed: written by `npm run test-plans` beside the Markdown plan, committed, and driven again
 * by the path tests. The live graph is explored from the machine under test, so a path test built from it alone
 * compares the machine with itself: a wrong guard or a wrong assignment changes the graph and the expected states
 * together. These paths hold the states (and what the context held) that the reviewed machine reached.
 */
export const reviewedDirectory = 'test/machines/plans';

const root = join(import.meta.dirname, '../../..');

/** One step: the scenario's event label (`start` for the first), the serialised state, and a digest of its data and actions. */
export type ReviewedStep = [event: string, state: string, context: string];

/** Per scenario, its plan paths. */
export type ReviewedPlan = Record<string, ReviewedStep[][]>;

/** Values that differ from run to run (ids drawn at random, times read from the clock) are left out of the digest. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const stable = (_key: string, value: unknown) => {
  if (typeof value === 'string' && uuid.test(value)) return '<uuid>';
  if (typeof value === 'number' && value > 1e12) return '<time>';
  if (value instanceof Error) return { error: value.name, message: value.message };
  return value;
};

/**
 * A short digest of the actor's status (whether the machine has ended: a wizard's parent reads it), of what the
 * context holds, of the state's tags (what the views read as busy), of the actions the step ran with their parameters (where the list
 * navigates, which outcome it tells the user), of the actors it started with their input (the page it asks the API
 * for, the record it saves) and of what the machine's selectors answer (what the views show), so a changed value
 * shows without the plan carrying every value.
 */
export const stepDigest = (snapshot: AnyMachineSnapshot, actions: unknown[], shown: Record<string, unknown> = {}) =>
  createHash('sha256')
    .update(
      JSON.stringify({ status: snapshot.status, context: snapshot.context, tags: [...snapshot.tags].sort(), actions, shown }, stable) ?? '',
    )
    .digest('base64url')
    .slice(0, 12);

type Selector = (snapshot: AnyMachineSnapshot) => unknown;

/** The selectors the views read the machine through (`select…` of its module taking the snapshot alone), by name. */
async function selectorsOf(name: string): Promise<Array<[string, Selector]>> {
  const module = (await import(`../../../src/machines/${name}.machine.ts`)) as Record<string, unknown>;
  return Object.entries(module)
    .filter(
      (entry): entry is [string, Selector] => entry[0].startsWith('select') && typeof entry[1] === 'function' && entry[1].length === 1,
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

/** What each selector answers for the snapshot, as a view would read it (an error is an answer too). */
const shownBy = (selectors: Array<[string, Selector]>, snapshot: AnyMachineSnapshot) =>
  Object.fromEntries(
    selectors.map(([name, select]) => {
      try {
        return [name, select(snapshot)];
      } catch (failure) {
        return [name, { threw: (failure as Error).message }];
      }
    }),
  );

/** The plan paths of the machine's graph now, as `reviewedPlan` would hold them once written. */
export async function currentPlan(model: MachineModel): Promise<ReviewedPlan> {
  const plan: ReviewedPlan = {};
  for (const { scenario, graph, options } of exploreModel(model)) {
    plan[scenario.name] = [];
    for (const path of graph.planPaths) {
      const labels = path.steps.map((step, index) => (index === 0 ? 'start' : graph.describeEvent(step.event)));
      plan[scenario.name]!.push(await stepsTaken(model, scenario.name, labels, options.serializeState));
    }
  }
  return plan;
}

/** The steps' states and context digests when the labelled events are taken on the machine alone. */
async function stepsTaken(
  model: MachineModel,
  scenarioName: string,
  labels: string[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
  check: (snapshot: AnyMachineSnapshot, label: string) => void = () => undefined,
) {
  const scenario = model.scenarios.find((candidate) => candidate.name === scenarioName)!;
  const events = new Map(scenario.events);
  const selectors = await selectorsOf(model.name);
  // Since the last step: the actions the machine itself ran (not its invoked children), with their parameters, and
  // the actors it started with their input (what it asked of the API: the page, the record saved, the row deleted).
  let actions: unknown[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.action' && event.actorRef.sessionId === event.rootId) {
      const { action } = event as InspectedActionEvent;
      actions.push({ type: action.type, params: action.params });
    }
    if (event.type === '@xstate.actor' && event.actorRef.sessionId !== event.rootId) {
      const { id, options } = event.actorRef as unknown as { id: string; options?: { input?: unknown } };
      actions.push({ started: id, input: options?.input });
    }
  };
  const { actor, take } = controlledActor({ provide: model.provide, delays: model.delays, input: scenario.input, inspect });
  const steps: ReviewedStep[] = [];
  try {
    for (const [index, label] of labels.entries()) {
      if (index > 0) {
        const event = events.get(label);
        if (!event) throw new Error(`${model.name}: no event "${label}" in scenario "${scenarioName}"`);
        await take(event);
      }
      const snapshot = actor.getSnapshot();
      check(snapshot, label);
      steps.push([label, serialize(snapshot), stepDigest(snapshot, actions, shownBy(selectors, snapshot))]);
      actions = [];
    }
  } finally {
    actor.stop();
  }
  return steps;
}

export const reviewedFile = (name: string) => join(root, reviewedDirectory, `${name}.json`);

/** One line per step, so that a changed step shows as one changed line. */
export const renderReviewed = (plan: ReviewedPlan) =>
  `{\n${Object.entries(plan)
    .map(
      ([scenario, paths]) =>
        ` ${JSON.stringify(scenario)}: [\n${paths.map((path) => `  [\n${path.map((step) => `   ${JSON.stringify(step)}`).join(',\n')}\n  ]`).join(',\n')}\n ]`,
    )
    .join(',\n')}\n}\n`;

/** The committed paths of a machine; none before its first `npm run test-plans`. */
export function reviewedPlan(name: string): ReviewedPlan {
  const file = reviewedFile(name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReviewedPlan) : {};
}

/** Drives a reviewed path on the machine under test: at every step the state, the context and the invariants must be as reviewed. */
export async function driveReviewed(model: MachineModel, scenarioName: string, path: ReviewedStep[]) {
  const scenario = model.scenarios.find((candidate) => candidate.name === scenarioName);
  expect(scenario, `scenario ${scenarioName}`).toBeDefined();
  const invariants = (snapshot: AnyMachineSnapshot, label: string) => {
    for (const [name, holds] of model.invariants) expect(holds(snapshot), `${name}, after ${label}`).toBe(true);
  };
  const taken = await stepsTaken(
    model,
    scenarioName,
    path.map(([event]) => event),
    scenario!.serializeState,
    invariants,
  );
  for (const [index, [event, state, context]] of path.entries()) {
    const after = `after step ${index} (${event}); if the machine changed on purpose, review the change and run npm run test-plans`;
    expect(taken[index]?.[1], after).toBe(state);
    expect(taken[index]?.[2], `the context or the actions run ${after}`).toBe(context);
  }
}

export const describeReviewed = (path: ReviewedStep[]) =>
  path
    .slice(1)
    .map(([event]) => event)
    .join(' → ') || 'start';
