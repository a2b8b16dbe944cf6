/**
 * Text as Bacs takes it: upper case A–Z, digits, full stop, ampersand, slash, hyphen and space (the character set of
 * Standard 18 name and reference fields; fixtures/reference/payments/bacs/Bacs18PaymentLines.md §3.3). Accented
 * letters lose their accents first (É → E, ß → SS, Ł → L), so a name stays readable; anything else becomes a space.
 */
import { plainLetter } from '../text/latin.js';

export function bacsText(value: string): string {
  let out = '';
  for (const ch of value) out += plainLetter(ch);
  return out.toUpperCase().replace(/[^A-Z0-9.&/\- ]/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Left-justified and space-filled to `length` (cut when longer). */
export function alpha(value: string, length: number): string {
  return bacsText(value).slice(0, length).padEnd(length, ' ');
}

/** Right-justified and zero-filled digits. */
export function numeric(value: string | number, length: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > length) throw new Error(`${text} does not fit ${length} digits`);
  return text.padStart(length, '0');
}

/** ISO date → the Bacs Julian form " YYDDD" (a space, the year's last two digits, the day of the year). */
export function julian(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new Error(`not an ISO date: ${isoDate}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
  return ` ${String(year % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`;
}
