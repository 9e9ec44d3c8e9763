import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { Destination, Notice } from '../../src/machines/outcomes';
import { en } from '../../src/i18n/en';
import { createI18n } from '../../src/i18n';
import { noticeText } from '../../src/views/notifications/notice-text';
import { drive, executionRecord, impossibleEvents, stateKeys, type DriveOptions, type Path } from '../support/paths/graph-paths';
import type { CoverageFigures } from './coverage';
import {
  exploreModel,
  manualPlans,
  modelCoverage,
  requirementCoverage,
  walkManualSteps,
  type ManualPlan,
  type MachineModel,
  type ReadablePaths,
} from '../support/paths/model';

/** Where the plans are written, from the repository's root. */
export const plansDirectory = 'docs/test-plans';

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

/** An event's payload in one line, cut short past `limit` characters (a file of 501 rows is the model's, not the plan's). */
const payloadOf = ({ type: _, ...payload }: EventObject, limit = Infinity) => {
  if (Object.keys(payload).length === 0) return '';
  const text = JSON.stringify(payload, (_, value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : value));
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
};

const stateName = (snapshot: AnyMachineSnapshot) => stateKeys(snapshot).join(' + ');

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

/** An outcome action a step took: its type (`notify`, `navigate`) and its params. */
type Outcome = { type: string; params: unknown };

/** What each step of a path told the user and where it led, driven on the machine alone: one list per step (the first: the start). */
async function outcomesAlong(path: Path, options: DriveOptions): Promise<Outcome[][]> {
  const steps: Outcome[][] = path.steps.map(() => []);
  let step = 0;
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type !== '@xstate.action') return;
    const { type, params } = event.action;
    if (outcomeTypes.includes(type)) steps[step]!.push({ type, params });
  };
  await drive(path, { ...options, inspect, onStep: (index) => (step = index) });
  return steps;
}

const english = createI18n('en', { load: () => en });

