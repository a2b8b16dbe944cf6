/**
 * One employee, one GB pay period: pension, PAYE, National Insurance, student and postgraduate loans and net pay,
 * combined into the figures of a payslip (the `expected` fields of the gb-period vectors).
 *
 * Order of the calculation:
 * 1. pension (its basis is gross pay before any sacrifice): salary sacrifice and net-pay contributions;
 * 2. taxable pay = gross − net-pay contribution − salary sacrifice + payrolled benefits → PAYE (paye.ts);
 * 3. NIable pay = gross − salary sacrifice (payrolled benefits are Class 1A, not Class 1) → NI (ni/);
 * 4. student and postgraduate loans on the NIable pay (student-loans.ts);
 * 5. net pay = gross − salary sacrifice − tax − employee NI − loans − the employee's pension deduction.
 * A run feeds it from the stored employee (code, NI letter, loans, pension terms) and the year-to-date figures
 * (taxable pay and tax to date, P45 figures included where they are used).
 */
import { Decimal, money } from '../money.js';
import { fieldError } from '../errors.js';
import { calculateDirectorNi, calculateNi, type GbTaxYear, type NiCategory, type PayFrequency } from './ni/index.js';
import { gbParams } from './params/index.js';
import { calculatePayeDecimal, checkPeriod, payePence, type TaxBasis } from './paye.js';
import { calculatePensionDecimal, payslipPensionFigures, pensionPence, validateArrangement, type PensionArrangement } from './pension.js';
import { fromPence, toPence } from './pence.js';
import { calculateStudentLoansDecimal, studentLoansPence, type StudentLoanPlan } from './student-loans.js';
import { parseTaxCode, type TaxCode } from './tax-code.js';
import type { Trace } from './trace.js';

export type { GbTaxYear, NiCategory, PayFrequency, PensionArrangement, StudentLoanPlan, TaxBasis, TaxCode, Trace };

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
  /** RTI earnings bands to date before this period (default 0); the period's bands are the increase. */
  earningsAtLelToDatePrevious?: Decimal;
  earningsLelToPtToDatePrevious?: Decimal;
  earningsPtToUelToDatePrevious?: Decimal;
  /** Alternative method: the last payment of the year (or as a director), when the annual recalculation is made. */
  finalPeriod?: boolean;
}

interface PeriodNi {
  employeeNi: Decimal;
  employerNi: Decimal;
  earningsAtLel: Decimal;
  earningsLelToPt: Decimal;
  earningsPtToUel: Decimal;
}

/** NI of the period: the earnings-period calculation, or for a director the annual / alternative method. */
function periodNi(input: GbPeriodInput, niablePay: Decimal, trace: Trace | undefined): PeriodNi {
  const { taxYear } = input;
  const frequency = input.niEarningsPeriod ?? input.frequency;
  trace?.('ni', `category:${input.niCategory}`);
  const director = input.director;
  if (!director) {
    if (input.niEarningsPeriod && input.niEarningsPeriod !== input.frequency) trace?.('ni', `earnings-period:${frequency}`);
    return calculateNi({ taxYear, frequency, category: input.niCategory, niablePay });
  }
  trace?.('ni', `director:${director.method}`);
  const previousAtLel = director.earningsAtLelToDatePrevious ?? ZERO;
  const previousLelToPt = director.earningsLelToPtToDatePrevious ?? ZERO;
  const previousPtToUel = director.earningsPtToUelToDatePrevious ?? ZERO;
  const r = calculateDirectorNi({
    taxYear,
    method: director.method,
    category: input.niCategory,
    weeksInEarningsPeriod: director.weeksInEarningsPeriod,
    niablePayToDate: director.niablePayToDatePrevious.plus(niablePay),
    employeeNiPaidToDatePrevious: director.employeeNiToDatePrevious,
    employerNiPaidToDatePrevious: director.employerNiToDatePrevious,
    frequency,
    periodNiablePay: niablePay,
    finalPeriod: director.finalPeriod === true,
    earningsAtLelYtdPrevious: previousAtLel,
    earningsLelToPtYtdPrevious: previousLelToPt,
    earningsPtToUelYtdPrevious: previousPtToUel,
  });
  return {
    employeeNi: r.employeeNi,
    employerNi: r.employerNi,
    earningsAtLel: r.earningsAtLelYtd.minus(previousAtLel),
    earningsLelToPt: r.earningsLelToPtYtd.minus(previousLelToPt),
    earningsPtToUel: r.earningsPtToUelYtd.minus(previousPtToUel),
  };
}

