import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  controlledActor,
  definedByMachine,
  drive,
  executionRecord,
  explore,
  stateKeys,
  type DriveOptions,
  type GraphEvent,
  type Invariant,
} from './graph-paths';

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

/** Each requirement with the plan paths that take one of its states or transitions (`3`, or `paged 3` per scenario). */
export async function requirementCoverage(model: MachineModel): Promise<Array<Requirement & { paths: string[] }>> {
  const taken: Array<{ path: string; record: ReturnType<typeof executionRecord> }> = [];
  for (const { scenario, graph, options } of exploreModel(model)) {
    for (const [index, path] of graph.planPaths.entries()) {
      const record = executionRecord();
      await drive(path, { ...options, inspect: record.inspect });
      taken.push({ path: model.scenarios.length > 1 ? `${scenario.name} ${index + 1}` : String(index + 1), record });
    }
  }
  return model.requirements.map((requirement) => ({
    ...requirement,
    paths: taken
      .filter(({ record }) => requirement.by.some((item) => record.states.has(item) || record.transitions.has(item)))
      .map(({ path }) => path),
  }));
}

export type { GraphEvent, Invariant };

/** Each scenario's graph, with the options that drive its paths on the machine alone. */
export function exploreModel(model: MachineModel) {
  return model.scenarios.map((scenario: Scenario) => {
    const graph = explore(model.machine, scenario);
    const options: DriveOptions = {
      input: scenario.input,
      provide: model.provide,
      serializeState: scenario.serializeState,
      describeEvent: graph.describeEvent,
      delays: model.delays,
      invariants: model.invariants,
    };
    return { scenario, graph, options };
  });
}

export interface StatesAndTransitions {
  states: Set<string>;
  transitions: Set<string>;
}

/**
 * What the machine defines and what its graph reaches: the states and transitions taken when every path of
 * the plan is driven on the machine itself (eventless transitions included, which no graph edge names).
 */
export async function modelCoverage(model: MachineModel): Promise<{ total: StatesAndTransitions; reachable: StatesAndTransitions }> {
  const reachable = executionRecord();
  for (const { graph, options } of exploreModel(model)) {
    for (const path of graph.planPaths) await drive(path, { ...options, inspect: reachable.inspect });
  }
  return { total: definedByMachine(model.machine), reachable };
}
