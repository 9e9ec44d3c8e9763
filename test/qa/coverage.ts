import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One machine's line of the coverage table. */
export interface CoverageFigures {
  machine: string;
  states: { total: number; executed: number };
  transitions: { total: number; executed: number };
  /** What the machine defines and no path can take, with the reason. */
  unreachable: Record<string, string>;
  /** What the gate found wrong; empty when the UI path tests cover the machine. */
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

/**
 * The table printed at the end of `npm test`: executed as a share of all the machine defines, then each state or
 * transition declared unreachable with its reason.
 */
export function coverageTable(rows: CoverageFigures[]): string {
  const header = ['machine', 'states defined', 'executed in UI', 'transitions defined', 'executed in UI'];
  const lines = rows.map(({ machine, states: s, transitions: t }) => [
    machine,
    String(s.total),
    `${s.executed} (${percent(s.executed, s.total)})`,
    String(t.total),
    `${t.executed} (${percent(t.executed, t.total)})`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const declared = rows.flatMap(({ machine, unreachable }) =>
    Object.entries(unreachable ?? {}).map(([item, reason]) => `  ${machine}: ${item} (unreachable: ${reason})`),
  );
  return [format(header), ...lines.map(format), ...(declared.length > 0 ? ['Declared unreachable:', ...declared] : [])].join('\n');
}
