/**
 * P60 and P45 views from what the store holds. The P60's figures are the final FPS's year to date of the
 * employment: the last settled payslip's ytdThisEmployment and the FPS's own readers for the NI letters and the
 * statutory payments (service/rti), with the previous employment's pay and tax the payroll used from the P45.
 * The P45's figures are the ones the leaver's payslip worked out (domain/gb/run/employment.ts p45For).
 */
import { Decimal } from '../../domain/money.js';
import type { P45View, P60View, YearEndEmployee, YearEndEmployer } from '../../formats/year-end/view.js';
import { gbDate } from '../../formats/text/amounts.js';
import type { EmployeeTable, GbPayrollRunTable, GbPayslipTable } from '../../store/schema.js';
import { readGbPayslipFigures } from '../../store/gb-payslip-figures.js';
import { niLetters, statutoryYtdOf } from '../rti/fps-employee.js';
import { employmentChain, type StoredPayslip } from '../rti/payslip-history.js';
import { addressLines } from './gb-payslip-view.js';

const STATUTORY_LABELS: readonly [keyof ReturnType<typeof statutoryYtdOf>, string][] = [
  ['smp', 'Statutory Maternity Pay'],
  ['spp', 'Statutory Paternity Pay'],
  ['shpp', 'Statutory Shared Parental Pay'],
  ['sap', 'Statutory Adoption Pay'],
  ['spbp', 'Statutory Parental Bereavement Pay'],
  ['sncp', 'Statutory Neonatal Care Pay'],
];

/** The tax year's last day: 5 April of its second calendar year ("2025-26" → 2026-04-05). */
export function taxYearLastDay(taxYear: string): string {
  return `${Number(taxYear.slice(0, 4)) + 1}-04-05`;
}

export function yearEndEmployee(employee: EmployeeTable): YearEndEmployee {
  const gb = (JSON.parse(employee.statutory_json) ?? {}) as { ni_number?: string | null };
  return {
    name: `${employee.first_name} ${employee.last_name}`,
    forenames: employee.first_name,
    surname: employee.last_name,
    niNumber: gb.ni_number ?? null,
    payrollNumber: employee.payroll_number,
    address: addressLines(employee.address),
  };
}

/**
 * Employed on the tax year's last day (decision P60-5APRIL): started on or before 5 April and not left by then;
 * a leaver whose leaving date is 5 April itself gets a P45, not a P60.
 */
export function employedOnLastDay(employee: EmployeeTable, lastDay: string): boolean {
  return employee.start_date <= lastDay && (employee.leave_date === null || employee.leave_date > lastDay);
}

/**
 * The P60 of one employee from the settled payslips of the tax year (all of theirs, oldest first), or null when
 * the current employment has none (no pay in the year: no P60, decision P60-NOPAY).
 */
export function p60View(taxYear: string, employer: YearEndEmployer, employee: EmployeeTable, payslips: readonly StoredPayslip[]): P60View | null {
  const ofEmployment = payslips.filter((p) => p.row.pay_date >= employee.start_date);
  const tail = ofEmployment.at(-1);
  if (!tail) return null;
  const chain = employmentChain(new Map(payslips.map((p) => [p.row.id, p])), tail, employee.start_date);
  const f = tail.figures;
  const ytd = f.ytdThisEmployment;
  const money = (v: string | undefined) => new Decimal(v ?? '0');
  const previous = { pay: money(f.previousEmploymentPayUsed), tax: money(f.previousEmploymentTaxUsed) };
  const here = { pay: money(ytd.taxable_pay), tax: money(ytd.tax) };
  const statutory = statutoryYtdOf(chain);
  const lastDay = taxYearLastDay(taxYear);
  return {
    id: `${taxYear}-${employee.id}`,
    issuedAt: `${lastDay}T00:00:00.000Z`,
    taxYear,
    yearEnd: gbDate(lastDay),
    employer,
    employee: yearEndEmployee(employee),
    taxCode: f.taxCode,
    week1Month1: f.week1Month1,
    previousEmployment: { pay: previous.pay.toFixed(2), tax: previous.tax.toFixed(2) },
    thisEmployment: { pay: here.pay.toFixed(2), tax: here.tax.toFixed(2) },
    total: { pay: previous.pay.plus(here.pay).toFixed(2), tax: previous.tax.plus(here.tax).toFixed(2) },
    ni: niLetters(tail, chain).map((l) => ({ letter: l.letter, atLel: l.atLelYtd, lelToPt: l.lelToPtYtd, ptToUel: l.ptToUelYtd, employeeContributions: l.employeeNicYtd })),
    studentLoan: money(ytd.student_loan).toFixed(2),
    postgraduateLoan: money(ytd.postgraduate_loan).toFixed(2),
    statutory: STATUTORY_LABELS.filter(([k]) => !new Decimal(statutory[k]).isZero()).map(([k, label]) => ({ label, amount: statutory[k] })),
  };
}

const PERIOD_WORD: Readonly<Record<string, string>> = { monthly: 'Month', weekly: 'Week', fortnightly: 'Week', four_weekly: 'Week' };

/** The P45 of a leaver's payslip (the one the run marked as the leaver's: its figures carry the P45), or null. */
export function p45View(run: Pick<GbPayrollRunTable, 'tax_year' | 'pay_date'>, payslip: Pick<GbPayslipTable, 'id' | 'figures_json' | 'figures_version'>, employee: EmployeeTable, employer: YearEndEmployer): P45View | null {
  const p45 = readGbPayslipFigures(payslip.figures_json, payslip.figures_version).p45;
  if (!p45) return null;
  const leavingDate = p45.leavingDate ?? employee.leave_date;
  if (!leavingDate) return null;
  return {
    id: payslip.id,
    issuedAt: `${run.pay_date}T00:00:00.000Z`,
    taxYear: run.tax_year,
    employer,
    employee: { ...yearEndEmployee(employee), dateOfBirth: employee.date_of_birth },
    leavingDate,
    taxCode: p45.taxCode,
    week1Month1: p45.week1Month1,
    taxPeriod: `${PERIOD_WORD[p45.frequency] ?? 'Period'} ${p45.leavingTaxPeriod}`,
    totalPayToDate: p45.totalPayToDate,
    totalTaxToDate: p45.totalTaxToDate,
    payThisEmployment: p45.payThisEmployment,
    taxThisEmployment: p45.taxThisEmployment,
    studentLoanContinues: p45.studentLoanDeductionsContinue,
    postgraduateLoanContinues: p45.postgraduateLoanDeductionsContinue,
  };
}
