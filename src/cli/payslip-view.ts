/**
 * One payslip as a clerk reads it (issue 18 point 3: `runs show RUN --employee ID` was a bare list of lines): a
 * header, what was earned, what was deducted, the net pay, what the employer pays on top, and the year to date.
 * Rows of three columns for the table and CSV; JSON output keeps the payslip as the API has it.
 */
import type { GermanRunPayslip, Payslip } from '../service/ports.js';
import type { Column } from './output/format.js';

export interface PayslipRow {
  part: string;
  item: string;
  amount: string;
}

export const PAYSLIP_VIEW_COLUMNS: Column[] = [
  { header: 'part', value: 'part' },
  { header: 'item', value: 'item' },
  { header: 'amount', value: 'amount' },
];

/** The headings of a GB payslip's line sections, in the order they are shown. */
const GB_SECTIONS: readonly [string, string][] = [
  ['earnings', 'earnings'],
  ['benefits', 'benefits in kind (taxed, not paid)'],
  ['statutory_deductions', 'deductions'],
  ['pension', 'deductions'],
  ['deductions', 'deductions'],
  ['reimbursements', 'reimbursements'],
];

/** A readable label for a year-to-date key (`taxable_pay` → "taxable pay"). */
const label = (key: string): string => key.replace(/^ytd\./, '').replace(/[._]/g, ' ');

export function gbPayslipRows(p: Payslip, employee: string): PayslipRow[] {
  const rows: PayslipRow[] = [
    { part: 'employee', item: employee, amount: '' },
    { part: 'period', item: `${p.tax_year} period ${p.period_number} (tax period ${p.tax_period}), pay date ${p.pay_date}`, amount: '' },
    { part: 'tax code', item: `${p.tax_code}${p.week1_month1 ? ' W1/M1' : ''} (${p.tax_basis}), NI category ${p.ni_category}`, amount: '' },
  ];
  for (const [section, heading] of GB_SECTIONS) {
    for (const line of p.lines.filter((l) => l.section === section)) rows.push({ part: heading, item: line.wage_type_code ? `${line.name} (${line.wage_type_code})` : line.name, amount: line.amount });
  }
  rows.push({ part: 'gross pay', item: 'gross pay', amount: p.gross_pay });
  rows.push({ part: 'net pay', item: 'net pay', amount: p.net_pay });
  const employerLines = p.lines.filter((l) => l.section === 'employer');
  // Employer NI is one of the employer lines of a run's payslip; shown from the figures only when it is not.
  if (!employerLines.some((l) => /national insurance/i.test(l.name))) rows.push({ part: 'employer', item: 'Employer National Insurance', amount: p.employer_ni });
  for (const line of employerLines) rows.push({ part: 'employer', item: line.name, amount: line.amount });
  for (const [key, value] of Object.entries(p.ytd_this_employment)) rows.push({ part: 'year to date', item: label(key), amount: value });
  return rows;
}

/** German payslip parts: the month's figures by their payroll-account keys (Entgeltabrechnung order). */
const DE_PARTS: readonly [string, string, string][] = [
  ['earnings', 'gross pay', 'employee.totals.total_gross_wages'],
  ['earnings', 'taxable pay (Steuer-Brutto)', 'employee.totals.taxable_gross_wages'],
  ['earnings', 'KV/PV base', 'employee.insurance.insurance_assessment_base'],
  ['earnings', 'RV/AV base', 'employee.insurance.pension_assessment_base'],
  ['deductions', 'wage tax (Lohnsteuer)', 'employee.taxes.income_tax'],
  ['deductions', 'solidarity surcharge', 'employee.taxes.solidarity_tax'],
  ['deductions', 'church tax', 'employee.taxes.church_tax'],
  ['deductions', 'health insurance (KV)', 'employee.insurance.health_insurance'],
  ['deductions', 'care insurance (PV)', 'employee.insurance.care_insurance'],
  ['deductions', 'pension insurance (RV)', 'employee.insurance.pension_insurance'],
  ['deductions', 'unemployment insurance (AV)', 'employee.insurance.unemployment_insurance'],
  ['net', 'net wages', 'employee.totals.net_wages'],
  ['net', 'net pay', 'employee.totals.net_pay'],
  ['employer', 'health insurance (KV)', 'employer.health_insurance_contribution'],
  ['employer', 'care insurance (PV)', 'employer.care_insurance_contribution'],
  ['employer', 'pension insurance (RV)', 'employer.pension_contribution'],
  ['employer', 'unemployment insurance (AV)', 'employer.unemployment_insurance_contribution'],
  ['employer', 'U1 (sick pay levy)', 'employer.sick_pay_insurance_contribution'],
  ['employer', 'U2 (maternity levy)', 'employer.maternity_pay_insurance_contribution'],
  ['employer', 'U3 (insolvency levy)', 'employer.insolvency_insurance_contribution'],
  ['employer', 'employer total', 'employer.total_burden'],
];

export function dePayslipRows(p: GermanRunPayslip, employee: string): PayslipRow[] {
  const f = p.figures;
  const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
  const rows: PayslipRow[] = [
    { part: 'employee', item: employee, amount: '' },
    { part: 'period', item: `${p.month}, pay date ${p.pay_date}, SV-Tage ${text(f.sv_days)}`, amount: '' },
  ];
  for (const [part, item, key] of DE_PARTS) if (f[key] !== null && f[key] !== undefined) rows.push({ part, item, amount: text(f[key]) });
  if (f['one_off.kv_pv_base'] !== null && f['one_off.kv_pv_base'] !== undefined) rows.push({ part: 'one-off', item: `contributory KV/PV base${f['one_off.allocated_to'] ? ` (allocated to ${text(f['one_off.allocated_to'])})` : ''}`, amount: text(f['one_off.kv_pv_base']) });
  for (const d of p.current_pay_period.employee.deductions) rows.push({ part: 'other deductions', item: d.name, amount: d.amount });
  for (const [key, value] of Object.entries(f)) if (key.startsWith('ytd.') && value !== null) rows.push({ part: 'year to date', item: label(key), amount: text(value) });
  return rows;
}
