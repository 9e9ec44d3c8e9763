/**
 * `npm run test-plans [machine…]`: drives every plan path of each machine once on the machine alone and writes its
 * golden (test/machines/plans/<name>.yaml: every path, one line per step, and the paths the console plays); then plays
 * those in the console (the `qa:ui` tests, which measure coverage from the console's own actors) and writes one
 * Markdown plan per machine into docs/test-plans/ with the figures they measured.
 * `--no-ui` writes the plans without running the UI tests (the executed column then says "not measured");
 * `--no-ui --keep-figures` keeps the executed figures of the plan already written, where the machine still defines as
 * many states and transitions (for a change of the plans' words only: the UI tests' coverage is the same).
 * `--print` also writes each plan as a printable HTML page into docs/test-plans/print/ (not committed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearCoverage, coverageTable, readCoverage } from './coverage';
import { printableDirectory, renderPrintable } from './printable';
import { drivePath, goldenDirectory, goldenFile, goldenOf, goldenPaths, labelsOf, renderGolden } from '../support/paths/golden';
import { exploreModel, type MachineModel } from '../support/paths/model';
import { plansDirectory, renderIndex, renderPlan, type PlannedPath } from '../support/paths/plan';
import { coveringSet } from '../support/paths/runs';
import { registry } from '../support/models/registry';

const root = join(import.meta.dirname, '../..');
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const models = only.length > 0 ? registry.filter((model) => only.includes(model.name)) : registry;
if (only.length > 0 && models.length !== only.length) {
  console.error(
    `Unknown machine: ${only.filter((name) => !registry.some((model) => model.name === name)).join(', ')}; known: ${registry.map((model) => model.name).join(', ')}`,
  );
  process.exit(2);
}

/** Each plan path of the machine's graph driven once; the covering set marked; the golden written. */
async function writeGolden(model: MachineModel): Promise<PlannedPath[]> {
  const planned: PlannedPath[] = [];
  for (const { scenario, graph } of exploreModel(model)) {
    for (const path of graph.planPaths) {
      const labels = graph.labelsOf(path);
      const run = await drivePath(model, scenario, labels);
      if (run.problems.length > 0) throw new Error(`${model.name}, ${scenario.name}: ${labels.join(' → ')}: ${run.problems.join('; ')}`);
      planned.push({ scenario: scenario.name, labels, run, console: false });
    }
  }
  for (const index of coveringSet(planned.map(({ run }) => run))) planned[index]!.console = true;
  const golden = goldenOf(planned.map(({ scenario, run, console }) => ({ scenario, steps: run.steps, console })));
  writeFileSync(goldenFile(model.name), renderGolden(model, golden));
  console.log(
    `wrote ${goldenDirectory}/${model.name}.yaml: ${planned.length} paths, ${planned.filter((path) => path.console).length} played in the console`,
  );
  // The plan lists the paths in the golden's order, as the path test that checks it reads them.
  const byPath = new Map(planned.map((path) => [`${path.scenario}\n${path.labels.join('\n')}`, path]));
  return goldenPaths(golden).map((path) => byPath.get(`${path.scenario}\n${labelsOf(path).join('\n')}`)!);
}

mkdirSync(join(root, goldenDirectory), { recursive: true });
const plans = new Map<string, PlannedPath[]>();
for (const model of models) plans.set(model.name, await writeGolden(model));
if (only.length === 0) {
  for (const file of readdirSync(join(root, goldenDirectory))) {
    if (!registry.some((model) => `${model.name}.yaml` === file)) rmSync(join(root, goldenDirectory, file));
  }
}

let status = 0;
const playUi = !process.argv.includes('--no-ui');
if (playUi) {
  clearCoverage();
  const files = only.length > 0 ? models.map((model) => `test/qa/ui/${model.name}.ui.test.tsx`) : [];
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'qa:ui', ...files], { cwd: root, stdio: 'inherit' });
  status = run.status ?? 1;
}

const measured = new Map(playUi ? readCoverage().map((figures) => [figures.machine, figures]) : []);
const directory = join(root, plansDirectory);
mkdirSync(directory, { recursive: true });
const keepFigures = !playUi && process.argv.includes('--keep-figures');
const previous = new Map(
  registry.map((model) => {
    const file = join(directory, `${model.name}.md`);
    return [model.name, keepFigures && existsSync(file) ? readFileSync(file, 'utf8') : null] as const;
  }),
);
if (only.length === 0) for (const file of readdirSync(directory)) rmSync(join(directory, file), { recursive: true });
const print = process.argv.includes('--print');
if (print) mkdirSync(join(root, printableDirectory), { recursive: true });
for (const model of models) {
  const plan = keptFigures(await renderPlan(model, plans.get(model.name)!, measured.get(model.name)), previous.get(model.name) ?? null);
  writeFileSync(join(directory, `${model.name}.md`), plan);
  if (print)
    writeFileSync(join(root, printableDirectory, `${model.name}.html`), renderPrintable(plan, `Test plan: the ${model.name} machine`));
  console.log(`wrote ${plansDirectory}/${model.name}.md${print ? ` and ${printableDirectory}/${model.name}.html` : ''}`);
}
writeFileSync(join(directory, 'README.md'), renderIndex(registry));

/** The plan with the figures the previous plan measured, row by row, where that row's defined count is the same. */
function keptFigures(plan: string, before: string | null): string {
  if (before === null) return plan;
  const row = (text: string, name: string) => new RegExp(`^\\| ${name} \\| (\\d+) \\|[^|]*\\|([^|]*)\\|$`, 'm').exec(text);
  let kept = plan;
  for (const name of ['States', 'Transitions']) {
    const now = row(plan, name);
    const then = row(before, name);
    if (now && then && now[1] === then[1] && !then[2]!.includes('not measured'))
      kept = kept.replace(now[0], now[0].replace(/\|[^|]*\|$/, `|${then[2]}|`));
  }
  return kept;
}
if (measured.size > 0) console.log(`\n${coverageTable([...measured.values()])}`);
process.exit(status);
