import type { Command } from 'commander';
import type { WageTypeWire } from '../../service/ports.js';
import { collectCursorPages, pageSizeOption, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';

/** `payroll wage-types list|show` (endpoint 19 and its single-code extension). */

export const WAGE_TYPE_COLUMNS: Column[] = [
  { header: 'code', value: 'wage_type_code' },
  { header: 'name', value: 'name' },
  { header: 'category', value: 'category' },
  { header: 'status', value: 'status' },
  { header: 'taxable', value: 'is_taxable' },
  { header: 'NIable', value: 'ni_employee_applies' },
  { header: 'pensionable', value: 'is_pensionable' },
  { header: 'AE qualifying', value: 'is_ae_qualifying' },
  { header: 'valid from', value: 'valid_from' },
  { header: 'valid to', value: 'valid_to' },
];

export function registerWageTypeCommands(program: Command): void {
  const wageTypes = program.command('wage-types').alias('wage-type').description('the GB wage-type catalogue: what each payslip line is and how tax, NI and pensions treat it');

  wageTypes
    .command('list')
    .description('list wage types (GET /gb/wage-types; deprecated ones only with --include-deprecated)')
    .option('--valid-on <date>', 'only versions in force on this date (YYYY-MM-DD)')
    .option('--status <status>', 'draft, approved or deprecated')
    .option('--category <category>', 'earnings, deductions, benefits, statutory, pension, contributions, adjustments or reimbursements')
    .option('--include-deprecated', 'show deprecated wage types too')
    .option('--size <n>', 'page size, 1 to 100 (default 10)')
    .option('--limit <n>', 'the same as --size')
    .option('--cursor <cursor>', 'continue from a cursor printed by an earlier page')
    .option('--sort-order <order>', 'asc or desc')
    .option('--all', 'follow every page and print all items')
    .action(
      withRuntime(async (runtime, options: Record<string, string | boolean | undefined>) => {
        const query: Record<string, unknown> = {};
        if (options.validOn !== undefined) query.valid_on = options.validOn;
        if (options.status !== undefined) query.status = options.status;
        if (options.category !== undefined) query.category = options.category;
        if (options.includeDeprecated) query.include_deprecated = 'true';
        const size = pageSizeOption(options);
        if (size !== undefined) query.size = size;
        if (options.sortOrder !== undefined) query.sort_order = options.sortOrder;
        if (options.cursor !== undefined) query.cursor = options.cursor;
        const service = await runtime.service();
        const items = await collectCursorPages<WageTypeWire>(runtime, Boolean(options.all), (cursor) => service.listWageTypes({ ...query, ...(cursor ? { cursor } : {}) }));
        runtime.print(items, WAGE_TYPE_COLUMNS);
      }),
    );

  wageTypes
    .command('show')
    .alias('get')
    .description('one wage type with every field (the version in force today, or on --valid-on)')
    .argument('<code>', 'wage type code, e.g. UK-E-001')
    .option('--valid-on <date>', 'the version in force on this date')
    .action(
      withRuntime(async (runtime, code: string, options: { validOn?: string }) => {
        const service = await runtime.service();
        runtime.print(await service.getWageType(code, options.validOn ? { valid_on: options.validOn } : {}));
      }),
    );
}
