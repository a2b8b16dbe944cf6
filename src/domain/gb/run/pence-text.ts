/**
 * Money in whole pence held in JS integers (exact far beyond any payroll's totals), and its decimal-string form:
 * the year-to-date figures of a run of thousands of employees are summed and formatted this way instead of through
 * Decimal objects (the run's allocation budget). Every amount a payslip holds is a whole number of pence.
 */
import { money, type Decimal } from '../../money.js';
import { toPence } from '../pence.js';

/** "1234.50" from 123450; "-0.05" from -5. */
export function penceText(pence: number): string {
  const negative = pence < 0;
  const abs = negative ? -pence : pence;
  const pounds = Math.floor(abs / 100);
  const rest = abs - pounds * 100;
  return `${negative ? '-' : ''}${pounds}.${rest < 10 ? '0' : ''}${rest}`;
}

const TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Whole pence of a decimal string with at most two decimals; anything else is an error (it is our own data). */
export function textPence(text: string): number {
  const m = TEXT.exec(text);
  if (!m) throw new Error(`"${text}" is not an amount in pounds and pence`);
  const cents = m[3] === undefined ? 0 : m[3].length === 1 ? Number(m[3]) * 10 : Number(m[3]);
  const value = Number(m[2]) * 100 + cents;
  return m[1] === '-' ? -value : value;
}

/** Whole pence of an engine result (always whole pence; rounded half up should it ever not be). */
export function decimalPence(value: Decimal): number {
  const pence = toPence(value);
  return pence !== undefined ? pence : Math.round(Number(value.times(100).toFixed(0)));
}

/** Two-place string of a Decimal, through whole pence when it is whole pence. */
export function moneyText(value: Decimal): string {
  const pence = toPence(value);
  return pence !== undefined ? penceText(pence) : money(value);
}