/** Every figure of the period; pension figures are null when there is no pension arrangement. */
export interface GbPeriodResult {
  taxablePay: Decimal;
  taxablePayToDate: Decimal;
  tax: Decimal;
  taxPaidToDate: Decimal;
  regulatoryLimitApplied: boolean;
  niablePay: Decimal;
  employeeNi: Decimal;
  employerNi: Decimal;
  niEarningsAtLel: Decimal;
  niEarningsLelToPt: Decimal;
  niEarningsPtToUel: Decimal;
  studentLoan: Decimal;
  postgraduateLoan: Decimal;
  pensionableEarnings: Decimal | null;
  pensionEmployeeGross: Decimal | null;
  pensionEmployeeDeduction: Decimal | null;
  pensionEmployer: Decimal | null;
  salarySacrifice: Decimal | null;
  netPay: Decimal;
  studentLoanPlanApplied: StudentLoanPlan | null;
  taxBasis: TaxBasis;
}

/** The result as the wire (and the vectors) spell it: snake_case, money as two-place strings. */
export interface GbPeriodWire {
  taxable_pay: string;
  taxable_pay_to_date: string;
  tax: string;
  tax_paid_to_date: string;
  regulatory_limit_applied: boolean;
  niable_pay: string;
  employee_ni: string;
  employer_ni: string;
  ni_earnings_at_lel: string;
  ni_earnings_lel_to_pt: string;
  ni_earnings_pt_to_uel: string;
  student_loan: string;
  postgraduate_loan: string;
  pensionable_earnings: string | null;
  pension_employee_gross: string | null;
  pension_employee_deduction: string | null;
  pension_employer: string | null;
  salary_sacrifice: string | null;
  net_pay: string;
  student_loan_plan_applied: StudentLoanPlan | null;
  tax_basis: TaxBasis;
}

const ZERO = new Decimal(0);
const NO_PLANS: readonly StudentLoanPlan[] = [];

function checkAmount(value: Decimal, field: string, allowNegative: boolean): void {
  if (!(value instanceof Decimal) || !value.isFinite()) throw fieldError([field], `${field} must be a decimal amount`, 'decimal_invalid');
  if (!allowNegative && value.isNegative() && !value.isZero()) throw fieldError([field], `${field} must not be negative`, 'amount_negative');
}

/**
 * The period over Decimals (pension, PAYE and loans by their Decimal rules): the reference statement, and the
 * path for amounts the integer kernels do not take (fractions of a penny, beyond £1bn).
 */
