/**
 * Money and exact decimal arithmetic. Every amount inside the program is a Decimal; at every
 * edge (JSON, CLI output, database columns) it is a decimal string. No JS float ever holds money.
 */
import { Decimal as DecimalJs } from 'decimal.js';

/**
 * A private Decimal constructor so no other library's global configuration can change ours.
 * 40 significant digits hold any payroll figure with room to spare; rounding is always explicit.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

export type DecimalInput = Decimal | string | number;

/**
 * decimal.js's documented representation of a value: sign s, decimal exponent e of the leading digit, base-1e7
 * words d aligned on the decimal point (null for NaN and ±Infinity). The integer paths (GB pence, German cents and
 * rates) read and build it directly instead of going through strings; each is held to decimal.js's own parser by a test.
 */
export interface DecimalRepresentation {
  s: number;
  e: number;
  d: number[] | null;
}

export const ZERO = new Decimal(0);

export function dec(value: DecimalInput): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Renders a Decimal as a fixed-point string (2 places by default), rounding half up only at the edge. */
export function money(value: DecimalInput, places = 2): string {
  return dec(value).toFixed(places, Decimal.ROUND_HALF_UP);
}

/** Sum of Decimals. */
export function sum(values: readonly DecimalInput[]): Decimal {
  let total = ZERO;
  for (const value of values) total = total.plus(dec(value));
  return total;
}

export function max(a: DecimalInput, b: DecimalInput): Decimal {
  return Decimal.max(dec(a), dec(b));
}

export function min(a: DecimalInput, b: DecimalInput): Decimal {
  return Decimal.min(dec(a), dec(b));
}

/** True for strings such as "12", "-3.50", "0.0375": what the wire contract accepts as a decimal. */
export const DECIMAL_STRING_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
