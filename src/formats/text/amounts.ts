/**
 * Amounts and dates as people read them on a document: pounds and pence (1234.56), euros the German way (1.234,56), dates as "5 May 2026" / "05.05.2026". Amounts come in as decimal strings and are formatted as
 * text, never through a JS number.
 */
import { Decimal } from '../../domain/money.js';

function grouped(value: string, thousands: string, decimal: string, places = 2): string {
  const fixed = new Decimal(value).toFixed(places);
  const negative = fixed.startsWith('-');
  const [whole = '0', pence = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return `${negative ? '-' : ''}${groups.join(thousands)}${decimal}${pence}`;
}

/**
 * 1234.5 → "1234.50": pounds and pence as the figures are stored (no thousands separator, no currency sign: the
 * column says £), so what the payslip prints is character for character the amount in the API and the exports.
 */
export function gbp(value: string): string {
  return grouped(value, '', '.');
}

/** An hourly rate: to the penny, or to as many as 4 places when it has them (12.215 stays 12.215). */
export function gbpRate(value: string): string {
  return grouped(value, '', '.', Math.min(4, Math.max(2, new Decimal(value).decimalPlaces())));
}

/** 1234.5 → "1.234,50". */
export function eur(value: string): string {
  return grouped(value, '.', ',');
}

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

function parts(iso: string): [string, number, string] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new Error(`not an ISO date: ${iso}`);
  return [m[1] as string, Number(m[2]), m[3] as string];
}

/** "2026-05-05" → "5 May 2026". */
export function gbDate(iso: string): string {
  const [year, month, day] = parts(iso);
  return `${Number(day)} ${MONTHS_EN[month - 1]} ${year}`;
}

/** "2026-05-05" → "05.05.2026". */
export function deDate(iso: string): string {
  const [year, month, day] = parts(iso);
  return `${day}.${String(month).padStart(2, '0')}.${year}`;
}

/** "2026-05" → "Mai 2026". */
export function deMonth(yearMonth: string): string {
  const [year, month] = parts(`${yearMonth}-01`);
  return `${MONTHS_DE[month - 1]} ${year}`;
}
