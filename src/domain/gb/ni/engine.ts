/**
 * Class 1 NI by the exact percentage method (HMRC NIM11002; "NICs guidance for software
 * developers"), for one earnings period whose thresholds are given.
 *
 * Two implementations of the same rule:
 *  - a fast one over integer pence held in JS numbers (rates as integer 1/10,000ths, so every
 *    product is an exact integer in 1/10,000ths of a penny), used whenever the inputs are whole
 *    pence and small enough to stay exact (below £50bn);
 *  - an exact Decimal one for anything else (fractions of a penny, huge amounts).
 * Tests hold the two to the same answers.
 *
 * Rounding (params-2025-26.md §2, [NIM] NIM11002, Reg 12(1) SSCR 2001): employee and employer
 * amounts are rounded separately to the nearest penny, an amount of ½p or less being disregarded;
 * HMRC's software guidance applies this by the third decimal only (£0.0256 → £0.02, £0.0260 → £0.03).
 * Groupings: employee = r(PT→UEL × rate) + r(>UEL × rate); employer = r(ST→FUST × r1 + FUST→upper
 * × r2) + r(>upper × r3), upper being UEL or the category's UST/AUST/VUST (HMRC reference data).
 */
import { Decimal, ZERO } from '../../money.js';
import { fromPence } from '../pence.js';
import type { NiCategoryLetter, NiCategoryRates, NiYearParams } from './params-types.js';

/** Thresholds (pounds) and rates of one category letter for one earnings period. */
export interface BandTable {
  readonly lel: Decimal;
  readonly st: Decimal;
  readonly pt: Decimal;
  readonly uel: Decimal;
  /** FUST / IZUST, clamped into [ST, upper]. */
  readonly relief: Decimal;
  /** UEL, UST, AUST or VUST, at least ST. */
  readonly upper: Decimal;
  readonly rates: NiCategoryRates;
  /** PT − LEL and UEL − PT: the two middle bands when full (shared Decimals, pence). */
  readonly lelToPtFull: Decimal;
  readonly ptToUelFull: Decimal;
  readonly lelToPtFullP: number;
  readonly ptToUelFullP: number;
  /** Whether the integer path may be used (all rates are whole 1/10,000ths). */
  readonly fast: boolean;
  readonly lelP: number;
  readonly stP: number;
  readonly ptP: number;
  readonly uelP: number;
  readonly reliefP: number;
  readonly upperP: number;
  readonly rMain: number;
  readonly rAbove: number;
  readonly r1: number;
  readonly r2: number;
  readonly r3: number;
}

/** One calculation's figures in pence (integer path). */
export interface PenceNi {
  employee: number;
  employer: number;
  atLel: number;
  lelToPt: number;
  ptToUel: number;
  aboveUel: number;
}

/** One calculation's figures in pounds (Decimal path). */
export interface DecimalNi {
  employee: Decimal;
  employer: Decimal;
  atLel: Decimal;
  lelToPt: Decimal;
  ptToUel: Decimal;
  aboveUel: Decimal;
}

const TEN_THOUSAND = new Decimal(10000);
const HUNDRED = new Decimal(100);
/** Largest pence amount for the integer path: 5e12 × 1500 (15% in 1/10,000ths) stays below 2^53. */
export const MAX_FAST_PENCE = 5e12;

/** Scale of an earnings period: `w` n weeks, `m` n months, `a` an annual earnings period of n weeks. */
export type PeriodScale = 'w' | 'm' | 'a';

/**
 * Threshold for an earnings period. Single weeks and months use HMRC's published figures; any other
 * multiple of weeks or months is annual ÷ 52 × weeks (÷ 12 × months) rounded UP to the pound
 * (HMRC NICs guidance for software developers, confirmed by [HMRC-NI]: 4-weekly PT 967, ST 385,
 * 2-weekly ST 193). A director's annual earnings period of n weeks (appointment in year) is
 * annual × n / 52 rounded UP to the pound ([HMRC-DIR]: 48 weeks → LEL 6,000, PT 11,604, UEL 46,404).
 */
export function periodThreshold(figures: { weekly: Decimal; monthly: Decimal; annual: Decimal }, scale: PeriodScale, n: number): Decimal {
  if (scale === 'w' && n === 1) return figures.weekly;
  if (scale === 'm' && n === 1) return figures.monthly;
  if (scale === 'm') return n === 12 ? figures.annual : figures.annual.times(n).dividedBy(12).ceil();
  return n === 52 ? figures.annual : figures.annual.times(n).dividedBy(52).ceil();
}

