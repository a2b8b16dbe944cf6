import { accessSync, constants } from 'node:fs';
import type { Command } from 'commander';
import { usageError } from '../runtime.js';
import { verifyFiles } from '../../service/verify/run.js';
import { withRuntime } from '../command-kit.js';
import { EXIT } from '../exit-codes.js';

/** `payroll verify FILE...` (cli.md "Verification against official data"). */
export function registerVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('run JSON Lines test vectors through the engines; prints each mismatch and "N passed, M failed"')
    .argument('<files...>', 'vector files (.jsonl)')
    .option('--quiet', 'print only the summary line')
    .action(
      withRuntime(async (runtime, files: string[], options: { quiet?: boolean }) => {
        for (const file of files) {
          try {
            accessSync(file, constants.R_OK);
          } catch {
            throw usageError(`cannot read vector file ${file}`);
          }
        }
        const report = await verifyFiles(files, {
          onVector(id, ok, mismatches) {
            if (ok || options.quiet) return;
            for (const m of mismatches) {
              process.stdout.write(`FAIL ${id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}\n`);
            }
          },
        });
        void runtime;
        process.stdout.write(`${report.passed} passed, ${report.failed} failed\n`);
        // A mismatch means the engine disagrees with official data: a bug (exit 1), never a clerk's input error.
        if (report.failed > 0) process.exitCode = EXIT.unexpected;
      }),
    );
}
