import { accessSync, constants } from 'node:fs';
import { relative } from 'node:path';
import type { Command } from 'commander';
import { usageError } from '../runtime.js';
import { BUNDLED_REFERENCE_DIR, bundledVectorFiles } from '../../service/verify/bundled.js';
import { verifyFiles } from '../../service/verify/run.js';
import { withRuntime } from '../command-kit.js';
import { EXIT } from '../exit-codes.js';

/**
 * `payroll verify [FILE...]` (cli.md "Verification against official data"). With no file it runs every official
 * case and vector bundled with the package (fixtures/reference); kinds whose engine is still to come are named on
 * stderr and left out, so the summary counts only what verify can check.
 */
export function registerVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('run JSON Lines test vectors through the engines (all bundled official vectors when no file is given); prints each mismatch and "N passed, M failed"')
    .argument('[files...]', 'vector files (.jsonl); default: every vector file bundled with payroll')
    .option('--quiet', 'print only the summary line')
    .action(
      withRuntime(async (runtime, files: string[], options: { quiet?: boolean }) => {
        const bundled = files.length === 0;
        if (bundled) {
          files = bundledVectorFiles();
          if (files.length === 0) throw usageError(`no bundled vector files found in ${BUNDLED_REFERENCE_DIR}; name the files to verify`);
        }
        for (const file of files) {
          try {
            accessSync(file, constants.R_OK);
          } catch {
            throw usageError(`cannot read vector file ${file}`);
          }
        }
        const report = await verifyFiles(
          files,
          {
            onVector(id, ok, mismatches) {
              if (ok || options.quiet) return;
              for (const m of mismatches) {
                process.stdout.write(`FAIL ${id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}\n`);
              }
            },
          },
          { skipUnknownKinds: bundled },
        );
        void runtime;
        for (const skip of report.skipped) {
          const name = relative(BUNDLED_REFERENCE_DIR, skip.file).split('\\').join('/');
          process.stderr.write(`skipped ${skip.count} ${skip.kind} vector${skip.count === 1 ? '' : 's'} in ${name}: verify has no runner for this kind yet\n`);
        }
        process.stdout.write(`${report.passed} passed, ${report.failed} failed\n`);
        // A mismatch means the engine disagrees with official data: a bug (exit 1), never a clerk's input error.
        if (report.failed > 0) process.exitCode = EXIT.unexpected;
      }),
    );
}
