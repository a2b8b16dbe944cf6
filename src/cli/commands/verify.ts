import { accessSync, constants } from 'node:fs';
import { relative } from 'node:path';
import type { Command } from 'commander';
import { resolveWhere, usageError } from '../runtime.js';
import { dataDir } from '../config.js';
import { BUNDLED_REFERENCE_DIR, bundledVectorFiles } from '../../tools/verify/bundled.js';
import { verifyFiles } from '../../tools/verify/run.js';
import { withRuntime } from '../command-kit.js';
import { EXIT } from '../exit-codes.js';

/**
 * `payroll verify [FILE...]` (cli.md "Verification against official data"). With no file it runs every official
 * case and vector bundled with the package (fixtures/reference); kinds whose engine is still to come are named on
 * stderr and left out, so the summary counts only what verify can check.
 * `payroll verify --store`: the local store's invariants (year to date equals the sum of approved payslips, no
 * half-written run, no document without its file; tools/verify/store-invariants.ts).
 */
export function registerVerifyCommand(program: Command): void {
  program
    .command('verify')
    .description('run JSON Lines test vectors through the engines (all bundled official vectors when no file is given), or with --store check the local store\'s invariants; prints each failure and "N passed, M failed"')
    .argument('[files...]', 'vector files (.jsonl); default: every vector file bundled with payroll')
    .option('--store', 'check the local store (--db / PAYROLL_DATABASE) instead: year to date, runs, payslips, document files')
    .option('--quiet', 'print only the summary line')
    .action(
      withRuntime(async (runtime, files: string[], options: { quiet?: boolean; store?: boolean }) => {
        if (options.store) {
          if (files.length > 0) throw usageError('verify --store takes no vector files; run them in a separate `payroll verify FILE...`');
          const where = resolveWhere(runtime.options, runtime.env);
          // The check reads the tables themselves; a remote service exposes no such door.
          if (where.mode !== 'local') throw usageError('verify --store checks a local store: give --db PATH|postgres://… (or PAYROLL_DATABASE), not a remote service');
          // Loaded on use: the store and its drivers stay out of every other command's start-up.
          const { verifyStoreAt } = await import('../../tools/verify/store-invariants.js');
          const report = await verifyStoreAt(where.database, dataDir(runtime.env));
          for (const result of report.results) {
            if (options.quiet) break;
            for (const violation of result.violations) process.stdout.write(`FAIL ${result.organization} ${result.check} ${result.subject}: ${violation}\n`);
          }
          process.stdout.write(`${report.passed} passed, ${report.failed} failed\n`);
          // A violated invariant is damage to the store, never a clerk's input error (exit 1, as a vector mismatch).
          if (report.failed > 0) process.exitCode = EXIT.unexpected;
          return;
        }
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
