/**
 * PAYE income tax for one pay period: HMRC's "Specification for PAYE tax table routines".
 *
 * - Free pay (suffix codes) / additional pay (K codes), Tables A: a code n ≤ 500 is worth (10n + 9) / 52 or / 12,
 *   rounded UP to the penny, in week or month 1; above 500, n − 1 = 500q + (r − 1) and the value is that of r plus
 *   q × £96.16 (week) or q × £416.67 (month) (spec 4.3.1 programmers' note). To date: the period-1 value × n.
 * - Taxable pay to date = pay to date − free pay (+ additional pay) to date, rounded DOWN to the pound (Tables B–D).
 * - Tax on it: the annual band limits and band taxes pro-rated (× n/52 or n/12) and truncated to 4 decimal places;
 *   the result truncated to the penny. The region's `bandTaxRounding` says how the tax of the lower bands is
 *   pro-rated (see params/types.ts). The band a pay falls in is found against the limit rounded up to the pound.
 * - Cumulative basis: n is the tax period (week number for weekly, fortnightly and four-weekly payrolls, so a
 *   fortnightly payroll's period 3 is week 6; month number for monthly); tax = tax due to date − tax paid; a
 *   negative result is a refund. Week 1 / month 1 basis: n = 1 week-or-month, or the weeks in the pay period
 *   (2, 4); only this period's pay counts; never a refund.
 * - Flat-rate codes: BR / D0 / D1 (SD0–SD3): whole pounds of pay × the rate (cumulatively: pay to date, less tax
 *   paid). NT: no tax; cumulatively, all tax paid to date is refunded (HMRC 2025-26 test data, Gen_cumul/10).
 * - Overriding (regulatory) limit: tax deducted in a period never exceeds 50 % of the period's relevant pay
 *   (taxable pay less payrolled benefits), truncated to the penny. On a cumulative code the shortfall is collected
 *   automatically later (tax paid to date is lower); on week 1 / month 1 it is not carried forward.
 * - Week 53 / 54 / 56 (an extra weekly, fortnightly or four-weekly payday at the end of the year): the payment is
 *   taxed non-cumulatively with the week 1, week 2 or week 4 figures (PAYE Manual PAYE70015); for a cumulative
 *   suffix code no tax at all is due if the free pay to week 52 covers the whole year's pay including this payment.
 */
import { Decimal } from '../money.js';
import { fromPence, toPence } from './pence.js';
import { fieldError } from '../errors.js';
import type { GbTaxYear, PayFrequency } from './ni/index.js';
import { gbParams } from './params/index.js';
import type { GbParams, IncomeTaxRegime } from './params/types.js';
import { parseTaxCode, type TaxCode } from './tax-code.js';
import type { Trace } from './trace.js';
import { constant, pence as penceText, rememberedTexts } from './trace-values.js';

export type TaxBasis = 'cumulative' | 'week1month1' | 'week53' | 'week53-nil';

export interface PayeInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** Pay period number in the tax year: weekly 1–53, fortnightly 1–27, four-weekly 1–14, monthly 1–12. */
  period: number;
  /** The code, as a string (`1257L`, `S1257L W1`, `K100`) or already parsed. */
  taxCode: string | TaxCode;
  /** Operate on the week 1 / month 1 basis (also implied by a W1, M1 or X marker on the code). */
  week1Month1?: boolean;
  /** Taxable pay of this period: gross pay less net-pay pension contributions and salary sacrifice, plus payrolled benefits. */
  taxablePay: Decimal;
  /** The payrolled-benefits part of `taxablePay`; excluded from the overriding-limit base. */
  payrolledBenefits?: Decimal;
  /** Taxable pay and tax to date before this period (including any previous employment's P45 figures in use). */
  taxablePayToDatePrevious: Decimal;
  taxPaidToDatePrevious: Decimal;
}

export interface PayeResult {
  /** Tax deducted this period; negative is a refund. */
  tax: Decimal;
  taxablePayToDate: Decimal;
  taxPaidToDate: Decimal;
  basis: TaxBasis;
  /** Tax was cut to the overriding limit. */
  regulatoryLimitApplied: boolean;
  /** Tax due but not deducted because of the limit (a cumulative code collects it later; week 1 / month 1 does not). */
  taxNotDeducted: Decimal;
  /** Free pay (positive) or K-code additional pay (negative) used: to date on the cumulative basis, else for the period. */
  payAdjustment: Decimal;
  /** Taxable pay after the adjustment, whole pounds (to date on the cumulative basis); null for flat-rate codes and NT. */
  taxableAfterAdjustment: Decimal | null;
}

