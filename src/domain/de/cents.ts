/**
 * Whole cents held in JS integers, and rates as scaled integers with their exact decimal scale: the arithmetic of the
 * German social-insurance kernel (sv-cents.ts) and the payslip sums.
 *
 * Amounts: a euro amount is whole cents; the conversions are GB's whole-pence ones (domain/gb/pence.ts: both are
 * hundredths of the unit, read from and built into decimal.js's representation directly, self-checked at load).
 * Rates: a rate r is held as (u, k) with r = u / 10^k exactly, k its own number of decimals. A product cents × u is an
 * exact double while it stays within 2^53 − 1; beyond that it is computed in BigInt. Every rounding is half up (away
 * from zero at .5; the kernel takes only non-negative figures), the BVV § 1 rule, applied once to the exact quotient.
 */
import { Decimal, type DecimalRepresentation } from '../money.js';
import { fromPence, MAX_PENCE, toPence } from '../gb/pence.js';

/** Largest amount the integer path takes: 10 bn € (the GB path's bound; products beyond 2^53 go to BigInt). */
export const MAX_CENTS = MAX_PENCE;

/** Whole cents of a non-negative amount of at most MAX_CENTS, or undefined (sub-cent, negative, −0, larger). */
export function toCents(value: Decimal): number | undefined {
  const cents = toPence(value);
  if (cents === undefined || cents < 0 || Object.is(cents, -0) || cents > MAX_CENTS) return undefined;
  return cents;
}

/** An amount in euros from whole cents. */
export const fromCents: (cents: number) => Decimal = fromPence;

/** "1234.50" from 123450: what Decimal.toFixed(2) prints for the same amount (non-negative). */
export function centsText(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents - euros * 100;
  return `${euros}.${rest < 10 ? '0' : ''}${rest}`;
}

/** A rate r = u / 10^k, u a non-negative safe integer, k its decimals (0.073 → u 73, k 3). */
export interface ScaledRate {
  readonly u: number;
  readonly k: number;
}

const MAX_RATE_PLACES = 15;
const POW10: readonly number[] = Array.from({ length: MAX_RATE_PLACES + 1 }, (_, k) => 10 ** k);
const BIG_POW10: readonly bigint[] = Array.from({ length: 2 * MAX_RATE_PLACES + 1 }, (_, k) => 10n ** BigInt(k));
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const rateCache = new WeakMap<Decimal, ScaledRate | null>();

/**
 * The scaled form of a rate (remembered per Decimal: the year's rates are the same objects in every payslip), or
 * undefined when it is negative, not finite, has more than 15 decimals or its units exceed 2^53.
 */
export function scaledRate(rate: Decimal): ScaledRate | undefined {
  const hit = rateCache.get(rate);
  if (hit !== undefined) return hit ?? undefined;
  const value = readRate(rate);
  rateCache.set(rate, value ?? null);
  return value;
}

/** scaledRate through decimal.js's arithmetic: the definition the representation-level reader is checked against. */
function rateByArithmetic(rate: Decimal): ScaledRate | undefined {
  if (!rate.isFinite() || rate.isNegative()) return undefined;
  const k = rate.decimalPlaces();
  if (k > MAX_RATE_PLACES) return undefined;
  const units = rate.times(BIG_POW10[k]!.toString());
  return units.lte(MAX_SAFE) ? { u: units.toNumber(), k } : undefined;
}

type Raw = DecimalRepresentation;

/**
 * scaledRate from decimal.js's representation (sign s, exponent e of the leading digit, base-1e7 words d aligned on
 * the decimal point, no trailing zero word; as domain/gb/pence.ts reads it): a request's rates are new objects in
 * every payslip, and the arithmetic route costs a multiplication and a comparison each. Undefined exactly where
 * rateByArithmetic is; anything unusual goes that way.
 */
function rateByRepresentation(rate: Decimal): ScaledRate | undefined {
  const raw = rate as unknown as Raw;
  const words = raw.d;
  if (!words || raw.s < 0) return rateByArithmetic(rate);
  const last = words.length - 1;
  const lastWord = words[last]!;
  if (last === 0 && lastWord === 0) return { u: 0, k: 0 };
  const pointWord = Math.floor(raw.e / 7);
  if (pointWord > 1 || lastWord === 0) return rateByArithmetic(rate);
  const lastPower = pointWord - last;
  let k = 0;
  let tail = lastWord;
  if (lastPower < 0) {
    let zeros = 0;
    while (tail % 10 === 0) {
      tail /= 10;
      zeros += 1;
    }
    k = -7 * lastPower - zeros;
  } else {
    tail = lastWord * 10 ** (7 * lastPower);
  }
  if (k > MAX_RATE_PLACES) return undefined;
  let u = tail;
  for (let i = 0; i < last; i += 1) u += words[i]! * 10 ** (7 * (pointWord - i) + k);
  return u <= MAX_SAFE ? { u, k } : undefined;
}

