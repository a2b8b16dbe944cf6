/**
 * Starters, leavers and directors: which previous-employment figures PAYE uses, the code for payments after
 * leaving, the P45 figures, and a director's annual earnings period (params-2026-27.md §7; HMRC "Tell HMRC about a
 * new employee", "Paying an employee after giving them a P45"; NIM12000–12012).
 */
import { Decimal, money } from '../../money.js';
import type { PayFrequency } from '../ni/index.js';
import type { TaxCode } from '../tax-code.js';
import { parseTaxCode } from '../tax-code.js';
import { gbParams } from '../params/index.js';
import type { GbTaxYear } from '../editions.js';
import { daysBetween, taxYearEnd, taxYearStart } from './dates.js';

const ZERO = new Decimal(0);

export interface PreviousEmployment {
  /** Leaving date on the P45 (ISO). */
  leavingDate: string;
  payToDate: Decimal;
  taxToDate: Decimal;
}

/**
 * Previous-employment pay and tax that enter the PAYE figures: those of a P45 from this tax year, while the code
 * is operated cumulatively (a week 1/month 1 code uses this period alone, so they do not count; a P6 that turns the
 * code cumulative brings them in from then on). A P45 from an earlier tax year is ignored.
 */
export function previousEmploymentUsed(previous: PreviousEmployment | null, taxYear: string, cumulative: boolean): { pay: Decimal; tax: Decimal } {
  if (!previous || !cumulative) return { pay: ZERO, tax: ZERO };
  if (previous.leavingDate < taxYearStart(taxYear) || previous.leavingDate >= taxYearEnd(taxYear)) return { pay: ZERO, tax: ZERO };
  return { pay: previous.payToDate, tax: previous.taxToDate };
}

/** The statement a starter without a P45 ticks on the starter checklist. */
export type StarterDeclaration = 'A' | 'B' | 'C';

/**
 * The code a starter without a P45 is taxed on from their starter checklist statement (HMRC "Work out your
 * employee's tax code", gov.uk/new-employee-tax-code; params-2026-27.md §7): A (first job since 6 April, no
 * benefits or pension) → the year's emergency code, cumulative; B (only job now, but other work or benefits since
 * 6 April) → the emergency code on the week 1/month 1 basis; C (another job or a pension) → BR on the week 1/month 1
 * basis. The emergency code is the one of the tax year paid in (`emergencyTaxCode` of its figures). The week 1/month 1
 * basis is not carried into a later tax year than the one the employment started in (HMRC P9X: week 1/month 1
 * markers are not carried forward), decision STARTER-CODE. The employer does not know a Scottish or Welsh taxpayer
 * from the checklist, so the code has no region prefix until HMRC sends one.
 */
export function starterCode(declaration: StarterDeclaration, taxYear: GbTaxYear, employmentStart: string): { taxCode: string; week1Month1: boolean } {
  const firstYear = employmentStart >= taxYearStart(taxYear);
  if (declaration === 'C') return { taxCode: 'BR', week1Month1: firstYear };
  return { taxCode: gbParams(taxYear).emergencyTaxCode, week1Month1: declaration === 'B' && firstYear };
}

/**
 * A payment made after the P45 was issued: code 0T on the week 1/month 1 basis, keeping the Scottish or Welsh
 * prefix (S0T, C0T), whatever code the employee had.
 */
export function afterLeavingCode(code: TaxCode): TaxCode {
  const prefix = code.region === 'Scotland' ? 'S' : code.region === 'Wales' ? 'C' : '';
  return parseTaxCode(`${prefix}0T M1`);
}

/** Periods in a tax year without an extra week-53 payment. */
const STANDARD_PERIODS: Readonly<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };

/** The last regular period of the tax year (or the extra week-53/54/56 payment). */
export function isLastPeriodOfYear(frequency: PayFrequency, periodNumber: number): boolean {
  return periodNumber >= STANDARD_PERIODS[frequency];
}

/**
 * Weeks in a director's annual earnings period: 52 when appointed before the tax year, otherwise the weeks left in
 * the year counting the week of appointment (Social Security (Contributions) Regulations 2001 reg 8(3)).
 */
export function directorWeeks(appointmentDate: string | null, taxYear: string): number {
  const start = taxYearStart(taxYear);
  if (appointmentDate === null || appointmentDate <= start) return 52;
  const week = Math.floor(daysBetween(start, appointmentDate) / 7) + 1;
  return Math.max(1, Math.min(52, 52 - week + 1));
}

export interface P45 {
  tax_code: string;
  week1_month1: boolean;
  frequency: PayFrequency;
  leaving_date: string | null;
  /** Tax week or month of the last payment. */
  leaving_tax_period: number;
  /** Pay and tax to date including previous employments' figures used; blank (null) for a week 1/month 1 code. */
  total_pay_to_date: string | null;
  total_tax_to_date: string | null;
  pay_this_employment: string;
  tax_this_employment: string;
  student_loan_deductions_continue: boolean;
  postgraduate_loan_deductions_continue: boolean;
}

export interface P45Input {
  code: TaxCode;
  week1Month1: boolean;
  frequency: PayFrequency;
  leavingDate: string | null;
  taxPeriod: number;
  taxablePayToDate: Decimal;
  taxPaidToDate: Decimal;
  payThisEmployment: Decimal;
  taxThisEmployment: Decimal;
  studentLoan: boolean;
  postgraduateLoan: boolean;
}

/** The P45 parts 1A/2/3 figures produced with the final payslip. */
export function p45For(input: P45Input): P45 {
  const w1m1 = input.week1Month1 || input.code.week1Month1;
  return {
    tax_code: input.code.code,
    week1_month1: w1m1,
    frequency: input.frequency,
    leaving_date: input.leavingDate,
    leaving_tax_period: input.taxPeriod,
    total_pay_to_date: w1m1 ? null : money(input.taxablePayToDate),
    total_tax_to_date: w1m1 ? null : money(input.taxPaidToDate),
    pay_this_employment: money(input.payThisEmployment),
    tax_this_employment: money(input.taxThisEmployment),
    student_loan_deductions_continue: input.studentLoan,
    postgraduate_loan_deductions_continue: input.postgraduateLoan,
  };
}
