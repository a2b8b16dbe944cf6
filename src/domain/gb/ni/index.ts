/**
 * GB Class 1 National Insurance for every registered tax year (../editions.ts): the exact percentage method per earnings
 * period (every category letter, weekly / fortnightly / four-weekly / monthly and multiples), the
 * RTI earnings bands, aggregation of several payments in one earnings period, and company
 * directors' NI on the annual earnings period or the alternative method.
 * Figures: the `ni` part of each tax year's file (../params/<year>.ts); rule and rounding: engine.ts.
 */
import { Decimal, ZERO } from '../../money.js';
import { fieldError } from '../../errors.js';
import { MAX_FAST_PENCE, addMoney, buildBandTable, fromPence, subtractMoney, niFor, niPence, toPence, type BandTable, type DecimalNi, type PeriodScale } from './engine.js';
import { niParamsFor } from './params.js';
import { GB_TAX_YEARS, type GbTaxYear } from '../editions.js';
import type { PayFrequency } from '../params/types.js';
import type { Trace, TraceValues } from '../trace.js';
import { constant, money2, rememberedTexts } from '../trace-values.js';

export type { GbTaxYear, PayFrequency };
export type NiCategory = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'S' | 'V' | 'X' | 'Z';

export interface NiInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** e.g. 2 for a two-week payment on a weekly pay frequency; default 1. */
  periodsCovered?: number;
  category: NiCategory;
  /** NIable earnings of this payment. */
  niablePay: Decimal;
  /** NIable earnings already paid in the same earnings period (aggregated with this payment). */
  priorNiablePayThisPeriod?: Decimal;
  /** Employee NI already deducted in the same earnings period; default: NI due on the prior pay alone. */
  priorEmployeeNiThisPeriod?: Decimal;
  /** Employer NI already due in the same earnings period; default: NI due on the prior pay alone. */
  priorEmployerNiThisPeriod?: Decimal;
}

/**
 * NI of one payment. With prior pay in the same earnings period, NI is worked out on the total and
 * what was already deducted is subtracted, and the earnings bands are this payment's share
 * (bands of the total minus bands of the prior pay), so the payments' bands add up to the period's.
 * The bands are HMRC's RTI (FPS) figures: nothing is recorded when pay is below the LEL.
 */
export interface NiResult {
  employeeNi: Decimal;
  employerNi: Decimal;
  earningsAtLel: Decimal;
  earningsLelToPt: Decimal;
  earningsPtToUel: Decimal;
  /** Earnings above the UEL (not an FPS field; for checks and the band total). */
  earningsAboveUel: Decimal;
}

export interface DirectorNiInput {
  taxYear: GbTaxYear;
  method: 'standard_annual_earnings_period' | 'alternative';
  category: NiCategory;
  /**
   * Weeks in the director's annual earnings period: 52 when a director from the start of the tax
   * year, else the weeks from the week of appointment to the end of the year (that week included).
   */
  weeksInEarningsPeriod: number;
  /** NIable pay in the tax year to date as a director, this period included. */
  niablePayToDate: Decimal;
  employeeNiPaidToDatePrevious: Decimal;
  employerNiPaidToDatePrevious: Decimal;
  /** Pay frequency; required for the alternative method. */
  frequency?: PayFrequency;
  /** NIable pay of this period; required for the alternative method. */
  periodNiablePay?: Decimal;
  /** Periods this payment covers on its frequency (alternative method); default 1. */
  periodsCovered?: number;
  /**
   * Alternative method: this is the last payment of the tax year (or the last as a director,
   * e.g. on leaving), when the annual recalculation is made. Default: false.
   */
  finalPeriod?: boolean;
  /**
   * Alternative method: the earnings bands to date before this period. Each period adds its own
   * period-basis bands (HMRC Directors' NICs test data v1.0 keeps summing them, the annual
   * recalculation included); default zero.
   */
  earningsAtLelYtdPrevious?: Decimal;
  earningsLelToPtYtdPrevious?: Decimal;
  earningsPtToUelYtdPrevious?: Decimal;
  earningsAboveUelYtdPrevious?: Decimal;
}

