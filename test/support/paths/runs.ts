import { drivePath, type Golden, type GoldenPath, goldenPaths, labelsOf, type PathRun } from './golden';
import type { MachineModel } from './model';
import type { PlannedPath } from './plan';

/**
 * Each path of a golden driven once on the machine, whichever test asks first: the path's own test, the coverage
 * test, the requirements or the Markdown plan all read the same run.
 */
export function pathRuns(model: MachineModel, golden: Golden) {
  const cache = new Map<string, Promise<PathRun>>();
  const of = (scenarioName: string, labels: string[]) => {
    const key = `${scenarioName}\n${labels.join('\n')}`;
    if (!cache.has(key)) {
      const scenario = model.scenarios.find((candidate) => candidate.name === scenarioName);
      cache.set(
        key,
        scenario
          ? drivePath(model, scenario, labels)
          : Promise.resolve({
              steps: [],
              outcomes: [],
              screens: [],
              states: new Set(),
              transitions: new Set(),
              problems: [`no scenario "${scenarioName}"`],
            }),
      );
    }
    return cache.get(key)!;
  };
  /** The states and transitions the golden's paths take (those `only` keeps). */
  const taken = async (only: (path: GoldenPath) => boolean = () => true) => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const path of goldenPaths(golden).filter(only)) {
      const run = await of(path.scenario, labelsOf(path));
      run.states.forEach((state) => states.add(state));
      run.transitions.forEach((transition) => transitions.add(transition));
    }
    return { states, transitions };
  };
  /** Every golden path with its run, in the golden's order: what the Markdown plan is written from. */
  const planned = async (): Promise<PlannedPath[]> => {
    const all: PlannedPath[] = [];
    for (const path of goldenPaths(golden)) {
      const labels = labelsOf(path);
      all.push({ scenario: path.scenario, labels, run: await of(path.scenario, labels), console: path.console });
    }
    return all;
  };
  return { of, taken, planned };
}

/**
 * The paths the console plays: a small set taking every state and transition the plan's paths take, chosen greedily
 * (the path taking most of what is left first, the earlier one on a tie), returned as indexes in `runs`' order.
 */
export function coveringSet(runs: PathRun[]): Set<number> {
  const items = (run: PathRun) => [
    ...[...run.states].map((state) => `state ${state}`),
    ...[...run.transitions].map((t) => `transition ${t}`),
  ];
  const left = new Set(runs.flatMap(items));
  const chosen = new Set<number>();
  while (left.size > 0) {
    let best = -1;
    let bestGain = 0;
    for (const [index, run] of runs.entries()) {
      if (chosen.has(index)) continue;
      const gain = items(run).filter((item) => left.has(item)).length;
      if (gain > bestGain) [best, bestGain] = [index, gain];
    }
    if (best < 0) break;
    chosen.add(best);
    items(runs[best]!).forEach((item) => left.delete(item));
  }
  return chosen;
}
