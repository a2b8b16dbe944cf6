/**
 * One employee's payslip in a GB payroll run: the period calculation of ../period.ts with the inputs a run has
 * and a single bare period does not: earnings split by their wage types' tax and NI flags, deductions before
 * tax, non-pension salary sacrifice, reimbursements, refunds of pension contributions, NIable pay already paid
 * in the same earnings period, company directors' NI, and a different NI / loan frequency for an irregular
 * payment after leaving. With one ordinary earning it gives exactly calculateGbPeriod's figures (checked over
 * every gb-period vector in test/domain/gb/run/payslip.test.ts).
 *
 * Order (as ../period.ts):
 * 1. pension on qualifying earnings / pensionable pay (before any sacrifice);
 * 2. taxable pay = taxable earnings − sacrifice − net-pay contribution − pre-tax deductions + payrolled benefits → PAYE;
 * 3. NIable pay = NIable earnings − sacrifice → Class 1 NI (directors: annual or alternative earnings period);
 * 4. student and postgraduate loans on NIable pay;
 * 5. net pay = cash earnings − sacrifice − tax − employee NI − loans − pension deduction − other deductions
 *    + reimbursements + refunds.
 */
import { Decimal } from '../../money.js';
import { calculateDirectorNi, calculateNi, type GbTaxYear, type NiCategory, type PayFrequency } from '../ni/index.js';
import { calculatePaye, type TaxBasis } from '../paye.js';
import { calculatePension, payslipPensionFigures, type PensionArrangement } from '../pension.js';
import { calculateStudentLoans, type StudentLoanPlan } from '../student-loans.js';
import type { TaxCode } from '../tax-code.js';
import type { Trace } from '../trace.js';

const ZERO = new Decimal(0);

/** Amounts of the period by treatment (each the sum of the lines of that kind). */
export interface PayslipAmounts {
  /** Cash earnings that are taxable and NIable. */
  taxableNiable: Decimal;
  /** Cash earnings taxable but not NIable (e.g. tronc, termination award above £30,000). */
  taxableOnly: Decimal;
  /** Cash earnings NIable but not taxable. */
  niableOnly: Decimal;
  /** Cash earnings neither taxable nor NIable. */
  untaxed: Decimal;
  /** Earnings counting as qualifying earnings for automatic enrolment (before sacrifice). */
  aeQualifying: Decimal;
  /** Pensionable pay (PENSIONABLE_PAY schemes; before sacrifice). */
  pensionable: Decimal;
  /** Pay given up under non-pension salary sacrifice: before tax, NI and loans. */
  salarySacrifice: Decimal;
  /** Deductions before tax but not NI (payroll giving). */
  preTaxDeductions: Decimal;
  /** Deductions from net pay. */
  postTaxDeductions: Decimal;
  /** Paid on top of net pay, untaxed. */
  reimbursements: Decimal;
  /** Payrolled benefits in kind: taxable, Class 1A, not paid. */
  payrolledBenefits: Decimal;
}

/** Director's NI (Social Security (Contributions) Regulations 2001 reg 8; HMRC CA44). */
export interface DirectorInput {
  method: 'standard_annual_earnings_period' | 'alternative';
  weeksInEarningsPeriod: number;
  /** As a director this tax year, before this period. */
  niablePayToDatePrevious: Decimal;
  employeeNiToDatePrevious: Decimal;
  employerNiToDatePrevious: Decimal;
  bandsToDatePrevious: NiBands;
  /** Alternative method: the last payment of the year or as a director (annual recalculation). */
  finalPeriod: boolean;
}

export interface NiBands {
  atLel: Decimal;
  lelToPt: Decimal;
  ptToUel: Decimal;
  aboveUel: Decimal;
}

export interface RefundInput {
  /** Net-pay contributions returned: taxable (they were deducted before tax), not NIable. */
  netPay: Decimal;
  /** Relief-at-source contributions returned: what came off net pay; no tax effect. */
  reliefAtSource: Decimal;
  /** Sacrificed pay returned as pay: taxable and NIable. */
  salarySacrifice: Decimal;
  /** The employer's own contributions, returned to the employer (not paid to the employee). */
  employer: Decimal;
}

export interface RunPayslipInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** Pay period number in the tax year (the PAYE engine's period). */
  period: number;
  taxCode: TaxCode;
  week1Month1: boolean;
  /** Taxable pay and tax to date before this period, previous employment figures included when used. */
  taxablePayToDatePrevious: Decimal;
  taxPaidToDatePrevious: Decimal;
  niCategory: NiCategory;
  /** NI and loans frequency when it differs (an irregular payment after leaving is a weekly payment). */
  niFrequency?: PayFrequency;
  /** NIable pay already paid in the same earnings period (nic_prior_period_niable_earnings; corrections). */
  priorNiablePay?: Decimal;
  /** NI already deducted / due on that prior pay (default: NI on the prior pay alone). */
  priorEmployeeNi?: Decimal;
  priorEmployerNi?: Decimal;
  director?: DirectorInput | null;
  studentLoanPlans: readonly StudentLoanPlan[];
  postgraduateLoan: boolean;
  pension: PensionArrangement | null;
  amounts: PayslipAmounts;
  refund?: RefundInput | null;
}

