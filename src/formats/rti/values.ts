/**
 * The value formats of the RTI schemas (FPS/EPS "IRdecimalType": `-?(([1-9][0-9]*)|0)\.[0-9]{2}`; whole-units types
 * ending ".00"; character sets A–H) and the bad-input errors that name the field. Amounts arrive as decimal strings
 * (money is never a JS number) and leave with exactly two places.
 */
import { fieldError } from '../../domain/errors.js';
import { Decimal } from '../../domain/money.js';

export type Path = (string | number)[];

function decimal(value: string, path: Path): Decimal {
  let parsed: Decimal;
  try {
    parsed = new Decimal(value);
  } catch {
    throw fieldError(path, `must be an amount, not "${value}"`, 'decimal');
  }
  if (!parsed.isFinite()) throw fieldError(path, `must be an amount, not "${value}"`, 'decimal');
  return parsed;
}

/** Pounds and pence with two places (a negative zero is written 0.00). */
export function amount(value: string, path: Path, options: { min?: string; max?: string } = {}): string {
  const parsed = decimal(value, path);
  if (!parsed.times(100).isInteger()) throw fieldError(path, `must be whole pence, not ${value} (RTI amounts have two decimal places)`, 'whole_pence');
  if (options.min !== undefined && parsed.lt(options.min)) throw fieldError(path, `must be at least ${options.min} on an RTI submission, not ${parsed.toFixed(2)}`, 'rti_range');
  if (options.max !== undefined && parsed.gt(options.max)) throw fieldError(path, `must be at most ${options.max} on an RTI submission, not ${parsed.toFixed(2)}`, 'rti_range');
  return parsed.isZero() ? '0.00' : parsed.toFixed(2);
}

/** Whole pounds written with ".00" (student and postgraduate loans, the levy, earnings at the LEL). */
export function wholePounds(value: string, path: Path, options: { min?: string; max?: string } = {}): string {
  const parsed = decimal(value, path);
  if (!parsed.isInteger()) throw fieldError(path, `must be whole pounds on an RTI submission, not ${value}`, 'whole_pounds');
  return amount(value, path, options);
}

export function isNonZero(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && !new Decimal(value).isZero();
}

/** Latin letters with their accents taken off (é → e) and typographic apostrophes and dashes made plain. */
function plain(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name part in the FPS name character set (CharsetD `[A-Za-z \-']`, starting with a letter, 1–35 characters):
 * accents dropped, other characters left out, cut at 35 (HMRC matches on NINO, date of birth and name together).
 */
export function nameText(value: string, path: Path): string {
  const cleaned = plain(value).replace(/[^A-Za-z \-']/g, '').replace(/\s+/g, ' ').trim().slice(0, 35).trim();
  if (!/^[A-Za-z]/.test(cleaned)) throw fieldError(path, `"${value}" has no letters the FPS can carry (A–Z, space, hyphen, apostrophe; starting with a letter)`, 'rti_name');
  return cleaned;
}

/** An address line in CharsetG, starting with a letter or digit, at most 35 characters; null when nothing is left. */
export function addressLine(value: string): string | null {
  const cleaned = plain(value)
    .replace(/[^A-Za-z0-9 .,\-()/=!"%&*;<>'+:?]/g, '')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 35)
    .trim();
  return cleaned === '' ? null : cleaned;
}

/** A payroll ID in CharsetG (1–35, not starting with a space), or an error naming the field. */
export function payrollId(value: string, path: Path): string {
  if (!/^[A-Za-z0-9.,\-()/=!"%&*;<>'+:?][A-Za-z0-9 .,\-()/=!"%&*;<>'+:?]{0,34}$/.test(value)) {
    throw fieldError(path, `payroll number "${value}" cannot go on an FPS: 1–35 characters of A–Z, 0–9, space and . , - ( ) / = ! " % & * ; < > ' + : ?, not starting with a space`, 'rti_payroll_id');
  }
  return value;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isoDate(value: string, path: Path): string {
  if (!ISO_DATE.test(value)) throw fieldError(path, `must be a date YYYY-MM-DD, not "${value}"`, 'date');
  return value;
}
