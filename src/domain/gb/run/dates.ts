/**
 * ISO date arithmetic the run-level rules need (no clock, no time zone).
 */
import { addYearsMonths, formatIsoDate, parseIsoDate } from '../dates.js';

/**
 * The date `months` calendar months after (or before, when negative) `date`; a day the target month lacks
 * becomes its last day (the corresponding-date rule: 31 January + 1 month = 28/29 February).
 */
export function addMonths(date: string, months: number): string {
  return formatIsoDate(addYearsMonths(parseIsoDate(date, 'date'), 0, months));
}

const MS_PER_DAY = 86_400_000;

export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY;
  return new Date(time).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / MS_PER_DAY);
}

export function laterOf(a: string, b: string | null): string {
  return b !== null && b > a ? b : a;
}

/** First day of the GB tax year a label names ("2025-26" → 2025-04-06). */
export function taxYearStart(taxYear: string): string {
  return `${taxYear.slice(0, 4)}-04-06`;
}

/** First day after the tax year ("2025-26" → 2026-04-06). */
export function taxYearEnd(taxYear: string): string {
  return `${Number(taxYear.slice(0, 4)) + 1}-04-06`;
}
