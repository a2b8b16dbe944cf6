/**
 * INTERIM month engine of the German payroll account (issue 14), written by the stored-runs branch so the store,
 * the API and `verify` could be built against the contract in month-types.ts. It is replaced by the month engine
 * proper at merge. It computes the month as today's single-month payslip (payslip.ts, pay cycle Month) and
 * adds the year to date as sums over this calendar year's history: right for months without one-offs and without
 * entry or exit (run-rules.md: such months equal a single-month calculation), not for one-offs (§ 23a SGB IV,
 * § 39b Abs. 3 EStG) or partial months (Teillohnzahlungszeitraum), which the month engine proper handles.
 */
import { Decimal, money, ZERO } from '../../money.js';
import { calculatePayslip, type Payslip } from '../payslip.js';
import type { DeMonthFigures, DeMonthInput, DeMonthRecord, DeMonthResult } from './month-types.js';

export const DE_MONTH_RECORD_VERSION = 1;

/** Month keys whose year to date is the sum of the months (the `ytd.` prefix added). */
const SUMMED = [
  'employee.totals.total_gross_wages',
  'employee.totals.taxable_gross_wages',
  'employee.taxes.income_tax',
  'employee.taxes.solidarity_tax',
  'employee.taxes.church_tax',
  'employee.insurance.health_insurance',
  'employee.insurance.care_insurance',
  'employee.insurance.pension_insurance',
  'employee.insurance.unemployment_insurance',
  'employer.health_insurance_contribution',
  'employer.care_insurance_contribution',
  'employer.pension_contribution',
  'employer.unemployment_insurance_contribution',
  'employer.sick_pay_insurance_contribution',
  'employer.maternity_pay_insurance_contribution',
  'employer.insolvency_insurance_contribution',
  'employer.total_burden',
  'employee.totals.net_wages',
  'employee.totals.net_pay',
] as const;

function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** SV-Tage: 30 for a full month, the calendar days employed in a partial one (§ 223 SGB V). */
function svDays(month: string, entry: string, exit: string | null): number {
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  const from = entry > first ? entry : first;
  const to = exit !== null && exit < last ? exit : last;
  if (from === first && to === last) return 30;
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

function monthFigures(p: Payslip, days: number, statutoryHealth: boolean): Record<string, string | number> {
  const { totals, taxes, insurance } = p.employee;
  const e = p.employer;
  const out: Record<string, string | number> = {
    'employee.totals.total_gross_wages': money(totals.totalGrossWages),
    'employee.totals.taxable_gross_wages': money(totals.taxableGrossWages),
    'employee.taxes.income_tax': money(taxes.incomeTax),
    'employee.taxes.solidarity_tax': money(taxes.solidarityTax),
    'employee.taxes.church_tax': money(taxes.churchTax),
    'employee.insurance.health_insurance': money(insurance.healthInsurance),
    'employee.insurance.care_insurance': money(insurance.careInsurance),
    'employee.insurance.pension_insurance': money(insurance.pensionInsurance),
    'employee.insurance.unemployment_insurance': money(insurance.unemploymentInsurance),
    'employee.insurance.total_insurance': money(insurance.totalInsurance),
    'employee.insurance.pension_assessment_base': money(insurance.pensionAssessmentBase),
    'employee.totals.net_wages': money(totals.netWages),
    'employee.totals.net_pay': money(totals.netPay),
    'employer.pension_contribution': money(e.pensionContribution),
    'employer.health_insurance_contribution': money(e.healthInsuranceContribution),
    'employer.care_insurance_contribution': money(e.careInsuranceContribution),
    'employer.unemployment_insurance_contribution': money(e.unemploymentInsuranceContribution),
    'employer.sick_pay_insurance_contribution': money(e.sickPayInsuranceContribution),
    'employer.maternity_pay_insurance_contribution': money(e.maternityPayInsuranceContribution),
    'employer.insolvency_insurance_contribution': money(e.insolvencyInsuranceContribution),
    'employer.flat_rate_tax_mini_job': money(e.flatRateTaxMiniJob),
    'employer.total_burden': money(e.totalBurden),
    sv_days: days,
  };
  // The KV/PV base exists only for the statutorily health insured (run-rules.md §6: absent for PKV).
  if (statutoryHealth) out['employee.insurance.insurance_assessment_base'] = money(insurance.insuranceAssessmentBase);
  return out;
}

const amount = (figures: DeMonthFigures, key: string): Decimal => {
  const value = figures[key];
  return typeof value === 'string' ? new Decimal(value) : ZERO;
};

/** This calendar year's months so far (history of the same year, then this month): the `ytd.*` keys. */
function yearToDate(months: readonly DeMonthFigures[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  let days = 0;
  for (const m of months) days += typeof m.sv_days === 'number' ? m.sv_days : 0;
  out['ytd.sv_days'] = days;
  for (const key of SUMMED) out[`ytd.${key}`] = money(months.reduce((s, m) => s.plus(amount(m, key)), ZERO));
  const kv = money(months.reduce((s, m) => s.plus(amount(m, 'employee.insurance.insurance_assessment_base')), ZERO));
  const rv = money(months.reduce((s, m) => s.plus(amount(m, 'employee.insurance.pension_assessment_base')), ZERO));
  out['ytd.sv_base.kv'] = kv;
  out['ytd.sv_base.pv'] = kv;
  out['ytd.sv_base.rv'] = rv;
  out['ytd.sv_base.av'] = rv;
  return out;
}

export function calculateDeMonth(input: DeMonthInput): DeMonthResult {
  const payDate = input.payDate ?? lastDayOfMonth(input.month);
  const payslip = calculatePayslip(input.item, { payCycle: 'Month', payDate, ...(input.includeExecutionHistory ? { includeExecutionHistory: true } : {}) });
  const statutoryHealth = !input.item.insurance.privateHealthMonthly.gt(0);
  const month = monthFigures(payslip, svDays(input.month, input.employment.entryDate, input.employment.exitDate), statutoryHealth);
  const year = input.month.slice(0, 4);
  const earlier = input.history.filter((r) => r.month.slice(0, 4) === year && r.month < input.month).map((r) => r.figures);
  const record: DeMonthRecord = { version: DE_MONTH_RECORD_VERSION, month: input.month, figures: { ...month, ...yearToDate([...earlier, month]) }, state: {} };
  return { payslip, record };
}
