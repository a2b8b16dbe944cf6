import { z } from 'zod';

/** Building blocks shared by every wire contract. */

export const isoDate = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });
export const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' });
export const nullableDate = isoDate.nullable();

/** Opaque identifiers (UUIDv7 strings for our own records). */
export const id = z.string().min(1, { error: 'must not be empty' }).max(64, { error: 'must be at most 64 characters' });

/**
 * Every decimal on the wire is bounded (docs/decisions.md H25): at most
 * 12 digits before the decimal point (so below 1,000,000,000,000: far above any pay, tax or
 * contribution figure in GBP or EUR, and well inside what decimal.js and NUMERIC columns hold
 * exactly) and at most 10 after it (rates such as 0.0525; money itself is refused beyond 2 places
 * where a contract says "pounds and pence"). Without a bound, 1e308 was accepted and stored.
 */
export const MAX_INTEGER_DIGITS = 12;
export const MAX_FRACTION_DIGITS = 10;
export const AMOUNT_BOUND_MESSAGE = `must be less than 1,000,000,000,000 in magnitude (at most ${MAX_INTEGER_DIGITS} digits before the decimal point)`;

/** Digits before the point, leading zeros and sign ignored ("-000123.40" → 3). */
export function integerDigits(text: string): number {
  return (text.replace(/^[+-]/, '').split('.')[0] ?? '').replace(/^0+/, '').length;
}
/** Whether a decimal text is within the bound of the wire (MAX_INTEGER_DIGITS); for contracts that read numbers and strings themselves. */
export function withinAmountBound(text: string): boolean {
  return integerDigits(text) <= MAX_INTEGER_DIGITS;
}

/** A decimal number written as a string: the only way money crosses an edge. Bounded as above. */
export const decimalString = z
  .string()
  .regex(/^[+-]?(\d+(\.\d+)?|\.\d+)$/, { error: 'must be a decimal number written as a string, e.g. "1234.50"', abort: true })
  // The bounds as patterns, so /openapi.json states them too (leading and trailing zeros do not count).
  .regex(new RegExp(`^[+-]?0*\\d{0,${MAX_INTEGER_DIGITS}}(\\.\\d*)?$`), { error: AMOUNT_BOUND_MESSAGE })
  .regex(new RegExp(`^[^.]*(\\.\\d{0,${MAX_FRACTION_DIGITS}}0*)?$`), { error: `must have at most ${MAX_FRACTION_DIGITS} decimal places` });

/** A JSON number within the same bound (below 10^12 in magnitude). */
export const boundedNumber = z.number().finite().gt(-1e12, { error: AMOUNT_BOUND_MESSAGE }).lt(1e12, { error: AMOUNT_BOUND_MESSAGE });

/** The spec's rate pattern for pension rates in responses (`^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$`). */
export const specDecimalPattern = /^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/;

/** Money accepted as a JSON number or a decimal string; either way it becomes a decimal string, bounded like decimalString. */
export const moneyInput = z
  .union([boundedNumber, decimalString])
  .transform((value) => (typeof value === 'number' ? numberToDecimalString(value) : value));

/**
 * JSON numbers in requests (the spec types some amounts as `number`) are converted through their
 * shortest round-trip text, which is exactly what the client wrote (e.g. 2100.5 → "2100.5"), never
 * through binary arithmetic.
 */
export function numberToDecimalString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation (1e21, 5e-7): expand without floating-point arithmetic.
  const [mantissa, exponentText] = text.toLowerCase().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^[-+]/, '');
  const [intPart, fracPart = ''] = digits.split('.') as [string, string?];
  const all = intPart + fracPart;
  const point = intPart.length + exponent;
  let result: string;
  if (point <= 0) result = `0.${'0'.repeat(-point)}${all}`;
  else if (point >= all.length) result = all + '0'.repeat(point - all.length);
  else result = `${all.slice(0, point)}.${all.slice(point)}`;
  return (negative ? '-' : '') + result.replace(/^0+(?=\d)/, '');
}

export const countryCode = z.enum(['GB', 'DE'], { error: 'must be GB or DE' });

export const email = z.email({ error: 'must be a valid e-mail address' }).max(254);

/** Strings that may be null or absent on input. */
export const optionalText = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` }).nullable().optional();

export type IsoDate = z.infer<typeof isoDate>;
