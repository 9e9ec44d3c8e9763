// `npm run mutation [-- <machine>... [--generated] [stryker options]]`: Stryker on src/machines (stryker.config.mjs),
// then a summary per file. A machine is named as its file: `list` for src/machines/list.machine.ts, `list-query` for
// src/machines/list-query.ts; none: every file of src/machines. `--generated` runs the graph-generated path tests
// alone, `--handwritten` every other test (a lower bound of the full figure, quicker: see docs/mutation.md). Other options go to Stryker (`--force` measures again what the incremental file would reuse, `-c 1`).
// Reports: reports/mutation/<all|generated|handwritten>/index.html (every mutant), mutation.json, and summary.md / summary.json,
// which keep the latest figure of every file measured so far, so runs scoped to one machine add up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const modes = { '--generated': 'generated', '--handwritten': 'handwritten' };
const tests = modes[args.find((arg) => arg in modes)] ?? 'all';
const machines = args.filter((arg) => /^[a-z][a-z-]*$/.test(arg));
const passThrough = args.filter((arg) => !(arg in modes) && !machines.includes(arg));
const testsMeasured = {
  all: 'every test of test/machines',
  generated: 'the graph-generated path tests alone',
  handwritten: 'every test of test/machines but the graph-generated path tests',
}[tests];

const fileOf = (name) => {
  const candidates = [`src/machines/${name}.machine.ts`, `src/machines/${name}.ts`];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`No machine "${name}": none of ${candidates.join(', ')}`);
  return found;
};

const mutate = machines.length > 0 ? ['--mutate', machines.map(fileOf).join(',')] : [];
const run = spawnSync(path.resolve('node_modules/.bin/stryker'), ['run', ...mutate, ...passThrough], {
  stdio: 'inherit',
  env: { ...process.env, MUTATION_TESTS: tests },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const out = `reports/mutation/${tests}`;
const report = JSON.parse(fs.readFileSync(`${out}/mutation.json`, 'utf8'));
const summaryFile = `${out}/summary.json`;
const summary = fs.existsSync(summaryFile) ? JSON.parse(fs.readFileSync(summaryFile, 'utf8')) : {};
const measuredAt = new Date().toISOString();

const detected = ['Killed', 'Timeout'];
const undetected = ['Survived', 'NoCoverage'];
for (const [file, { mutants }] of Object.entries(report.files)) {
  const count = (statuses) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
  const killed = count(detected);
  const valid = killed + count(undetected);
  summary[file] = {
    measuredAt,
    tests: testsMeasured,
    score: valid === 0 ? null : Math.round((killed / valid) * 1000) / 10,
    killed,
    survived: count(['Survived']),
    noCoverage: count(['NoCoverage']),
    invalid: count(['CompileError', 'RuntimeError', 'Ignored']),
    survivors: mutants
      .filter((mutant) => undetected.includes(mutant.status))
      .map(
        ({ location: { start }, mutatorName, replacement, status }) =>
          `${start.line}:${start.column} ${mutatorName} → ${JSON.stringify(replacement)} (${status})`,
      ),
  };
}
fs.writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);

const rows = Object.entries(summary)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, s]) => `| ${file} | ${s.score ?? '–'} % | ${s.killed} | ${s.survived} | ${s.noCoverage} | ${s.measuredAt.slice(0, 10)} |`);
const survivors = Object.entries(summary)
  .filter(([, s]) => s.survivors.length > 0)
  .map(([file, s]) => `\n## ${file}\n\n${s.survivors.map((line) => `- ${line}`).join('\n')}`);
fs.writeFileSync(
  `${out}/summary.md`,
  [
    `# Mutation score of src/machines (${testsMeasured})`,
    '',
    '| file | score | killed | survived | no coverage | measured |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...survivors,
    '',
  ].join('\n'),
);
console.log(`\nSummary per file: ${out}/summary.md\n${rows.join('\n')}`);