export interface RunPayslipResult {
  grossPay: Decimal;
  payrolledBenefits: Decimal;
  taxablePay: Decimal;
  taxablePayToDate: Decimal;
  tax: Decimal;
  taxPaidToDate: Decimal;
  regulatoryLimitApplied: boolean;
  taxBasis: TaxBasis;
  niablePay: Decimal;
  employeeNi: Decimal;
  employerNi: Decimal;
  niBands: NiBands;
  /** Director: the annual calculation's bands to date after this period (null for employees). */
  directorBandsToDate: NiBands | null;
  studentLoan: Decimal;
  postgraduateLoan: Decimal;
  studentLoanPlanApplied: StudentLoanPlan | null;
  pensionableEarnings: Decimal | null;
  pensionEmployeeGross: Decimal | null;
  pensionEmployeeDeduction: Decimal | null;
  pensionEmployer: Decimal | null;
  /** Pension salary sacrifice (null without a pension arrangement). */
  salarySacrifice: Decimal | null;
  /** Non-pension salary sacrifice (cycle to work and the like). */
  otherSalarySacrifice: Decimal;
  preTaxDeductions: Decimal;
  postTaxDeductions: Decimal;
  reimbursements: Decimal;
  refundToEmployee: Decimal;
  refundToEmployer: Decimal;
  netPay: Decimal;
}

function bandsOf(ni: { earningsAtLel: Decimal; earningsLelToPt: Decimal; earningsPtToUel: Decimal; earningsAboveUel: Decimal }): NiBands {
  return { atLel: ni.earningsAtLel, lelToPt: ni.earningsLelToPt, ptToUel: ni.earningsPtToUel, aboveUel: ni.earningsAboveUel };
}

