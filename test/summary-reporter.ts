import type { Reporter, TestModule } from 'vitest/node';
import { clearCoverage, coverageTable, readCoverage } from './qa/coverage';

/**
 * Ends the run with the path coverage table of QA's UI path tests (when they ran) and then one plain line,
 * `vitest: N passed, N failed, N skipped`, so CI reads the outcome whatever else was printed before it.
 */
export default class SummaryReporter implements Reporter {
  onInit() {
    // Figures of an earlier run must not pass for this run's.
    clearCoverage();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    failed += unhandledErrors.length;
    const coverage = readCoverage();
    if (coverage.length > 0) {
      const problems = coverage.flatMap(({ machine, failures }) => failures.map((failure) => `  ${machine}: ${failure}`));
      process.stdout.write(
        `\nPath coverage: states and transitions each machine defines and the console's own actors executed in the UI path tests\n${coverageTable(coverage)}\n${problems.length > 0 ? `Gate failures:\n${problems.join('\n')}\n` : ''}`,
      );
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
