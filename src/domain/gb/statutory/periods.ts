/**
 * The pay periods statutory payments are paid in (statutory-payments-rules §§2.5, 4): a weekly payroll pays by
 * the SSP week, Sunday to Saturday (SSCBA 1992 s.157(3)); a monthly payroll by calendar month.
 */
import { calendarMonthOf, sundayOnOrBefore, type DayNumber } from './calendar.js';

export type StatutoryPayrollFrequency = 'weekly' | 'monthly';

export const STATUTORY_PAYROLL_FREQUENCIES: readonly StatutoryPayrollFrequency[] = ['weekly', 'monthly'];

export function isStatutoryPayrollFrequency(value: unknown): value is StatutoryPayrollFrequency {
  return value === 'weekly' || value === 'monthly';
}

/** First and last day of the pay period holding `day`. */
export function payPeriodOf(day: DayNumber, frequency: StatutoryPayrollFrequency): { first: DayNumber; last: DayNumber } {
  if (frequency === 'monthly') return calendarMonthOf(day);
  const first = sundayOnOrBefore(day);
  return { first, last: first + 6 };
}
