/**
 * A bare GB pay period (one employee, one period, one ordinary earning: the `gb-period` vectors and the bench) as
 * a run's payslip input. There is one payslip pipeline (payslip.ts); this only states a bare period in its terms
 * and checks what a bare period's caller can get wrong.
 */
import { Decimal } from '../../money.js';
import { fieldError } from '../../errors.js';
import type { GbTaxYear, NiCategory, PayFrequency } from '../ni/index.js';
import type { PensionArrangement } from '../pension.js';
import type { StudentLoanPlan } from '../student-loans.js';
import { parseTaxCode, type TaxCode } from '../tax-code.js';
import { singleEarning, type DirectorInput, type RunPayslipInput } from './payslip.js';

export interface GbPeriodInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** Pay period number in the tax year: weekly 1–53, fortnightly 1–27, four-weekly 1–14, monthly 1–12. */
  period: number;
  /** The employee's code as stored (`1257L`, `S1257L`, `K100`, `1257L W1`) or already parsed. */
  taxCode: string | TaxCode;
  /** Week 1 / month 1 basis (the FPS W1/M1 indicator); a W1, M1 or X marker on the code has the same effect. */
  week1Month1?: boolean;
  /** Gross pay of the period before salary sacrifice and pension, excluding payrolled benefits. */
  grossPay: Decimal;
  /** Benefits in kind payrolled this period: taxable, not NIable, not paid out. Default 0. */
  payrolledBenefits?: Decimal;
  /** Taxable pay and tax to date before this period (year-to-date figures, P45 / P6 previous pay and tax included when used). */
  taxablePayToDatePrevious: Decimal;
  taxPaidToDatePrevious: Decimal;
  niCategory: NiCategory;
  /** Undergraduate plans held (several: the lowest-threshold plan is operated). Default none. */
  studentLoanPlans?: readonly StudentLoanPlan[];
  /** Postgraduate loan held. Default false. */
  postgraduateLoan?: boolean;
  /** The active pension arrangement, or null / absent when the employee is not a contributing member. */
  pension?: PensionArrangement | null;
  /** Pensionable pay for a `pensionable_pay` basis when narrower than gross pay. Default gross pay. */
  pensionablePay?: Decimal;
  /**
   * Earnings period for NI and student loans when it differs from the pay frequency: an irregular payment made
   * after a P45 was issued is a weekly one (gov.uk "Paying an employee after giving them a P45"), while its tax
   * stays on the payroll's week 1 / month 1 basis. Default: `frequency`.
   */
  niEarningsPeriod?: PayFrequency;
  /** A company director's NI (annual earnings period or alternative method), from this directorship's year to date. */
  director?: GbDirectorInput | null;
}

/** Year-to-date figures of a directorship, as a run keeps them, for directors' NI (ni/ calculateDirectorNi). */
export interface GbDirectorInput {
  method: 'standard_annual_earnings_period' | 'alternative';
  /** 52, or the weeks from the week of appointment to the year end (that week included). */
  weeksInEarningsPeriod: number;
  niablePayToDatePrevious: Decimal;
  employeeNiToDatePrevious: Decimal;
  employerNiToDatePrevious: Decimal;
  /** RTI earnings bands to date before this period (default 0). */
  earningsAtLelToDatePrevious?: Decimal;
  earningsLelToPtToDatePrevious?: Decimal;
  earningsPtToUelToDatePrevious?: Decimal;
  /** Alternative method: the last payment of the year (or as a director), when the annual recalculation is made. */
  finalPeriod?: boolean;
}

const ZERO = new Decimal(0);

function checkAmount(value: Decimal, field: string, allowNegative: boolean): void {
  // The common case from decimal.js's public fields alone (digits `d`, null for NaN and ±Infinity; sign `s`): a
  // bare period is checked on every call of the bench's hot loop, and `instanceof` costs more than the rest.
  if (typeof value === 'object' && value !== null && Array.isArray(value.d) && (allowNegative || value.s > 0)) return;
  if (!(value instanceof Decimal) || !value.isFinite()) throw fieldError([field], `${field} must be a decimal amount`, 'decimal_invalid');
  if (!allowNegative && value.isNegative() && !value.isZero()) throw fieldError([field], `${field} must not be negative`, 'amount_negative');
}

function directorOf(director: GbDirectorInput): DirectorInput {
  return {
    method: director.method,
    weeksInEarningsPeriod: director.weeksInEarningsPeriod,
    niablePayToDatePrevious: director.niablePayToDatePrevious,
    employeeNiToDatePrevious: director.employeeNiToDatePrevious,
    employerNiToDatePrevious: director.employerNiToDatePrevious,
    bandsToDatePrevious: {
      atLel: director.earningsAtLelToDatePrevious ?? ZERO,
      lelToPt: director.earningsLelToPtToDatePrevious ?? ZERO,
      ptToUel: director.earningsPtToUelToDatePrevious ?? ZERO,
      aboveUel: ZERO,
    },
    finalPeriod: director.finalPeriod === true,
  };
}

/**
 * The bare period as a run's payslip input with one ordinary earning (taxable, NIable, qualifying and pensionable).
 * Throws a located DomainError for what a bare period cannot be: negative pay or benefits, a value that is not a
 * decimal amount, an unknown code (an unknown tax year is refused by the pipeline's figures lookup).
 */
export function bareGbPeriod(input: GbPeriodInput): RunPayslipInput {
  checkAmount(input.grossPay, 'gross_pay', false);
  if (input.payrolledBenefits !== undefined) checkAmount(input.payrolledBenefits, 'payrolled_benefits', false);
  if (input.pensionablePay !== undefined) checkAmount(input.pensionablePay, 'pensionable_pay', false);
  checkAmount(input.taxablePayToDatePrevious, 'taxable_pay_to_date_previous', true);
  checkAmount(input.taxPaidToDatePrevious, 'tax_paid_to_date_previous', true);
  const niFrequency = input.niEarningsPeriod !== undefined && input.niEarningsPeriod !== input.frequency ? input.niEarningsPeriod : undefined;
  const runInput: RunPayslipInput = {
    taxYear: input.taxYear,
    frequency: input.frequency,
    period: input.period,
    taxCode: typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode,
    week1Month1: input.week1Month1 === true,
    taxablePayToDatePrevious: input.taxablePayToDatePrevious,
    taxPaidToDatePrevious: input.taxPaidToDatePrevious,
    niCategory: input.niCategory,
    director: input.director ? directorOf(input.director) : null,
    studentLoanPlans: input.studentLoanPlans ?? [],
    postgraduateLoan: input.postgraduateLoan === true,
    pension: input.pension ?? null,
    amounts: singleEarning(input.grossPay, input.payrolledBenefits ?? ZERO, input.pensionablePay),
  };
  if (niFrequency !== undefined) runInput.niFrequency = niFrequency;
  return runInput;
}
