import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { Destination, Notice } from '../../../src/machines/outcomes';
import { en } from '../../../src/i18n/en';
import { createI18n } from '../../../src/i18n';
import { noticeText } from '../../../src/views/notifications/notice-text';
import { definedByMachine, executionRecord, impossibleEvents } from './graph-paths';
import type { PathRun } from './golden';
import { exploreModel, manualPlans, walkManualSteps, type ManualPlan, type MachineModel, type ReadablePaths } from './model';

/** Where the plans are written, from the repository's root. */
export const plansDirectory = 'docs/test-plans';

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

/** An event's payload in one line, cut short past `limit` characters (a file of 501 rows is the model's, not the plan's). */
const payloadOf = ({ type: _, ...payload }: EventObject, limit = Infinity) => {
  if (Object.keys(payload).length === 0) return '';
  const text = JSON.stringify(payload, (_, value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : value));
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
};

// ---- Mermaid -------------------------------------------------------------------------------------------------

const mermaidId = (node: AnyStateNode) => node.path.join('__').replaceAll(/[^A-Za-z0-9_]/g, '_') || 'root';

const eventName = (eventType: string) => {
  const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (outcome) return `${outcome[1]} ${outcome[2]}`;
  const timer = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (timer) return `after ${timer[1]}`;
  return eventType || 'always';
};

/** The outcome actions a machine declares: what the user is told, and where the console leads. */
const outcomeTypes = ['notify', 'navigate'];

const outcomeNames = ({ actions }: AnyTransitionDefinition) => [
  ...new Set(
    actions.map((action) => (action as { type?: unknown }).type).filter((type): type is string => outcomeTypes.includes(type as string)),
  ),
];

