/**
 * Workplace pension contributions for one pay period (params-2025-26 §4; the Pensions Regulator's thresholds).
 *
 * Pensionable earnings:
 * - `qualifying_earnings`: earnings of the period between the lower and the upper level of qualifying earnings
 *   for the pay frequency (a week-53 payment uses the weekly band), nothing below the lower level;
 * - `pensionable_pay`: the scheme's pensionable pay, by default the period's gross pay ("full pay").
 * Both are measured before any salary sacrifice. The earnings trigger decides who must be enrolled
 * (auto-enrolment.ts), not what a member pays: a member's contributions run on whatever band earnings there are.
 *
 * Contributions are the rates × pensionable earnings, each rounded to the nearest penny (half up), then capped
 * per period when the scheme or membership sets a cap. Tax relief methods:
 * - `net_pay`: the employee contribution is deducted from pay before tax (taxable pay falls), not before NICs;
 * - `relief_at_source`: the employee pays the gross contribution less basic-rate relief (80 %, rounded half up to
 *   the penny) from net pay; taxable and NIable pay are unchanged;
 * - `salary_sacrifice`: pay is reduced by the employee's share before tax, NICs and student loans; the employer
 *   pays the sacrificed amount on top of its own contribution; the employee contributes nothing from net pay.
 */
import { Decimal } from '../money.js';
import { fieldError } from '../errors.js';
import type { GbTaxYear, PayFrequency } from './ni/index.js';
import { gbParams } from './params/index.js';
import type { GbParams } from './params/types.js';
import { cachedRateUnits, fromPence, toPence } from './pence.js';
import type { Trace } from './trace.js';
import { constant, pence } from './trace-values.js';

export type PensionMethod = 'net_pay' | 'relief_at_source' | 'salary_sacrifice';
export type PensionBasis = 'qualifying_earnings' | 'pensionable_pay';

/** The scheme terms in force for the member (scheme defaults with any membership overrides applied). */
export interface PensionArrangement {
  method: PensionMethod;
  basis: PensionBasis;
  /** Rates as fractions: 0.05 = 5 %. */
  employeeRate: Decimal;
  employerRate: Decimal;
  /** Most the employee (or, under salary sacrifice, the sacrifice) may be per period; null or absent = no cap. */
  employeeCap?: Decimal | null;
  /** Most the employer's own contribution may be per period (the sacrificed amount comes on top); null = no cap. */
  employerCap?: Decimal | null;
}

export interface PensionInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  arrangement: PensionArrangement;
  /** The period's gross pay before salary sacrifice (payrolled benefits excluded). */
  grossPay: Decimal;
  /** Pensionable pay when the scheme defines it narrower than gross pay; default `grossPay`. */
  pensionablePay?: Decimal;
}

export interface PensionResult {
  pensionableEarnings: Decimal;
  /** The employee's gross contribution (zero under salary sacrifice). */
  employeeGross: Decimal;
  /** What comes off the employee's pay: net pay = gross; relief at source = gross less relief; sacrifice = 0. */
  employeeDeduction: Decimal;
  /** Everything the employer pays in, the sacrificed amount included. */
  employer: Decimal;
  /** Pay given up under salary sacrifice (zero otherwise). */
  salarySacrifice: Decimal;
  /** Reduction of taxable pay (net pay contribution or sacrifice). */
  taxablePayReduction: Decimal;
  /** Reduction of NIable pay and of student-loan earnings (the sacrifice). */
  niablePayReduction: Decimal;
}

/** The pension figures a payslip shows: the pension result's, all null without a pension arrangement. */
export interface PayslipPensionFigures {
  pensionableEarnings: Decimal | null;
  pensionEmployeeGross: Decimal | null;
  pensionEmployeeDeduction: Decimal | null;
  pensionEmployer: Decimal | null;
  salarySacrifice: Decimal | null;
}

export function payslipPensionFigures(pension: PensionResult | null): PayslipPensionFigures {
  return {
    pensionableEarnings: pension ? pension.pensionableEarnings : null,
    pensionEmployeeGross: pension ? pension.employeeGross : null,
    pensionEmployeeDeduction: pension ? pension.employeeDeduction : null,
    pensionEmployer: pension ? pension.employer : null,
    salarySacrifice: pension ? pension.salarySacrifice : null,
  };
}

const ZERO = new Decimal(0);
const ONE = new Decimal(1);

