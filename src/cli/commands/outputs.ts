import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { type GeneratedFile, JOURNAL_DETAILS, JOURNAL_FORMATS, PAYMENT_FORMATS, type Payslip } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import { usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * What an approved run produces (issue 15): `payroll payslips` (the payslip PDFs issued on approval, written again
 * with the same bytes), `payroll payments` (Bacs Standard 18, Bacs CSV or SEPA; stored as a document of the
 * organization) and `payroll journal` (CSV or DATEV Buchungsstapel). Each works locally and remotely alike.
 */

function writeFile(path: string, bytes: Uint8Array, force: boolean | undefined): void {
  if (existsSync(path) && !force) throw usageError(`${path} exists: pass --force to overwrite it`);
  writeFileSync(path, bytes, { mode: 0o600 });
}

function report(file: GeneratedFile, path: string): Record<string, unknown> {
  return { file: path, bytes: file.bytes.byteLength, sha256: file.sha256, document_id: file.document_id, mime_type: file.mime_type };
}

function requireOut(value: string | undefined, what: string): string {
  if (!value) throw usageError(`missing --out ${what}`);
  return resolve(value);
}

export function registerOutputCommands(program: Command): void {
  program
    .command('payslips')
    .description('write the payslip PDFs of an approved run (the documents issued on approval: the same bytes every time)')
    .argument('<run-id>', 'run id (payroll_status_id)')
    .option('--org <id>', 'organization id')
    .option('--employee <id>', 'only this employee’s payslip')
    .option('--out <dir>', 'folder to write them to (created if missing)')
    .option('--force', 'overwrite files that exist')
    .action(
      withRuntime(async (runtime, runId: string, options: { org?: string; employee?: string; out?: string; force?: boolean }) => {
        const org = await orgIdFrom(runtime, options);
        const dir = requireOut(options.out, 'DIR: the folder the PDFs go to');
        if (existsSync(dir) && !statSync(dir).isDirectory()) throw usageError(`--out ${dir} is a file; give a folder`);
        const service = await runtime.service();
        let employees: string[];
        if (options.employee) employees = [options.employee];
        // A German organization's runs are German runs (one per month): their payslips are read from those.
        else if ((await service.getOrganization(org)).country === 'DE') employees = ((await service.getGermanPayrollRun(org, runId, { include_payslips: 'true' })).payslips ?? []).map((p) => p.employee_id);
        else employees = ((await service.getPayrollRun(org, runId, { include_payslips: 'true' })).payslips ?? []).map((p: Payslip) => p.employee_id);
        // Every file is fetched before any is written: a refusal leaves the folder as it was.
        const files: GeneratedFile[] = [];
        for (const employee of employees) files.push(await service.getPayslipPdf(org, runId, employee));
        mkdirSync(dir, { recursive: true });
        const written = files.map((file) => {
          const path = join(dir, file.file_name);
          writeFile(path, file.bytes, options.force);
          return report(file, path);
        });
        runtime.info(`wrote ${written.length} payslip${written.length === 1 ? '' : 's'} to ${dir}`);
        runtime.print(written, [
          { header: 'file', value: 'file' },
          { header: 'bytes', value: 'bytes' },
          { header: 'document', value: 'document_id' },
        ]);
      }),
    );

  program
    .command('payments')
    .description('the payment file of an approved run: bacs (Standard 18), bacs-csv or sepa (pain.001.001.09); also stored as a document of the organization')
    .argument('<run-id>', 'run id (payroll_status_id)')
    .option('--org <id>', 'organization id')
    .option('--format <format>', PAYMENT_FORMATS.join(' | '))
    .option('--out <file>', 'where to write the file; - for stdout')
    .option('--force', 'overwrite the file if it exists')
    .action(
      withRuntime(async (runtime, runId: string, options: { org?: string; format?: string; out?: string; force?: boolean }) => {
        const org = await orgIdFrom(runtime, options);
        if (!options.format) throw usageError(`missing --format: ${PAYMENT_FORMATS.join(', ')}`);
        const out = options.out === '-' ? '-' : requireOut(options.out, 'FILE: where the payment file goes');
        if (out !== '-' && existsSync(out) && !options.force) throw usageError(`${out} exists: pass --force to overwrite it`);
        const service = await runtime.service();
        const file = await service.createPaymentFile(org, runId, { format: options.format });
        runtime.wrote();
        if (out === '-') {
          process.stdout.write(file.bytes);
          return;
        }
        mkdirSync(dirname(out), { recursive: true });
        writeFile(out, file.bytes, true);
        runtime.info(`wrote ${file.bytes.byteLength} bytes to ${out} (document ${file.document_id})`);
        runtime.print(report(file, out));
      }),
    );

  program
    .command('journal')
    .description('the accounting journal of an approved run, debits equal to credits: csv, or datev (DATEV Buchungsstapel)')
    .argument('<run-id>', 'run id (payroll_status_id)')
    .option('--org <id>', 'organization id')
    .option('--format <format>', JOURNAL_FORMATS.join(' | '), 'csv')
    .option('--detail <detail>', `${JOURNAL_DETAILS.join(' | ')}: one line per account, or per employee`, 'summary')
    .option('--out <file>', 'where to write the file; - for stdout')
    .option('--force', 'overwrite the file if it exists')
    .action(
      withRuntime(async (runtime, runId: string, options: { org?: string; format: string; detail: string; out?: string; force?: boolean }) => {
        const org = await orgIdFrom(runtime, options);
        const out = options.out === '-' ? '-' : requireOut(options.out, 'FILE: where the journal goes');
        const service = await runtime.service();
        const file = await service.getRunJournal(org, runId, { format: options.format, detail: options.detail });
        if (out === '-') {
          process.stdout.write(file.bytes);
          return;
        }
        mkdirSync(dirname(out), { recursive: true });
        writeFile(out, file.bytes, options.force);
        runtime.info(`wrote ${file.bytes.byteLength} bytes to ${out}`);
        runtime.print(report(file, out));
      }),
    );
}
