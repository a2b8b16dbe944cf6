import type { Command } from 'commander';
import type { PayrollAccount } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireEmployee, requireValue } from '../prompt.js';
import { usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll lohnkonto`: the payroll account (Lohnkonto, § 41 EStG, § 4 LStDV) of one employee and calendar year from
 * the approved German runs: per month its figures and, below it, the running totals of the year.
 */

/** The account's columns: a short header per figure key of the account. */
const HEADERS: Record<string, string> = {
  'employee.totals.total_gross_wages': 'gross',
  'employee.totals.taxable_gross_wages': 'taxable',
  'employee.taxes.income_tax': 'wage tax',
  'employee.taxes.solidarity_tax': 'soli',
  'employee.taxes.church_tax': 'church tax',
  sv_days: 'SV-Tage',
  'employee.insurance.insurance_assessment_base': 'KV/PV base',
  'employee.insurance.pension_assessment_base': 'RV/AV base',
  'employee.insurance.health_insurance': 'KV',
  'employee.insurance.care_insurance': 'PV',
  'employee.insurance.pension_insurance': 'RV',
  'employee.insurance.unemployment_insurance': 'AV',
  'employer.health_insurance_contribution': 'employer KV',
  'employer.care_insurance_contribution': 'employer PV',
  'employer.pension_contribution': 'employer RV',
  'employer.unemployment_insurance_contribution': 'employer AV',
  'employer.sick_pay_insurance_contribution': 'U1',
  'employer.maternity_pay_insurance_contribution': 'U2',
  'employer.insolvency_insurance_contribution': 'U3',
  'employer.total_burden': 'employer total',
  'employee.totals.net_wages': 'net wages',
  'employee.totals.net_pay': 'net pay',
};

/** Rows of the table and CSV: each month, then the year's totals up to it. */
export function accountRows(account: PayrollAccount): { rows: Record<string, unknown>[]; columns: Column[] } {
  const columns: Column[] = [
    { header: 'month', value: 'month' },
    { header: 'row', value: 'row' },
    ...account.fields.map((key) => ({ header: HEADERS[key] ?? key, value: (item: Record<string, unknown>) => (item.figures as Record<string, unknown>)[key] })),
  ];
  const rows: Record<string, unknown>[] = [];
  for (const m of account.months) {
    rows.push({ month: m.month, row: m.corrects_run_id ? 'month (corrected)' : 'month', figures: m.figures });
    rows.push({ month: m.month, row: 'year to date', figures: m.totals });
  }
  return { rows, columns };
}

export function registerLohnkontoCommand(program: Command, parent?: Command): void {
  for (const host of parent ? [program, parent] : [program]) {
    host
      .command('lohnkonto')
      .alias('payroll-account')
      .description('the payroll account (Lohnkonto, § 41 EStG) of an employee of a German organization for a year: every approved month and the running totals')
      .option('--org <id>', 'organization id (a German organization)')
      .option('--employee <id>', 'employee id')
      .option('--year <YYYY>', 'calendar year, e.g. 2026')
      .action(
        withRuntime(async (runtime, options: { org?: string; employee?: string; year?: string }) => {
          const org = await orgIdFrom(runtime, options, 'DE');
          const employee = await requireEmployee(runtime, org, options.employee);
          const year = await requireValue(runtime, options.year, '--year', 'Calendar year (YYYY)', { check: (c) => c.calendarYear });
          if (!/^\d{4}$/.test(year)) throw usageError('--year must be a calendar year such as 2026');
          const service = await runtime.service();
          const account = await service.getGermanPayrollAccount(org, employee, { year });
          if (runtime.format !== 'table' && runtime.format !== 'csv') {
            runtime.print(account);
            return;
          }
          if (runtime.format === 'table') runtime.info(`payroll account of employee ${account.employee_id}, ${account.year}: ${account.months.length} approved month(s)`);
          const { rows, columns } = accountRows(account);
          runtime.print(rows, columns);
        }),
      );
  }
}