/** Calculates the payslip. `trace(flow, node)` records each step (execution history). */
export function calculateRunPayslip(input: RunPayslipInput, trace?: Trace): RunPayslipResult {
  const a = input.amounts;
  const refund = input.refund ?? null;
  const grossPay = a.taxableNiable.plus(a.taxableOnly).plus(a.niableOnly).plus(a.untaxed);

  // 1. Pension, on qualifying earnings or pensionable pay before any sacrifice.
  let pension = null;
  if (input.pension) {
    pension = calculatePension(
      { taxYear: input.taxYear, frequency: input.frequency, arrangement: input.pension, grossPay: a.aeQualifying, pensionablePay: a.pensionable },
      trace,
    );
  } else {
    trace?.('pension', 'none');
  }

  // 2. PAYE on taxable pay.
  let taxablePay = a.taxableNiable.plus(a.taxableOnly).minus(a.salarySacrifice).minus(a.preTaxDeductions).plus(a.payrolledBenefits);
  if (pension) taxablePay = taxablePay.minus(pension.taxablePayReduction);
  if (refund) {
    // Refunded net-pay contributions were relieved of tax when taken, so they are taxed now; returned sacrifice is pay.
    taxablePay = taxablePay.plus(refund.netPay).plus(refund.salarySacrifice);
    trace?.('pension', 'refund');
  }
  const paye = calculatePaye(
    {
      taxYear: input.taxYear,
      frequency: input.frequency,
      period: input.period,
      taxCode: input.taxCode,
      week1Month1: input.week1Month1,
      taxablePay,
      payrolledBenefits: a.payrolledBenefits,
      taxablePayToDatePrevious: input.taxablePayToDatePrevious,
      taxPaidToDatePrevious: input.taxPaidToDatePrevious,
    },
    trace,
  );

  // 3. National Insurance on NIable pay.
  let niablePay = a.taxableNiable.plus(a.niableOnly).minus(a.salarySacrifice);
  if (pension) niablePay = niablePay.minus(pension.niablePayReduction);
  if (refund) niablePay = niablePay.plus(refund.salarySacrifice);
  const niFrequency = input.niFrequency ?? input.frequency;
  if (niFrequency !== input.frequency) trace?.('ni', `frequency:${niFrequency}`);
  trace?.('ni', `category:${input.niCategory}`);
  let employeeNi: Decimal;
  let employerNi: Decimal;
  let niBands: NiBands;
  let directorBandsToDate: NiBands | null = null;
  const director = input.director ?? null;
  if (director) {
    trace?.('ni', `director:${director.method}`);
    const result = calculateDirectorNi({
      taxYear: input.taxYear,
      method: director.method,
      category: input.niCategory,
      weeksInEarningsPeriod: director.weeksInEarningsPeriod,
      niablePayToDate: director.niablePayToDatePrevious.plus(niablePay),
      employeeNiPaidToDatePrevious: director.employeeNiToDatePrevious,
      employerNiPaidToDatePrevious: director.employerNiToDatePrevious,
      frequency: input.frequency,
      periodNiablePay: niablePay,
      finalPeriod: director.finalPeriod,
      earningsAtLelYtdPrevious: director.bandsToDatePrevious.atLel,
      earningsLelToPtYtdPrevious: director.bandsToDatePrevious.lelToPt,
      earningsPtToUelYtdPrevious: director.bandsToDatePrevious.ptToUel,
      earningsAboveUelYtdPrevious: director.bandsToDatePrevious.aboveUel,
    });
    employeeNi = result.employeeNi;
    employerNi = result.employerNi;
    directorBandsToDate = { atLel: result.earningsAtLelYtd, lelToPt: result.earningsLelToPtYtd, ptToUel: result.earningsPtToUelYtd, aboveUel: result.earningsAboveUelYtd };
    // This period's share of the bands: the bands to date less those before.
    const before = director.bandsToDatePrevious;
    niBands = {
      atLel: directorBandsToDate.atLel.minus(before.atLel),
      lelToPt: directorBandsToDate.lelToPt.minus(before.lelToPt),
      ptToUel: directorBandsToDate.ptToUel.minus(before.ptToUel),
      aboveUel: directorBandsToDate.aboveUel.minus(before.aboveUel),
    };
  } else {
    const prior = input.priorNiablePay;
    const aggregated = prior !== undefined && !prior.isZero();
    if (aggregated) trace?.('ni', 'aggregated-with-prior-pay');
    const ni = calculateNi({
      taxYear: input.taxYear,
      frequency: niFrequency,
      category: input.niCategory,
      niablePay,
      ...(aggregated ? { priorNiablePayThisPeriod: prior } : {}),
      ...(aggregated && input.priorEmployeeNi !== undefined ? { priorEmployeeNiThisPeriod: input.priorEmployeeNi } : {}),
      ...(aggregated && input.priorEmployerNi !== undefined ? { priorEmployerNiThisPeriod: input.priorEmployerNi } : {}),
    });
    employeeNi = ni.employeeNi;
    employerNi = ni.employerNi;
    niBands = bandsOf(ni);
  }

  // 4. Student and postgraduate loans on NIable pay (non-cumulative, the NI frequency's thresholds).
  const loans = calculateStudentLoans(
    { taxYear: input.taxYear, frequency: niFrequency, plans: input.studentLoanPlans, postgraduateLoan: input.postgraduateLoan, earnings: niablePay.isNegative() ? ZERO : niablePay },
    trace,
  );

  // 5. Net pay.
  const refundToEmployee = refund ? refund.netPay.plus(refund.reliefAtSource).plus(refund.salarySacrifice) : ZERO;
  const refundToEmployer = refund ? refund.employer : ZERO;
  let netPay = grossPay.minus(a.salarySacrifice).minus(paye.tax).minus(employeeNi).minus(loans.studentLoan).minus(loans.postgraduateLoan);
  if (pension) netPay = netPay.minus(pension.salarySacrifice).minus(pension.employeeDeduction);
  netPay = netPay.minus(a.preTaxDeductions).minus(a.postTaxDeductions).plus(a.reimbursements).plus(refundToEmployee);
  trace?.('net_pay', 'gross-less-deductions');

  return {
    grossPay,
    payrolledBenefits: a.payrolledBenefits,
    taxablePay,
    taxablePayToDate: paye.taxablePayToDate,
    tax: paye.tax,
    taxPaidToDate: paye.taxPaidToDate,
    regulatoryLimitApplied: paye.regulatoryLimitApplied,
    taxBasis: paye.basis,
    niablePay,
    employeeNi,
    employerNi,
    niBands,
    directorBandsToDate,
    studentLoan: loans.studentLoan,
    postgraduateLoan: loans.postgraduateLoan,
    studentLoanPlanApplied: loans.planApplied,
    ...payslipPensionFigures(pension),
    otherSalarySacrifice: a.salarySacrifice,
    preTaxDeductions: a.preTaxDeductions,
    postTaxDeductions: a.postTaxDeductions,
    reimbursements: a.reimbursements,
    refundToEmployee,
    refundToEmployer,
    netPay,
  };
}

/** Amounts of a payslip with one ordinary earning (basic pay): what the bare period calculation takes. */
export function singleEarning(grossPay: Decimal, payrolledBenefits: Decimal = ZERO, pensionablePay?: Decimal): PayslipAmounts {
  return {
    taxableNiable: grossPay,
    taxableOnly: ZERO,
    niableOnly: ZERO,
    untaxed: ZERO,
    aeQualifying: grossPay,
    pensionable: pensionablePay ?? grossPay,
    salarySacrifice: ZERO,
    preTaxDeductions: ZERO,
    postTaxDeductions: ZERO,
    reimbursements: ZERO,
    payrolledBenefits,
  };
}