function rateUnits(rate: Decimal): number | undefined {
  const scaled = rate.times(TEN_THOUSAND);
  return scaled.isInteger() && scaled.gte(0) && scaled.lte(TEN_THOUSAND) ? scaled.toNumber() : undefined;
}

function poundsToPenceExact(value: Decimal): number {
  return value.times(HUNDRED).toNumber();
}

export function buildBandTable(params: NiYearParams, category: NiCategoryLetter, scale: PeriodScale, n: number): BandTable {
  const th = params.thresholds;
  const rates = params.rates[category];
  const lel = periodThreshold(th.LEL, scale, n);
  const st = periodThreshold(th.ST, scale, n);
  const pt = periodThreshold(th.PT, scale, n);
  const uel = periodThreshold(th.UEL, scale, n);
  const upper = Decimal.max(periodThreshold(th[rates.employerUpperThreshold], scale, n), st);
  const relief = Decimal.min(Decimal.max(periodThreshold(th[rates.employerReliefThreshold], scale, n), st), upper);
  const units = [rates.employeePtToUel, rates.employeeAboveUel, rates.employerStToFust, rates.employerFustToUpper, rates.employerAboveUpper].map(rateUnits);
  const fast = units.every((u) => u !== undefined);
  return {
    lel,
    st,
    pt,
    uel,
    relief,
    upper,
    rates,
    lelToPtFull: pt.minus(lel),
    ptToUelFull: uel.minus(pt),
    lelToPtFullP: poundsToPenceExact(pt.minus(lel)),
    ptToUelFullP: poundsToPenceExact(uel.minus(pt)),
    fast,
    lelP: poundsToPenceExact(lel),
    stP: poundsToPenceExact(st),
    ptP: poundsToPenceExact(pt),
    uelP: poundsToPenceExact(uel),
    reliefP: poundsToPenceExact(relief),
    upperP: poundsToPenceExact(upper),
    rMain: units[0] ?? 0,
    rAbove: units[1] ?? 0,
    r1: units[2] ?? 0,
    r2: units[3] ?? 0,
    r3: units[4] ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Integer path

/** ½p rule on an amount in 1/10,000ths of a penny (non-negative): third decimal of a pound 6+ rounds up. */
function niRoundUnits(units: number): number {
  const pence = Math.floor(units / 10000);
  return units - pence * 10000 >= 6000 ? pence + 1 : pence;
}

export function niPence(table: BandTable, pay: number): PenceNi {
  let atLel = 0;
  let lelToPt = 0;
  let ptToUel = 0;
  let aboveUel = 0;
  let employee = 0;
  if (pay >= table.lelP) {
    atLel = table.lelP;
    lelToPt = (pay < table.ptP ? pay : table.ptP) - table.lelP;
    if (pay > table.ptP) {
      ptToUel = (pay < table.uelP ? pay : table.uelP) - table.ptP;
      if (pay > table.uelP) aboveUel = pay - table.uelP;
      employee = niRoundUnits(ptToUel * table.rMain) + niRoundUnits(aboveUel * table.rAbove);
    }
  }
  let employer = 0;
  if (pay > table.stP) {
    const s1 = (pay < table.reliefP ? pay : table.reliefP) - table.stP;
    const s2 = pay > table.reliefP ? (pay < table.upperP ? pay : table.upperP) - table.reliefP : 0;
    const s3 = pay > table.upperP ? pay - table.upperP : 0;
    employer = niRoundUnits(s1 * table.r1 + s2 * table.r2) + niRoundUnits(s3 * table.r3);
  }
  return { employee, employer, atLel, lelToPt, ptToUel, aboveUel };
}

/**
 * Whole pence of a Decimal, or undefined when it is not a whole number of pence or too large for
 * the integer path. Reads decimal.js's representation (base-1e7 words `d`, decimal exponent `e`,
 * sign `s`; words aligned on the decimal point) to avoid a string round trip; a self-check below
 * switches this off should that representation ever change.
 */
function toPenceRaw(value: Decimal): number | undefined {
  const raw = value as unknown as { d: number[] | null; e: number; s: number };
  const words = raw.d;
  if (!words) return undefined;
  const top = Math.floor(raw.e / 7);
  if (top > 2) return undefined; // ≥ 1e21 pounds
  let whole = 0;
  let pennies = 0;
  for (let i = 0; i < words.length; i++) {
    const power = top - i;
    const word = words[i] as number;
    if (power >= 0) whole += word * (power === 0 ? 1 : power === 1 ? 1e7 : 1e14);
    else if (power === -1) {
      if (word % 100000 !== 0) return undefined;
      pennies = word / 100000;
    } else if (word !== 0) return undefined;
  }
  const pence = whole * 100 + pennies;
  if (!(pence <= MAX_FAST_PENCE)) return undefined;
  return raw.s < 0 ? -pence : pence;
}

function toPenceSlow(value: Decimal): number | undefined {
  const scaled = value.times(HUNDRED);
  if (!scaled.isFinite() || !scaled.isInteger() || scaled.abs().gt(MAX_FAST_PENCE)) return undefined;
  return scaled.toNumber();
}

const FAST_CONVERSION: boolean = (() => {
  const samples = ['0', '0.01', '-0.01', '0.05', '0.1', '1', '96.04', '1000.50', '12345678.90', '99999999.99', '123456789012.34', '1e10', '0.001', '0.125', '-4189.17', '50270', '10000000', '0.0000001'];
  try {
    return samples.every((s) => toPenceRaw(new Decimal(s)) === toPenceSlow(new Decimal(s)));
  } catch {
    return false;
  }
})();

export function toPence(value: Decimal): number | undefined {
  return FAST_CONVERSION ? toPenceRaw(value) : toPenceSlow(value);
}

/**
 * Pence back to a Decimal in pounds (exact): the GB engines' shared construction (../pence.ts, built in
 * decimal.js's representation with its own self-check against the string route). Its range limit does not
 * matter here: beyond it the string route gives the same Decimal.
 */
export { fromPence };

/** a + b, through whole pence when both are (several times cheaper than Decimal arithmetic). */
export function addMoney(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  if (a.isZero()) return b;
  const pa = toPence(a);
  const pb = pa === undefined ? undefined : toPence(b);
  return pa !== undefined && pb !== undefined ? fromPence(pa + pb) : a.plus(b);
}

/** a − b, through whole pence when both are. */
export function subtractMoney(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  const pa = toPence(a);
  const pb = pa === undefined ? undefined : toPence(b);
  return pa !== undefined && pb !== undefined ? fromPence(pa - pb) : a.minus(b);
}

// ---------------------------------------------------------------------------------------------
// Decimal path

function niRoundDecimal(value: Decimal): Decimal {
  return value.toDecimalPlaces(3, Decimal.ROUND_DOWN).toDecimalPlaces(2, Decimal.ROUND_HALF_DOWN);
}

function clampMin(value: Decimal, upper: Decimal): Decimal {
  return value.lt(upper) ? value : upper;
}

export function niDecimal(table: BandTable, pay: Decimal): DecimalNi {
  const r = table.rates;
  let atLel = ZERO;
  let lelToPt = ZERO;
  let ptToUel = ZERO;
  let aboveUel = ZERO;
  let employee = ZERO;
  if (pay.gte(table.lel)) {
    atLel = table.lel;
    lelToPt = clampMin(pay, table.pt).minus(table.lel);
    if (pay.gt(table.pt)) {
      ptToUel = clampMin(pay, table.uel).minus(table.pt);
      if (pay.gt(table.uel)) aboveUel = pay.minus(table.uel);
      employee = niRoundDecimal(ptToUel.times(r.employeePtToUel)).plus(niRoundDecimal(aboveUel.times(r.employeeAboveUel)));
    }
  }
  let employer = ZERO;
  if (pay.gt(table.st)) {
    const s1 = clampMin(pay, table.relief).minus(table.st);
    const s2 = pay.gt(table.relief) ? clampMin(pay, table.upper).minus(table.relief) : ZERO;
    const s3 = pay.gt(table.upper) ? pay.minus(table.upper) : ZERO;
    employer = niRoundDecimal(s1.times(r.employerStToFust).plus(s2.times(r.employerFustToUpper))).plus(niRoundDecimal(s3.times(r.employerAboveUpper)));
  }
  return { employee, employer, atLel, lelToPt, ptToUel, aboveUel };
}

export function penceToDecimalNi(value: PenceNi, table: BandTable): DecimalNi {
  return {
    employee: fromPence(value.employee),
    employer: fromPence(value.employer),
    atLel: value.atLel === table.lelP ? table.lel : fromPence(value.atLel),
    lelToPt: value.lelToPt === table.lelToPtFullP ? table.lelToPtFull : fromPence(value.lelToPt),
    ptToUel: value.ptToUel === table.ptToUelFullP ? table.ptToUelFull : fromPence(value.ptToUel),
    aboveUel: fromPence(value.aboveUel),
  };
}

/** NI on `pay` for one earnings period, by whichever path is exact for it. */
export function niFor(table: BandTable, pay: Decimal): DecimalNi {
  if (table.fast) {
    const pence = toPence(pay);
    if (pence !== undefined) return penceToDecimalNi(niPence(table, pence), table);
  }
  return niDecimal(table, pay);
}
