// Mutation testing of the machines (`npm run mutation`, see docs/mutation.md): Stryker changes src/machines one
// mutant at a time and runs the unit tests of test/machines against each; a mutant no test notices "survives".
// MUTATION_TESTS=generated runs the graph-generated path tests (test/machines/*.paths.test.ts) alone,
// MUTATION_TESTS=handwritten every other test of test/machines (test/mutation/vitest.config.ts).
const tests = ['generated', 'handwritten'].includes(process.env.MUTATION_TESTS) ? process.env.MUTATION_TESTS : 'all';
const out = `reports/mutation/${tests}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: true },
  mutate: ['src/machines/*.ts'],
  plugins: ['@stryker-mutator/vitest-runner', './test/mutation/ignore-inert.mjs'],
  ignorers: ['machine-inert-parts'],
  // The machine has 2 shared cores: one test runner per core at most (`-c 1` to leave one free).
  concurrency: 2,
  // Unchanged files and tests reuse the last run's results (`--force` measures everything again).
  incremental: true,
  incrementalFile: `${out}/incremental.json`,
  coverageAnalysis: 'perTest',
  // A machine's tests take seconds on a loaded machine: a mutant that makes them loop is ended, and counted killed.
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 80, break: null },
};