export interface DirectorNiResult {
  /** NI of this period (negative when an annual recalculation finds an overpayment to refund). */
  employeeNi: Decimal;
  employerNi: Decimal;
  employeeNiToDate: Decimal;
  employerNiToDate: Decimal;
  earningsAtLelYtd: Decimal;
  earningsLelToPtYtd: Decimal;
  earningsPtToUelYtd: Decimal;
  earningsAboveUelYtd: Decimal;
  /** True when this period's NI came from the annual (cumulative) calculation. */
  annualCalculation: boolean;
}

const CATEGORIES: readonly NiCategory[] = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'];
const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORIES);
const FREQUENCIES: readonly PayFrequency[] = ['weekly', 'fortnightly', 'four_weekly', 'monthly'];
const TAX_YEARS: readonly GbTaxYear[] = GB_TAX_YEARS;

export function isNiCategory(value: string): value is NiCategory {
  return CATEGORY_SET.has(value);
}

export function isPayFrequency(value: string): value is PayFrequency {
  return (FREQUENCIES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Threshold tables, built once per (year, earnings period, category)

type CategoryTables = Readonly<Record<NiCategory, BandTable>>;

function buildCategoryTables(taxYear: GbTaxYear, scale: PeriodScale, n: number): CategoryTables {
  const params = niParamsFor(taxYear);
  const tables = Object.create(null) as Record<NiCategory, BandTable>; // no prototype: junk keys find nothing
  for (const category of CATEGORIES) tables[category] = buildBandTable(params, category, scale, n);
  return tables;
}

function scaleOf(frequency: PayFrequency, periodsCovered: number): { scale: PeriodScale; n: number } {
  switch (frequency) {
    case 'weekly':
      return { scale: 'w', n: periodsCovered };
    case 'fortnightly':
      return { scale: 'w', n: 2 * periodsCovered };
    case 'four_weekly':
      return { scale: 'w', n: 4 * periodsCovered };
    case 'monthly':
      return { scale: 'm', n: periodsCovered };
  }
}

/** Single-period tables, built eagerly: [taxYear][frequency][category]. */
const SINGLE_PERIOD: Readonly<Record<GbTaxYear, Readonly<Record<PayFrequency, CategoryTables>>>> = (() => {
  const out = Object.create(null) as Record<GbTaxYear, Record<PayFrequency, CategoryTables>>;
  for (const year of TAX_YEARS) {
    const byFrequency = Object.create(null) as Record<PayFrequency, CategoryTables>;
    for (const frequency of FREQUENCIES) {
      const { scale, n } = scaleOf(frequency, 1);
      byFrequency[frequency] = buildCategoryTables(year, scale, n);
    }
    out[year] = byFrequency;
  }
  return out;
})();

const OTHER_TABLES = new Map<number, CategoryTables>();
const SCALE_INDEX: Readonly<Record<PeriodScale, number>> = { w: 0, m: 1, a: 2 };

function tablesFor(taxYear: GbTaxYear, scale: PeriodScale, n: number): CategoryTables {
  const key = (TAX_YEARS.indexOf(taxYear) * 4 + SCALE_INDEX[scale]) * 1000 + n;
  let tables = OTHER_TABLES.get(key);
  if (!tables) {
    tables = buildCategoryTables(taxYear, scale, n);
    OTHER_TABLES.set(key, tables);
  }
  return tables;
}

// ---------------------------------------------------------------------------------------------
// Validation

function checkTaxYear(taxYear: string): GbTaxYear {
  niParamsFor(taxYear); // throws the documented validation error for an unsupported year
  return taxYear as GbTaxYear;
}

function checkCategory(category: string, loc: string): NiCategory {
  if (!CATEGORY_SET.has(category)) throw fieldError([loc], `unknown NI category letter ${JSON.stringify(category)}; expected one of ${CATEGORIES.join(' ')}`, 'ni_category');
  return category as NiCategory;
}

function checkFrequency(frequency: string | undefined, loc: string): PayFrequency {
  if (frequency === undefined || !isPayFrequency(frequency)) {
    throw fieldError([loc], `unknown pay frequency ${JSON.stringify(frequency)}; expected one of ${FREQUENCIES.join(', ')}`, 'pay_frequency');
  }
  return frequency;
}

function checkAmount(value: Decimal | undefined, loc: string): Decimal {
  if (!(value instanceof Decimal) || !value.isFinite()) throw fieldError([loc], 'must be a finite decimal amount', 'decimal');
  return value;
}

function optionalAmount(value: Decimal | undefined, loc: string): Decimal {
  return value === undefined ? ZERO : checkAmount(value, loc);
}

/** At most a year's worth of periods in one payment (53 weeks allows for a week-53 year). */
const MAX_PERIODS_COVERED: Readonly<Record<PayFrequency, number>> = { weekly: 53, fortnightly: 27, four_weekly: 14, monthly: 12 };

function checkCount(value: number | undefined, loc: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw fieldError([loc], `must be a whole number from 1 to ${max}`, 'integer_range');
  return value;
}

// ---------------------------------------------------------------------------------------------
// Employees: one earnings period

function subtract(total: DecimalNi, prior: DecimalNi, priorEmployee: Decimal | undefined, priorEmployer: Decimal | undefined): NiResult {
  return {
    employeeNi: total.employee.minus(priorEmployee ?? prior.employee),
    employerNi: total.employer.minus(priorEmployer ?? prior.employer),
    earningsAtLel: total.atLel.minus(prior.atLel),
    earningsLelToPt: total.lelToPt.minus(prior.lelToPt),
    earningsPtToUel: total.ptToUel.minus(prior.ptToUel),
    earningsAboveUel: total.aboveUel.minus(prior.aboveUel),
  };
}

function toResult(ni: DecimalNi): NiResult {
  return { employeeNi: ni.employee, employerNi: ni.employer, earningsAtLel: ni.atLel, earningsLelToPt: ni.lelToPt, earningsPtToUel: ni.ptToUel, earningsAboveUel: ni.aboveUel };
}

/** The earnings period's thresholds and the category's rates as text, once per band table. */
const tableTexts = new WeakMap<BandTable, { thresholds: TraceValues; rates: TraceValues }>();

function traceTable(trace: Trace, t: BandTable): void {
  const texts = rememberedTexts(tableTexts, t, () => {
    const r = t.rates;
    return {
      thresholds: { LEL: t.lel.toFixed(2), PT: t.pt.toFixed(2), ST: t.st.toFixed(2), UEL: t.uel.toFixed(2), relief_threshold: t.relief.toFixed(2), upper_secondary_threshold: t.upper.toFixed(2) },
      rates: {
        employee_pt_to_uel: constant(r.employeePtToUel),
        employee_above_uel: constant(r.employeeAboveUel),
        employer_st_to_relief: constant(r.employerStToFust),
        employer_relief_to_upper: constant(r.employerFustToUpper),
        employer_above_upper: constant(r.employerAboveUpper),
      },
    };
  });
  trace('ni', 'thresholds', texts.thresholds);
  trace('ni', 'rates', texts.rates);
}

function traceResult(trace: Trace, niablePay: Decimal, result: NiResult): NiResult {
  trace('ni', 'earnings', {
    niable_pay: money2(niablePay),
    earnings_at_lel: money2(result.earningsAtLel),
    earnings_lel_to_pt: money2(result.earningsLelToPt),
    earnings_pt_to_uel: money2(result.earningsPtToUel),
    earnings_above_uel: money2(result.earningsAboveUel),
  });
  trace('ni', 'contributions', { employee_ni: money2(result.employeeNi), employer_ni: money2(result.employerNi) });
  return result;
}

/**
 * Class 1 NI of one payment by the exact percentage method. `trace`, when given, hears the earnings period's
 * thresholds and rates and the result (issue 18 point 7: a stored run explains its NI from these).
 */
export function calculateNi(input: NiInput, trace?: Trace): NiResult {
  if (trace) {
    const result = calculateNiUntraced(input);
    const periodsCovered = input.periodsCovered ?? 1;
    const { scale, n } = scaleOf(input.frequency, periodsCovered);
    traceTable(trace, (periodsCovered === 1 ? SINGLE_PERIOD[input.taxYear][input.frequency] : tablesFor(input.taxYear, scale, n))[input.category]);
    if (input.priorNiablePayThisPeriod !== undefined) trace('ni', 'prior-pay', { prior_niable_pay: money2(input.priorNiablePayThisPeriod), ...(input.priorEmployeeNiThisPeriod ? { prior_employee_ni: money2(input.priorEmployeeNiThisPeriod) } : {}) });
    return traceResult(trace, input.niablePay, result);
  }
  return calculateNiUntraced(input);
}

function calculateNiUntraced(input: NiInput): NiResult {
  const periodsCovered = input.periodsCovered ?? 1;
  let byFrequency = periodsCovered === 1 ? SINGLE_PERIOD[input.taxYear]?.[input.frequency] : undefined;
  if (!byFrequency) {
    const taxYear = checkTaxYear(input.taxYear);
    const frequency = checkFrequency(input.frequency, 'frequency');
    const n = checkCount(input.periodsCovered, 'periodsCovered', 1, MAX_PERIODS_COVERED[frequency]);
    const { scale, n: units } = scaleOf(frequency, n);
    byFrequency = tablesFor(taxYear, scale, units);
  }
  const table = byFrequency[input.category];
  if (!table) checkCategory(input.category, 'category');
  const t = table as BandTable;
  const pay = checkAmount(input.niablePay, 'niablePay');

  if (input.priorNiablePayThisPeriod === undefined && input.priorEmployeeNiThisPeriod === undefined && input.priorEmployerNiThisPeriod === undefined) {
    return toResult(niFor(t, pay));
  }

  // Aggregation with earlier payments in the same earnings period.
  const priorPay = input.priorNiablePayThisPeriod === undefined ? ZERO : checkAmount(input.priorNiablePayThisPeriod, 'priorNiablePayThisPeriod');
  const priorEmployee = input.priorEmployeeNiThisPeriod === undefined ? undefined : checkAmount(input.priorEmployeeNiThisPeriod, 'priorEmployeeNiThisPeriod');
  const priorEmployer = input.priorEmployerNiThisPeriod === undefined ? undefined : checkAmount(input.priorEmployerNiThisPeriod, 'priorEmployerNiThisPeriod');
  if (t.fast) {
    const payP = toPence(pay);
    const priorP = toPence(priorPay);
    const priorEmployeeP = priorEmployee === undefined ? undefined : toPence(priorEmployee);
    const priorEmployerP = priorEmployer === undefined ? undefined : toPence(priorEmployer);
    if (payP !== undefined && priorP !== undefined && Math.abs(priorP + payP) <= MAX_FAST_PENCE && (priorEmployee === undefined || priorEmployeeP !== undefined) && (priorEmployer === undefined || priorEmployerP !== undefined)) {
      const total = niPence(t, priorP + payP);
      const before = niPence(t, priorP);
      return {
        employeeNi: fromPence(total.employee - (priorEmployeeP ?? before.employee)),
        employerNi: fromPence(total.employer - (priorEmployerP ?? before.employer)),
        earningsAtLel: fromPence(total.atLel - before.atLel),
        earningsLelToPt: fromPence(total.lelToPt - before.lelToPt),
        earningsPtToUel: fromPence(total.ptToUel - before.ptToUel),
        earningsAboveUel: fromPence(total.aboveUel - before.aboveUel),
      };
    }
  }
  return subtract(niFor(t, priorPay.plus(pay)), niFor(t, priorPay), priorEmployee, priorEmployer);
}

// ---------------------------------------------------------------------------------------------
// Directors

/**
 * Director's NI (HMRC CA44; NIM12000–12012; Directors' NICs test data v1.0).
 *  - standard_annual_earnings_period: NI on pay to date against the annual thresholds (pro rata
 *    annual × weeks / 52, rounded up to the pound, from the week of appointment), less NI paid
 *    to date; the earnings bands to date are the annual calculation's.
 *  - alternative: each period as for an employee on the pay frequency; at the final period
 *    (year end, or the last payment as a director) NI is recalculated on the annual earnings
 *    period and the difference from what was paid is due (or refunded) in that period.
 */
export function calculateDirectorNi(input: DirectorNiInput): DirectorNiResult {
  const taxYear = checkTaxYear(input.taxYear);
  const category = checkCategory(input.category, 'category');
  if (input.weeksInEarningsPeriod === undefined) throw fieldError(['weeksInEarningsPeriod'], 'is required', 'missing');
  const weeks = checkCount(input.weeksInEarningsPeriod, 'weeksInEarningsPeriod', 52, 52);
  const toDate = checkAmount(input.niablePayToDate, 'niablePayToDate');
  const paidEmployee = checkAmount(input.employeeNiPaidToDatePrevious, 'employeeNiPaidToDatePrevious');
  const paidEmployer = checkAmount(input.employerNiPaidToDatePrevious, 'employerNiPaidToDatePrevious');
  const annualTable = tablesFor(taxYear, 'a', weeks)[category];

  if (input.method === 'standard_annual_earnings_period') {
    const annual = niFor(annualTable, toDate);
    return {
      employeeNi: subtractMoney(annual.employee, paidEmployee),
      employerNi: subtractMoney(annual.employer, paidEmployer),
      employeeNiToDate: annual.employee,
      employerNiToDate: annual.employer,
      earningsAtLelYtd: annual.atLel,
      earningsLelToPtYtd: annual.lelToPt,
      earningsPtToUelYtd: annual.ptToUel,
      earningsAboveUelYtd: annual.aboveUel,
      annualCalculation: true,
    };
  }
  if (input.method !== 'alternative') {
    throw fieldError(['method'], `unknown directors' NI method ${JSON.stringify(input.method)}; expected standard_annual_earnings_period or alternative`, 'director_ni_method');
  }

  const frequency = checkFrequency(input.frequency, 'frequency');
  const periodPay = checkAmount(input.periodNiablePay, 'periodNiablePay');
  const n = checkCount(input.periodsCovered, 'periodsCovered', 1, MAX_PERIODS_COVERED[frequency]);
  const { scale, n: units } = scaleOf(frequency, n);
  const periodTable = (n === 1 ? SINGLE_PERIOD[taxYear][frequency] : tablesFor(taxYear, scale, units))[category];
  const period = niFor(periodTable, periodPay);
  const bands = {
    earningsAtLelYtd: addMoney(optionalAmount(input.earningsAtLelYtdPrevious, 'earningsAtLelYtdPrevious'), period.atLel),
    earningsLelToPtYtd: addMoney(optionalAmount(input.earningsLelToPtYtdPrevious, 'earningsLelToPtYtdPrevious'), period.lelToPt),
    earningsPtToUelYtd: addMoney(optionalAmount(input.earningsPtToUelYtdPrevious, 'earningsPtToUelYtdPrevious'), period.ptToUel),
    earningsAboveUelYtd: addMoney(optionalAmount(input.earningsAboveUelYtdPrevious, 'earningsAboveUelYtdPrevious'), period.aboveUel),
  };
  if (input.finalPeriod === true) {
    const annual = niFor(annualTable, toDate);
    return {
      employeeNi: subtractMoney(annual.employee, paidEmployee),
      employerNi: subtractMoney(annual.employer, paidEmployer),
      employeeNiToDate: annual.employee,
      employerNiToDate: annual.employer,
      ...bands,
      annualCalculation: true,
    };
  }
  return {
    employeeNi: period.employee,
    employerNi: period.employer,
    employeeNiToDate: addMoney(paidEmployee, period.employee),
    employerNiToDate: addMoney(paidEmployer, period.employer),
    ...bands,
    annualCalculation: false,
  };
}
