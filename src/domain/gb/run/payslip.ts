/**
 * One employee's GB payslip: the one payslip pipeline of the service. A payroll run calls it per employee with the
 * inputs a run has: earnings split by their wage types' tax and NI flags, deductions before tax, non-pension salary
 * sacrifice, reimbursements, refunds of pension contributions, NIable pay already paid in the same earnings period,
 * company directors' NI, and a different NI / loan frequency for an irregular payment after leaving. A bare period
 * calculation (the gb-period vectors, the bench) is this with one ordinary earning (bare-period.ts).
 *
 * Order:
 * 1. pension on qualifying earnings / pensionable pay (before any sacrifice);
 * 2. taxable pay = taxable earnings − sacrifice − net-pay contribution − pre-tax deductions + payrolled benefits → PAYE;
 * 3. NIable pay = NIable earnings − sacrifice → Class 1 NI (directors: annual or alternative earnings period);
 * 4. student and postgraduate loans on NIable pay;
 * 5. net pay = cash earnings − sacrifice − tax − employee NI − loans − pension deduction − other deductions
 *    + reimbursements + refunds.
 */
import { Decimal } from '../../money.js';
import { calculateDirectorNi, calculateNi, type GbTaxYear, type NiCategory, type PayFrequency } from '../ni/index.js';
import { gbParams } from '../params/index.js';
import { calculatePayeDecimal, checkPeriod, payePence, type TaxBasis } from '../paye.js';
import { calculatePensionDecimal, payslipPensionFigures, pensionPence, validateArrangement, type PensionArrangement } from '../pension.js';
import { fromPence, MAX_PENCE, toPence } from '../pence.js';
import { calculateStudentLoansDecimal, studentLoansPence, type StudentLoanPlan } from '../student-loans.js';
import type { TaxCode } from '../tax-code.js';
import type { Trace, TraceValues } from '../trace.js';
import { money2, pence as penceText } from '../trace-values.js';

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

interface PayslipNi {
  employeeNi: Decimal;
  employerNi: Decimal;
  niBands: NiBands;
  directorBandsToDate: NiBands | null;
}

/**
 * Step 3, National Insurance on NIable pay, shared by both paths: Class 1 on the NI frequency's earnings period
 * (aggregated with NIable pay already paid in it), or a director's annual / alternative earnings period.
 */
function payslipNi(input: RunPayslipInput, niablePay: Decimal, niFrequency: PayFrequency, trace: Trace | undefined): PayslipNi {
  if (niFrequency !== input.frequency) trace?.('ni', `frequency:${niFrequency}`);
  trace?.('ni', `category:${input.niCategory}`);
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
    const toDate = { atLel: result.earningsAtLelYtd, lelToPt: result.earningsLelToPtYtd, ptToUel: result.earningsPtToUelYtd, aboveUel: result.earningsAboveUelYtd };
    // This period's share of the bands: the bands to date less those before.
    const before = director.bandsToDatePrevious;
    trace?.('ni', 'director-to-date', {
      niable_pay_to_date: money2(director.niablePayToDatePrevious.plus(niablePay)),
      employee_ni_to_date: money2(result.employeeNiToDate),
      employer_ni_to_date: money2(result.employerNiToDate),
      employee_ni_to_date_previous: money2(director.employeeNiToDatePrevious),
      employer_ni_to_date_previous: money2(director.employerNiToDatePrevious),
    });
    trace?.('ni', 'contributions', { employee_ni: money2(result.employeeNi), employer_ni: money2(result.employerNi) });
    return {
      employeeNi: result.employeeNi,
      employerNi: result.employerNi,
      niBands: { atLel: toDate.atLel.minus(before.atLel), lelToPt: toDate.lelToPt.minus(before.lelToPt), ptToUel: toDate.ptToUel.minus(before.ptToUel), aboveUel: toDate.aboveUel.minus(before.aboveUel) },
      directorBandsToDate: toDate,
    };
  }
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
  }, trace);
  return { employeeNi: ni.employeeNi, employerNi: ni.employerNi, niBands: bandsOf(ni), directorBandsToDate: null };
}

