/**
 * `npm run test-plans`: plays every machine's paths in the console (the `qa:ui` tests, which measure coverage
 * from the console's own actors), then writes one Markdown plan per machine into docs/test-plans/.
 * Each plan is also written as one printable HTML page into docs/test-plans/print/, and its paths with the states
 * they reach into test/machines/plans/<name>.json, which the path tests drive as reviewed.
 * `--no-ui` writes the plans without running the UI tests (the executed column then says "not measured");
 * `--no-ui --keep-figures` keeps the executed figures of the plan already written, where the machine still defines as
 * many states and transitions (for a change of the plans' words only: the UI tests' coverage is the same).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearCoverage, coverageTable, readCoverage } from './coverage';
import { plansDirectory, renderIndex, renderPlan } from './plans';
import { printableDirectory, renderPrintable } from './printable';
import { currentPlan, renderReviewed, reviewedDirectory, reviewedFile } from '../support/paths/reviewed';
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
const printable = join(root, printableDirectory);
mkdirSync(printable, { recursive: true });
mkdirSync(join(root, reviewedDirectory), { recursive: true });
for (const model of models) {
  const plan = keptFigures(await renderPlan(model, measured.get(model.name)), previous.get(model.name) ?? null);
  writeFileSync(join(directory, `${model.name}.md`), plan);
  writeFileSync(join(printable, `${model.name}.html`), renderPrintable(plan, `Test plan: the ${model.name} machine`));
  writeFileSync(reviewedFile(model.name), renderReviewed(await currentPlan(model)));
  console.log(
    `wrote ${plansDirectory}/${model.name}.md, ${printableDirectory}/${model.name}.html and ${reviewedDirectory}/${model.name}.json`,
  );
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
