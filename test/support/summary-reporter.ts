import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with the plain line `N passed, M failed` (and `, K skipped`), the summary CI
 * and `payroll verify` share, so a run that executed no test can never look like a pass.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
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
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  }
}
