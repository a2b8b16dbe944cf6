import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { RtiDocument } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import { requireValue } from '../prompt.js';
import { type Runtime, usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll rti fps RUN_ID --out FILE` and `payroll rti eps --tax-year Y --month N --out FILE`: HMRC RTI messages
 * (Full Payment Submission of an approved run, Employer Payment Summary of a tax month) as complete GovTalk
 * messages with their IRmark, written to a file (or stdout with --out -), locally or from a hosted instance.
 */

interface CommonFlags {
  org?: string;
  out?: string;
  force?: boolean;
  gatewayTest?: boolean;
  final?: boolean;
  schemeCeased?: string;
}

function queryOf(options: CommonFlags): Record<string, unknown> {
  return {
    ...(options.gatewayTest ? { gateway_test: 'true' } : {}),
    ...(options.final ? { final_submission: 'true' } : {}),
    ...(options.schemeCeased ? { scheme_ceased_on: options.schemeCeased } : {}),
  };
}

function save(runtime: Runtime, doc: RtiDocument, out: string, force: boolean | undefined): void {
  if (out === '-') {
    process.stdout.write(doc.bytes);
    runtime.info(`IRmark ${doc.irmark} (${doc.irmark_base32})`);
    return;
  }
  const path = resolve(out);
  if (existsSync(path) && !force) throw usageError(`${path} exists: pass --force to overwrite it, or --out another path`);
  writeFileSync(path, doc.bytes, { mode: 0o600 });
  runtime.info(`wrote ${doc.bytes.byteLength} bytes to ${path}`);
  runtime.print({ path, file_name: doc.file_name, bytes: doc.bytes.byteLength, irmark: doc.irmark, irmark_base32: doc.irmark_base32 });
}

function common(command: Command): Command {
  return command
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--out <file>', 'where to write the message; - for stdout')
    .option('--force', 'overwrite an existing file')
    .option('--gateway-test', 'mark the message as a Test-in-Live submission (GatewayTest 1)')
    .option('--final', 'the final submission of the tax year (FinalSubmission/ForYear)')
    .option('--scheme-ceased <date>', 'the PAYE scheme ceased on this date (final submission because it ceased)');
}

export function registerRtiCommands(program: Command): void {
  const rti = program.command('rti').description('HMRC RTI messages: Full Payment Submission (FPS) and Employer Payment Summary (EPS) with their IRmark');

  common(rti.command('fps').description('the FPS of an approved or paid GB run').argument('<run-id>', 'payroll run id')).action(
    withRuntime(async (runtime, runId: string, options: CommonFlags) => {
      const orgId = await orgIdFrom(runtime, options, 'GB');
      const out = await requireValue(runtime, options.out, '--out', 'Write the FPS to (file, or - for stdout)');
      const service = await runtime.service();
      save(runtime, await service.getRunFps(orgId, runId, queryOf(options)), out, options.force);
    }),
  );

  common(rti.command('eps').description('the EPS of a tax month: recoveries, Employment Allowance, Apprenticeship Levy, a month without payments')
    .option('--tax-year <year>', 'tax year, e.g. 2025-26')
    .option('--month <n>', 'tax month 1 (6 April – 5 May) to 12')).action(
    withRuntime(async (runtime, options: CommonFlags & { taxYear?: string; month?: string }) => {
      const orgId = await orgIdFrom(runtime, options, 'GB');
      const taxYear = await requireValue(runtime, options.taxYear, '--tax-year', 'Tax year (e.g. 2025-26)', { check: (c) => c.gbTaxYear });
      const month = await requireValue(runtime, options.month, '--month', 'Tax month (1–12)', { check: (c) => c.taxMonth });
      const out = await requireValue(runtime, options.out, '--out', 'Write the EPS to (file, or - for stdout)');
      const service = await runtime.service();
      save(runtime, await service.getEps(orgId, { ...queryOf(options), tax_year: taxYear, month }), out, options.force);
    }),
  );
}
