/**
 * java.math.BigDecimal semantics, as the BMF's PAP pseudo-code uses them, over the shared Decimal.
 *
 * The PAP is written against Java's BigDecimal. decimal.js has no "scale" but holds values exactly
 * (precision 40 is far beyond any PAP figure), so a BigDecimal and its Decimal have the same value:
 * - add/subtract/multiply are exact in both;
 * - divide(y) without a scale is exact in Java (it throws when the quotient does not terminate);
 *   every such division in the PAP is by 2, 12 or 100 (or a table value by 12) and terminates;
 * - setScale(n, ROUND_DOWN) truncates toward zero, setScale(n, ROUND_UP) rounds away from zero,
 *   exactly like decimal.js's ROUND_DOWN and ROUND_UP;
 * - divide(y, n, mode) rounds the exact quotient once to n places (see `divide`).
 */
import { Decimal } from '../../money.js';
import { fieldError } from '../../errors.js';

/** BigDecimal.ROUND_UP: away from zero (2.1 → 3, -2.1 → -3). */
export const ROUND_UP = Decimal.ROUND_UP;
/** BigDecimal.ROUND_DOWN: toward zero, i.e. truncation (2.9 → 2, -2.9 → -2). */
export const ROUND_DOWN = Decimal.ROUND_DOWN;
export type RoundingMode = typeof ROUND_UP | typeof ROUND_DOWN;

/** BigDecimal.ZERO */
export const ZERO = new Decimal(0);
/** BigDecimal.ONE */
export const ONE = new Decimal(1);

/** x.setScale(scale, mode) */
export function setScale(x: Decimal, scale: number, mode: RoundingMode): Decimal {
  return x.toDecimalPlaces(scale, mode);
}

/**
 * x.divide(y, scale, mode): the exact quotient rounded once to `scale` places.
 *
 * decimal.js first rounds the quotient to 40 significant digits, then we round to `scale` places.
 * That second rounding can differ from a single rounding only if the exact quotient lies within
 * 10^-(40 - integer digits) of a multiple of 10^-scale without being one. For x with p decimals and
 * y = b·10^-q (b an integer), a non-zero distance is at least 1 / (b · 10^max(scale, p - q)); the PAP
 * divides by 12, 100, 360, 700, 10000 or KZTAB (1 or 2) with scale ≤ 6 and amounts far below 10^20,
 * so that distance (≥ 10^-12) dwarfs the 40-digit error (< 10^-20) and the result is always exact.
 */
export function divide(x: Decimal, y: Decimal, scale: number, mode: RoundingMode): Decimal {
  return x.div(y).toDecimalPlaces(scale, mode);
}

const SMALL_INTS: readonly Decimal[] = Array.from({ length: 101 }, (_, i) => new Decimal(i));

/** BigDecimal.valueOf(long): small integers come from a cache so the hot path allocates nothing. */
export function valueOf(n: number): Decimal {
  return n >= 0 && n <= 100 && Number.isInteger(n) ? SMALL_INTS[n]! : new Decimal(n);
}

// ---- Input conversion (the caller's values to the PAP's Java types) ----

/** An `int` input: absent → `fallback`; integers (or integer strings) only. */
export function intIn(value: unknown, name: string, fallback = 0): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return value;
  } else if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) {
    return Number(value);
  } else if (value instanceof Decimal && (value as Decimal).isInteger()) {
    return (value as Decimal).toNumber();
  }
  throw fieldError(['input', name], `${name} must be an integer`, 'int_type');
}

/** A `BigDecimal` (or `double`) input: absent → `fallback`; a Decimal, a finite number or a decimal string. */
export function decIn(value: unknown, name: string, fallback: Decimal = ZERO): Decimal {
  if (value === undefined || value === null) return fallback;
  if (value instanceof Decimal) {
    if ((value as Decimal).isFinite()) return value as Decimal;
  } else if (typeof value === 'number') {
    if (value === 0) return ZERO;
    if (Number.isFinite(value)) return new Decimal(value);
  } else if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    return new Decimal(value.trim());
  }
  throw fieldError(['input', name], `${name} must be a decimal number`, 'decimal_type');
}
