import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { AnyMachineSnapshot, EventObject, InspectedActionEvent, InspectionEvent } from 'xstate';
import { controlledActor, executionRecord, stateKeys } from './graph-paths';
import type { MachineModel, Scenario } from './model';

/**
 * The goldens: every plan path of a machine with what each step did, one line per step, as `npm run test-plans` wrote
 * them and a reviewer read them. The machine's path test drives each path once and compares it line by line; the
 * UI path tests play the paths marked `console` (together they take every state and transition the machine reaches).
 */
export const goldenDirectory = 'test/machines/plans';

const root = join(import.meta.dirname, '../../..');
export const goldenFile = (name: string) => join(root, goldenDirectory, `${name}.yaml`);

/**
 * What one step did, as a reviewer reads it: the event taken (`on`), the state reached (the scenario's serialisation,
 * which is what the graph tells apart), the state's tags, the actor's status once it is no longer active, the named
 * actions the machine ran with their parameters (`navigate /companies?page=2`, `notify success feedback.companyDeleted`),
 * the actors it started with their input (what it asked of the API), what the machine's selectors answer where it
 * changed (what the views show, by the selector's name without `select`), and the context's fields that changed and
 * no selector shows.
 */
export interface Step {
  on: string;
  state: string;
  tags?: string[];
  status?: string;
  runs?: unknown[];
  starts?: unknown[];
  shows?: Record<string, unknown>;
  context?: Record<string, unknown>;
}

/**
 * The golden of a scenario is a tree of steps: every plan path starts at its root (the machine started) and ends at a
 * leaf, and the paths sharing their first steps share those nodes, so that a changed step is one changed line.
 * A leaf the console plays (the UI path tests' covering set) says so.
 */
export interface GoldenNode {
  step: Step;
  console?: true;
  then?: GoldenNode[];
}

/** Per scenario, the tree of its plan paths. */
export type Golden = Record<string, GoldenNode>;

/** A plan path read from a golden: its scenario, its steps from the start, and whether the console plays it. */
export interface GoldenPath {
  scenario: string;
  steps: Step[];
  console: boolean;
}

/** A step as one line of YAML (a flow mapping): what the file holds and what a failing test prints. */
export const stepLine = (step: Step) => stringify(step, { collectionStyle: 'flow', lineWidth: 0 }).trimEnd();

const header = (model: MachineModel) =>
  [
    `# The plan paths of the ${model.name} machine (src/machines/${model.name}.machine.ts) under its model`,
    `# (test/support/models/${model.name}.ts), each step on one line. Written by \`npm run test-plans\`.`,
    `# test/machines/${model.name}.paths.test.ts drives every path on the machine and compares it step by step;`,
    `# test/qa/ui/${model.name}.ui.test.tsx plays the paths ending in \`console: true\` in the console.`,
    '# Per scenario a tree: a path runs from the first step (the machine started) down a branch of `then` to a leaf.',
    "# A step: on (the event), state (the scenario's serialisation), tags, status (once not active), runs (named actions",
    '# with their parameters), starts (actors started, with their input), shows (selectors whose answer changed, named',
    '# without `select`) and context (fields that changed and no selector shows). A change here is a change of',
    '# behaviour: review it as one.',
  ].join('\n');

/** The paths as a tree per scenario, in the order their first steps appear. */
export function goldenOf(paths: GoldenPath[]): Golden {
  const golden: Golden = {};
  for (const { scenario, steps, console } of paths) {
    const [first, ...rest] = steps;
    let node = (golden[scenario] ??= { step: first! });
    for (const step of rest) {
      node.then ??= [];
      let next = node.then.find((child) => stepLine(child.step) === stepLine(step));
      if (!next) node.then.push((next = { step }));
      node = next;
    }
    if (console) node.console = true;
  }
  return golden;
}

/** Every plan path of a golden, root to leaf, in the tree's order. */
export function goldenPaths(golden: Golden): GoldenPath[] {
  const paths: GoldenPath[] = [];
  const walk = (scenario: string, node: GoldenNode, before: Step[]) => {
    const steps = [...before, node.step];
    if (!node.then || node.then.length === 0) paths.push({ scenario, steps, console: node.console === true });
    for (const child of node.then ?? []) walk(scenario, child, steps);
  };
  for (const [scenario, root] of Object.entries(golden)) walk(scenario, root, []);
  return paths;
}

/** The golden file's text: block style for the tree, one flow line per step. */
export function renderGolden(model: MachineModel, golden: Golden): string {
  const lines = [header(model)];
  const node = ({ step, console, then }: GoldenNode, indent: string, item: boolean) => {
    lines.push(`${indent}${item ? '- ' : ''}step: ${stepLine(step)}`);
    const inner = item ? `${indent}  ` : indent;
    if (console) lines.push(`${inner}console: true`);
    if (then && then.length > 0) {
      lines.push(`${inner}then:`);
      for (const child of then) node(child, `${inner}  `, true);
    }
  };
  for (const [scenario, root] of Object.entries(golden)) {
    lines.push(`${stringify(scenario).trimEnd()}:`);
    node(root, '  ', false);
  }
  return `${lines.join('\n')}\n`;
}

