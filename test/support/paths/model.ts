import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { controlledActor, explore, stateKeys, type DriveOptions, type GraphEvent, type Invariant } from './graph-paths';

/** One way to explore a machine: its input, the events offered to it and how its context is bounded. */
export interface Scenario {
  /** Names the scenario in plans and test names (`creating`, `editing`). */
  name: string;
  input?: unknown;
  /** Every event a user or an effect can produce, with its payload and a readable label unique in the model. */
  events: Array<[label: string, event: GraphEvent]>;
  /** Bounds the graph: snapshots serialising alike are one state (see {@link MachineModel.bounded}). */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Events impossible in a snapshot beyond the generic rules (outcomes of actors not running, timers of inactive states). */
  isImpossible?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /**
   * Events the machine must ignore in every state of the scenario: what no screen sends, or sends only by mistake (a
   * page below 1, a page size not offered, a sort the API refuses, the query already shown asked for again). Offered
   * wherever the generic rules allow, whatever the screen, they must take no transition: no plan path holds one, and
   * a machine (or a mutant) that takes one changes the graph and fails its path test.
   */
  ignored?: Array<[label: string, event: GraphEvent]>;
}

/** A machine of src/machines under test: how its graph is generated and how its paths are driven on the machine alone. */
export interface MachineModel {
  /** The machine's file name without `.machine.ts`: names its plan (`docs/test-plans/<name>.md`). */
  name: string;
  /** One sentence on what the machine models. */
  summary: string;
  machine: AnyStateMachine;
  scenarios: Scenario[];
  /** In words: what the serialisation keeps and why the graph stays finite. */
  bounded: string;
  /** Machine-specific impossible events, in words (the generic rules are printed for every plan). */
  impossible?: string[];
  /** The machine with every invoked actor controlled by the path (see `controlledInvocations`). */
  provide: DriveOptions['provide'];
  /** Delays by name, in ms, for `xstate.after.<name>.*` steps. */
  delays?: Record<string, number>;
  /** What must hold in every state of every path. */
  invariants: Invariant[];
  /**
   * States and transitions the machine defines that no path can take, each with the reason (as the plans name them:
   * `ready.empty`, `failure —list.retry→ loading`). The gate counts every other one it defines, reachable or not.
   */
  unreachable?: Record<string, string>;
  /**
   * The product rules the machine realises, each with a short stable id (`LIST-SORT-RESET`) and the states or
   * transitions that realise it (as `unreachable` names them). Every requirement must be taken by a plan path.
   */
  requirements: Requirement[];
  /**
   * The plan a person runs by hand against `npm start`: its smoke checklist, checked on the machine; one per screen
   * when several screens use the machine (the form). At most 15 steps in all.
   */
  manual?: ManualPlan | ManualPlan[];
  /** How a person plays the plan's paths: the paths whose every event a person can produce are printed in these words. */
  readable?: ReadablePaths;
}

/**
 * The plan's paths in the console's words. An event a person produces is a `do` (a click, keys typed); an answer or
 * a timer that comes by itself once the data is right is a `wait`; an event left out (a server failure, a lost
 * connection, a timeout) is one a person cannot produce at will: its paths are automated only. Keys are the
 * scenarios' labels and states; `<scenario>: <label or state>` overrides one for one scenario.
 */
export interface ReadablePaths {
  /** Per scenario: how a person gets to the machine's first state (the account, the screen, the data). */
  start: Record<string, string>;
  events: Record<string, { do: string } | { wait: string }>;
  /** Per leaf state (`ready.withData`, several joined with ` + `): what the screen shows. */
  screens: Record<string, string>;
  /** Per automated-only label: what it stands for, in a few words (`the server answers 500`). */
  automated: Record<string, string>;
}

/** A model's checklists: none, one, or one per screen. */
export const manualPlans = (model: MachineModel): ManualPlan[] =>
  model.manual === undefined ? [] : Array.isArray(model.manual) ? model.manual : [model.manual];

/** What a tester needs before the first step, and the smoke checklist (at most 15 steps). */
export interface ManualPlan {
  /** The scenario whose events the steps name. */
  scenario: string;
  /** The screen's own input and events, where it is not the scenario's screen (the form on a company, a user, …). */
  input?: unknown;
  events?: Array<[label: string, event: GraphEvent]>;
  /** The screen, as the sidebar and the address name it. */
  screen: string;
  account: string;
  preconditions: string[];
  smoke: ManualStep[];
}

/** One step a person takes, in the console's own words, and what the screen then shows. */
export interface ManualStep {
  do: string;
  see: string;
  /** The scenario's event labels the step produces: the user's action, then the answers it brings. */
  events: string[];
  /** The machine's state once they are taken (a leaf: `ready.withData`; for a machine without states, its serialisation), which the path test checks. */
  state: string;
}

