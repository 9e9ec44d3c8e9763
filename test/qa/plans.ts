import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { Destination, Notice } from '../../src/machines/outcomes';
import { drive, impossibleEvents, stateKeys, type DriveOptions, type Path } from '../support/paths/graph-paths';
import type { CoverageFigures } from './coverage';
import { exploreModel, modelCoverage, requirementCoverage, type ManualPlan, type MachineModel } from '../support/paths/model';

/** Where the plans are written, from the repository's root. */
export const plansDirectory = 'docs/test-plans';

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

/** An event's payload in one line, long values cut short (the Events table of the plan has them whole). */
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

const outcomeNames = ({ actions }: AnyTransitionDefinition) =>
  [...new Set(actions.map((action) => (action as { type?: unknown }).type).filter((type): type is string => outcomeTypes.includes(type as string)))];

const transitionLabel = (transition: AnyTransitionDefinition) => {
  const { eventType, guard } = transition;
  const guardName = typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
  const outcomes = outcomeNames(transition);
  return `${eventName(eventType)}${guardName ? ` if ${guardName}` : ''}${outcomes.length > 0 ? ` / ${outcomes.join(', ')}` : ''}`.replaceAll(/[:;#]/g, ' ');
};

/** An outcome action as a plan reads it: `notify success "key" {values}` or `navigate /path (replace)`; null for a navigation that stays. */
const describeOutcome = (type: string, params: unknown): string | null => {
  if (type === 'notify') {
    const { severity, messageKey, values, message } = params as Notice;
    return `notify ${severity} ${code(messageKey)}${values ? ` ${code(JSON.stringify(values))}` : ''}${message ? ` (the server's words: ${code(message)})` : ''}`;
  }
  if (params === null) return null;
  const { path, replace } = params as Destination;
  return `navigate ${code(path)}${replace ? ' (replacing the page)' : ''}`;
};

/** What each step of a path told the user and where it led, driven on the machine alone: one list per step (the first: the start). */
async function outcomesAlong(path: Path, options: DriveOptions): Promise<string[][]> {
  const steps: string[][] = path.steps.map(() => []);
  let step = 0;
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.action') return;
    const { type, params } = event.action;
    if (!outcomeTypes.includes(type)) return;
    const outcome = describeOutcome(type, params);
    if (outcome) steps[step]!.push(outcome);
  };
  await drive(path, { ...options, inspect, onStep: (index) => (step = index) });
  return steps;
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
      const targets = transition.target?.map((target: AnyStateNode) => (target === machine.root ? anyState : mermaidId(target))) ?? [source];
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
  if (model.manual) out.push(...manualChecklist(model.manual));

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
    ...(unreachable.length > 0 ? unreachable.map(([item, reason]) => `- ${code(item)}: ${reason}`) : ['None: the plan takes every state and transition the machine defines.']),
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
  out.push('', 'Simple paths are the paths from the initial state that visit no graph state twice; the plan is far shorter: the shortest paths that together take every edge of the graph.', '');

  out.push('## Requirements', '');
  out.push(
    'Each rule of the product this machine realises, the states and transitions that realise it, and the plan paths (numbered as under "Paths") that take one of them. A requirement no path takes fails the machine\'s path test.',
    '',
  );
  out.push('| Requirement | Rule | Realised by | Paths |', '|---|---|---|---|');
  for (const requirement of await requirementCoverage(model)) {
    out.push(`| ${requirement.id} | ${requirement.rule} | ${requirement.by.map(code).join('<br>')} | ${requirement.paths.join(', ')} |`);
  }
  out.push('');

  out.push('## How the graph is bounded', '', model.bounded, '');
  out.push('## Events never offered (impossible)', '', ...impossibleEvents.map((rule) => `- ${rule}`), ...(model.impossible ?? []).map((rule) => `- ${rule}`), '');

  out.push('## Invariants checked at every step', '', ...model.invariants.map(([name]) => `- ${name}`), '');

  out.push('## State diagram', '', '```mermaid', mermaidDiagram(model.machine), '```', '');

  for (const { scenario, graph, options } of explorations) {
    const heading = model.scenarios.length > 1 ? ` (scenario "${scenario.name}")` : '';
    out.push(`## Events${heading}`, '');
    if (scenario.input !== undefined) out.push(`Input: ${code(JSON.stringify(scenario.input))}`, '');
    out.push('| Label | Event | Payload |', '|---|---|---|');
    for (const [label, event] of scenario.events) out.push(`| ${label} | ${code(event.type)} | ${payloadOf(event) ? code(payloadOf(event)) : ''} |`);
    out.push('');
    out.push(`## Paths${heading}`, '', `${graph.planPaths.length} paths; each starts in ${code(stateName(graph.shortestPaths.find((path) => path.weight === 0)!.state))}.`, '');
    for (const [index, path] of graph.planPaths.entries()) {
      const outcomes = await outcomesAlong(path, options);
      const failing = path.steps.some((step) => step.event.type.startsWith('xstate.error.'));
      out.push(`${index + 1}. **${graph.describePath(path)}** (${failing ? 'edge, automated only: a failure a person cannot cause at will' : 'regular'})`);
      for (const [at, step] of path.steps.entries()) {
        if (at === 0) continue;
        const payload = payloadOf(step.event, 90);
        const told = outcomes[at]!.map((outcome) => `; ${outcome}`).join('');
        out.push(`   - ${graph.describeEvent(step.event)}: ${code(step.event.type)}${payload ? ` ${code(payload)}` : ''} → ${code(stateName(step.state))}${told}`);
      }
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The smoke checklist a person runs against `npm start`: the screen, the account, what must hold, then the steps. */
function manualChecklist(manual: ManualPlan): string[] {
  return [
    '## Smoke checklist (by hand)',
    '',
    `Run it against \`npm start\` (http://localhost:3000) in a browser; about five minutes. Screen: ${manual.screen}. Account: ${manual.account}.`,
    '',
    'Before the first step:',
    '',
    ...manual.preconditions.map((condition) => `- ${condition}`),
    '',
    '| # | Do | The screen shows | ✓ |',
    '|---:|---|---|---|',
    ...manual.smoke.map((step, index) => `| ${index + 1} | ${step.do} | ${step.see} | ☐ |`),
    '',
    'Priority: the checklist is the smoke test; the paths below are regular (a person can play them with the events\' labels) or edge (they need a server failure: automated only, in `test/qa/ui`).',
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
    ...models.map((model) => `- [${model.name}](${model.name}.md) ([printable](print/${model.name}.html)): ${model.summary}`),
    '',
  ].join('\n');
}
