/**
 * Student and postgraduate loan deductions for one pay period (HMRC Collection of Student Loans Manual
 * CSLM17065, CSLM18025, CSLM10115; params-2025-26 §3, params-2026-27 §3).
 *
 * - Deduction = rate × (earnings for NICs in the period − the period threshold), rounded DOWN to whole pounds;
 *   nothing at or below the threshold. Non-cumulative: every period stands alone (week 53 too).
 * - Period threshold = annual threshold ÷ pay periods in the year (52, 26, 13, 12), truncated to the penny
 *   (reproduces HMRC's published weekly and monthly figures).
 * - Undergraduate plans 1, 2, 4, 5 at 9 %; postgraduate loan at 6 %, deducted alongside an undergraduate plan.
 * - Only ONE undergraduate plan is operated at a time (the FPS carries one plan type). An employee holding more
 *   than one repays under the plan with the LOWEST repayment threshold until an SL1 names another
 *   (gov.uk/new-employee/student-loans; CSLM10111; HMRC's tax-kalculator `addLowestUndergraduateLoanToBreakdown`);
 *   the Student Loans Company then allocates the single repayment across the plans. `planApplied` names it.
 * - A plan with no threshold in the tax year is not operated (Plan 5 repayments start on 6 April 2026).
 */
import { Decimal } from '../money.js';
import { fieldError } from '../errors.js';
import type { GbTaxYear, PayFrequency } from './ni/index.js';
import { gbParams } from './params/index.js';
import type { GbParams, StudentLoanPlan, StudentLoanScheme } from './params/types.js';
import { cachedRateUnits, fromPence, toPence } from './pence.js';
import type { Trace } from './trace.js';
import { constant, pence } from './trace-values.js';

export type { StudentLoanPlan };

export interface StudentLoanInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** Undergraduate plans the employee holds (SL1 / starter declaration); empty for none. */
  plans: readonly StudentLoanPlan[];
  postgraduateLoan: boolean;
  /** Earnings for NICs in the period (after salary sacrifice). */
  earnings: Decimal;
}

export interface StudentLoanResult {
  studentLoan: Decimal;
  postgraduateLoan: Decimal;
  /** The undergraduate plan operated, null when none is. */
  planApplied: StudentLoanPlan | null;
}

const ZERO = new Decimal(0);
const PERIODS_PER_YEAR: Readonly<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };
const PLANS: ReadonlySet<string> = new Set(['1', '2', '4', '5']);

export function isStudentLoanPlan(value: unknown): value is StudentLoanPlan {
  return typeof value === 'string' && PLANS.has(value);
}

const thresholdCache = new WeakMap<StudentLoanScheme, Partial<Record<PayFrequency, Decimal>>>();

/** The scheme's threshold for one pay period: annual ÷ periods in the year, truncated to the penny. */
export function periodThreshold(scheme: StudentLoanScheme, frequency: PayFrequency): Decimal {
  let byFrequency = thresholdCache.get(scheme);
  if (!byFrequency) {
    byFrequency = {};
    thresholdCache.set(scheme, byFrequency);
  }
  const hit = byFrequency[frequency];
  if (hit) return hit;
  const periods = PERIODS_PER_YEAR[frequency];
  if (periods === undefined) throw fieldError(['frequency'], `unknown pay frequency "${String(frequency)}"`, 'frequency_invalid');
  const threshold = scheme.annualThreshold.div(periods).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  byFrequency[frequency] = threshold;
  return threshold;
}

/** rate × (earnings − threshold), rounded down to whole pounds; zero at or below the threshold. */
export function loanDeduction(scheme: StudentLoanScheme, frequency: PayFrequency, earnings: Decimal): Decimal {
  const excess = earnings.minus(periodThreshold(scheme, frequency));
  if (excess.lte(0)) return ZERO;
  // Rounded down to whole pounds (CSLM17065).
  return excess.times(scheme.rate).floor();
}

/** The step a deduction reports: the period threshold, the rate and the earnings it was taken from (CSLM17065). */
function loanValues(scheme: StudentLoanScheme, frequency: PayFrequency, earnings: number, deduction: number): Record<string, string> {
  const threshold = thresholdPence(scheme, frequency);
  return {
    earnings_for_nics: pence(earnings),
    annual_threshold: constant(scheme.annualThreshold, 2),
    period_threshold: pence(threshold),
    earnings_above_threshold: pence(earnings > threshold ? earnings - threshold : 0),
    rate: constant(scheme.rate),
    deduction: pence(deduction),
  };
}

/** The same from the Decimal rule (amounts the kernel does not take: the figures are written without it). */
function loanValuesDecimal(scheme: StudentLoanScheme, frequency: PayFrequency, earnings: Decimal, deduction: Decimal): Record<string, string> {
  const threshold = periodThreshold(scheme, frequency);
  const excess = earnings.minus(threshold);
  return {
    earnings_for_nics: earnings.toFixed(2),
    annual_threshold: constant(scheme.annualThreshold, 2),
    period_threshold: threshold.toFixed(2),
    earnings_above_threshold: excess.isNegative() ? '0.00' : excess.toFixed(2),
    rate: constant(scheme.rate),
    deduction: deduction.toFixed(2),
  };
}

/** The undergraduate plan to operate: the one with the lowest threshold among those the tax year operates. */
export function selectUndergraduatePlan(params: GbParams, plans: readonly StudentLoanPlan[]): StudentLoanPlan | null {
  let chosen: StudentLoanPlan | null = null;
  let lowest: Decimal | null = null;
  for (const plan of plans) {
    if (!isStudentLoanPlan(plan)) {
      throw fieldError(['student_loan_plans'], `"${String(plan)}" is not a student loan plan; expected 1, 2, 4 or 5`, 'student_loan_plan_invalid');
    }
    const scheme = params.studentLoans[plan];
    if (!scheme) continue;
    if (lowest === null || scheme.annualThreshold.lt(lowest)) {
      lowest = scheme.annualThreshold;
      chosen = plan;
    }
  }
  return chosen;
}

