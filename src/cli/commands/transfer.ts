import type { Command } from 'commander';
import { writePrivateFile } from '../config.js';
import { readJsonInput, usageError } from '../runtime.js';
import { withRuntime } from '../command-kit.js';

/** `payroll export --org ID` and `payroll import FILE [--dry-run]` (issue 2, item 6). */
export function registerTransferCommands(program: Command): void {
  program
    .command('export')
    .description('write everything an organization holds as a versioned JSON document (full IBANs and tax IDs: keep the file safe)')
    .requiredOption('--org <id>', 'organization id')
    .option('--file <path>', 'write to this file (created 0600) instead of stdout')
    .action(
      withRuntime(async (runtime, options: { org: string; file?: string }) => {
        const service = await runtime.service();
        const document = await service.exportOrganization(options.org);
        const text = `${JSON.stringify(document, null, 2)}\n`;
        if (options.file) {
          writePrivateFile(options.file, text);
          runtime.info(`exported organization ${options.org} to ${options.file}`);
        } else {
          // An export is data for another program, not a display: it is written exactly, never masked.
          process.stdout.write(text);
        }
      }),
    );

  program
    .command('import')
    .description('read an export back: idempotent (rows matched by id); never changes payslips or runs, refuses stale row_versions (exit 5) and invalid records (exit 3); --dry-run reports what would change')
    .argument('<file>', 'export document (- for stdin)')
    .option('--dry-run', 'report what would change without writing')
    .action(
      withRuntime(async (runtime, file: string, options: { dryRun?: boolean }) => {
        if (!file) throw usageError('missing FILE');
        const document = readJsonInput(file);
        const service = await runtime.service();
        const report = await service.importOrganization(document, { dry_run: Boolean(options.dryRun) });
        if (!report.dry_run && report.changed) runtime.wrote();
        if (runtime.format === 'table') {
          const rows = Object.entries(report.tables)
            .filter(([, c]) => c.inserted + c.updated + c.unchanged + c.kept > 0)
            .map(([table, c]) => ({ table, ...c }));
          runtime.print(rows, [
            { header: 'table', value: 'table' },
            { header: report.dry_run ? 'would insert' : 'inserted', value: 'inserted' },
            { header: report.dry_run ? 'would update' : 'updated', value: 'updated' },
            { header: 'unchanged', value: 'unchanged' },
            { header: 'kept (later here)', value: 'kept' },
          ]);
          const kept = Object.values(report.tables).reduce((sum, c) => sum + c.kept, 0);
          runtime.info(`${report.dry_run ? 'dry run: ' : ''}organization ${report.organization_id}: ${report.changed ? 'changes' : 'no changes'}; ${report.objects_written} document file(s) ${report.dry_run ? 'would be ' : ''}written${kept > 0 ? `; ${kept} record(s) kept as this store has them, a later state than the file's (runs approved or paid since, year to date moved on)` : ''}`);
        } else runtime.print(report);
      }),
    );
}