const RATE_SAMPLES = ['0', '1', '0.073', '0.0245', '0.01225', '0.012345', '0.0061725', '0.000001', '0.0000001', '0.1', '0.5', '0.15', '0.6683', '12', '100', '1234567.1234567', '10000000', '0.000000000000001', '0.0000000000000001', '99999999.99', '-0.01', '9007199254740991', '9007199254740992', '0.9999999999999999'];

const REPRESENTATION_OK: boolean = (() => {
  try {
    for (const text of RATE_SAMPLES) {
      const value = new Decimal(text);
      const a = rateByRepresentation(value);
      const b = rateByArithmetic(value);
      if (a?.u !== b?.u || a?.k !== b?.k) return false;
    }
    return true;
  } catch {
    return false;
  }
})();

const readRate: (rate: Decimal) => ScaledRate | undefined = REPRESENTATION_OK ? rateByRepresentation : rateByArithmetic;

/** scaledRate without remembering it: for a request's rates, new objects in every payslip. */
export const scaledRateOnce: (rate: Decimal) => ScaledRate | undefined = readRate;

/** Whether rates are read from decimal.js's representation (false: through its arithmetic). */
export const RATE_READ_FAST = REPRESENTATION_OK;

/** a + b × m (m a small non-negative integer) or a − b × m at the larger scale; undefined when negative or unsafe. */
export function combineRates(a: ScaledRate, b: ScaledRate, m: number, sign: 1 | -1): ScaledRate | undefined {
  const k = Math.max(a.k, b.k);
  const u = a.u * POW10[k - a.k]! + sign * b.u * POW10[k - b.k]! * m;
  return u >= 0 && Number.isSafeInteger(u) ? { u, k } : undefined;
}

/** Half the rate, exactly (one more decimal when the units are odd). */
export function halfRate(r: ScaledRate): ScaledRate | undefined {
  if (r.u % 2 === 0) return { u: r.u / 2, k: r.k };
  if (r.k >= MAX_RATE_PLACES) return undefined;
  const u = r.u * 5;
  return Number.isSafeInteger(u) ? { u, k: r.k + 1 } : undefined;
}

/** The rate's text as Decimal.toString() prints it ("0.0125", "0", "1"). */
export function rateText(r: ScaledRate): string {
  if (r.k === 0) return String(r.u);
  const digits = String(r.u).padStart(r.k + 1, '0');
  const whole = digits.slice(0, digits.length - r.k);
  const fraction = digits.slice(digits.length - r.k).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** n / d rounded half up, n ≥ 0 and d > 0 safe integers (the double quotient's floor is exact below 2^53). */
export function divHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  const rest = n - q * d;
  return 2 * rest >= d ? q + 1 : q;
}

/** n / d rounded half up in BigInt, n ≥ 0, d > 0. */
export function bigDivHalfUp(n: bigint, d: bigint): number {
  const q = n / d;
  return Number(2n * (n - q * d) >= d ? q + 1n : q);
}

/** round(cents × rate) half up to the cent (BVV § 1): exact, BigInt when the product exceeds 2^53. */
export function mulRate(cents: number, r: ScaledRate): number {
  const n = cents * r.u;
  if (n <= MAX_SAFE) return divHalfUp(n, POW10[r.k]!);
  return bigDivHalfUp(BigInt(cents) * BigInt(r.u), BIG_POW10[r.k]!);
}

/** round(a × ra + b × rb) half up to the cent, one rounding of the exact sum. */
export function mulRate2(a: number, ra: ScaledRate, b: number, rb: ScaledRate): number {
  const k = Math.max(ra.k, rb.k);
  const ua = ra.u * POW10[k - ra.k]!;
  const ub = rb.u * POW10[k - rb.k]!;
  const n = a * ua + b * ub;
  if (ua <= MAX_SAFE && ub <= MAX_SAFE && a * ua <= MAX_SAFE / 2 && b * ub <= MAX_SAFE / 2) return divHalfUp(n, POW10[k]!);
  return bigDivHalfUp(BigInt(a) * BigInt(ra.u) * BIG_POW10[k - ra.k]! + BigInt(b) * BigInt(rb.u) * BIG_POW10[k - rb.k]!, BIG_POW10[k]!);
}

/** Two-place text of an amount (Decimal.toFixed(2, half up), as money() prints it): through whole cents when it is. */
export function amountText(value: Decimal): string {
  const cents = toPence(value);
  if (cents === undefined) return value.toFixed(2, Decimal.ROUND_HALF_UP);
  return cents < 0 ? `-${centsText(-cents)}` : centsText(cents);
}

const PLAIN_AMOUNT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** The Decimal of a decimal text (what `new Decimal(text)` gives), built from whole cents for a plain amount. */
export function decimalOfText(text: string): Decimal {
  const m = PLAIN_AMOUNT.exec(text);
  if (!m) return new Decimal(text);
  const fraction = m[2];
  const cents = Number(m[1]) * 100 + (fraction === undefined ? 0 : fraction.length === 1 ? Number(fraction) * 10 : Number(fraction));
  return fromCents(cents);
}
