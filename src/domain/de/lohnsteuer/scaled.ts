/**
 * Runtime of the scaled-integer PAP editions (lohnsteuer<year>.ts): rounding divisions, the fit of an input to its
 * proven bounds, and the way back to Decimal.
 *
 * A BigDecimal of the plan is held as a JS number u with value = u × 10^-scale, one fixed scale per variable; the
 * generator (tools/pap-generator/fast.ts) proves every such integer stays within ±(2^53 − 1) for inputs within the
 * bounds of docs/pap-ranges.md, and computes in BigInt the few steps where that is not proven. Within that range
 * + − × of doubles are exact, and so are the divisions below:
 * - divDown: for |n| < 2^53 and an integer d ≠ 0 the double quotient n / d is within |n/d| × 2^-53 of the true one,
 *   which is less than 1/|d|, the least distance of a non-integer quotient from an integer; so Math.trunc(n / d) is
 *   the true quotient truncated toward zero (Java's ROUND_DOWN).
 * - divUp: the truncated quotient moved one away from zero when it is inexact (q × d ≠ n; exact as |q × d| ≤ |n|).
 */
import { Decimal } from '../../money.js';

/** n / d truncated toward zero (BigDecimal.ROUND_DOWN); n, d safe integers, d ≠ 0. */
export function divDown(n: number, d: number): number {
  return Math.trunc(n / d) + 0; // + 0: no -0
}

/** n / d rounded away from zero (BigDecimal.ROUND_UP); n, d safe integers, d ≠ 0. */
export function divUp(n: number, d: number): number {
  const q = Math.trunc(n / d);
  if (q * d === n) return q;
  return n < 0 !== d < 0 ? q - 1 : q + 1;
}

/** BigInt ROUND_DOWN (BigInt division truncates). */
export function bigDivDown(n: bigint, d: bigint): bigint {
  return n / d;
}

/** BigInt ROUND_UP. */
export function bigDivUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  if (q * d === n) return q;
  return n < 0n !== d < 0n ? q - 1n : q + 1n;
}

const POW10: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);
const MAX = Number.MAX_SAFE_INTEGER;

/**
 * An `int` input within [min, max], or NaN when it is absent-but-not-allowed, not a safe integer number, or out of
 * bounds: the caller then runs the BigDecimal edition, which accepts (or refuses with a field error) exactly as before.
 */
export function fitInt(value: unknown, min: number, max: number): number {
  const v = value === undefined || value === null ? 0 : value;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max ? v + 0 : NaN;
}

/**
 * A BigDecimal input as an integer at `scale` (value × 10^scale) within [min, max] (unscaled), or NaN when it has more
 * decimals, lies outside the bounds, or comes in a form this fast path does not read (the BigDecimal edition then
 * takes the case). A number counts as the decimal it prints as (BigDecimal.valueOf(double)), as in bigdecimal.ts.
 */
export function fitScaled(value: unknown, scale: number, min: number, max: number, absent = 0): number {
  let u: number;
  if (value === undefined || value === null) {
    u = absent;
  } else if (typeof value === 'number') {
    const p = POW10[scale]!;
    if (Number.isSafeInteger(value)) {
      u = value * p + 0;
    } else {
      // The only integer the double can be at this scale; it is that decimal exactly when the decimal rounds back to
      // the same double (decimals of at most 15 digits are distinct doubles, so the shortest text is that decimal).
      u = Math.round(value * p);
      if (!(Math.abs(u) < 1e15 && u / p === value)) return NaN;
    }
  } else if (value instanceof Decimal) {
    u = decimalToScaled(value as Decimal, scale);
  } else if (typeof value === 'string') {
    u = textToScaled(value, scale);
  } else {
    return NaN;
  }
  return u >= min && u <= max ? u : NaN;
}

