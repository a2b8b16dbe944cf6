import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the suite's longest files first. On a clean clone vitest has no timings cached and orders files by size,
 * so the kill -9 trials (4-line files over a shared harness) started last and ran alone at the end of CI; with the
 * long files first, the short ones fill the other workers around them. Measured file times (seconds, 3 workers on
 * 2 cores) are the weights; files not listed keep vitest's own order after them.
 */
const HEAVY: Record<string, number> = {
  'test/faults/kill-nine.postgres.test.ts': 100,
  'test/faults/kill-nine.sqlite.test.ts': 90,
  'test/store/concurrency.test.ts': 89,
  'test/cli/stdin-and-signals.cli.test.ts': 60,
  'test/contract/payroll-runs.contract.test.ts': 60,
  'test/cli/verify-and-run-de.cli.test.ts': 52,
  'test/cli/input-examples.cli.test.ts': 40,
  'test/hosted/scale-out.test.ts': 35,
  'test/contract/rti.contract.test.ts': 35,
  'test/cli/employees.cli.test.ts': 34,
  'test/cli/pay-groups.cli.test.ts': 33,
  'test/cli/documents.cli.test.ts': 30,
  'test/contract/employees.contract.test.ts': 28,
  'test/contract/documents.contract.test.ts': 28,
};

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const weight = (file: TestSpecification) => {
      const key = Object.keys(HEAVY).find((name) => file.moduleId.endsWith(name));
      return key ? (HEAVY[key] as number) : 0;
    };
    // Array.prototype.sort is stable: the unlisted files keep vitest's order.
    return ordered.sort((a, b) => weight(b) - weight(a));
  }
}
