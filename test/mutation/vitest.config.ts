import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant of src/machines (stryker.config.mjs): every test of test/machines; with
// MUTATION_TESTS=generated the graph-generated path tests alone; with MUTATION_TESTS=handwritten every other one.
const tests = process.env.MUTATION_TESTS;
const paths = 'test/machines/**/*.paths.test.ts';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    include: tests === 'generated' ? [paths] : ['test/machines/**/*.test.ts'],
    exclude: tests === 'handwritten' ? [paths, '**/node_modules/**'] : ['**/node_modules/**'],
    testTimeout: 60_000,
  },
});
