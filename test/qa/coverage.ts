import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { definedByMachine, drive, executionRecord, explore, type DriveOptions } from '../support/paths/graph-paths';
import type { MachineModel, Scenario } from '../support/paths/model';

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

/** One machine's line of the coverage table. */
export interface CoverageFigures {
  machine: string;
  states: { total: number; reachable: number; executed: number };
  transitions: { total: number; reachable: number; executed: number };
  /** What the gate found wrong; empty when the UI path tests cover the graph. */
  failures: string[];
}

/** Where the UI path tests leave their figures for the run's summary and for `npm run test-plans`. */
export const coverageDirectory = join(import.meta.dirname, '../../node_modules/.cache/qa-coverage');

export function writeCoverage(figures: CoverageFigures) {
  mkdirSync(coverageDirectory, { recursive: true });
  writeFileSync(join(coverageDirectory, `${figures.machine}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}

export function readCoverage(): CoverageFigures[] {
  try {
    return readdirSync(coverageDirectory)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(coverageDirectory, file), 'utf8')) as CoverageFigures);
  } catch {
    return [];
  }
}

export const clearCoverage = () => rmSync(coverageDirectory, { recursive: true, force: true });

const percent = (part: number, whole: number) => (whole === 0 ? '100%' : `${Math.floor((part / whole) * 1000) / 10}%`);

/** The table printed at the end of `npm test`. */
export function coverageTable(rows: CoverageFigures[]): string {
  const header = ['machine', 'states total', 'reachable', 'executed in UI', 'transitions total', 'reachable', 'executed in UI'];
  const lines = rows.map(({ machine, states: s, transitions: t }) => [
    machine,
    String(s.total),
    String(s.reachable),
    `${s.executed} (${percent(s.executed, s.reachable)})`,
    String(t.total),
    String(t.reachable),
    `${t.executed} (${percent(t.executed, t.reachable)})`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}