/** The committed golden of a machine; empty before its first `npm run test-plans`. */
export function readGolden(name: string): Golden {
  const file = goldenFile(name);
  return existsSync(file) ? ((parse(readFileSync(file, 'utf8')) ?? {}) as Golden) : {};
}

/** A path's event labels (after `start`), which name it in tests and plans. */
export const labelsOf = (path: { steps: Step[] }) => path.steps.slice(1).map((step) => step.on);
export const describeLabels = (labels: string[]) => labels.join(' → ') || 'start';

// ---- Values as one line ---------------------------------------------------------------------------------------

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An array longer than this is shown by its first and last items and how many stand between (a file of 501 rows). */
const longArray = 8;

/** Values that differ from run to run (ids drawn at random, clock times) are named, not shown; long arrays cut short. */
const stable = (_key: string, value: unknown) => {
  if (Array.isArray(value) && value.length > longArray) return [...value.slice(0, 3), `… ${value.length - 5} more …`, ...value.slice(-2)];
  if (typeof value === 'string' && uuid.test(value)) return '<uuid>';
  if (typeof value === 'number' && value > 1e12) return '<time>';
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  if (typeof value === 'function') return '<function>';
  if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value)
    return `<actor ${(value as unknown as { id: string }).id}>`;
  return value;
};

/** A value in one line of JSON (`undefined` as such), stable across runs. */
export const oneLine = (value: unknown) => (value === undefined ? 'undefined' : (JSON.stringify(value, stable) ?? 'undefined'));

/** A value as the golden holds it: plain data, stable across runs (`undefined` named, as YAML has no such value). */
export const plain = (value: unknown): unknown => (value === undefined ? 'undefined' : (JSON.parse(oneLine(value)) as unknown));

/** The scenario's serialisation, read without JSON's quotes where it is a JSON object (`loading {page: 1}`). */
function stateText(scenario: Scenario, snapshot: AnyMachineSnapshot): string {
  const serialised = scenario.serializeState(snapshot);
  const leaves = stateKeys(snapshot).join(' + ');
  try {
    const parsed = JSON.parse(serialised) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'value' in parsed) {
      const { value: _, ...rest } = parsed as Record<string, unknown>;
      const extra = Object.entries(rest).map(([key, value]) => `${key} ${oneLine(value)}`);
      return [leaves || oneLine((parsed as { value: unknown }).value), ...extra].join(', ');
    }
  } catch {
    // not JSON: shown as it is
  }
  return leaves ? `${leaves}: ${serialised}` : serialised;
}

/** An action the machine ran, in words: an outcome by where it leads or what it says, others by type and parameters. */
function actionText({ type, params }: { type: string; params: unknown }): unknown {
  if (type === 'navigate' && params && typeof params === 'object') {
    const { path, ...rest } = params as { path?: string };
    return Object.keys(rest).length > 0 ? { [`navigate ${path}`]: plain(rest) } : `navigate ${path}`;
  }
  if (type === 'navigate' && params === null) return 'navigate nowhere';
  if (type === 'notify' && params && typeof params === 'object') {
    const { severity, messageKey, ...rest } = params as { severity?: string; messageKey?: string };
    return Object.keys(rest).length > 0 ? { [`notify ${severity} ${messageKey}`]: plain(rest) } : `notify ${severity} ${messageKey}`;
  }
  return params === undefined ? type : { [type]: plain(params) };
}

type Selector = (snapshot: AnyMachineSnapshot) => unknown;

const selectorCache = new Map<string, Promise<Array<[string, Selector]>>>();

