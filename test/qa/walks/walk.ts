import { waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { controlledActor, isPossible, stateKeys, type GraphEvent, type Path } from '../../support/paths/graph-paths';
import { exploreModel, type MachineModel, type Scenario } from '../../support/paths/model';
import type { OpenedConsole, OpenConsoleOptions } from '../ui/console';
import { passedAt, type MachineUi } from '../ui/paths';

/**
 * What a walk checks beside the machine: a small model of what the screen should show, written from the product's
 * rules and not from the machine (the rows the fake API said the page holds, the page, the pending delete, the
 * notifications), told each event the walk performs and asked, after each step, whether the console agrees.
 */
export interface Reference<State, Harness> {
  /** The reference when the console opens (`variant`: how the walk set it up, when the spec has variants). */
  initial: (variant?: string) => State;
  /** The reference after `label` (with the event's payload); a new object or the same one changed. */
  step: (state: State, label: string, event: GraphEvent) => State;
  /** Synchronous assertions: the console's actor (its snapshot) and the screen agree with the reference. */
  check: (state: State, harness: Harness, snapshot: AnyMachineSnapshot) => void;
}

/** One machine's random walks: its model's scenario, the UI path tests' executors, the reference. */
export interface WalkSpec<Harness extends { console: OpenedConsole }, State> {
  model: MachineModel;
  /** The model's scenario whose labelled events the walks take. */
  scenario: string;
  ui: MachineUi<Harness>;
  reference: Reference<State, Harness>;
  /**
   * Whether the walks also take events the machine ignores in the state (a sort already applied). Only for a model
   * whose `isImpossible` says what the screen offers in every state; otherwise a walk, like the graph, takes an event
   * only where the machine has a transition for it.
   */
  noOps?: boolean;
  /**
   * Events a walk does not take in a snapshot though the model offers them (`taken`: the labels the walk took so
   * far), with the reason in a comment where given.
   */
  avoid?: (snapshot: AnyMachineSnapshot, label: string, taken: readonly string[]) => boolean;
  /**
   * Labels weighed less (or more) than the others when a step chooses, by this factor (1 unless given): an event that
   * ends a walk where it begins (the wizard's article, saved in step 1) would otherwise end many walks at once.
   */
  weights?: Record<string, number>;
  /** Labels the walks never take, each with the reason (the UI path tests still take them). */
  skip?: Record<string, string>;
  /**
   * The ways a walk may set up the console it opens (a session with a video configuration, or without one), one drawn
   * per walk by the seed (in proportion to `weight`, 1 unless given; a shrunk walk keeps its own): for each, the
   * labels that cannot happen in it. `open` and the reference's `initial` are told the walk's.
   */
  variants?: Record<string, { cannot: readonly string[]; weight?: number }>;
  /**
   * Before a label is performed: brings the screen where the user performs it (a path test opens the console at the
   * right address from its whole path; a walk does not know its next steps when it opens).
   */
  prepare?: Record<string, (harness: Harness) => Promise<void>>;
  /**
   * An outcome the console reaches by itself, without the network, once `label` is performed (a page it cached
   * less than 30 s ago, a token refused at once without a video configuration): the label of the model's event with
   * the same outcome, then taken on the machine alone and the reference only. `before` and `after` are the machine
   * alone's snapshots around `label`. The state `label` led to is then a momentary one, which the console may leave
   * before the screen shows it: it is checked in the snapshots the console's actor went through during the step
   * (its value, serialisation and invariants), not on screen; the step's last state is checked as any other.
   */
  atOnce?: (state: State, label: string, before: AnyMachineSnapshot, after: AnyMachineSnapshot) => string | undefined;
  /** The test file, for the replay command a failure prints. */
  file: string;
  /** Opens the console otherwise (the self-test: with a mutated machine); the executors' `open` unless given. */
  open?: (scenario: Scenario, path: Path, options: Pick<OpenConsoleOptions, 'consoleMachines'> & { variant?: string }) => Harness;
}

/**
 * An `avoid` for the outcomes that end a walk (`labels`: leaving the screen, nothing left to do): taken only once a
 * walk has taken `steps` steps, so that it mostly ends after the screen's other events (the UI paths end at once).
 */
export const endingAfter = (steps: number, labels: readonly string[]) => (_: AnyMachineSnapshot, label: string, taken: readonly string[]) =>
  labels.includes(label) && taken.length < steps;

export interface WalkOptions {
  /** Walks in the run (fast-check's runs); each opens the console afresh. */
  walks: number;
  /** At most this many events taken per walk. */
  maxSteps: number;
  /** fast-check's seed: the same seed gives the same walks, weights included. */
  seed: number;
  /** Replays these labels in order instead of generating walks. */
  path?: string[];
  /** The variant the replayed walk sets its console up with (the spec's first unless given). */
  variant?: string;
  /** How long a step may take to show its state, in ms. */
  settle: number;
}

/** A failed walk as fast-check left it once shrunk: the labels it took, and what did not agree. */
export interface WalkFailure {
  labels: string[];
  /** The variant of the spec the walk was set up with. */
  variant?: string;
  /** The walk that failed first, before shrinking. */
  first: string[];
  message: string;
  shrinks: number;
}

export interface WalkReport {
  name: string;
  seed: number;
  walks: number;
  /** Steps performed, shrinking included. */
  steps: number;
  /** Times each label was taken (every run). */
  visits: Map<string, number>;
  /** The graph's transitions (state × event, as the plan counts them) the walks took, and how many it has. */
  edges: { taken: number; total: number };
  failure?: WalkFailure;
  /** The command that replays the failure (or the run) exactly. */
  replay: string;
  ms: number;
}

const numberFrom = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback);