export function calculateGbPeriodDecimal(input: GbPeriodInput, trace?: Trace): GbPeriodResult {
  const { taxYear, frequency, period } = input;
  const params = gbParams(taxYear);
  trace?.('params', params.taxYear);
  const grossPay = input.grossPay;
  const benefits = input.payrolledBenefits ?? ZERO;
  checkAmount(grossPay, 'gross_pay', false);
  checkAmount(benefits, 'payrolled_benefits', false);
  checkAmount(input.taxablePayToDatePrevious, 'taxable_pay_to_date_previous', true);
  checkAmount(input.taxPaidToDatePrevious, 'tax_paid_to_date_previous', true);
  const taxCode = typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode;

  // 1. Pension.
  const arrangement = input.pension ?? null;
  let pension = null;
  let taxableReduction = ZERO;
  let niableReduction = ZERO;
  if (arrangement) {
    pension = calculatePensionDecimal({ taxYear, frequency, arrangement, grossPay, ...(input.pensionablePay ? { pensionablePay: input.pensionablePay } : {}) }, trace);
    taxableReduction = pension.taxablePayReduction;
    niableReduction = pension.niablePayReduction;
  } else {
    trace?.('pension', 'none');
  }

  // 2. PAYE on taxable pay.
  const taxablePay = grossPay.minus(taxableReduction).plus(benefits);
  const paye = calculatePayeDecimal(
    {
      taxYear,
      frequency,
      period,
      taxCode,
      week1Month1: input.week1Month1 === true,
      taxablePay,
      payrolledBenefits: benefits,
      taxablePayToDatePrevious: input.taxablePayToDatePrevious,
      taxPaidToDatePrevious: input.taxPaidToDatePrevious,
    },
    trace,
  );

  // 3. National Insurance on NIable pay (gross less salary sacrifice; payrolled benefits are not Class 1 earnings).
  const niablePay = niableReduction.isZero() ? grossPay : grossPay.minus(niableReduction);
  const ni = periodNi(input, niablePay, trace);

  // 4. Student and postgraduate loans on NIable pay, over the NI earnings period.
  const loans = calculateStudentLoansDecimal(
    { taxYear, frequency: input.niEarningsPeriod ?? frequency, plans: input.studentLoanPlans ?? NO_PLANS, postgraduateLoan: input.postgraduateLoan === true, earnings: niablePay },
    trace,
  );

  // 5. Net pay: what is paid out.
  const salarySacrifice = pension ? pension.salarySacrifice : ZERO;
  const pensionDeduction = pension ? pension.employeeDeduction : ZERO;
  const netPay = grossPay
    .minus(salarySacrifice)
    .minus(paye.tax)
    .minus(ni.employeeNi)
    .minus(loans.studentLoan)
    .minus(loans.postgraduateLoan)
    .minus(pensionDeduction);
  trace?.('net_pay', 'gross-less-deductions');

  return {
    taxablePay,
    taxablePayToDate: paye.taxablePayToDate,
    tax: paye.tax,
    taxPaidToDate: paye.taxPaidToDate,
    regulatoryLimitApplied: paye.regulatoryLimitApplied,
    niablePay,
    employeeNi: ni.employeeNi,
    employerNi: ni.employerNi,
    niEarningsAtLel: ni.earningsAtLel,
    niEarningsLelToPt: ni.earningsLelToPt,
    niEarningsPtToUel: ni.earningsPtToUel,
    studentLoan: loans.studentLoan,
    postgraduateLoan: loans.postgraduateLoan,
    ...payslipPensionFigures(pension),
    netPay,
    studentLoanPlanApplied: loans.planApplied,
    taxBasis: paye.basis,
  };
}

/**
 * Calculates one employee's payslip figures for one period. `trace(flow, node)` records each step taken.
 * Runs the integer-pence kernels of pension, PAYE and loans (exactly the Decimal rules' results; see pence.ts)
 * and falls back to `calculateGbPeriodDecimal` for amounts they do not take.
 */