/**
 * The payslip over Decimals (pension, PAYE and loans by their Decimal rules): the reference statement, and the
 * path for amounts the integer kernels do not take (fractions of a penny, beyond £10bn). `trace(flow, node)`
 * records each step (execution history).
 */
export function calculateRunPayslipDecimal(input: RunPayslipInput, trace?: Trace): RunPayslipResult {
  const a = input.amounts;
  const refund = input.refund ?? null;
  const grossPay = a.taxableNiable.plus(a.taxableOnly).plus(a.niableOnly).plus(a.untaxed);
  trace?.('params', input.taxYear);

  // 1. Pension, on qualifying earnings or pensionable pay before any sacrifice.
  let pension = null;
  if (input.pension) {
    pension = calculatePensionDecimal(
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
  if (trace) {
    const refunded = refund ? refund.netPay.plus(refund.salarySacrifice) : ZERO;
    trace('paye', 'taxable-pay', taxablePayValues(money2(a.taxableNiable.plus(a.taxableOnly)), money2(a.salarySacrifice.plus(pension ? pension.taxablePayReduction : ZERO)), money2(a.preTaxDeductions), money2(a.payrolledBenefits), money2(refunded), money2(taxablePay)));
  }
  const paye = calculatePayeDecimal(
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
  if (trace) trace('ni', 'niable-pay', niablePayValues(money2(a.taxableNiable.plus(a.niableOnly)), money2(a.salarySacrifice.plus(pension ? pension.niablePayReduction : ZERO)), money2(refund ? refund.salarySacrifice : ZERO), money2(niablePay)));
  const niFrequency = input.niFrequency ?? input.frequency;
  const ni = payslipNi(input, niablePay, niFrequency, trace);

  // 4. Student and postgraduate loans on NIable pay (non-cumulative, the NI frequency's thresholds).
  const loans = calculateStudentLoansDecimal(
    { taxYear: input.taxYear, frequency: niFrequency, plans: input.studentLoanPlans, postgraduateLoan: input.postgraduateLoan, earnings: niablePay.isNegative() ? ZERO : niablePay },
    trace,
  );

  // 5. Net pay.
  const refundToEmployee = refund ? refund.netPay.plus(refund.reliefAtSource).plus(refund.salarySacrifice) : ZERO;
  const refundToEmployer = refund ? refund.employer : ZERO;
  let netPay = grossPay.minus(a.salarySacrifice).minus(paye.tax).minus(ni.employeeNi).minus(loans.studentLoan).minus(loans.postgraduateLoan);
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
    employeeNi: ni.employeeNi,
    employerNi: ni.employerNi,
    niBands: ni.niBands,
    directorBandsToDate: ni.directorBandsToDate,
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

/** How taxable pay was made up (HMRC: pay after deductions that get tax relief, plus payrolled benefits). */
function taxablePayValues(taxableEarnings: string, sacrificeAndNetPay: string, preTax: string, benefits: string, refunded: string, taxablePay: string): TraceValues {
  return {
    taxable_earnings: taxableEarnings,
    less_salary_sacrifice_and_net_pay_pension: sacrificeAndNetPay,
    less_pre_tax_deductions: preTax,
    plus_payrolled_benefits: benefits,
    plus_refunded_contributions: refunded,
    taxable_pay: taxablePay,
  };
}

/** How NIable pay was made up (earnings for NICs: gross NIable pay less salary sacrifice). */
function niablePayValues(niableEarnings: string, sacrifice: string, returned: string, niablePay: string): TraceValues {
  return { niable_earnings: niableEarnings, less_salary_sacrifice: sacrifice, plus_returned_sacrifice: returned, niable_pay: niablePay };
}

/** Whole pence of an amount; the shared zero of a line kind a payslip does not have costs nothing. */
function pence(value: Decimal): number | undefined {
  return value === ZERO ? 0 : toPence(value);
}

/** The same order over whole pence (pence.ts); undefined when an amount is not whole pence or beyond the kernels. */
function runPayslipPence(input: RunPayslipInput, trace: Trace | undefined): RunPayslipResult | undefined {
  const a = input.amounts;
  const taxableNiable = toPence(a.taxableNiable);
  const taxableOnly = pence(a.taxableOnly);
  const niableOnly = pence(a.niableOnly);
  const untaxed = pence(a.untaxed);
  // With one ordinary earning these are the same Decimal as the earning: no second conversion.
  const aeQualifying = a.aeQualifying === a.taxableNiable ? taxableNiable : toPence(a.aeQualifying);
  const pensionable = a.pensionable === a.taxableNiable ? taxableNiable : toPence(a.pensionable);
  const otherSacrifice = pence(a.salarySacrifice);
  const preTax = pence(a.preTaxDeductions);
  const postTax = pence(a.postTaxDeductions);
  const reimbursements = pence(a.reimbursements);
  const benefits = pence(a.payrolledBenefits);
  const previousPay = toPence(input.taxablePayToDatePrevious);
  const previousTax = toPence(input.taxPaidToDatePrevious);
  if (
    taxableNiable === undefined || taxableOnly === undefined || niableOnly === undefined || untaxed === undefined || aeQualifying === undefined ||
    pensionable === undefined || otherSacrifice === undefined || preTax === undefined || postTax === undefined || reimbursements === undefined ||
    benefits === undefined || previousPay === undefined || previousTax === undefined
  ) {
    return undefined;
  }
  const refund = input.refund ?? null;
  let refundNetPay = 0;
  let refundReliefAtSource = 0;
  let refundSacrifice = 0;
  let refundEmployer = 0;
  if (refund) {
    const netPay = toPence(refund.netPay);
    const reliefAtSource = toPence(refund.reliefAtSource);
    const sacrifice = toPence(refund.salarySacrifice);
    const employer = toPence(refund.employer);
    if (netPay === undefined || reliefAtSource === undefined || sacrifice === undefined || employer === undefined) return undefined;
    refundNetPay = netPay;
    refundReliefAtSource = reliefAtSource;
    refundSacrifice = sacrifice;
    refundEmployer = employer;
  }
  const { taxYear, frequency, period } = input;
  checkPeriod(frequency, period);
  const params = gbParams(taxYear);
  // Steps are kept until every kernel has accepted the case, so a fallback does not record them twice.
  const steps: [string, string, TraceValues | undefined][] | undefined = trace ? [] : undefined;
  const step: Trace | undefined = steps
    ? (flow, node, values) => {
        steps.push([flow, node, values]);
      }
    : undefined;
  step?.('params', taxYear);

  // 1. Pension.
  let pension = null;
  if (input.pension) {
    validateArrangement(input.pension);
    pension = pensionPence(params, frequency, input.pension, aeQualifying, pensionable, step);
    if (!pension) return undefined;
  } else {
    step?.('pension', 'none');
  }

  // 2. PAYE on taxable pay.
  let taxablePay = taxableNiable + taxableOnly - otherSacrifice - preTax + benefits;
  if (pension) taxablePay -= pension.taxablePayReduction;
  if (refund) {
    taxablePay += refundNetPay + refundSacrifice;
    step?.('pension', 'refund');
  }
  if (Math.abs(taxablePay) > MAX_PENCE) return undefined;
  step?.('paye', 'taxable-pay', taxablePayValues(penceText(taxableNiable + taxableOnly), penceText(otherSacrifice + (pension ? pension.taxablePayReduction : 0)), penceText(preTax), penceText(benefits), penceText(refundNetPay + refundSacrifice), penceText(taxablePay)));
  const paye = payePence(
    { params, code: input.taxCode, frequency, period, week1Month1: input.week1Month1, taxablePay, payrolledBenefits: benefits, taxablePayToDatePrevious: previousPay, taxPaidToDatePrevious: previousTax },
    step,
  );
  if (!paye) return undefined;

  // 3. National Insurance on NIable pay.
  let niablePay = taxableNiable + niableOnly - otherSacrifice + refundSacrifice;
  if (pension) niablePay -= pension.niablePayReduction;
  if (Math.abs(niablePay) > MAX_PENCE) return undefined;
  step?.('ni', 'niable-pay', niablePayValues(penceText(taxableNiable + niableOnly), penceText(otherSacrifice + (pension ? pension.niablePayReduction : 0)), penceText(refundSacrifice), penceText(niablePay)));
  const niablePayDecimal = niablePay === taxableNiable ? a.taxableNiable : fromPence(niablePay);
  const niFrequency = input.niFrequency ?? frequency;
  const ni = payslipNi(input, niablePayDecimal, niFrequency, step);
  const employeeNi = toPence(ni.employeeNi);
  if (employeeNi === undefined) return undefined;

  // 4. Student and postgraduate loans on NIable pay.
  const loans = studentLoansPence(params, niFrequency, input.studentLoanPlans, input.postgraduateLoan, niablePay < 0 ? 0 : niablePay, step);
  if (!loans) return undefined;

  // 5. Net pay.
  const grossPay = taxableNiable + taxableOnly + niableOnly + untaxed;
  const refundToEmployee = refundNetPay + refundReliefAtSource + refundSacrifice;
  let netPay = grossPay - otherSacrifice - paye.tax - employeeNi - loans.studentLoan - loans.postgraduateLoan;
  if (pension) netPay -= pension.salarySacrifice + pension.employeeDeduction;
  netPay = netPay - preTax - postTax + reimbursements + refundToEmployee;
  step?.('net_pay', 'gross-less-deductions');
  if (steps && trace) for (const [flow, node, values] of steps) trace(flow, node, values);

  return {
    grossPay: grossPay === taxableNiable ? a.taxableNiable : fromPence(grossPay),
    payrolledBenefits: a.payrolledBenefits,
    taxablePay: taxablePay === taxableNiable ? a.taxableNiable : fromPence(taxablePay),
    taxablePayToDate: fromPence(paye.taxablePayToDate),
    tax: fromPence(paye.tax),
    taxPaidToDate: fromPence(paye.taxPaidToDate),
    regulatoryLimitApplied: paye.regulatoryLimitApplied,
    taxBasis: paye.basis,
    niablePay: niablePayDecimal,
    employeeNi: ni.employeeNi,
    employerNi: ni.employerNi,
    niBands: ni.niBands,
    directorBandsToDate: ni.directorBandsToDate,
    studentLoan: fromPence(loans.studentLoan),
    postgraduateLoan: fromPence(loans.postgraduateLoan),
    studentLoanPlanApplied: loans.planApplied,
    pensionableEarnings: pension ? fromPence(pension.pensionableEarnings) : null,
    pensionEmployeeGross: pension ? fromPence(pension.employeeGross) : null,
    pensionEmployeeDeduction: pension ? fromPence(pension.employeeDeduction) : null,
    pensionEmployer: pension ? fromPence(pension.employer) : null,
    salarySacrifice: pension ? fromPence(pension.salarySacrifice) : null,
    otherSalarySacrifice: a.salarySacrifice,
    preTaxDeductions: a.preTaxDeductions,
    postTaxDeductions: a.postTaxDeductions,
    reimbursements: a.reimbursements,
    refundToEmployee: refundToEmployee === 0 ? ZERO : fromPence(refundToEmployee),
    refundToEmployer: refundEmployer === 0 ? ZERO : fromPence(refundEmployer),
    netPay: fromPence(netPay),
  };
}

/**
 * Calculates the payslip: the integer-pence kernels of pension, PAYE and loans (exactly the Decimal rules'
 * results, with the same steps; test/domain/gb/engine/properties.test.ts), falling back to
 * calculateRunPayslipDecimal for amounts they do not take. `trace(flow, node)` records each step.
 * The one GB payslip pipeline: runs call it per employee, and a bare period (verify's gb-period vectors, the
 * bench) is this with one ordinary earning (bare-period.ts).
 */
export function calculateRunPayslip(input: RunPayslipInput, trace?: Trace): RunPayslipResult {
  return runPayslipPence(input, trace) ?? calculateRunPayslipDecimal(input, trace);
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
