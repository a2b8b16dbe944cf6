/**
 * Whole pence held in JS numbers: the exact fast path of the GB engines.
 *
 * Every amount a payroll handles is a whole number of pence. Held as an integer JS number below
 * `MAX_PENCE` (£10bn), sums and products with rates in 1/10,000ths stay exact integers far below 2^53, so
 * the PAYE, loan and pension rules can run on integers with exactly the results of the Decimal code
 * (the tests hold both to the same answers). Amounts that are not whole pence or are larger go the
 * Decimal way.
 *
 * The conversions read and build decimal.js's representation directly (sign `s`, exponent `e` of the
 * leading digit, base-1e7 words `d` aligned on the decimal point, no trailing zero words): a string round
 * trip costs ten times more and a payslip needs a dozen. A self-check at load compares both ways with the
 * string route on sample values and switches to the string route should the representation ever differ.
 */
import { Decimal, type DecimalRepresentation } from '../money.js';

/** Largest amount (in pence) of the integer path: £10bn. */
export const MAX_PENCE = 1e12;

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);

type Raw = DecimalRepresentation;

function toPenceRaw(value: Decimal): number | undefined {
  const raw = value as unknown as Raw;
  const words = raw.d;
  if (!words) return undefined; // NaN or ±Infinity
  const length = words.length;
  const e = raw.e;
  if (e >= 0 && e < 7 && length <= 2) {
    // Common case: under ten million pounds, at most one fraction word.
    let pence = (words[0] as number) * 100;
    if (length === 2) {
      const fraction = words[1] as number;
      if (fraction % 100000 !== 0) return undefined; // a fraction of a penny
      pence += fraction / 100000;
    }
    return raw.s < 0 ? -pence : pence;
  }
  if (length === 1 && words[0] === 0) return 0;
  const pointWord = Math.floor(raw.e / 7); // index (from the decimal point) of the leading word
  if (pointWord > 1) return undefined; // ≥ 1e14 pounds
  let pounds = 0;
  let pennies = 0;
  for (let i = 0; i < words.length; i += 1) {
    const power = pointWord - i; // 1: ×1e7, 0: units word, -1: first 7 decimals, …
    const word = words[i] as number;
    if (power === 1) pounds += word * 1e7;
    else if (power === 0) pounds += word;
    else if (power === -1) {
      if (word % 100000 !== 0) return undefined; // a fraction of a penny
      pennies = word / 100000;
    } else if (word !== 0) return undefined;
  }
  const pence = pounds * 100 + pennies;
  if (pence > MAX_PENCE) return undefined;
  return raw.s < 0 ? -pence : pence;
}

function toPenceByString(value: Decimal): number | undefined {
  if (!value.isFinite()) return undefined;
  const scaled = value.times(HUNDRED);
  if (!scaled.isInteger() || scaled.abs().gt(MAX_PENCE)) return undefined;
  const pence = Number(scaled.toFixed(0));
  return pence === 0 ? 0 : pence;
}

function fromPenceByString(pence: number): Decimal {
  if (pence === 0) return ZERO;
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = abs - pounds * 100;
  return new Decimal(`${pence < 0 ? '-' : ''}${pounds}.${rest < 10 ? '0' : ''}${rest}`);
}

/** Exponent of the leading digit of a positive integer below 1e14. */
function digitsBelow(n: number): number {
  if (n < 1e7) return n < 10 ? 0 : n < 100 ? 1 : n < 1000 ? 2 : n < 1e4 ? 3 : n < 1e5 ? 4 : n < 1e6 ? 5 : 6;
  let e = 7;
  for (let m = Math.floor(n / 1e7); m >= 10; m = Math.floor(m / 10)) e += 1;
  return e;
}

function fromPenceRaw(pence: number): Decimal {
  if (pence === 0) return ZERO;
  const abs = pence < 0 ? -pence : pence;
  if (!(abs <= MAX_PENCE) || !Number.isInteger(abs)) return fromPenceByString(pence);
  const pounds = Math.floor(abs / 100);
  const cents = abs - pounds * 100;
  let words: number[];
  let e: number;
  if (pounds === 0) {
    words = [cents * 100000];
    e = cents >= 10 ? -1 : -2;
  } else {
    e = digitsBelow(pounds);
    words = pounds < 1e7 ? [pounds] : [Math.floor(pounds / 1e7), pounds % 1e7];
    if (cents !== 0) words.push(cents * 100000);
    else if (words.length === 2 && words[1] === 0) words.pop();
  }
  return new (RawDecimal as unknown as new (s: number, e: number, d: number[]) => Decimal)(pence < 0 ? -1 : 1, e, words);
}

/**
 * Builds a Decimal from its parts without the constructor's parsing (six times cheaper): an instance of
 * Decimal.prototype with decimal.js's own properties in its own order (constructor, s, e, d).
 */
function RawDecimal(this: Raw & { constructor: unknown }, s: number, e: number, d: number[]): void {
  this.constructor = Decimal;
  this.s = s;
  this.e = e;
  this.d = d;
}
RawDecimal.prototype = Decimal.prototype;

const SAMPLES = ['0', '0.01', '-0.01', '0.05', '0.1', '0.99', '1', '9.99', '10', '96.04', '100', '1000.5', '4189.17', '-4189.17', '50270', '9999999.99', '10000000', '10000000.01', '12345678.9', '123456789.01', '9999999999.99', '0.001', '1.005', '0.0000001', '1e15'];

const RAW_OK: boolean = (() => {
  try {
    for (const text of SAMPLES) {
      const value = new Decimal(text);
      const pence = toPenceByString(value);
      if (toPenceRaw(value) !== pence) return false;
      if (pence !== undefined) {
        const built = fromPenceRaw(pence) as unknown as Raw;
        const parsed = fromPenceByString(pence) as unknown as Raw;
        if (built.s !== parsed.s || built.e !== parsed.e || JSON.stringify(built.d) !== JSON.stringify(parsed.d)) return false;
        if (!(built instanceof Decimal) || !(built as unknown as Decimal).eq(value) || (built as unknown as Decimal).plus(1).minus(1).toString() !== value.toString()) return false;
      }
    }
    return true;
  } catch {
    return false;
  }
})();

/** Whole pence of an amount in pounds, or undefined when it is not whole pence or is beyond £10bn. */
export const toPence: (value: Decimal) => number | undefined = RAW_OK ? toPenceRaw : toPenceByString;

/** An amount in pounds from whole pence. */
export const fromPence: (pence: number) => Decimal = RAW_OK ? fromPenceRaw : fromPenceByString;

/** Whether the fast representation-level conversions are in use (false: the string route). */
export const PENCE_CONVERSION_FAST = RAW_OK;

/**
 * A rate as a whole number of 1/10,000ths (0.19 → 1900, 0.055 → 550), or undefined when it has more decimals
 * or lies outside 0–1: the integer path then does not apply.
 */
export function rateUnits(rate: Decimal): number | undefined {
  const units = rate.times(10000);
  if (!units.isInteger() || units.isNegative() || units.gt(10000)) return undefined;
  return units.toNumber();
}

const rateCache = new WeakMap<Decimal, number | null>();

/** `rateUnits`, remembered per Decimal instance (rates come from parameters and scheme records). */
export function cachedRateUnits(rate: Decimal): number | undefined {
  const hit = rateCache.get(rate);
  if (hit !== undefined) return hit === null ? undefined : hit;
  const units = rateUnits(rate);
  rateCache.set(rate, units === undefined ? null : units);
  return units;
}