/**
 * The run's options from the environment: `WALKS` (walks per machine), `WALK_STEPS`, `WALK_SEED`, `WALK_PATH` (a
 * JSON array of labels: the shrunk sequence a failure printed), `WALK_VARIANT` (the variant it printed), `WALK_SETTLE` (ms).
 */
export function walkOptionsFromEnv(defaults: { walks: number; maxSteps: number }): WalkOptions {
  const env = process.env;
  return {
    walks: numberFrom(env.WALKS, defaults.walks),
    maxSteps: numberFrom(env.WALK_STEPS, defaults.maxSteps),
    seed: numberFrom(env.WALK_SEED, Math.floor(Math.random() * 2 ** 31)),
    path: env.WALK_PATH ? (JSON.parse(env.WALK_PATH) as string[]) : undefined,
    variant: env.WALK_VARIANT || undefined,
    settle: numberFrom(env.WALK_SETTLE, 5_000),
  };
}

/** An assertion's message with what it compared in full (Vitest shortens both), without a DOM dump. */
const messageOf = (failure: unknown): string => {
  if (!(failure instanceof Error)) return String(failure);
  const message = failure.message.split('\n\nIgnored nodes')[0]!.split('\n\n<')[0]!;
  const compared = failure as Error & { actual?: unknown; expected?: unknown };
  if (!('actual' in compared) || !('expected' in compared)) return message;
  return `${message}\n  expected: ${JSON.stringify(compared.expected)}\n  actual:   ${JSON.stringify(compared.actual)}`;
};

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The command that replays `labels` (in `variant`, if any), or the whole run of `seed`, on `file`. */
export const replayCommand = (file: string, seed: number, labels?: string[], variant?: string) =>
  `${labels ? `WALK_PATH=${shellQuote(JSON.stringify(labels))} ` : ''}${labels && variant ? `WALK_VARIANT=${shellQuote(variant)} ` : ''}` +
  `WALK_SEED=${seed} npx vitest run --project qa:walks ${file}`;

/** The walk in progress: the machine alone (the graph's view of the state), the console, the reference. */
class Walk<Harness extends { console: OpenedConsole }, State> {
  readonly labels: string[] = [];
  private readonly alone: ReturnType<typeof controlledActor>;
  private harness?: Harness;
  private reference: State;
  /** The console's actor when the last step agreed, and how many snapshots it had had: a step's own begin after. */
  private seen: { actor?: AnyActorRef; count: number } = { count: 0 };