export function calculateGbPeriod(input: GbPeriodInput, trace?: Trace): GbPeriodResult {
  const { taxYear, frequency, period } = input;
  const params = gbParams(taxYear);
  checkPeriod(frequency, period);
  const grossPayDecimal = input.grossPay;
  const benefitsDecimal = input.payrolledBenefits;
  const taxCode = typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode;
  const arrangement = input.pension ?? null;

  // Whole pence, or the Decimal path (which also validates what is not a decimal amount at all).
  const grossPay = toPence(grossPayDecimal);
  const benefits = benefitsDecimal === undefined ? 0 : toPence(benefitsDecimal);
  const previousPay = toPence(input.taxablePayToDatePrevious);
  const previousTax = toPence(input.taxPaidToDatePrevious);
  const pensionablePay = input.pensionablePay === undefined ? undefined : toPence(input.pensionablePay);
  if (grossPay === undefined || benefits === undefined || previousPay === undefined || previousTax === undefined || (input.pensionablePay !== undefined && pensionablePay === undefined)) {
    return calculateGbPeriodDecimal(input, trace);
  }
  if (grossPay < 0) throw fieldError(['gross_pay'], 'gross_pay must not be negative', 'amount_negative');
  if (benefits < 0) throw fieldError(['payrolled_benefits'], 'payrolled_benefits must not be negative', 'amount_negative');
  if (arrangement) validateArrangement(arrangement);
  // Steps are kept until the kernels have all accepted the case, so a fallback does not record them twice.
  const steps: string[] | undefined = trace ? [] : undefined;
  const step: Trace | undefined = steps
    ? (flow, node) => {
        steps.push(flow, node);
      }
    : undefined;
  step?.('params', params.taxYear);

  // 1. Pension.
  let pension = null;
  if (arrangement) {
    pension = pensionPence(params, frequency, arrangement, grossPay, pensionablePay, step);
    if (!pension) return calculateGbPeriodDecimal(input, trace);
  } else {
    step?.('pension', 'none');
  }

  // 2. PAYE on taxable pay (gross − net-pay contribution − sacrifice + payrolled benefits).
  const taxablePay = pension ? grossPay - pension.taxablePayReduction + benefits : grossPay + benefits;
  const paye = payePence(
    {
      params,
      code: taxCode,
      frequency,
      period,
      week1Month1: input.week1Month1 === true,
      taxablePay,
      payrolledBenefits: benefits,
      taxablePayToDatePrevious: previousPay,
      taxPaidToDatePrevious: previousTax,
    },
    step,
  );
  if (!paye) return calculateGbPeriodDecimal(input, trace);

  // 3. National Insurance on NIable pay (gross less salary sacrifice).
  const niablePay = pension ? grossPay - pension.niablePayReduction : grossPay;
  const niablePayDecimal = niablePay === grossPay ? grossPayDecimal : fromPence(niablePay);
  const ni = periodNi(input, niablePayDecimal, step);
  const employeeNi = toPence(ni.employeeNi);

  // 4. Student and postgraduate loans on NIable pay, over the NI earnings period.
  const loans = studentLoansPence(params, input.niEarningsPeriod ?? frequency, input.studentLoanPlans ?? NO_PLANS, input.postgraduateLoan === true, niablePay, step);
  if (!loans || employeeNi === undefined) return calculateGbPeriodDecimal(input, trace);

  // 5. Net pay.
  const netPay = grossPay - (pension ? pension.salarySacrifice + pension.employeeDeduction : 0) - paye.tax - employeeNi - loans.studentLoan - loans.postgraduateLoan;
  step?.('net_pay', 'gross-less-deductions');
  if (steps && trace) for (let i = 0; i < steps.length; i += 2) trace(steps[i] as string, steps[i + 1] as string);

  return {
    taxablePay: taxablePay === grossPay ? grossPayDecimal : fromPence(taxablePay),
    taxablePayToDate: fromPence(paye.taxablePayToDate),
    tax: fromPence(paye.tax),
    taxPaidToDate: fromPence(paye.taxPaidToDate),
    regulatoryLimitApplied: paye.regulatoryLimitApplied,
    niablePay: niablePayDecimal,
    employeeNi: ni.employeeNi,
    employerNi: ni.employerNi,
    niEarningsAtLel: ni.earningsAtLel,
    niEarningsLelToPt: ni.earningsLelToPt,
    niEarningsPtToUel: ni.earningsPtToUel,
    studentLoan: fromPence(loans.studentLoan),
    postgraduateLoan: fromPence(loans.postgraduateLoan),
    pensionableEarnings: pension ? fromPence(pension.pensionableEarnings) : null,
    pensionEmployeeGross: pension ? fromPence(pension.employeeGross) : null,
    pensionEmployeeDeduction: pension ? fromPence(pension.employeeDeduction) : null,
    pensionEmployer: pension ? fromPence(pension.employer) : null,
    salarySacrifice: pension ? fromPence(pension.salarySacrifice) : null,
    netPay: fromPence(netPay),
    studentLoanPlanApplied: loans.planApplied,
    taxBasis: paye.basis,
  };
}

const orNull = (value: Decimal | null): string | null => (value === null ? null : money(value));

export function gbPeriodResultToWire(result: GbPeriodResult): GbPeriodWire {
  return {
    taxable_pay: money(result.taxablePay),
    taxable_pay_to_date: money(result.taxablePayToDate),
    tax: money(result.tax),
    tax_paid_to_date: money(result.taxPaidToDate),
    regulatory_limit_applied: result.regulatoryLimitApplied,
    niable_pay: money(result.niablePay),
    employee_ni: money(result.employeeNi),
    employer_ni: money(result.employerNi),
    ni_earnings_at_lel: money(result.niEarningsAtLel),
    ni_earnings_lel_to_pt: money(result.niEarningsLelToPt),
    ni_earnings_pt_to_uel: money(result.niEarningsPtToUel),
    student_loan: money(result.studentLoan),
    postgraduate_loan: money(result.postgraduateLoan),
    pensionable_earnings: orNull(result.pensionableEarnings),
    pension_employee_gross: orNull(result.pensionEmployeeGross),
    pension_employee_deduction: orNull(result.pensionEmployeeDeduction),
    pension_employer: orNull(result.pensionEmployer),
    salary_sacrifice: orNull(result.salarySacrifice),
    net_pay: money(result.netPay),
    student_loan_plan_applied: result.studentLoanPlanApplied,
    tax_basis: result.taxBasis,
  };
}