/** The selectors the views read the machine through (`select…` of its module taking the snapshot alone), by name. */
function selectorsOf(name: string): Promise<Array<[string, Selector]>> {
  if (!selectorCache.has(name)) {
    selectorCache.set(
      name,
      import(`../../../src/machines/${name}.machine.ts`).then((module: Record<string, unknown>) =>
        Object.entries(module)
          .filter(
            (entry): entry is [string, Selector] =>
              entry[0].startsWith('select') && typeof entry[1] === 'function' && entry[1].length === 1,
          )
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
  }
  return selectorCache.get(name)!;
}

/** What each selector answers, by its name without `select`, one line each (an error is an answer too). */
const answers = (selectors: Array<[string, Selector]>, snapshot: AnyMachineSnapshot) =>
  Object.fromEntries(
    selectors.map(([name, select]) => {
      const shown = name.charAt(6).toLowerCase() + name.slice(7);
      try {
        return [shown, oneLine(select(snapshot))];
      } catch (failure) {
        return [shown, oneLine(`threw ${(failure as Error).message}`)];
      }
    }),
  );

/** Values kept as one-line JSON for comparison, back to plain data for the golden. */
const parsed = (lines: Record<string, string>) =>
  Object.fromEntries(Object.entries(lines).map(([key, line]) => [key, line === 'undefined' ? line : (JSON.parse(line) as unknown)]));

const changed = (now: Record<string, string>, before: Record<string, string> | null) =>
  Object.fromEntries(Object.entries(now).filter(([key, value]) => before === null || before[key] !== value));

const contextLines = (snapshot: AnyMachineSnapshot) =>
  Object.fromEntries(Object.entries((snapshot.context ?? {}) as Record<string, unknown>).map(([key, value]) => [key, oneLine(value)]));

// ---- Driving a path once ---------------------------------------------------------------------------------------

/** What one drive of a path gave: its steps, what it executed, and what did not hold (an invariant, a missing event). */
export interface PathRun {
  steps: Step[];
  /** Per step, the outcome actions it took (`notify`, `navigate`) with their parameters: what the plans put in words. */
  outcomes: Array<Array<{ type: string; params: unknown }>>;
  /** Per step, the state as the plans name screens: its leaf states (`ready.withData`), else its serialisation. */
  screens: string[];
  states: Set<string>;
  transitions: Set<string>;
  problems: string[];
}

/**
 * Drives the labelled events of a scenario on the machine alone (its invoked actors controlled, a simulated clock),
 * recording after every step what a reviewer reads in the golden, the invariants that failed, and every state and
 * transition taken (eventless ones included).
 */
export async function drivePath(model: MachineModel, scenario: Scenario, labels: string[]): Promise<PathRun> {
  const events = new Map([...scenario.events, ...(scenario.ignored ?? [])]);
  const selectors = await selectorsOf(model.name);
  const record = executionRecord();
  let actions: unknown[] = [];
  let started: unknown[] = [];
  let told: Array<{ type: string; params: unknown }> = [];
  const inspect = (event: InspectionEvent) => {
    record.inspect(event);
    if (event.type === '@xstate.action' && event.actorRef.sessionId === event.rootId) {
      const { action } = event as InspectedActionEvent;
      if (!action.type.startsWith('xstate.')) actions.push(actionText(action));
      if (action.type === 'notify' || action.type === 'navigate') told.push({ type: action.type, params: action.params });
    }
    if (event.type === '@xstate.actor' && event.actorRef.sessionId !== event.rootId) {
      const { id, options } = event.actorRef as unknown as { id: string; options?: { input?: unknown } };
      started.push(options?.input === undefined ? id : { [id]: plain(options.input) });
    }
  };
  const { actor, take } = controlledActor({ provide: model.provide, delays: model.delays, input: scenario.input, inspect });
  const steps: Step[] = [];
  const outcomes: PathRun['outcomes'] = [];
  const screens: string[] = [];
  const problems: string[] = [];
  let shownBefore: Record<string, string> | null = null;
  let contextBefore: Record<string, string> | null = null;
  try {
    for (const [index, label] of ['start', ...labels].entries()) {
      if (index > 0) {
        const event = events.get(label);
        if (!event) {
          problems.push(`no event "${label}" in scenario "${scenario.name}"`);
          break;
        }
        await take(event as EventObject);
      }
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      for (const [name, holds] of model.invariants) if (!holds(snapshot)) problems.push(`${name}: fails after step ${index} (${label})`);
      const shown = answers(selectors, snapshot);
      const shows = changed(shown, shownBefore);
      const context = contextLines(snapshot);
      const shownAlike = new Set(Object.entries(shown).map(([field, value]) => `${field}=${value}`));
      const contextChanged = Object.fromEntries(
        Object.entries(changed(context, contextBefore)).filter(([key, value]) => !shownAlike.has(`${key}=${value}`)),
      );
      const tags = [...snapshot.tags].sort();
      steps.push({
        on: label,
        state: stateText(scenario, snapshot),
        ...(tags.length > 0 ? { tags } : {}),
        ...(snapshot.status !== 'active' ? { status: snapshot.status } : {}),
        ...(actions.length > 0 ? { runs: actions } : {}),
        ...(started.length > 0 ? { starts: started } : {}),
        ...(Object.keys(shows).length > 0 ? { shows: parsed(shows) } : {}),
        ...(Object.keys(contextChanged).length > 0 ? { context: parsed(contextChanged) } : {}),
      });
      outcomes.push(told);
      screens.push(stateKeys(snapshot).join(' + ') || scenario.serializeState(snapshot));
      actions = [];
      started = [];
      told = [];
      shownBefore = shown;
      contextBefore = context;
    }
  } finally {
    actor.stop();
  }
  return { steps, outcomes, screens, states: record.states, transitions: record.transitions, problems };
}