  constructor(
    private readonly spec: WalkSpec<Harness, State>,
    private readonly scenario: Scenario,
    private readonly settle: number,
    private readonly consoleMachines: OpenConsoleOptions['consoleMachines'],
    readonly variant: string | undefined,
    /** Told every transition the machine alone takes (the walk's own labels, and the outcomes the console reached at once). */
    private readonly taken: (before: AnyMachineSnapshot, label: string) => void,
  ) {
    const { model } = spec;
    this.alone = controlledActor({ provide: model.provide, delays: model.delays, input: scenario.input });
    this.reference = spec.reference.initial(variant);
  }

  get snapshot() {
    return this.alone.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** The screen can produce the event now: the graph offers it (the generic rules and the model's `isImpossible`). */
  possible(label: string, event: EventObject) {
    const { snapshot } = this;
    if (this.variant !== undefined && this.spec.variants?.[this.variant]?.cannot.includes(label)) return false;
    if (!isPossible(snapshot, event) || this.scenario.isImpossible?.(snapshot, event) || this.spec.avoid?.(snapshot, label, this.labels))
      return false;
    if (this.spec.noOps || /^xstate\.(?:done|error|after)\./.test(event.type)) return true;
    return this.spec.model.machine.getTransitionData(snapshot, event).some(({ target, actions }) => target || actions.length > 0);
  }

  /** The console opens with the walk's first event: a path test's `open` may look at it (what the browser holds). */
  private open(label: string, event: GraphEvent): Harness {
    const first = this.snapshot;
    const path: Path = {
      state: first,
      weight: 1,
      steps: [
        { event: { type: 'xstate.init' }, state: first },
        { event, state: first },
      ],
    };
    void label;
    const { spec } = this;
    return spec.open
      ? spec.open(this.scenario, path, { consoleMachines: this.consoleMachines, variant: this.variant })
      : spec.ui.open(this.scenario, path);
  }

  async take(label: string, event: GraphEvent) {
    this.labels.push(label);
    const where = `step ${this.labels.length} (${this.labels.join(' → ')})`;
    if (!this.harness) {
      this.harness = this.open(label, event);
      await this.agree(`opening, before ${where}`);
    }
    const { spec } = this;
    const perform = spec.ui.perform[label];
    if (!perform) throw new Error(`no executor for "${label}"`);
    try {
      await spec.prepare?.[label]?.(this.harness);
      await perform(this.harness, event);
    } catch (failure) {
      throw new Error(`performing ${where}: ${messageOf(failure)}`, { cause: failure });
    }
    let before = this.snapshot;
    this.taken(before, label);
    await this.alone.take(event);
    this.reference = spec.reference.step(this.reference, label, event);
    // An answer given at once may lead to another request answered at once (an empty page past the last, then the
    // last page, both cached): taken in turn until none follows; each is bounded by the scenario's answers. The
    // states they leave are momentary: the console passes through them.
    const automatic: string[] = [];
    const passed: AnyMachineSnapshot[] = [];
    for (let taken = label; automatic.length < 10;) {
      const next = spec.atOnce?.(this.reference, taken, before, this.snapshot);
      if (!next) break;
      const outcome = this.scenario.events.find(([candidate]) => candidate === next)?.[1];
      if (!outcome) throw new Error(`no event "${next}" in the scenario`);
      before = this.snapshot;
      passed.push(before);
      this.taken(before, next);
      await this.alone.take(outcome);
      this.reference = spec.reference.step(this.reference, next, outcome);
      automatic.push(next);
      taken = next;
    }
    await this.agree(automatic.length > 0 ? `${where}, then at once ${automatic.join(', then ')}` : where, passed);
  }

  private actor(): AnyActorRef | undefined {
    const { ui, model } = this.spec;
    return ui.actorUnderTest ? ui.actorUnderTest(this.harness!) : this.harness!.console.actors.latest(model.machine.id);
  }

  /**
   * The console's actor went through the `passed` states in order during the step, and is where the machine alone
   * is; the invariants hold in all of them, and the screen shows what both the state and the reference say.
   */
  private async agree(where: string, passed: readonly AnyMachineSnapshot[] = []) {
    const { model, ui, reference } = this.spec;
    const expected = this.snapshot;
    const serialized = (snapshot: AnyMachineSnapshot) => this.scenario.serializeState(snapshot);
    const check = () => {
      const actor = this.actor();
      expect(actor, `a ${model.machine.id} actor is running`).toBeDefined();
      const history = this.harness!.console.actors.snapshots(actor!);
      let from = actor === this.seen.actor ? this.seen.count : 0;
      for (const state of passed) {
        const at = passedAt(history, from, state, this.scenario);
        expect(at, `the console's actor went through ${serialized(state)} (left at once)`).toBeGreaterThanOrEqual(0);
        for (const [name, holds] of model.invariants) expect(holds(history[at]!), `${name}, in ${serialized(state)}`).toBe(true);
        from = at + 1;
      }
      const snapshot = actor!.getSnapshot() as AnyMachineSnapshot;
      expect(snapshot.value, "the console's actor is in the graph's state").toEqual(expected.value);
      expect(serialized(snapshot), "the console's actor is in the graph's state").toBe(serialized(expected));
      for (const [name, holds] of model.invariants) expect(holds(snapshot), name).toBe(true);
      const keys = stateKeys(snapshot);
      for (const key of keys.length > 0 ? keys : [model.machine.id]) {
        const show = ui.show[key];
        expect(show, `a UI assertion for state ${key}`).toBeDefined();
        show!(this.harness!, snapshot);
      }
      reference.check(this.reference, this.harness!, snapshot);
      this.seen = { actor, count: history.length };
    };
    try {
      try {
        check();
      } catch {
        // Without the page's DOM, which Testing Library adds to a timeout: the report stays readable.
        await waitFor(check, { timeout: this.settle, onTimeout: (failure) => failure });
      }
    } catch (failure) {
      throw new Error(`after ${where}: ${messageOf(failure)}`, { cause: failure });
    }
  }

  close() {
    this.alone.actor.stop();
    this.harness?.console.close();
  }
}

/**
 * Random walks on one machine in the real console, by fast-check's model-based testing (`fc.commands`,
 * `fc.asyncModelRun`): each walk is a sequence of the model's labelled events, drawn with weights that favour the
 * events taken least so far in the run (GraphWalker's weighted random walk), each performed only when the graph
 * offers it in the current state, by the UI path tests' executors; after every step the console's actor, the
 * screen and the reference must agree. A failing walk is shrunk by fast-check to a shortest sequence that still fails.
 */
export async function runWalks<Harness extends { console: OpenedConsole }, State>(
  spec: WalkSpec<Harness, State>,
  options: WalkOptions,
  consoleMachines?: OpenConsoleOptions['consoleMachines'],
): Promise<WalkReport> {
  const started = performance.now();
  // The console's cache keeps a page fresh for 30 s of real time: held still, so a walk does not depend on the machine's speed.
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    return await walkAll(spec, options, consoleMachines, started);
  } finally {
    vi.useRealTimers();
  }
}

async function walkAll<Harness extends { console: OpenedConsole }, State>(
  spec: WalkSpec<Harness, State>,
  options: WalkOptions,
  consoleMachines: OpenConsoleOptions['consoleMachines'],
  started: number,
): Promise<WalkReport> {
  const exploration = exploreModel(spec.model).find(({ scenario }) => scenario.name === spec.scenario);
  if (!exploration) throw new Error(`${spec.model.name}: no scenario "${spec.scenario}"`);
  const { scenario, graph } = exploration;
  const events = scenario.events.filter(([label]) => !(label in (spec.skip ?? {})));
  const byLabel = new Map(events);
  const visits = new Map<string, number>(events.map(([label]) => [label, 0]));
  const graphEdges = new Set(graph.edges.map((edge) => `${scenario.serializeState(edge.state)} —${graph.describeEvent(edge.event)}`));
  const taken = new Set<string>();
  const name = spec.model.scenarios.length > 1 ? `${spec.model.name}/${scenario.name}` : spec.model.name;
  let steps = 0;
  /** Set by the first failure: shrinking replays walks, and the weights the run drew them with stay as they were. */
  let failures: Array<{ labels: string[]; variant?: string; message: string }> = [];
  const variants = Object.entries(spec.variants ?? {});
  if (options.variant !== undefined && !spec.variants?.[options.variant]) throw new Error(`${name}: no variant "${options.variant}"`);

  const newWalk = (variant: string | undefined) => {
    const count = (before: AnyMachineSnapshot, label: string) => {
      if (failures.length > 0) return;
      visits.set(label, (visits.get(label) ?? 0) + 1);
      taken.add(`${scenario.serializeState(before)} —${label}`);
    };
    const walk = new Walk(spec, scenario, options.settle, consoleMachines, variant, count);
    const take = walk.take.bind(walk);
    walk.take = async (label, event) => {
      steps += 1;
      await take(label, event);
    };
    return walk;
  };

  const report = (failure?: WalkFailure): WalkReport => ({
    name,
    seed: options.seed,
    walks: options.path ? 1 : options.walks,
    steps,
    visits,
    edges: { taken: [...taken].filter((edge) => graphEdges.has(edge)).length, total: graphEdges.size },
    failure,
    replay: replayCommand(spec.file, options.seed, failure?.labels ?? options.path, failure?.variant ?? options.variant),
    ms: performance.now() - started,
  });

  if (options.path) {
    const walk = newWalk(options.variant ?? variants[0]?.[0]);
    try {
      for (const label of options.path) {
        const event = byLabel.get(label);
        if (!event) throw new Error(`"${label}" is not an event of ${name}'s walks`);
        if (!walk.possible(label, event)) throw new Error(`"${label}" cannot be taken in ${scenario.serializeState(walk.snapshot)}`);
        await walk.take(label, event);
      }
      return report();
    } catch (failure) {
      return report({ labels: walk.labels, variant: walk.variant, first: walk.labels, message: messageOf(failure), shrinks: 0 });
    } finally {
      walk.close();
    }
  }

  type Model = { walk: Walk<Harness, State> };

  /**
   * GraphWalker's weighted random choice among the events the screen can produce now: an event taken n times so far
   * in the run weighs 1/(n+1) (times the spec's weight for it). Made when the step's turn comes, in the state the walk is in: drawn beforehand, an
   * event every walk must take at its start (the first load) would weigh less and less in a run, and the walks would
   * spend their draws waiting for it.
   */
  const choose = (walk: Walk<Harness, State>, at: number) => {
    const possible = events.filter(([label, event]) => walk.possible(label, event));
    const weights = possible.map(([label]) => (spec.weights?.[label] ?? 1) / (1 + (visits.get(label) ?? 0)));
    let left = at * weights.reduce((sum, weight) => sum + weight, 0);
    const index = weights.findIndex((weight) => (left -= weight) < 0);
    return possible[index === -1 ? possible.length - 1 : index];
  };

  /**
   * A step of a walk: a random number in [0, 1) that picks the event when its turn comes. Once it has run, the step
   * keeps the event it took: when shrinking replays the walk without some of its steps, each remaining step takes its
   * own event again (skipped where that event cannot happen now), so that a shorter walk is the failing one with
   * steps left out, not a new draw from numbers meant for other states.
   */
  class Step implements fc.AsyncCommand<Model, object> {
    private label?: string;
    constructor(readonly at: number) {}
    private pick(walk: Walk<Harness, State>): [string, GraphEvent] | undefined {
      if (this.label === undefined) return choose(walk, this.at);
      const event = byLabel.get(this.label)!;
      return walk.possible(this.label, event) ? [this.label, event] : undefined;
    }
    /** Skipped when the screen can produce no event now (a final state), or when the walk is long enough. */
    check = (model: Readonly<Model>) => model.walk.labels.length < options.maxSteps && this.pick(model.walk) !== undefined;
    run = (model: Model) => {
      const [label, event] = this.pick(model.walk)!;
      this.label = label;
      return model.walk.take(label, event);
    };
    toString = () => this.label ?? '?';
  }

  /** Steps that fast-check does not shrink one by one: shrinking a walk removes steps. */
  class RandomStep extends fc.Arbitrary<Step> {
    generate(random: fc.Random): fc.Value<Step> {
      return new fc.Value(new Step(random.nextDouble()), undefined);
    }
    canShrinkWithoutContext(value: unknown): value is Step {
      void value;
      return false;
    }
    shrink(): fc.Stream<fc.Value<Step>> {
      return fc.Stream.nil();
    }
  }

  // The walk's variant, by weight (none without variants: a constant draws nothing from the seed's random numbers).
  const variant: fc.Arbitrary<string | undefined> =
    variants.length > 0
      ? fc.oneof(...variants.map(([key, { weight = 1 }]) => ({ arbitrary: fc.constant(key), weight })))
      : fc.constant(undefined);
  // Twice the steps a walk may take: fast-check draws a walk's length from 0 to the most, and most walks go to the end.
  const walkSteps = fc.commands([new RandomStep()], { maxCommands: 2 * options.maxSteps, size: 'max' });
  const property = fc.asyncProperty(variant, walkSteps, async (drawn, commands) => {
    const walk = newWalk(drawn);
    try {
      await fc.asyncModelRun(() => ({ model: { walk }, real: {} }), commands);
    } catch (failure) {
      failures.push({ labels: [...walk.labels], variant: drawn, message: messageOf(failure) });
      throw failure;
    } finally {
      walk.close();
    }
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.walks, endOnFailure: false });
  if (!details.failed) return report();
  // The last walk that failed is the one shrinking ended with: fast-check shrinks from each failing candidate on.
  const last = failures.at(-1) ?? { labels: [], variant: undefined, message: messageOf(details.errorInstance) };
  const first = failures[0]?.labels ?? last.labels;
  failures = [];
  return report({ ...last, first, shrinks: details.numShrinks });
}

/** A failure as a person reads it: the machine, the seed, the shrunk sequence and the one command that replays it. */
export function describeFailure({ name, seed, failure, replay }: WalkReport): string {
  if (!failure) return `${name}: no failure`;
  return [
    `Random walk on ${name} failed (seed ${seed}${failure.variant ? `, ${failure.variant}` : ''}; shrunk ${failure.shrinks} times from ${failure.first.length} steps to ${failure.labels.length}):`,
    `  ${failure.labels.join(' → ')}`,
    failure.message,
    `Replay: ${replay}`,
  ].join('\n');
}

/** One line for the run's log: walks, steps, the graph's transitions taken, the seed. */
export function describeRun({ name, seed, walks, steps, edges, visits, ms }: WalkReport): string {
  const events = [...visits.values()].filter((count) => count > 0).length;
  return `walks ${name}: ${walks} walks, ${steps} steps, ${events}/${visits.size} events, ${edges.taken}/${edges.total} graph transitions, seed ${seed}, ${(ms / 1000).toFixed(1)} s`;
}

/** The Vitest test of one machine's walks: runs them within the budget and fails with the shrunk sequence and its replay. */
export function describeWalks<Harness extends { console: OpenedConsole }, State>(
  spec: WalkSpec<Harness, State>,
  defaults: { walks: number; maxSteps: number },
) {
  const options = walkOptionsFromEnv(defaults);
  const title = options.path
    ? `${spec.model.name}: replays ${options.path.join(' → ')}`
    : `${spec.model.name}: ${options.walks} random walks of up to ${options.maxSteps} events agree with the machine, the screen and the reference`;
  it(title, async () => {
    const report = await runWalks(spec, options);
    console.info(describeRun(report));
    if (report.failure) throw new Error(describeFailure(report));
  });
}