/** A Decimal's value × 10^scale from its documented digits (d: base 1e7 words, e: exponent, s: sign), or NaN. */
function decimalToScaled(x: Decimal, scale: number): number {
  const d = (x as unknown as { d: number[] | null }).d;
  if (!d || d.length > 2) return NaN; // NaN, ±Infinity, or more than 14 significant digits: the BigDecimal edition
  const d0 = d[0]!;
  if (d0 === 0) return 0;
  let n = d0;
  let digits = d0 < 10 ? 1 : d0 < 100 ? 2 : d0 < 1000 ? 3 : d0 < 10000 ? 4 : d0 < 100000 ? 5 : d0 < 1000000 ? 6 : 7;
  if (d.length === 2) {
    n = n * 1e7 + d[1]!;
    digits += 7;
  }
  const exp = (x as unknown as { e: number }).e - digits + 1 + scale;
  let u: number;
  if (exp >= 0) {
    if (exp > 15) return NaN;
    u = n * POW10[exp]!;
    if (u > MAX) return NaN;
  } else {
    if (-exp > 15) return NaN;
    const p = POW10[-exp]!;
    if (n % p !== 0) return NaN;
    u = n / p;
  }
  return (x as unknown as { s: number }).s < 0 ? -u : u;
}

const PLAIN = /^\s*([+-]?)(\d{1,15})(?:\.(\d{0,15}))?\s*$/;

/** Plain decimal text × 10^scale, or NaN (exponents and long texts go to the BigDecimal edition). */
function textToScaled(text: string, scale: number): number {
  const m = PLAIN.exec(text);
  if (!m) return NaN;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return NaN;
  const u = Number(m[2]! + fraction.padEnd(scale, '0'));
  if (!(u <= MAX)) return NaN;
  return m[1] === '-' ? -u + 0 : u;
}

const ZERO = new Decimal(0);
const LOG_BASE = 7;

/**
 * The Decimal of value u × 10^-scale (exact), built directly in decimal.js's documented representation (s: sign,
 * e: decimal exponent, d: base-1e7 words aligned on the exponent, trailing zeros dropped), word for word what
 * decimal.js's own parser makes of the same value (test/domain/de/lohnsteuer/scaled.test.ts compares them), without
 * going through a string: a calculation returns a dozen of these.
 */
export function toDec(u: number, scale: number): Decimal {
  if (u === 0) return ZERO;
  if (scale === 0 && u < 1e7 && u > -1e7) return new Decimal(u); // decimal.js's own fast path for small integers
  let a = u < 0 ? -u : u;
  let digits = 1;
  while (digits < 16 && a >= POW10[digits]!) digits++;
  const e = digits - 1 - scale;
  let len = digits;
  while (a % 10 === 0) {
    a /= 10;
    len--;
  }
  let i = (e + 1) % LOG_BASE;
  if (e < 0) i += LOG_BASE;
  const d: number[] = [];
  if (i < len) {
    let rest = len - i;
    if (i > 0) {
      const p = POW10[rest]!;
      d.push(Math.trunc(a / p));
      a -= d[0]! * p;
    }
    while (rest > LOG_BASE) {
      rest -= LOG_BASE;
      const p = POW10[rest]!;
      const w = Math.trunc(a / p);
      d.push(w);
      a -= w * p;
    }
    d.push(a * POW10[LOG_BASE - rest]!);
  } else {
    d.push(a * POW10[i - len]!);
  }
  const x = Object.create(Decimal.prototype) as { constructor: unknown; s: number; e: number; d: number[] };
  x.constructor = Decimal;
  x.s = u < 0 ? -1 : 1;
  x.e = e;
  x.d = d;
  return x as unknown as Decimal;
}

/** The Decimal of a BigInt held value u × 10^-scale (exact). */
export function bigToDec(u: bigint, scale: number): Decimal {
  if (u === 0n) return ZERO;
  return new Decimal(scale === 0 ? u.toString() : `${u.toString()}e-${scale}`);
}
