/**
 * `npm run test-plans`: plays every machine's paths in the console (the `qa:ui` tests, which measure coverage
 * from the console's own actors), then writes one Markdown plan per machine into docs/test-plans/.
 * Each plan is also written as one printable HTML page into docs/test-plans/print/.
 * `--no-ui` writes the plans without running the UI tests (the executed column then says "not measured").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearCoverage, coverageTable, readCoverage } from './coverage';
import { plansDirectory, renderIndex, renderPlan } from './plans';
import { printableDirectory, renderPrintable } from './printable';
import { registry } from '../support/models/registry';

const root = join(import.meta.dirname, '../..');
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const models = only.length > 0 ? registry.filter((model) => only.includes(model.name)) : registry;
if (only.length > 0 && models.length !== only.length) {
  console.error(`Unknown machine: ${only.filter((name) => !registry.some((model) => model.name === name)).join(', ')}; known: ${registry.map((model) => model.name).join(', ')}`);
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
if (only.length === 0) for (const file of readdirSync(directory)) rmSync(join(directory, file), { recursive: true });
const printable = join(root, printableDirectory);
mkdirSync(printable, { recursive: true });
for (const model of models) {
  const plan = await renderPlan(model, measured.get(model.name));
  writeFileSync(join(directory, `${model.name}.md`), plan);
  writeFileSync(join(printable, `${model.name}.html`), renderPrintable(plan, `Test plan: the ${model.name} machine`));
  console.log(`wrote ${plansDirectory}/${model.name}.md and ${printableDirectory}/${model.name}.html`);
}
writeFileSync(join(directory, 'README.md'), renderIndex(registry));
if (measured.size > 0) console.log(`\n${coverageTable([...measured.values()])}`);
process.exit(status);