const ZERO = new Decimal(0);
const WEEKS_PER_PERIOD: Readonly<Record<PayFrequency, number>> = { weekly: 1, fortnightly: 2, four_weekly: 4, monthly: 1 };
/** Periods in a year with no week 53: beyond these, the payment is a week 53 / 54 / 56 payment. */
const STANDARD_PERIODS: Readonly<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };
const MAX_PERIODS: Readonly<Record<PayFrequency, number>> = { weekly: 53, fortnightly: 27, four_weekly: 14, monthly: 12 };

/** Tax period (week or month number) of a pay period: fortnightly period p is week 2p, four-weekly period p is week 4p. */
export function taxPeriodOf(frequency: PayFrequency, period: number): number {
  return period * WEEKS_PER_PERIOD[frequency];
}

export function isWeek53Payment(frequency: PayFrequency, period: number): boolean {
  return period > STANDARD_PERIODS[frequency];
}

export function checkPeriod(frequency: PayFrequency, period: number): void {
  const max = MAX_PERIODS[frequency];
  if (max === undefined) throw fieldError(['frequency'], `unknown pay frequency "${String(frequency)}"; expected weekly, fortnightly, four_weekly or monthly`, 'frequency_invalid');
  if (!Number.isInteger(period) || period < 1 || period > max) {
    throw fieldError(['period'], `period ${String(period)} is outside 1–${max} for a ${frequency} payroll`, 'period_out_of_range');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Free pay / additional pay (Tables A)

/** Period-1 values by the per-500 figure of the year (its identity) and code number × 100 + periods a year. */
const freePayCache = new WeakMap<Decimal, Map<number, Decimal>>();

/** Week-1 (perYear 52) or month-1 (perYear 12) free pay or additional pay of a code number. */
export function periodOneAdjustment(codeNumber: number, perYear: 52 | 12, per500: Decimal): Decimal {
  if (codeNumber <= 0) return ZERO;
  let byCode = freePayCache.get(per500);
  if (!byCode) {
    byCode = new Map();
    freePayCache.set(per500, byCode);
  }
  const key = codeNumber * 100 + perYear;
  const hit = byCode.get(key);
  if (hit) return hit;
  const q = Math.floor((codeNumber - 1) / 500);
  const r = ((codeNumber - 1) % 500) + 1;
  // (10r + 9) / 52 or / 12, rounded UP to the penny (spec 4.3.1), plus q × the value of 500.
  let value = new Decimal(r * 10 + 9).div(perYear).toDecimalPlaces(2, Decimal.ROUND_UP);
  if (q > 0) value = value.plus(per500.times(q));
  byCode.set(key, value);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Band tables for a period: limits and the tax below each band, pro-rated and truncated to 4 dp

interface BandTable {
  /** Limit at the top of band i, truncated to 4 dp (null for the top band). */
  readonly limits: readonly (Decimal | null)[];
  /** The same limit rounded up to the pound: a pay up to it falls in band i. */
  readonly limitsCeil: readonly (Decimal | null)[];
  /** Tax on all bands below band i. */
  readonly taxBelow: readonly Decimal[];
  readonly rates: readonly Decimal[];
}

const bandTables = new WeakMap<IncomeTaxRegime, Map<number, BandTable>>();

function truncate4(value: Decimal): Decimal {
  return value.toDecimalPlaces(4, Decimal.ROUND_DOWN);
}

function bandTable(regime: IncomeTaxRegime, perYear: 52 | 12, n: number): BandTable {
  let byPeriod = bandTables.get(regime);
  if (!byPeriod) {
    byPeriod = new Map();
    bandTables.set(regime, byPeriod);
  }
  const key = perYear * 1000 + n;
  const hit = byPeriod.get(key);
  if (hit) return hit;
  const limits: (Decimal | null)[] = [];
  const limitsCeil: (Decimal | null)[] = [];
  const taxBelow: Decimal[] = [];
  const rates: Decimal[] = [];
  let annualLimit = ZERO;
  let annualTax = ZERO;
  let bandwiseTax = ZERO;
  for (const band of regime.bands) {
    // Tax on the bands below this one, pro-rated: once on the annual cumulative tax, or band by band.
    taxBelow.push(regime.bandTaxRounding === 'cumulative' ? truncate4(annualTax.times(n).div(perYear)) : bandwiseTax);
    rates.push(band.rate);
    if (band.width === null) {
      limits.push(null);
      limitsCeil.push(null);
      break;
    }
    const bandTax = band.width.times(band.rate);
    annualLimit = annualLimit.plus(band.width);
    annualTax = annualTax.plus(bandTax);
    bandwiseTax = bandwiseTax.plus(truncate4(bandTax.times(n).div(perYear)));
    const limit = truncate4(annualLimit.times(n).div(perYear));
    limits.push(limit);
    limitsCeil.push(limit.ceil());
  }
  const table: BandTable = { limits, limitsCeil, taxBelow, rates };
  byPeriod.set(key, table);
  return table;
}

/** Tax on whole-pound taxable pay `taxable` for n weeks or months, truncated to the penny. */
function taxOnBands(taxable: Decimal, regime: IncomeTaxRegime, perYear: 52 | 12, n: number, trace?: Trace): Decimal {
  if (taxable.lte(0)) {
    trace?.('paye', 'band', { band: '0', tax_due: '0.00' });
    return ZERO;
  }
  const table = bandTable(regime, perYear, n);
  const { limits, limitsCeil, taxBelow, rates } = table;
  let band = 0;
  while (band < rates.length - 1) {
    const ceil = limitsCeil[band];
    if (ceil === null || ceil === undefined || taxable.lte(ceil)) break;
    band += 1;
  }
  const below = band === 0 ? ZERO : (limits[band - 1] as Decimal);
  const due = (taxBelow[band] as Decimal).plus(taxable.minus(below).times(rates[band] as Decimal));
  // Tax due truncated to the penny (spec: pence disregarded below 1p).
  const truncated = due.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  trace?.('paye', 'band', bandValues(table, band, truncated.toFixed(2)));
  return truncated;
}

/** The figures of the band a taxable pay fell in, as both kernels report them. */
function bandValues(table: BandTable, band: number, due: string): Record<string, string> {
  const t = textsOf(table);
  return { band: String(band + 1), rate: t.rates[band] as string, band_starts_above: band === 0 ? '0.0000' : (t.limits[band - 1] as string), band_limit: t.limits[band] as string, tax_on_lower_bands: t.taxBelow[band] as string, tax_due: due };
}

const money2 = penceText;

/** The band table's figures as text (what a traced step reports), built once per table. */
interface BandTexts {
  limits: readonly string[];
  taxBelow: readonly string[];
  rates: readonly string[];
}
const bandTexts = new WeakMap<BandTable, BandTexts>();

function textsOf(table: BandTable): BandTexts {
  return rememberedTexts(bandTexts, table, () => ({
    limits: table.limits.map((limit) => (limit === null ? 'none' : limit.toFixed(4))),
    taxBelow: table.taxBelow.map((tax) => tax.toFixed(4)),
    rates: table.rates.map((rate) => constant(rate)),
  }));
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The rule over Decimals: the reference statement, and the path for amounts the integer kernel does not take
 * (fractions of a penny, beyond £10bn, rates that are not whole percentages).
 */
export function calculatePayeDecimal(input: PayeInput, trace?: Trace): PayeResult {
  const { taxYear, frequency, period } = input;
  checkPeriod(frequency, period);
  const params = gbParams(taxYear);
  const code = typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode;
  const regime = params.incomeTax[code.region];
  const taxablePay = input.taxablePay;
  const benefits = input.payrolledBenefits ?? ZERO;
  const previousPay = input.taxablePayToDatePrevious;
  const previousTax = input.taxPaidToDatePrevious;
  const taxablePayToDate = previousPay.plus(taxablePay);
  const monthly = frequency === 'monthly';
  const perYear: 52 | 12 = monthly ? 12 : 52;
  const week53 = isWeek53Payment(frequency, period);
  const nonCumulative = week53 || input.week1Month1 === true || code.week1Month1;

  let basis: TaxBasis = week53 ? 'week53' : nonCumulative ? 'week1month1' : 'cumulative';
  // n: weeks or months the figures are pro-rated for.
  const n = nonCumulative ? WEEKS_PER_PERIOD[frequency] : taxPeriodOf(frequency, period);
  const pay = nonCumulative ? taxablePay : taxablePayToDate;
  trace?.('paye', `code:${code.kind}`);
  trace?.('paye', `basis:${basis}`);
  trace?.('paye', 'pay', {
    periods: String(n),
    taxable_pay: taxablePay.toFixed(2),
    taxable_pay_to_date_previous: previousPay.toFixed(2),
    taxable_pay_to_date: taxablePayToDate.toFixed(2),
    pay_taxed: pay.toFixed(2),
  });

  let due: Decimal; // tax due: to date (cumulative) or for the period
  let payAdjustment = ZERO;
  let taxableAfterAdjustment: Decimal | null = null;
  switch (code.kind) {
    case 'NT':
      due = ZERO;
      trace?.('paye', 'no-tax');
      break;
    case 'BR':
    case 'D0':
    case 'D1':
    case 'D2':
    case 'D3': {
      const rate = regime.flatRates[code.kind] as Decimal;
      // Whole pounds of pay × the flat rate.
      const pounds = pay.toDecimalPlaces(0, Decimal.ROUND_DOWN);
      due = pounds.lte(0) ? ZERO : pounds.times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      trace?.('paye', 'flat-rate', { whole_pounds: pounds.toFixed(0), rate: constant(rate), tax_due: due.toFixed(2) });
      break;
    }
    default: {
      const per500 = monthly ? params.freePayPer500.monthly : params.freePayPer500.weekly;
      const one = periodOneAdjustment(code.number, perYear, per500);
      const adjustment = n === 1 ? one : one.times(n);
      payAdjustment = code.kind === 'K' ? adjustment.neg() : adjustment;
      // Taxable pay after free pay / additional pay, rounded down to the pound.
      const taxable = (code.kind === 'K' ? pay.plus(adjustment) : pay.minus(adjustment)).floor();
      taxableAfterAdjustment = taxable;
      trace?.('paye', code.kind === 'K' ? 'additional-pay' : 'free-pay', {
        code_number: String(code.number),
        period_one_value: one.toFixed(2),
        [code.kind === 'K' ? 'additional_pay' : 'free_pay']: adjustment.toFixed(2),
        taxable_pay_rounded: taxable.toFixed(0),
      });
      due = taxOnBands(taxable, regime, perYear, n, trace);
      trace?.('paye', `bands:${regime.bandTaxRounding}`);
      if (week53 && code.kind === 'allowance' && !input.week1Month1 && !code.week1Month1) {
        // Free-pay test: free pay to week 52 covers the year's pay including this payment → no tax.
        trace?.('paye', 'week53-free-pay-test');
        if (one.times(52).gte(taxablePayToDate)) {
          due = ZERO;
          basis = 'week53-nil';
          trace?.('paye', 'basis:week53-nil');
        }
      }
    }
  }

  let tax = nonCumulative ? due : due.minus(previousTax);
  trace?.('paye', 'tax-due', { tax_due: due.toFixed(2), tax_paid_to_date_previous: nonCumulative ? 'not used' : previousTax.toFixed(2), tax_before_limit: tax.toFixed(2) });
  if (tax.isNegative()) trace?.('paye', 'refund');
  let regulatoryLimitApplied = false;
  let taxNotDeducted = ZERO;
  if (tax.gt(ZERO)) {
    // Overriding limit: 50 % of relevant pay (taxable pay less payrolled benefits), truncated to the penny.
    const relevant = taxablePay.minus(benefits);
    const limit = relevant.lte(0) ? ZERO : relevant.times(params.overridingLimitRate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    trace?.('paye', 'overriding-limit', { relevant_pay: relevant.toFixed(2), rate: constant(params.overridingLimitRate), limit: limit.toFixed(2) });
    if (tax.gt(limit)) {
      taxNotDeducted = tax.minus(limit);
      tax = limit;
      regulatoryLimitApplied = true;
      trace?.('paye', 'regulatory-limit');
    }
  }
  trace?.('paye', 'tax', { tax: tax.toFixed(2), tax_not_deducted: taxNotDeducted.toFixed(2), tax_paid_to_date: previousTax.plus(tax).toFixed(2) });
  return {
    tax,
    taxablePayToDate,
    taxPaidToDate: previousTax.plus(tax),
    basis,
    regulatoryLimitApplied,
    taxNotDeducted,
    payAdjustment,
    taxableAfterAdjustment,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The same rule over integers: pence (amounts), pounds (taxable pay), 1/10,000 £ (pro-rated limits and band
// taxes, which the rule truncates to 4 decimals) and whole percentages (rates). Every intermediate stays an exact
// integer below 2^53 for pay to date up to £1bn; beyond, or with a rate that is not a whole percentage, the
// kernel declines and the Decimal path runs.

/** Largest pay (pence) the kernel takes: £1bn. */
const KERNEL_MAX_PENCE = 1e11;

interface PenceBandTable {
  /** Limits in 1/10,000 £ (top band: Infinity). */
  readonly limits: readonly number[];
  /** Limits rounded up to the pound (top band: Infinity). */
  readonly limitsCeil: readonly number[];
  /** Tax below each band in 1/10,000 £. */
  readonly taxBelow: readonly number[];
  /** Rates as whole percentages. */
  readonly ratesPct: readonly number[];
}

const TEN_THOUSAND = new Decimal(10000);
const HUNDRED = new Decimal(100);
const penceTables = new WeakMap<IncomeTaxRegime, Map<number, PenceBandTable | null>>();

function wholePercent(rate: Decimal): number | undefined {
  const pct = rate.times(HUNDRED);
  return pct.isInteger() && !pct.isNegative() && pct.lte(100) ? pct.toNumber() : undefined;
}

function penceBandTable(regime: IncomeTaxRegime, perYear: 52 | 12, n: number): PenceBandTable | null {
  let byPeriod = penceTables.get(regime);
  if (!byPeriod) {
    byPeriod = new Map();
    penceTables.set(regime, byPeriod);
  }
  const key = perYear * 1000 + n;
  const hit = byPeriod.get(key);
  if (hit !== undefined) return hit;
  const table = bandTable(regime, perYear, n);
  const ratesPct: number[] = [];
  let built: PenceBandTable | null = null;
  for (const rate of table.rates) {
    const pct = wholePercent(rate);
    if (pct === undefined) break;
    ratesPct.push(pct);
  }
  if (ratesPct.length === table.rates.length) {
    built = {
      limits: table.limits.map((limit) => (limit === null ? Infinity : limit.times(TEN_THOUSAND).toNumber())),
      limitsCeil: table.limitsCeil.map((limit) => (limit === null ? Infinity : limit.toNumber())),
      taxBelow: table.taxBelow.map((tax) => tax.times(TEN_THOUSAND).toNumber()),
      ratesPct,
    };
  }
  byPeriod.set(key, built);
  return built;
}

const penceAdjustments = new WeakMap<Decimal, Map<number, number>>();

/** Period-1 free pay / additional pay in pence. */
function periodOneAdjustmentPence(codeNumber: number, perYear: 52 | 12, per500: Decimal): number {
  if (codeNumber <= 0) return 0;
  let byCode = penceAdjustments.get(per500);
  if (!byCode) {
    byCode = new Map();
    penceAdjustments.set(per500, byCode);
  }
  const key = codeNumber * 100 + perYear;
  let pence = byCode.get(key);
  if (pence === undefined) {
    pence = toPence(periodOneAdjustment(codeNumber, perYear, per500)) as number;
    byCode.set(key, pence);
  }
  return pence;
}

const flatPercent = new WeakMap<IncomeTaxRegime, Partial<Record<string, number | null>>>();

function flatRatePercent(regime: IncomeTaxRegime, kind: 'BR' | 'D0' | 'D1' | 'D2' | 'D3'): number | undefined {
  let byKind = flatPercent.get(regime);
  if (!byKind) {
    byKind = {};
    flatPercent.set(regime, byKind);
  }
  let pct = byKind[kind];
  if (pct === undefined) {
    const rate = regime.flatRates[kind];
    pct = rate ? (wholePercent(rate) ?? null) : null;
    byKind[kind] = pct;
  }
  return pct === null ? undefined : pct;
}

const limitPercent = new WeakMap<GbParams, number | null>();

function overridingLimitPercent(params: GbParams): number | undefined {
  let pct = limitPercent.get(params);
  if (pct === undefined) {
    pct = wholePercent(params.overridingLimitRate) ?? null;
    limitPercent.set(params, pct);
  }
  return pct === null ? undefined : pct;
}

export interface PayePenceInput {
  params: GbParams;
  code: TaxCode;
  frequency: PayFrequency;
  period: number;
  week1Month1: boolean;
  /** Pence. */
  taxablePay: number;
  payrolledBenefits: number;
  taxablePayToDatePrevious: number;
  taxPaidToDatePrevious: number;
}

export interface PayePenceResult {
  tax: number;
  taxablePayToDate: number;
  taxPaidToDate: number;
  basis: TaxBasis;
  regulatoryLimitApplied: boolean;
  taxNotDeducted: number;
  payAdjustment: number;
  /** Whole pounds, or null for flat-rate codes and NT. */
  taxableAfterAdjustment: number | null;
}

/**
 * The PAYE rule over whole pence (the period must have been checked). Undefined when the kernel cannot take the
 * case exactly (then use `calculatePayeDecimal`); it declines before tracing anything.
 */
export function payePence(input: PayePenceInput, trace?: Trace): PayePenceResult | undefined {
  const { params, code, frequency, period, taxablePay } = input;
  const previousPay = input.taxablePayToDatePrevious;
  const previousTax = input.taxPaidToDatePrevious;
  const taxablePayToDate = previousPay + taxablePay;
  if (Math.abs(taxablePayToDate) > KERNEL_MAX_PENCE || Math.abs(taxablePay) > KERNEL_MAX_PENCE || Math.abs(previousTax) > KERNEL_MAX_PENCE) return undefined;
  const limitPct = overridingLimitPercent(params);
  if (limitPct === undefined) return undefined;
  const regime = params.incomeTax[code.region];
  const monthly = frequency === 'monthly';
  const perYear: 52 | 12 = monthly ? 12 : 52;
  const week53 = period > (STANDARD_PERIODS[frequency] as number);
  const nonCumulative = week53 || input.week1Month1 || code.week1Month1;
  const n = nonCumulative ? (WEEKS_PER_PERIOD[frequency] as number) : taxPeriodOf(frequency, period);
  const pay = nonCumulative ? taxablePay : taxablePayToDate;

  // Decide whether the kernel can take the case before tracing.
  let flatPct: number | undefined;
  let table: PenceBandTable | null = null;
  const kind = code.kind;
  if (kind === 'BR' || kind === 'D0' || kind === 'D1' || kind === 'D2' || kind === 'D3') {
    flatPct = flatRatePercent(regime, kind);
    if (flatPct === undefined) return undefined;
  } else if (kind !== 'NT') {
    table = penceBandTable(regime, perYear, n);
    if (table === null) return undefined;
  }

  let basis: TaxBasis = week53 ? 'week53' : nonCumulative ? 'week1month1' : 'cumulative';
  trace?.('paye', `code:${kind}`);
  trace?.('paye', `basis:${basis}`);
  trace?.('paye', 'pay', {
    periods: String(n),
    taxable_pay: money2(taxablePay),
    taxable_pay_to_date_previous: money2(previousPay),
    taxable_pay_to_date: money2(taxablePayToDate),
    pay_taxed: money2(pay),
  });
  let due: number;
  let payAdjustment = 0;
  let taxableAfterAdjustment: number | null = null;
  if (kind === 'NT') {
    due = 0;
    trace?.('paye', 'no-tax');
  } else if (flatPct !== undefined) {
    // Whole pounds of pay (truncated) × the flat rate: pounds × percent is pence.
    const pounds = Math.trunc(pay / 100);
    due = pounds <= 0 ? 0 : pounds * flatPct;
    trace?.('paye', 'flat-rate', { whole_pounds: String(pounds), rate: constant(regime.flatRates[kind as 'BR'] as Decimal), tax_due: money2(due) });
  } else {
    const per500 = monthly ? params.freePayPer500.monthly : params.freePayPer500.weekly;
    const one = periodOneAdjustmentPence(code.number, perYear, per500);
    const adjustment = one * n;
    payAdjustment = kind === 'K' ? -adjustment : adjustment;
    // Taxable pay after free pay / additional pay, rounded down to the pound.
    const taxable = Math.floor((kind === 'K' ? pay + adjustment : pay - adjustment) / 100);
    taxableAfterAdjustment = taxable;
    trace?.('paye', kind === 'K' ? 'additional-pay' : 'free-pay', {
      code_number: String(code.number),
      period_one_value: money2(one),
      [kind === 'K' ? 'additional_pay' : 'free_pay']: money2(adjustment),
      taxable_pay_rounded: String(taxable),
    });
    due = 0;
    if (taxable > 0) {
      const { limits, limitsCeil, taxBelow, ratesPct } = table as PenceBandTable;
      let band = 0;
      const last = ratesPct.length - 1;
      while (band < last && taxable > (limitsCeil[band] as number)) band += 1;
      const below = band === 0 ? 0 : (limits[band - 1] as number);
      // In 1/1,000,000 £: tax below (1/10,000 £ × 100) + (pay − limit below) (1/10,000 £) × percent.
      const micro = (taxBelow[band] as number) * 100 + (taxable * 10000 - below) * (ratesPct[band] as number);
      // Truncated to the penny.
      due = Math.floor(micro / 10000);
      trace?.('paye', 'band', bandValues(bandTable(regime, perYear, n), band, money2(due)));
    } else {
      trace?.('paye', 'band', { band: '0', tax_due: '0.00' });
    }
    trace?.('paye', `bands:${regime.bandTaxRounding}`);
    if (week53 && kind === 'allowance' && !input.week1Month1 && !code.week1Month1) {
      trace?.('paye', 'week53-free-pay-test');
      if (one * 52 >= taxablePayToDate) {
        due = 0;
        basis = 'week53-nil';
        trace?.('paye', 'basis:week53-nil');
      }
    }
  }

  let tax = nonCumulative ? due : due - previousTax;
  trace?.('paye', 'tax-due', { tax_due: money2(due), tax_paid_to_date_previous: nonCumulative ? 'not used' : money2(previousTax), tax_before_limit: money2(tax) });
  if (tax < 0) trace?.('paye', 'refund');
  let regulatoryLimitApplied = false;
  let taxNotDeducted = 0;
  if (tax > 0) {
    // Overriding limit: relevant pay × 50 %, truncated to the penny.
    const relevant = taxablePay - input.payrolledBenefits;
    const limit = relevant <= 0 ? 0 : Math.floor((relevant * limitPct) / 100);
    trace?.('paye', 'overriding-limit', { relevant_pay: money2(relevant), rate: constant(params.overridingLimitRate), limit: money2(limit) });
    if (tax > limit) {
      taxNotDeducted = tax - limit;
      tax = limit;
      regulatoryLimitApplied = true;
      trace?.('paye', 'regulatory-limit');
    }
  }
  trace?.('paye', 'tax', { tax: money2(tax), tax_not_deducted: money2(taxNotDeducted), tax_paid_to_date: money2(previousTax + tax) });
  return {
    tax,
    taxablePayToDate,
    taxPaidToDate: previousTax + tax,
    basis,
    regulatoryLimitApplied,
    taxNotDeducted,
    payAdjustment,
    taxableAfterAdjustment,
  };
}

/** Calculates one period's PAYE (integer kernel when the amounts are whole pence, else over Decimals). */
export function calculatePaye(input: PayeInput, trace?: Trace): PayeResult {
  checkPeriod(input.frequency, input.period);
  const taxablePay = toPence(input.taxablePay);
  const benefits = input.payrolledBenefits === undefined ? 0 : toPence(input.payrolledBenefits);
  const previousPay = toPence(input.taxablePayToDatePrevious);
  const previousTax = toPence(input.taxPaidToDatePrevious);
  if (taxablePay !== undefined && benefits !== undefined && previousPay !== undefined && previousTax !== undefined) {
    const code = typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode;
    const result = payePence(
      {
        params: gbParams(input.taxYear),
        code,
        frequency: input.frequency,
        period: input.period,
        week1Month1: input.week1Month1 === true,
        taxablePay,
        payrolledBenefits: benefits,
        taxablePayToDatePrevious: previousPay,
        taxPaidToDatePrevious: previousTax,
      },
      trace,
    );
    if (result) {
      return {
        tax: fromPence(result.tax),
        taxablePayToDate: fromPence(result.taxablePayToDate),
        taxPaidToDate: fromPence(result.taxPaidToDate),
        basis: result.basis,
        regulatoryLimitApplied: result.regulatoryLimitApplied,
        taxNotDeducted: fromPence(result.taxNotDeducted),
        payAdjustment: fromPence(result.payAdjustment),
        taxableAfterAdjustment: result.taxableAfterAdjustment === null ? null : new Decimal(result.taxableAfterAdjustment),
      };
    }
  }
  return calculatePayeDecimal(input, trace);
}
