import type { Command } from 'commander';
import { Decimal, type LiabilitiesResponse, type LiabilityMonthWire } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireValue } from '../prompt.js';
import { usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll liabilities`: what a British employer owes HMRC for a tax month, from its approved runs (the P32 view):
 * PAYE, employee and employer NICs, student and postgraduate loans, statutory payments recovered and the NIC
 * compensation, the Employment Allowance used, the apprenticeship levy and the total due.
 */

const sum = (values: Record<string, string>): string => Object.values(values).reduce((a, v) => a.plus(v), new Decimal(0)).toFixed(2);

/** One month as the P32 lists it: each item and its amount. */
export function monthBreakdown(m: LiabilityMonthWire): { item: string; amount: string }[] {
  return [
    { item: 'PAYE income tax', amount: m.paye },
    { item: 'Student loan deductions', amount: m.student_loans },
    { item: 'Postgraduate loan deductions', amount: m.postgraduate_loans },
    { item: 'Employee NICs', amount: m.employee_ni },
    { item: 'Employer NICs', amount: m.employer_ni },
    { item: 'Employment Allowance used', amount: `-${m.employment_allowance_used}`.replace('--', '') },
    { item: 'Statutory payments paid (SSP, SMP, SPP, ShPP, SAP, SPBP, SNCP)', amount: sum(m.statutory_paid) },
    { item: 'Statutory payments recovered', amount: `-${m.statutory_recovered_total}`.replace('--', '') },
    { item: 'NIC compensation on statutory payments', amount: `-${m.nic_compensation_total}`.replace('--', '') },
    { item: 'Apprenticeship Levy (this month)', amount: m.levy_due },
    { item: `Total due to HMRC by ${m.payment_due_date}`, amount: m.amount_due },
  ].map((row) => (row.amount === '-0.00' ? { ...row, amount: '0.00' } : row));
}

const MONTH_COLUMNS: Column[] = [
  { header: 'month', value: 'month' },
  { header: 'from', value: 'period_start' },
  { header: 'to', value: 'period_end' },
  { header: 'PAYE', value: 'paye' },
  { header: 'loans', value: (m) => new Decimal(String(m.student_loans)).plus(String(m.postgraduate_loans)).toFixed(2) },
  { header: 'employee NI', value: 'employee_ni' },
  { header: 'employer NI', value: 'employer_ni' },
  { header: 'EA used', value: 'employment_allowance_used' },
  { header: 'recovered', value: 'statutory_recovered_total' },
  { header: 'compensation', value: 'nic_compensation_total' },
  { header: 'levy', value: 'levy_due' },
  { header: 'due', value: 'amount_due' },
  { header: 'due by', value: 'payment_due_date' },
];

export function registerLiabilitiesCommand(program: Command): void {
  program
    .command('liabilities')
    .description('what a British organization owes HMRC for a tax month from its approved runs (the P32 view): PAYE, NICs, loans, statutory payment recovery, Employment Allowance, apprenticeship levy')
    .option('--org <id>', 'organization id (a British organization)')
    .option('--tax-year <YYYY-YY>', 'tax year, e.g. 2026-27')
    .option('--month <n>', 'tax month 1 to 12 (1 is 6 April to 5 May); without it every month so far')
    .action(
      withRuntime(async (runtime, options: { org?: string; taxYear?: string; month?: string }) => {
        const org = await orgIdFrom(runtime, options, 'GB');
        const taxYear = await requireValue(runtime, options.taxYear, '--tax-year', 'Tax year (YYYY-YY)', { check: (c) => c.gbTaxYear });
        if (options.month !== undefined && !/^(?:[1-9]|1[0-2])$/.test(options.month)) throw usageError(`--month ${options.month}: a tax month is 1 to 12 (1 is 6 April to 5 May)`);
        const service = await runtime.service();
        const result: LiabilitiesResponse = await service.getGbLiabilities(org, { tax_year: taxYear, ...(options.month ? { month: options.month } : {}) });
        if (runtime.format !== 'table' && runtime.format !== 'csv') {
          runtime.print(result);
          return;
        }
        const s = result.settings;
        if (runtime.format === 'table') {
          runtime.info(`${result.tax_year}: Employment Allowance ${s.employment_allowance_claimed ? `claimed from month ${s.employment_allowance_from_month}` : 'not claimed'}; ${s.small_employers_relief ? "small employers' relief" : 'standard recovery'}; levy allowance ${s.levy_allowance}`);
        }
        if (options.month !== undefined) {
          const month = result.months[0] as LiabilityMonthWire;
          if (runtime.format === 'table') runtime.info(`tax month ${month.month} (${month.period_start} to ${month.period_end}), ${month.payslips} payslip(s)`);
          runtime.print(monthBreakdown(month), [
            { header: 'item', value: 'item' },
            { header: 'amount', value: 'amount' },
          ]);
          return;
        }
        runtime.print(result.months, MONTH_COLUMNS);
      }),
    );
}