const transitionLabel = (transition: AnyTransitionDefinition) => {
  const { eventType, guard } = transition;
  const guardName = typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
  const outcomes = outcomeNames(transition);
  return `${eventName(eventType)}${guardName ? ` if ${guardName}` : ''}${outcomes.length > 0 ? ` / ${outcomes.join(', ')}` : ''}`.replaceAll(
    /[:;#]/g,
    ' ',
  );
};

const english = createI18n('en', { load: () => en });

/** An outcome as the screen shows it: the message's English text, or the page the console opens; null for none. */
export function outcomeInWords({ type, params }: { type: string; params: unknown }): string | null {
  if (type === 'notify') {
    const notice = params as Notice;
    return `the message "${noticeText(notice, english.t, (key) => english.exists(key))}"`;
  }
  if (params === null) return null;
  return `the address becomes ${code((params as Destination).path)}`;
}

/** The machine's state diagram (its definition, not the explored graph): states, nesting, every transition. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const declare = (node: AnyStateNode, indent: string) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const id = mermaidId(child);
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${id} {`);
        if (child.initial?.target?.[0]) lines.push(`${indent}  [*] --> ${mermaidId(child.initial.target[0])}`);
        declare(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${id}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    }
  };
  const stateless = Object.keys(machine.root.states).length === 0;
  if (stateless) lines.push(`  state "${machine.id} (one state)" as root`, '  [*] --> root');
  if (machine.root.initial?.target?.[0]) lines.push(`  [*] --> ${mermaidId(machine.root.initial.target[0])}`);
  declare(machine.root, '  ');
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const rootTransitions = [...machine.root.transitions.values()].flat().filter(({ target, actions }) => target || actions.length > 0);
  const anyState = stateless ? 'root' : 'any_state';
  if (rootTransitions.length > 0 && !stateless) lines.push('  state "(any state that does not handle the event itself)" as any_state');
  for (const node of nodes) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])].filter(
      ({ target, actions }) => target || actions.length > 0,
    );
    for (const transition of transitions) {
      const source = node === machine.root ? anyState : mermaidId(node);
      const targets = transition.target?.map((target: AnyStateNode) => (target === machine.root ? anyState : mermaidId(target))) ?? [
        source,
      ];
      for (const target of targets) lines.push(`  ${source} --> ${target} : ${transitionLabel(transition)}`);
    }
  }
  return lines.join('\n');
}

// ---- The plan ------------------------------------------------------------------------------------------------

/** A plan path with its one drive on the machine, and whether the console plays it. */
export interface PlannedPath {
  scenario: string;
  labels: string[];
  run: PathRun;
  console: boolean;
}

/** The figures of the UI path tests, where a run of them measured some. */
export interface UiFigures {
  states: { executed: number };
  transitions: { executed: number };
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

/** Shown where the UI's figures are not measured yet; the freshness test ignores this column. */
const notMeasured = 'not measured (run `npm run test-plans`)';

const executedCell = (executed: number | undefined, defined: number) =>
  executed === undefined ? notMeasured : `${executed} (${percent(executed, defined)}%)`;

/** A scenario's word for a label or a state: `<scenario>: <key>` first, then `<key>`. */
const wordsFor = <T>(words: Record<string, T>, scenario: string, key: string): T | undefined => words[`${scenario}: ${key}`] ?? words[key];

/** The labels of a path that a person cannot produce (not in the readable events), in order, once each. */
const automatedLabels = (readable: ReadablePaths | undefined, scenario: string, labels: string[]) => [
  ...new Set(labels.filter((label) => !readable || wordsFor(readable.events, scenario, label) === undefined)),
];

/**
 * Renders the test plan of one machine (`docs/test-plans/<name>.md`) from its model and the one drive of each of its
 * plan paths: the smoke checklist, the paths the console plays (each transition once) in the console's words, then
 * what a developer reads (coverage, requirements, bounds, invariants, the diagram, the events).
 */
export async function renderPlan(model: MachineModel, paths: PlannedPath[], measured?: UiFigures): Promise<string> {
  const total = definedByMachine(model.machine);
  const reachable = { states: new Set<string>(), transitions: new Set<string>() };
  for (const { run } of paths) {
    run.states.forEach((state) => reachable.states.add(state));
    run.transitions.forEach((transition) => reachable.transitions.add(transition));
  }
  const played = paths.filter((path) => path.console);
  const number = new Map(played.map((path, index) => [path, index + 1]));
  const out: string[] = [];
  out.push(`# Test plan: the ${model.name} machine`, '');
  out.push(
    `> Generated by \`npm run test-plans\` from \`test/support/models/${model.name}.ts\` and \`src/machines/${model.name}.machine.ts\`; do not edit by hand. How to read it: [the QA guide](../qa-guide.md). Every path of the graph, step by step: \`test/machines/plans/${model.name}.yaml\`.`,
    '',
  );
  out.push(model.summary, '');
  const checklists = manualPlans(model);
  if (checklists.length > 0) out.push(...manualChecklists(checklists));
  out.push(...(await pathSections(model, played, number)));

  out.push('## Coverage', '');
  out.push('| | Defined by the machine | Reachable in the graph | Executed by the UI path tests |', '|---|---:|---:|---:|');
  out.push(
    `| States | ${total.states.size} | ${reachable.states.size} | ${executedCell(measured?.states.executed, total.states.size)} |`,
    `| Transitions | ${total.transitions.size} | ${reachable.transitions.size} | ${executedCell(measured?.transitions.executed, total.transitions.size)} |`,
    '',
  );
  out.push(
    'States are the atomic and final states of the definition; transitions are its transitions with a target or actions (eventless ones included). "Reachable" is what the graph\'s paths take when driven on the machine alone; "executed" is what the console\'s own actors took while the UI path tests played the paths above, as a share of all the machine defines. The gate fails on any state or transition not executed, unless it is declared unreachable below with its reason.',
    '',
  );
  const unreachable = Object.entries(model.unreachable ?? {});
  out.push(
    '### Declared unreachable',
    '',
    ...(unreachable.length > 0
      ? unreachable.map(([item, reason]) => `- ${code(item)}: ${reason}`)
      : ['None: the plan takes every state and transition the machine defines.']),
    '',
  );
  out.push(
    '| Scenario | Graph states | Graph edges | Simple paths | Graph paths | Played in the console |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const { scenario, graph } of exploreModel(model)) {
    const simple = graph.countSimplePaths();
    const ofScenario = paths.filter((path) => path.scenario === scenario.name);
    out.push(
      `| ${scenario.name} | ${graph.states} | ${graph.edges.length} | ${simple.complete ? simple.count : `more than ${simple.count}`} | ${ofScenario.length} | ${ofScenario.filter((path) => path.console).length} |`,
    );
  }
  out.push(
    '',
    'Simple paths visit no graph state twice. The graph paths are the shortest ones that together take every edge of the graph: each is driven on the machine by its path test, step by step as `test/machines/plans/' +
      model.name +
      '.yaml` holds it. The console plays the fewest of them that still take every state and transition those take.',
    '',
  );

  out.push('## Requirements', '');
  out.push(
    "Each rule of the product this machine realises, the states and transitions that realise it, and the paths above (by number) that take one of them. A requirement no path takes fails the machine's path test.",
    '',
  );
  out.push('| Requirement | Rule | Realised by | Paths |', '|---|---|---|---|');
  for (const requirement of model.requirements) {
    const taking = played
      .filter(({ run }) => requirement.by.some((item) => run.states.has(item) || run.transitions.has(item)))
      .map((path) => number.get(path)!);
    out.push(`| ${requirement.id} | ${requirement.rule} | ${requirement.by.map(code).join('<br>')} | ${numberRanges(taking)} |`);
  }
  out.push('');

  out.push('## How the graph is bounded', '', model.bounded, '');
  out.push(
    '## Events never offered (impossible)',
    '',
    ...impossibleEvents.map((rule) => `- ${rule}`),
    ...(model.impossible ?? []).map((rule) => `- ${rule}`),
    '',
  );
  out.push('## Invariants checked at every step', '', ...model.invariants.map(([name]) => `- ${name}`), '');
  out.push('## State diagram', '', '```mermaid', mermaidDiagram(model.machine), '```', '');

  for (const scenario of model.scenarios) {
    const heading = model.scenarios.length > 1 ? ` (scenario "${scenario.name}")` : '';
    out.push(`## Events${heading}`, '');
    if (scenario.input !== undefined) out.push(`Input: ${code(JSON.stringify(scenario.input))}`, '');
    out.push('| Label | Event | Payload |', '|---|---|---|');
    for (const [label, event] of scenario.events)
      out.push(`| ${label} | ${code(event.type)} | ${payloadOf(event) ? code(payloadOf(event, 300)) : ''} |`);
    out.push('');
    if ((scenario.ignored ?? []).length > 0) {
      out.push('Offered in every state, and ignored by the machine in every one (no screen sends them, or only by mistake):', '');
      out.push('| Label | Event | Payload |', '|---|---|---|');
      for (const [label, event] of scenario.ignored!)
        out.push(`| ${label} | ${code(event.type)} | ${payloadOf(event) ? code(payloadOf(event, 300)) : ''} |`);
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The smoke checklists a person runs against `npm start`: per screen, the account, what must hold, then the steps. */
function manualChecklists(checklists: ManualPlan[]): string[] {
  const out = [
    '## Smoke checklist (by hand)',
    '',
    `Run it against \`npm start\` (http://localhost:3000) in a browser, in English (the language menu in the top bar, or the sign-in page's switch); about ${Math.max(5, checklists.length * 3)} minutes. Every account's password is \`Demo-2026!\`.`,
    '',
  ];
  let number = 0;
  for (const manual of checklists) {
    if (checklists.length > 1) out.push(`### ${manual.screen}`, '', `Account: ${manual.account}.`, '');
    else out.push(`Screen: ${manual.screen}. Account: ${manual.account}.`, '');
    out.push('Before the first step:', '', ...manual.preconditions.map((condition) => `- ${condition}`), '');
    out.push(
      '| # | Do | The screen shows | ✓ |',
      '|---:|---|---|---|',
      ...manual.smoke.map((step) => `| ${++number} | ${step.do} | ${step.see} | ☐ |`),
      '',
    );
  }
  return out;
}

/** Numbers as ranges: `1–4, 7, 9–10`. */
export function numberRanges(numbers: number[]): string {
  const ranges: Array<[number, number]> = [];
  for (const value of numbers) {
    const last = ranges.at(-1);
    if (last && last[1] + 1 === value) last[1] = value;
    else ranges.push([value, value]);
  }
  return ranges.map(([first, last]) => `${first}${last > first ? `–${last}` : ''}`).join(', ');
}

/**
 * The paths the console plays, each transition once: those a person can play, each step in the console's words with
 * what the screen then shows (smoke when the checklist takes every transition they take); then, one line each, those
 * that need what a person cannot cause at will.
 */
async function pathSections(model: MachineModel, played: PlannedPath[], number: Map<PlannedPath, number>): Promise<string[]> {
  const { readable } = model;
  const byHand: string[] = [];
  const automated: string[] = [];
  const automatedWords = new Map<string, string>();
  const smokeTaken = new Map<string, Set<string>>();
  for (const scenario of model.scenarios) {
    const taken = executionRecord();
    for (const manual of manualPlans(model).filter((checklist) => checklist.scenario === scenario.name && !('input' in checklist))) {
      await walkManualSteps(model, manual, taken.inspect);
    }
    smokeTaken.set(scenario.name, taken.transitions);
  }
  const scenarioName = (path: PlannedPath) => (model.scenarios.length > 1 ? ` (${path.scenario})` : '');
  const qualifiers = (path: PlannedPath, smoke: boolean) => {
    const words = [...(model.scenarios.length > 1 ? [path.scenario] : []), ...(smoke ? ['smoke'] : [])];
    return words.length > 0 ? ` (${words.join(', ')})` : '';
  };
  for (const path of played) {
    const { scenario, labels, run } = path;
    const missing = automatedLabels(readable, scenario, labels);
    if (missing.length > 0 || !readable) {
      for (const label of missing) automatedWords.set(label, readable ? (wordsFor(readable.automated, scenario, label) ?? '') : '');
      automated.push(
        `| ${number.get(path)}${scenarioName(path)} | ${labels.join(' → ') || 'start'} | ${missing.join(', ')} | ${code(run.screens.at(-1) ?? '')} |`,
      );
      continue;
    }
    const smoke = [...run.transitions].every((transition) => smokeTaken.get(scenario)!.has(transition));
    // The path's steps as a person takes them: an action and the answers it brings, then what the screen shows.
    const groups: Array<{ doing: string[]; end: number }> = [];
    for (const [at, label] of labels.entries()) {
      const words = wordsFor(readable.events, scenario, label)!;
      if ('do' in words || groups.length === 0) groups.push({ doing: [], end: at + 1 });
      const group = groups.at(-1)!;
      group.doing.push('do' in words ? words.do : `${group.doing.length === 0 ? 'Wait' : 'wait'}: ${words.wait}`);
      group.end = at + 1;
    }
    const start = wordsFor(readable.start, scenario, 'start');
    byHand.push(`### Path ${number.get(path)}${qualifiers(path, smoke)}`, '', `Start: ${start}.`, '');
    let from = 1;
    let before = wordsFor(readable.screens, scenario, run.screens[0]!);
    for (const [index, { doing, end }] of groups.entries()) {
      const state = run.screens[end]!;
      const screen = wordsFor(readable.screens, scenario, state);
      if (screen === undefined) throw new Error(`${model.name}: no screen words for state ${state} (scenario ${scenario})`);
      const told = run.outcomes
        .slice(from, end + 1)
        .flat()
        .map(outcomeInWords)
        .filter((words): words is string => words !== null);
      from = end + 1;
      byHand.push(`${index + 1}. ${doing.join(', then ')} → ${[screen === before ? 'the same screen' : screen, ...told].join('; ')}.`);
      before = screen;
    }
    byHand.push('');
  }
  const out = [
    '## Paths to play',
    '',
    `The console plays ${played.length} paths: together they take every state and transition the machine's graph takes, each transition at least once (the UI path tests, \`test/qa/ui/${model.name}.ui.test.tsx\`). Those a person can play come first, in the console's words → what the screen then shows; *smoke* marks a path that takes only transitions the smoke checklist takes.`,
    '',
    ...(byHand.length > 0 ? byHand : ['None: every path needs an answer a person cannot cause at will.', '']),
    '### Automated only',
    '',
  ];
  if (automated.length === 0) return [...out, 'None: a person can play every path.', ''];
  return [
    ...out,
    `${automated.length} paths need what a person cannot cause at will. What their steps stand for:`,
    '',
    ...[...automatedWords].map(([label, words]) => `- ${label}${words ? `: ${words}` : ''}`),
    '',
    '| Path | Steps | Needs | Ends in |',
    '|---:|---|---|---|',
    ...automated,
    '',
  ];
}

/** The plan without the figures measured in the UI, which only a run of the UI path tests knows. */
export const withoutMeasuredFigures = (plan: string) =>
  plan.replaceAll(/^(\| (?:States|Transitions) \|[^|]*\|[^|]*\|)[^|]*\|$/gm, '$1 … |');

export function renderIndex(models: MachineModel[]): string {
  return [
    '# Test plans',
    '',
    '> Generated by `npm run test-plans`; one plan per machine of src/machines. How to read them and how to add a machine: [the QA guide](../qa-guide.md).',
    '',
    "Each plan opens with its smoke checklist, to run by hand against `npm start`, then the paths the console plays (each transition once) in the console's words, then those only the automated tests can play. `npm run test-plans -- --print` also writes each plan as a printable page into `docs/test-plans/print/` (not committed).",
    '',
    ...models.map((model) => `- [${model.name}](${model.name}.md): ${model.summary}`),
    '',
  ].join('\n');
}
