import { performance } from 'node:perf_hooks';

export interface Timing {
  iterations: number;
  perSecond: number;
}

/** Runs `work` a fixed number of times, one after the other, after a few unmeasured warm-up runs. */
export async function measure(iterations: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let warmUp = 0; warmUp < Math.min(20, iterations); warmUp += 1) await work();
  const started = performance.now();
  for (let iteration = 0; iteration < iterations; iteration += 1) await work();
  return { iterations, perSecond: iterations / ((performance.now() - started) / 1000) };
}

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** A benchmark setting from the environment: a positive integer, or the fallback. */
export function positiveInteger(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}