/** An outcome as the screen shows it: the message's English text, or the page the console opens; null for none. */
export function outcomeInWords({ type, params }: Outcome): string | null {
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

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

/** Shown where the UI's figures are not measured yet; the freshness test ignores this column. */
const notMeasured = 'not measured (run `npm run test-plans`)';

const executedCell = (executed: number | undefined, defined: number) =>
  executed === undefined ? notMeasured : `${executed} (${percent(executed, defined)}%)`;

/** Renders the test plan of one machine: what `npm run test-plans` writes to docs/test-plans/<name>.md. */
export async function renderPlan(model: MachineModel, measured?: CoverageFigures): Promise<string> {
  const { total, reachable } = await modelCoverage(model);
  const explorations = exploreModel(model);
  const out: string[] = [];
  out.push(`# Test plan: the ${model.name} machine`, '');
  out.push(
    `> Generated by \`npm run test-plans\` from \`test/support/models/${model.name}.ts\` and \`src/machines/${model.name}.machine.ts\`; do not edit by hand. How to read it: [the QA guide](../qa-guide.md).`,
    '',
  );
  out.push(model.summary, '');
  const checklists = manualPlans(model);
  if (checklists.length > 0) out.push(...manualChecklists(checklists));

  const pathsAt = out.length;
  out.push('## Coverage', '');
  out.push('| | Defined by the machine | Reachable in the graph | Executed by the UI path tests |', '|---|---:|---:|---:|');
  out.push(`| States | ${total.states.size} | ${reachable.states.size} | ${executedCell(measured?.states.executed, total.states.size)} |`);
  out.push(
    `| Transitions | ${total.transitions.size} | ${reachable.transitions.size} | ${executedCell(measured?.transitions.executed, total.transitions.size)} |`,
    '',
  );
  out.push(
    'States are the atomic and final states of the definition; transitions are its transitions with a target or actions (eventless ones included). "Reachable" is what the plan\'s paths take when driven on the machine alone; "executed" is what the console\'s own actors took while the UI path tests played the same paths, as a share of all the machine defines. The gate fails on any state or transition not executed, unless it is declared unreachable below with its reason.',
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
  out.push('| Scenario | Graph states | Graph edges | Simple paths | Plan paths | Plan steps |', '|---|---:|---:|---:|---:|---:|');
  for (const { scenario, graph } of explorations) {
    const simple = graph.countSimplePaths();
    const steps = graph.planPaths.reduce((sum, path) => sum + path.steps.length - 1, 0);
    out.push(
      `| ${scenario.name} | ${graph.states} | ${graph.edges.length} | ${simple.complete ? simple.count : `more than ${simple.count}`} | ${graph.planPaths.length} | ${steps} |`,
    );
  }
  out.push(
    '',
    'Simple paths are the paths from the initial state that visit no graph state twice; the plan is far shorter: the shortest paths that together take every edge of the graph.',
    '',
  );

  out.push('## Requirements', '');
  out.push(
    'Each rule of the product this machine realises, the states and transitions that realise it, and the plan paths (numbered as under "Paths") that take one of them. A requirement no path takes fails the machine\'s path test.',
    '',
  );
  out.push('| Requirement | Rule | Realised by | Paths |', '|---|---|---|---|');
  for (const requirement of await requirementCoverage(model)) {
    out.push(`| ${requirement.id} | ${requirement.rule} | ${requirement.by.map(code).join('<br>')} | ${pathRanges(requirement.paths)} |`);
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

  for (const { scenario } of explorations) {
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
  out.splice(pathsAt, 0, ...(await pathSections(model, checklists)));
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

/** Path numbers as ranges: `paged 1–4, paged 7, following 2–3`. */
export function pathRanges(paths: string[]): string {
  const ranges: Array<{ scope: string; first: number; last: number }> = [];
  for (const path of paths) {
    const [, scope = '', number] = /^(.*?)(\d+)$/.exec(path)!;
    const last = ranges.at(-1);
    if (last && last.scope === scope && last.last + 1 === Number(number)) last.last = Number(number);
    else ranges.push({ scope, first: Number(number), last: Number(number) });
  }
  return ranges.map(({ scope, first, last }) => `${scope}${first}${last > first ? `–${last}` : ''}`).join(', ');
}

/** A step of the paths by hand, and the steps that follow it on the paths sharing it; `ends`: the paths ending there. */
interface StepNode {
  text: string;
  children: StepNode[];
  ends: string[];
}

const renderTree = (nodes: StepNode[], indent: string): string[] =>
  nodes.flatMap(({ text, children, ends }) => [
    `${indent}- ${text}${ends.length > 0 ? ` End of ${ends.join(', ')}.` : ''}`,
    ...renderTree(children, `${indent}  `),
  ]);

/** A scenario's word for a label or a state: `<scenario>: <key>` first, then `<key>`. */
const wordsFor = <T>(words: Record<string, T>, scenario: string, key: string): T | undefined => words[`${scenario}: ${key}`] ?? words[key];

/** The labels of a path that a person cannot produce (not in the readable events), in order, once each. */
const automatedLabels = (readable: ReadablePaths | undefined, scenario: string, labels: string[]) => [
  ...new Set(labels.filter((label) => !readable || wordsFor(readable.events, scenario, label) === undefined)),
];

/**
 * The plan's paths by priority: those a person can play (each step in the console's words, with what the screen then
 * shows), smoke when the checklist takes every transition they take; then, summarised, those only the automated
 * tests can play.
 */
async function pathSections(model: MachineModel, checklists: ManualPlan[]): Promise<string[]> {
  const { readable } = model;
  const byHand: string[] = [];
  const automated: string[] = [];
  const automatedWords = new Map<string, string>();
  let regularCount = 0;
  let smokeCount = 0;
  for (const { scenario, graph, options } of exploreModel(model)) {
    const smokeTaken = executionRecord();
    for (const manual of checklists.filter((checklist) => checklist.scenario === scenario.name && !('input' in checklist))) {
      await walkManualSteps(model, manual, smokeTaken.inspect);
    }
    const prefix = model.scenarios.length > 1 ? `${scenario.name} ` : '';
    const tree: StepNode[] = [];
    for (const [index, path] of graph.planPaths.entries()) {
      const labels = path.steps.slice(1).map((step) => graph.describeEvent(step.event));
      const missing = automatedLabels(readable, scenario.name, labels);
      if (missing.length > 0 || !readable) {
        for (const label of missing) automatedWords.set(label, readable ? (wordsFor(readable.automated, scenario.name, label) ?? '') : '');
        const end = stateName(path.steps.at(-1)!.state);
        automated.push(`| ${prefix}${index + 1} | ${labels.join(' → ') || 'start'} | ${missing.join(', ')} | ${code(end)} |`);
        continue;
      }
      const taken = executionRecord();
      const outcomes = await outcomesAlong(path, { ...options, inspect: taken.inspect });
      const smoke = [...taken.transitions].every((transition) => smokeTaken.transitions.has(transition));
      regularCount += 1;
      if (smoke) smokeCount += 1;
      // The path's steps as a person takes them: an action and the answers it brings, then what the screen shows.
      const groups: Array<{ doing: string[]; end: number }> = [];
      for (const [at, label] of labels.entries()) {
        const words = wordsFor(readable.events, scenario.name, label)!;
        if ('do' in words || groups.length === 0) groups.push({ doing: [], end: at + 1 });
        const group = groups.at(-1)!;
        group.doing.push('do' in words ? words.do : `${group.doing.length === 0 ? 'Wait' : 'wait'}: ${words.wait}`);
        group.end = at + 1;
      }
      let from = 1;
      let before = wordsFor(
        readable.screens,
        scenario.name,
        stateName(path.steps[0]!.state) || scenario.serializeState(path.steps[0]!.state),
      );
      let level = tree;
      let node: StepNode | undefined;
      for (const { doing, end } of groups) {
        const state = stateName(path.steps[end]!.state) || scenario.serializeState(path.steps[end]!.state);
        const screen = wordsFor(readable.screens, scenario.name, state);
        if (screen === undefined) throw new Error(`${model.name}: no screen words for state ${state} (scenario ${scenario.name})`);
        const told = outcomes
          .slice(from, end + 1)
          .flat()
          .map(outcomeInWords)
          .filter((words): words is string => words !== null);
        from = end + 1;
        const text = `${doing.join(', then ')} → ${[screen === before ? 'the same screen' : screen, ...told].join('; ')}.`;
        before = screen;
        node = level.find((candidate) => candidate.text === text);
        if (!node) level.push((node = { text, children: [], ends: [] }));
        level = node.children;
      }
      node?.ends.push(`**path ${prefix}${index + 1}** (${smoke ? 'smoke' : 'regular'})`);
    }
    if (tree.length > 0) {
      const start = readable && wordsFor(readable.start, scenario.name, 'start');
      byHand.push(
        ...(model.scenarios.length > 1 ? [`### Scenario "${scenario.name}"`, ''] : []),
        `Every path starts here: ${start}.`,
        '',
        ...renderTree(tree, ''),
        '',
      );
    }
  }
  const out = [
    '## Paths by hand',
    '',
    `${regularCount} paths a person can play against \`npm start\`. The paths are numbered as in the requirements' table; together with the automated ones below they take every edge of the machine's graph.`,
    '',
    `Each step is in the console's words → what the screen then shows. Paths sharing their first steps share them below: follow one branch down to a **path**. Priority *smoke* (${smokeCount} paths): it takes only transitions the smoke checklist takes, running the checklist plays it; *regular* (${regularCount - smokeCount} paths): the others.`,
    '',
    ...(regularCount > 0 ? byHand : ['None: every path needs an answer a person cannot cause at will.', '']),
    '## Automated only (priority edge)',
    '',
  ];
  if (automated.length === 0) return [...out, 'None: a person can play every path.', ''];
  return [
    ...out,
    `${automated.length} paths need what a person cannot cause at will; \`test/qa/ui/${model.name}.ui.test.tsx\` plays them in the console and \`test/machines/${model.name}.paths.test.ts\` on the machine alone. What their steps stand for:`,
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

/** The index of docs/test-plans. */
export function renderIndex(models: MachineModel[]): string {
  return [
    '# Test plans',
    '',
    '> Generated by `npm run test-plans`; one plan per machine of src/machines. How to read them and how to add a machine: [the QA guide](../qa-guide.md).',
    '',
    "Each plan opens with its smoke checklist, to run by hand against `npm start` (the printable page has a box to tick per step), then the paths a person can play in the console's words, then those only the automated tests can play.",
    '',
    ...models.map((model) => `- [${model.name}](${model.name}.md) ([printable](print/${model.name}.html)): ${model.summary}`),
    '',
  ].join('\n');
}
