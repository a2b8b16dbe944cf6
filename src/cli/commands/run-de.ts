import type { Command } from 'commander';
import type { GermanPayrollResponse } from '../../service/ports.js';
import { readJsonInput, usageError } from '../runtime.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';

/** One row per employee: what a clerk checks before paying (issue 3, item 4). */
const PAYSLIP_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'gross', value: 'current_pay_period.employee.totals.total_gross_wages' },
  { header: 'income tax', value: 'current_pay_period.employee.taxes.income_tax' },
  { header: 'soli', value: 'current_pay_period.employee.taxes.solidarity_tax' },
  { header: 'church tax', value: 'current_pay_period.employee.taxes.church_tax' },
  { header: 'insurance', value: 'current_pay_period.employee.insurance.total_insurance' },
  { header: 'net pay', value: 'current_pay_period.employee.totals.net_pay' },
  { header: 'employer cost', value: 'current_pay_period.employer.total_burden' },
  { header: 'warnings', value: (p) => ((p.warnings as { code: string }[] | undefined) ?? []).map((w) => w.code).join(' ') },
];

const SUMMARY_COLUMNS: Column[] = [
  { header: 'employer summary', value: 'label' },
  { header: 'amount', value: 'amount' },
];

export function printGermanPayroll(runtime: { format: string; print(data: unknown, columns?: Column[] | null): void; info(message: string): void }, response: GermanPayrollResponse): void {
  if (runtime.format !== 'table' && runtime.format !== 'csv') {
    runtime.print(response);
    return;
  }
  runtime.print(response.payslips, PAYSLIP_COLUMNS);
  if (runtime.format === 'table' && response.summary) {
    const employer = response.summary.employer as Record<string, string>;
    runtime.print(Object.entries(employer).map(([label, amount]) => ({ label, amount })), SUMMARY_COLUMNS);
  }
  for (const payslip of response.payslips) {
    for (const warning of payslip.warnings ?? []) runtime.info(`warning ${payslip.employee_id}: ${warning.message}`);
  }
}

export function registerRunDeCommand(program: Command, parent?: Command): void {
  for (const host of parent ? [program, parent] : [program]) {
    host
      .command('run-de')
      .description('German payroll (POST /germany/payroll): from a request file, or for the stored employees of a German organization')
      .option('--input <file>', 'request body in the spec’s shape (pay_cycle, pay_date, payroll_group); - for stdin')
      .option('--org <id>', 'take the employees of this stored German organization')
      .option('--period <YYYY-MM>', 'the month to pay (with --org)')
      .option('--pay-date <date>', 'pay date (with --org; default the last day of the month)')
      .option('--history', 'include the execution history (X-Include-Execution-History)')
      .action(
        withRuntime(async (runtime, options: { input?: string; org?: string; period?: string; payDate?: string; history?: boolean }) => {
          if (options.input && options.org) throw usageError('give either --input or --org, not both');
          if (!options.input && !options.org) throw usageError('missing --input FILE or --org ID --period YYYY-MM');
          const service = await runtime.service();
          const history = { includeExecutionHistory: Boolean(options.history) };
          let response: GermanPayrollResponse;
          if (options.input) {
            response = await service.calculateGermanPayroll(readJsonInput(options.input), history);
          } else {
            if (!options.period) throw usageError('missing --period YYYY-MM (the month to pay)');
            response = await service.runGermanPayrollForOrganization(options.org as string, { period: options.period, ...(options.payDate ? { pay_date: options.payDate } : {}) }, history);
          }
          printGermanPayroll(runtime, response);
        }),
      );
  }
}
