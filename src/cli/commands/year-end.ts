import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { GeneratedFile } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import { requireValue } from '../prompt.js';
import { usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll p60 --org ORG --tax-year Y --out DIR`: the P60 end-of-year certificate of every employee employed on
 * 5 April of the tax year, one PDF each, locally or from a hosted instance. (The P45 of a leaver is stored as a
 * document of the employee when the leaver's run is approved: `payroll documents list --type p45`.)
 */
export function registerYearEndCommands(program: Command): void {
  program
    .command('p60')
    .description('write the P60 of every employee employed on 5 April of a tax year (one PDF each: the final FPS year to date)')
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--tax-year <year>', 'tax year, e.g. 2025-26')
    .option('--employee <id>', 'only this employee’s P60')
    .option('--out <dir>', 'folder to write them to (created if missing)')
    .option('--force', 'overwrite files that exist')
    .action(
      withRuntime(async (runtime, options: { org?: string; taxYear?: string; employee?: string; out?: string; force?: boolean }) => {
        const org = await orgIdFrom(runtime, options, 'GB');
        const taxYear = await requireValue(runtime, options.taxYear, '--tax-year', 'Tax year (e.g. 2025-26)', { check: (c) => c.gbTaxYear });
        if (!options.out) throw usageError('missing --out DIR: the folder the P60s go to');
        const dir = resolve(options.out);
        if (existsSync(dir) && !statSync(dir).isDirectory()) throw usageError(`--out ${dir} is a file; give a folder`);
        const service = await runtime.service();
        const employees = options.employee ? [options.employee] : (await service.listP60s(org, { tax_year: taxYear })).p60s.map((p) => p.employee_id);
        // Every file is fetched before any is written: a refusal leaves the folder as it was.
        const files: GeneratedFile[] = [];
        for (const employee of employees) files.push(await service.getP60Pdf(org, employee, { tax_year: taxYear }));
        for (const file of files) {
          if (existsSync(join(dir, file.file_name)) && !options.force) throw usageError(`${join(dir, file.file_name)} exists: pass --force to overwrite it`);
        }
        mkdirSync(dir, { recursive: true });
        const written = files.map((file) => {
          const path = join(dir, file.file_name);
          writeFileSync(path, file.bytes, { mode: 0o600 });
          return { file: path, bytes: file.bytes.byteLength, sha256: file.sha256 };
        });
        runtime.info(`wrote ${written.length} P60${written.length === 1 ? '' : 's'} for ${taxYear} to ${dir}`);
        runtime.print(written, [
          { header: 'file', value: 'file' },
          { header: 'bytes', value: 'bytes' },
        ]);
      }),
    );
}