/** The rule over Decimals: the reference statement, and the path for amounts the integer kernel does not take. */
export function calculateStudentLoansDecimal(input: StudentLoanInput, trace?: Trace): StudentLoanResult {
  const params = gbParams(input.taxYear);
  const { frequency, earnings } = input;
  let studentLoan = ZERO;
  let planApplied: StudentLoanPlan | null = null;
  if (input.plans.length > 0) {
    planApplied = selectUndergraduatePlan(params, input.plans);
    if (planApplied === null) {
      trace?.('student_loan', 'plan-not-operated-this-year');
    } else {
      if (input.plans.length > 1) trace?.('student_loan', 'lowest-threshold-plan');
      trace?.('student_loan', `plan:${planApplied}`);
      const scheme = params.studentLoans[planApplied] as StudentLoanScheme;
      studentLoan = loanDeduction(scheme, frequency, earnings);
      trace?.('student_loan', 'deduction', loanValuesDecimal(scheme, frequency, earnings, studentLoan));
    }
  }
  let postgraduateLoan = ZERO;
  if (input.postgraduateLoan) {
    trace?.('postgraduate_loan', 'deducted');
    postgraduateLoan = loanDeduction(params.postgraduateLoan, frequency, earnings);
    trace?.('postgraduate_loan', 'deduction', loanValuesDecimal(params.postgraduateLoan, frequency, earnings, postgraduateLoan));
  }
  return { studentLoan, postgraduateLoan, planApplied };
}

// ---------------------------------------------------------------------------------------------------------------
// The same rule over whole pence (exact below 2^53 for earnings up to £1bn).

const KERNEL_MAX_PENCE = 1e11;

export interface StudentLoanPenceResult {
  studentLoan: number;
  postgraduateLoan: number;
  planApplied: StudentLoanPlan | null;
}

const thresholdPenceCache = new WeakMap<StudentLoanScheme, Partial<Record<PayFrequency, number>>>();

function thresholdPence(scheme: StudentLoanScheme, frequency: PayFrequency): number {
  let byFrequency = thresholdPenceCache.get(scheme);
  if (!byFrequency) {
    byFrequency = {};
    thresholdPenceCache.set(scheme, byFrequency);
  }
  let pence = byFrequency[frequency];
  if (pence === undefined) {
    pence = toPence(periodThreshold(scheme, frequency)) as number;
    byFrequency[frequency] = pence;
  }
  return pence;
}

/** rate × (earnings − threshold) in whole pounds (rounded down), as pence; undefined if the rate is not whole 1/10,000ths. */
function deductionPence(scheme: StudentLoanScheme, frequency: PayFrequency, earnings: number): number | undefined {
  const units = cachedRateUnits(scheme.rate);
  if (units === undefined) return undefined;
  const excess = earnings - thresholdPence(scheme, frequency);
  if (excess <= 0) return 0;
  // excess (pence) × units (1/10,000) = 1/1,000,000 £; rounded down to whole pounds (CSLM17065).
  return Math.floor((excess * units) / 1000000) * 100;
}

/** Student and postgraduate loans over whole pence; undefined when the kernel declines (before any trace). */
export function studentLoansPence(
  params: GbParams,
  frequency: PayFrequency,
  plans: readonly StudentLoanPlan[],
  postgraduate: boolean,
  earnings: number,
  trace?: Trace,
): StudentLoanPenceResult | undefined {
  if (Math.abs(earnings) > KERNEL_MAX_PENCE) return undefined;
  const planApplied = plans.length > 0 ? selectUndergraduatePlan(params, plans) : null;
  const scheme = planApplied === null ? undefined : (params.studentLoans[planApplied] as StudentLoanScheme);
  const studentLoan = scheme ? deductionPence(scheme, frequency, earnings) : 0;
  const postgraduateLoan = postgraduate ? deductionPence(params.postgraduateLoan, frequency, earnings) : 0;
  if (studentLoan === undefined || postgraduateLoan === undefined) return undefined;
  if (plans.length > 0) {
    if (planApplied === null) trace?.('student_loan', 'plan-not-operated-this-year');
    else {
      if (plans.length > 1) trace?.('student_loan', 'lowest-threshold-plan');
      trace?.('student_loan', `plan:${planApplied}`);
      trace?.('student_loan', 'deduction', loanValues(scheme as StudentLoanScheme, frequency, earnings, studentLoan));
    }
  }
  if (postgraduate) {
    trace?.('postgraduate_loan', 'deducted');
    trace?.('postgraduate_loan', 'deduction', loanValues(params.postgraduateLoan, frequency, earnings, postgraduateLoan));
  }
  return { studentLoan, postgraduateLoan, planApplied };
}

/** Calculates the period's student and postgraduate loan deductions. */
export function calculateStudentLoans(input: StudentLoanInput, trace?: Trace): StudentLoanResult {
  const earnings = toPence(input.earnings);
  if (earnings !== undefined) {
    const result = studentLoansPence(gbParams(input.taxYear), input.frequency, input.plans, input.postgraduateLoan, earnings, trace);
    if (result) return { studentLoan: fromPence(result.studentLoan), postgraduateLoan: fromPence(result.postgraduateLoan), planApplied: result.planApplied };
  }
  return calculateStudentLoansDecimal(input, trace);
}