function pennies(value: Decimal): Decimal {
  // Contributions are rounded to the nearest penny, half up (all 549 pension vectors).
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

function capped(value: Decimal, cap: Decimal | null | undefined): Decimal {
  return cap !== null && cap !== undefined && value.gt(cap) ? cap : value;
}

/** Earnings between the lower and upper level of qualifying earnings for the pay frequency. */
export function qualifyingEarnings(taxYear: GbTaxYear, frequency: PayFrequency, earnings: Decimal): Decimal {
  const pension = gbParams(taxYear).pension;
  const lower = pension.lowerQualifyingEarnings[frequency];
  const upper = pension.upperQualifyingEarnings[frequency];
  if (lower === undefined || upper === undefined) throw fieldError(['frequency'], `unknown pay frequency "${String(frequency)}"`, 'frequency_invalid');
  if (earnings.lte(lower)) return ZERO;
  return (earnings.gt(upper) ? upper : earnings).minus(lower);
}

const validated = new WeakMap<PensionArrangement, { method: string; basis: string; employeeRate: Decimal; employerRate: Decimal; employeeCap: unknown; employerCap: unknown }>();

/** Checks the arrangement (remembered per object while its fields stay the same). */
export function validateArrangement(arrangement: PensionArrangement): void {
  const seen = validated.get(arrangement);
  if (
    seen &&
    seen.method === arrangement.method &&
    seen.basis === arrangement.basis &&
    seen.employeeRate === arrangement.employeeRate &&
    seen.employerRate === arrangement.employerRate &&
    seen.employeeCap === arrangement.employeeCap &&
    seen.employerCap === arrangement.employerCap
  ) {
    return;
  }
  validateArrangementFields(arrangement);
  validated.set(arrangement, { ...arrangement, employeeCap: arrangement.employeeCap, employerCap: arrangement.employerCap });
}

function validateArrangementFields(arrangement: PensionArrangement): void {
  const { method, basis, employeeRate, employerRate } = arrangement;
  if (method !== 'net_pay' && method !== 'relief_at_source' && method !== 'salary_sacrifice') {
    throw fieldError(['pension', 'method'], `unknown pension tax treatment "${String(method)}"; expected net_pay, relief_at_source or salary_sacrifice`, 'pension_method_invalid');
  }
  if (basis !== 'qualifying_earnings' && basis !== 'pensionable_pay') {
    throw fieldError(['pension', 'basis'], `unknown pensionable earnings basis "${String(basis)}"; expected qualifying_earnings or pensionable_pay`, 'pension_basis_invalid');
  }
  if (employeeRate.isNegative() || employeeRate.gt(ONE)) throw fieldError(['pension', 'employee_rate'], 'the employee rate must lie between 0 and 1', 'pension_rate_invalid');
  if (employerRate.isNegative() || employerRate.gt(ONE)) throw fieldError(['pension', 'employer_rate'], 'the employer rate must lie between 0 and 1', 'pension_rate_invalid');
  if (arrangement.employeeCap?.isNegative()) throw fieldError(['pension', 'employee_cap'], 'the employee cap must not be negative', 'pension_cap_invalid');
  if (arrangement.employerCap?.isNegative()) throw fieldError(['pension', 'employer_cap'], 'the employer cap must not be negative', 'pension_cap_invalid');
}

/** The rule over Decimals: the reference statement, and the path for amounts the integer kernel does not take. */
export function calculatePensionDecimal(input: PensionInput, trace?: Trace): PensionResult {
  const { arrangement, frequency, taxYear } = input;
  validateArrangement(arrangement);
  const params = gbParams(taxYear);
  let pensionableEarnings: Decimal;
  if (arrangement.basis === 'qualifying_earnings') {
    pensionableEarnings = qualifyingEarnings(taxYear, frequency, input.grossPay);
    trace?.('pension', 'basis:qualifying_earnings');
  } else {
    const pay = input.pensionablePay ?? input.grossPay;
    pensionableEarnings = pay.isNegative() ? ZERO : pay;
    trace?.('pension', 'basis:pensionable_pay');
  }
  const employeeShare = capped(pennies(pensionableEarnings.times(arrangement.employeeRate)), arrangement.employeeCap);
  const employerShare = capped(pennies(pensionableEarnings.times(arrangement.employerRate)), arrangement.employerCap);
  trace?.('pension', 'earnings', pensionEarningsValues(params, frequency, arrangement, input.grossPay.toFixed(2), (input.pensionablePay ?? input.grossPay).toFixed(2), pensionableEarnings.toFixed(2)));
  trace?.('pension', 'shares', shareValues(arrangement, employeeShare.toFixed(2), employerShare.toFixed(2)));
  trace?.('pension', `method:${arrangement.method}`);
  if (trace) {
    const r = decimalPensionResult(params, arrangement, pensionableEarnings, employeeShare, employerShare);
    trace('pension', 'contributions', contributionValues(r.employeeGross.toFixed(2), r.employeeDeduction.toFixed(2), r.employer.toFixed(2), r.salarySacrifice.toFixed(2)));
    return r;
  }
  return decimalPensionResult(params, arrangement, pensionableEarnings, employeeShare, employerShare);
}

/** The figures a pension step reports (issue 18 point 7): the earnings band or pensionable pay, and the rates. */
function pensionEarningsValues(params: GbParams, frequency: PayFrequency, arrangement: PensionArrangement, grossPay: string, pensionablePay: string, pensionable: string): Record<string, string> {
  if (arrangement.basis === 'qualifying_earnings') {
    return {
      earnings: grossPay,
      lower_qualifying_earnings: constant(params.pension.lowerQualifyingEarnings[frequency] as Decimal, 2),
      upper_qualifying_earnings: constant(params.pension.upperQualifyingEarnings[frequency] as Decimal, 2),
      qualifying_earnings: pensionable,
    };
  }
  return { pensionable_pay: pensionablePay, pensionable_earnings: pensionable };
}

function shareValues(arrangement: PensionArrangement, employeeShare: string, employerShare: string): Record<string, string> {
  return {
    employee_rate: constant(arrangement.employeeRate),
    employer_rate: constant(arrangement.employerRate),
    employee_cap: arrangement.employeeCap ? constant(arrangement.employeeCap, 2) : 'none',
    employer_cap: arrangement.employerCap ? constant(arrangement.employerCap, 2) : 'none',
    employee_share: employeeShare,
    employer_share: employerShare,
  };
}

function contributionValues(employeeGross: string, employeeDeduction: string, employer: string, salarySacrifice: string): Record<string, string> {
  return { employee_gross: employeeGross, employee_deduction: employeeDeduction, employer, salary_sacrifice: salarySacrifice };
}

function decimalPensionResult(params: GbParams, arrangement: PensionArrangement, pensionableEarnings: Decimal, employeeShare: Decimal, employerShare: Decimal): PensionResult {
  switch (arrangement.method) {
    case 'net_pay':
      return {
        pensionableEarnings,
        employeeGross: employeeShare,
        employeeDeduction: employeeShare,
        employer: employerShare,
        salarySacrifice: ZERO,
        taxablePayReduction: employeeShare,
        niablePayReduction: ZERO,
      };
    case 'relief_at_source': {
      // The member pays the gross contribution less basic-rate relief, rounded half up to the penny.
      const net = pennies(employeeShare.times(ONE.minus(params.pension.reliefAtSourceRate)));
      return {
        pensionableEarnings,
        employeeGross: employeeShare,
        employeeDeduction: net,
        employer: employerShare,
        salarySacrifice: ZERO,
        taxablePayReduction: ZERO,
        niablePayReduction: ZERO,
      };
    }
    case 'salary_sacrifice':
      return {
        pensionableEarnings,
        employeeGross: ZERO,
        employeeDeduction: ZERO,
        employer: employerShare.plus(employeeShare),
        salarySacrifice: employeeShare,
        taxablePayReduction: employeeShare,
        niablePayReduction: employeeShare,
      };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The same rule over whole pence, rates in 1/10,000ths (exact below 2^53 for pay up to £1bn).

/** Largest pay (pence) the kernel takes: £1bn. */
const KERNEL_MAX_PENCE = 1e11;

export interface PensionPenceResult {
  pensionableEarnings: number;
  employeeGross: number;
  employeeDeduction: number;
  employer: number;
  salarySacrifice: number;
  taxablePayReduction: number;
  niablePayReduction: number;
}

function capPence(cap: Decimal | null | undefined): number | null | undefined {
  if (cap === null || cap === undefined) return null;
  return toPence(cap);
}

const bandPence = new WeakMap<GbParams, Partial<Record<PayFrequency, readonly [number, number]>>>();

/** Lower and upper level of qualifying earnings for the frequency, in pence. */
function qualifyingBandPence(params: GbParams, frequency: PayFrequency): readonly [number, number] {
  let byFrequency = bandPence.get(params);
  if (!byFrequency) {
    byFrequency = {};
    bandPence.set(params, byFrequency);
  }
  let band = byFrequency[frequency];
  if (!band) {
    band = [toPence(params.pension.lowerQualifyingEarnings[frequency]) as number, toPence(params.pension.upperQualifyingEarnings[frequency]) as number];
    byFrequency[frequency] = band;
  }
  return band;
}

/** Nearest penny, half up, of an amount in 1/10,000ths of a penny (non-negative). */
function roundHalfUpUnits(units: number): number {
  return Math.floor((units + 5000) / 10000);
}

/**
 * Pension contributions over whole pence; the arrangement must have been validated. Undefined when the kernel
 * cannot take the case exactly (rates beyond 1/10,000ths, caps in fractions of a penny, pay beyond £1bn); it
 * declines before tracing anything.
 */
export function pensionPence(
  params: GbParams,
  frequency: PayFrequency,
  arrangement: PensionArrangement,
  grossPay: number,
  pensionablePay: number | undefined,
  trace?: Trace,
): PensionPenceResult | undefined {
  const employeeUnits = cachedRateUnits(arrangement.employeeRate);
  const employerUnits = cachedRateUnits(arrangement.employerRate);
  const reliefUnits = cachedRateUnits(params.pension.reliefAtSourceRate);
  const employeeCap = capPence(arrangement.employeeCap);
  const employerCap = capPence(arrangement.employerCap);
  if (employeeUnits === undefined || employerUnits === undefined || reliefUnits === undefined || employeeCap === undefined || employerCap === undefined) return undefined;
  if (Math.abs(grossPay) > KERNEL_MAX_PENCE || (pensionablePay !== undefined && Math.abs(pensionablePay) > KERNEL_MAX_PENCE)) return undefined;
  let pensionableEarnings: number;
  if (arrangement.basis === 'qualifying_earnings') {
    const [lower, upper] = qualifyingBandPence(params, frequency);
    pensionableEarnings = grossPay <= lower ? 0 : (grossPay > upper ? upper : grossPay) - lower;
    trace?.('pension', 'basis:qualifying_earnings');
  } else {
    const pay = pensionablePay ?? grossPay;
    pensionableEarnings = pay < 0 ? 0 : pay;
    trace?.('pension', 'basis:pensionable_pay');
  }
  // Rates × pensionable earnings, nearest penny half up, then the caps.
  let employeeShare = roundHalfUpUnits(pensionableEarnings * employeeUnits);
  if (employeeCap !== null && employeeShare > employeeCap) employeeShare = employeeCap;
  let employerShare = roundHalfUpUnits(pensionableEarnings * employerUnits);
  if (employerCap !== null && employerShare > employerCap) employerShare = employerCap;
  trace?.('pension', 'earnings', pensionEarningsValues(params, frequency, arrangement, pence(grossPay), pence(pensionablePay ?? grossPay), pence(pensionableEarnings)));
  trace?.('pension', 'shares', shareValues(arrangement, pence(employeeShare), pence(employerShare)));
  trace?.('pension', `method:${arrangement.method}`);
  if (trace) {
    const r = pencePensionResult(arrangement, pensionableEarnings, employeeShare, employerShare, reliefUnits);
    trace('pension', 'contributions', contributionValues(pence(r.employeeGross), pence(r.employeeDeduction), pence(r.employer), pence(r.salarySacrifice)));
    return r;
  }
  return pencePensionResult(arrangement, pensionableEarnings, employeeShare, employerShare, reliefUnits);
}

function pencePensionResult(arrangement: PensionArrangement, pensionableEarnings: number, employeeShare: number, employerShare: number, reliefUnits: number): PensionPenceResult {
  switch (arrangement.method) {
    case 'net_pay':
      return { pensionableEarnings, employeeGross: employeeShare, employeeDeduction: employeeShare, employer: employerShare, salarySacrifice: 0, taxablePayReduction: employeeShare, niablePayReduction: 0 };
    case 'relief_at_source':
      return {
        pensionableEarnings,
        employeeGross: employeeShare,
        // Gross less basic-rate relief, nearest penny half up.
        employeeDeduction: roundHalfUpUnits(employeeShare * (10000 - reliefUnits)),
        employer: employerShare,
        salarySacrifice: 0,
        taxablePayReduction: 0,
        niablePayReduction: 0,
      };
    case 'salary_sacrifice':
      return { pensionableEarnings, employeeGross: 0, employeeDeduction: 0, employer: employerShare + employeeShare, salarySacrifice: employeeShare, taxablePayReduction: employeeShare, niablePayReduction: employeeShare };
  }
}

/** Calculates the period's pension contributions (integer kernel for whole pence, else over Decimals). */
export function calculatePension(input: PensionInput, trace?: Trace): PensionResult {
  validateArrangement(input.arrangement);
  const grossPay = toPence(input.grossPay);
  const pensionablePay = input.pensionablePay === undefined ? undefined : toPence(input.pensionablePay);
  if (grossPay !== undefined && (input.pensionablePay === undefined || pensionablePay !== undefined)) {
    const result = pensionPence(gbParams(input.taxYear), input.frequency, input.arrangement, grossPay, pensionablePay, trace);
    if (result) {
      return {
        pensionableEarnings: fromPence(result.pensionableEarnings),
        employeeGross: fromPence(result.employeeGross),
        employeeDeduction: fromPence(result.employeeDeduction),
        employer: fromPence(result.employer),
        salarySacrifice: fromPence(result.salarySacrifice),
        taxablePayReduction: fromPence(result.taxablePayReduction),
        niablePayReduction: fromPence(result.niablePayReduction),
      };
    }
  }
  return calculatePensionDecimal(input, trace);
}