/** Takes the smoke checklist's events on the machine alone; answers the state keys after each step (`inspect` sees it all). */
export async function walkManualSteps(model: MachineModel, manual: ManualPlan, inspect?: DriveOptions['inspect']): Promise<string[][]> {
  const scenario = model.scenarios.find((candidate) => candidate.name === manual.scenario);
  if (!scenario) throw new Error(`${model.name}: no scenario "${manual.scenario}"`);
  const events = new Map([...scenario.events, ...(manual.events ?? [])]);
  const input = 'input' in manual ? manual.input : scenario.input;
  const { actor, take } = controlledActor({ provide: model.provide, delays: model.delays, input, inspect });
  const reached: string[][] = [];
  try {
    for (const step of manual.smoke) {
      for (const label of step.events) {
        const event = events.get(label);
        if (!event) throw new Error(`${model.name}: no event "${label}" in scenario "${manual.scenario}"`);
        await take(event);
      }
      const keys = stateKeys(actor.getSnapshot());
      // A machine without states of its own (notifications) is told by its serialisation (the ids shown).
      reached.push(keys.length > 0 ? keys : [scenario.serializeState(actor.getSnapshot())]);
    }
  } finally {
    actor.stop();
  }
  return reached;
}

/** A rule of the product, in a sentence, and what in the machine realises it. */
export interface Requirement {
  id: string;
  rule: string;
  by: string[];
}

export type { GraphEvent, Invariant };

/** Each scenario's graph. */
export const exploreModel = (model: MachineModel) =>
  model.scenarios.map((scenario) => ({ scenario, graph: explore(model.machine, scenario) }));

export interface StatesAndTransitions {
  states: Set<string>;
  transitions: Set<string>;
}

/** A scenario as a model writes it: a state is its value alone unless it says how to serialise one. */
export type ScenarioSpec = Omit<Scenario, 'serializeState'> & Partial<Pick<Scenario, 'serializeState'>>;

/** A model as it is written: what is particular to its machine; {@link defineModel} gives the rest. */
export type ModelSpec = Omit<MachineModel, 'scenarios' | 'provide' | 'invariants' | 'manual' | 'readable'> &
  Partial<Pick<MachineModel, 'provide' | 'invariants'>> & {
    scenarios: ScenarioSpec[];
    /** Per screen of its smoke checklists (as its words name them), that screen's own input and events. */
    screens?: Record<string, Pick<ManualPlan, 'input' | 'events'>>;
  };

/**
 * The words of a machine's test plan, kept beside its model in `test/support/models/<name>.words.yaml`: the smoke
 * checklists (what a person does and sees, step by step) and how a person plays its paths.
 */
export interface PlanWords {
  manual?: Array<Omit<ManualPlan, 'input' | 'events'>>;
  readable?: ReadablePaths;
}

export const wordsFile = (name: string) => join(import.meta.dirname, '../models', `${name}.words.yaml`);

function readWords(name: string): PlanWords {
  const file = wordsFile(name);
  return existsSync(file) ? ((parse(readFileSync(file, 'utf8')) ?? {}) as PlanWords) : {};
}

/** A state of the graph is the machine's value, where the scenario keeps nothing of its context. */
export const byValue = (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value });

/**
 * A machine's model with the defaults every model shares: each effect the machine invokes (its `actors`) controlled by
 * the path (an outcome event settles it), states told apart by their value alone, no invariant beyond those given,
 * and the plan's words read from its words file.
 */
export function defineModel({ screens = {}, ...spec }: ModelSpec): MachineModel {
  const actors = Object.keys(spec.machine.implementations.actors ?? {});
  const { manual, readable } = readWords(spec.name);
  const unknown = Object.keys(screens).filter((screen) => !manual?.some((plan) => plan.screen === screen));
  if (unknown.length > 0) throw new Error(`${spec.name}: no smoke checklist for the screens ${unknown.join(', ')}`);
  return {
    ...spec,
    ...(manual ? { manual: manual.map((plan) => ({ ...plan, ...screens[plan.screen] })) } : {}),
    ...(readable ? { readable } : {}),
    scenarios: spec.scenarios.map((scenario) => ({ ...scenario, serializeState: scenario.serializeState ?? byValue })),
    provide:
      spec.provide ??
      ((invoked) =>
        actors.length === 0 ? spec.machine : spec.machine.provide({ actors: Object.fromEntries(actors.map((id) => [id, invoked()])) })),
    invariants: spec.invariants ?? [],
  };
}
