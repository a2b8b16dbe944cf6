/**
 * Calendar arithmetic of the German payroll month: which days of a month an employment covers, the SV-Tage and
 * the Teillohnzahlungszeitraum (run-rules.md §2). ISO date strings only; no clock.
 */
import { fieldError } from '../../errors.js';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface MonthRef {
  year: number;
  /** 1–12. */
  month: number;
  /** 'YYYY-MM'. */
  label: string;
}

export function parseMonth(label: string, loc: (string | number)[] = ['month']): MonthRef {
  const m = MONTH.exec(label);
  if (!m) throw fieldError(loc, `"${label}" is not a month (YYYY-MM)`, 'month');
  return { year: Number(m[1]), month: Number(m[2]), label };
}

export function monthLabel(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Checks an ISO date (YYYY-MM-DD, a real day) and returns it. */
export function checkDate(value: string, loc: (string | number)[]): string {
  const m = DATE.exec(value);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  if (!m || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw fieldError(loc, `"${value}" is not a date (YYYY-MM-DD)`, 'date');
  return value;
}

export function firstDay(ref: MonthRef): string {
  return `${ref.label}-01`;
}

export function lastDay(ref: MonthRef): string {
  return `${ref.label}-${String(daysInMonth(ref.year, ref.month)).padStart(2, '0')}`;
}

const dayOf = (iso: string): number => Number(iso.slice(8, 10));

/** The employment's calendar days within the month (0 when it does not touch the month). */
export function employedDays(ref: MonthRef, entryDate: string, exitDate: string | null): number {
  const from = entryDate > firstDay(ref) ? entryDate : firstDay(ref);
  const to = exitDate !== null && exitDate < lastDay(ref) ? exitDate : lastDay(ref);
  if (from > to) return 0;
  return dayOf(to) - dayOf(from) + 1;
}

export interface MonthCoverage {
  /** Calendar days of the month. */
  calendarDays: number;
  /** Calendar days employed. */
  employed: number;
  /** Employed for only part of the month. */
  partial: boolean;
  /** The employment starts after the month's first day. */
  partialEntry: boolean;
  /**
   * SV-Tage: a full month counts 30 (February too), a partial month its calendar days of employment (run-rules.md §2,
   * TK "Ganze Monate zählen 30 Tage, angebrochene Monate zählen mit der tatsächlichen Anzahl der Tage"); at most 30,
   * so entry on the 2nd of a 31-day month is 30 SV-Tage, the full ceiling.
   */
  svDays: number;
}

export function monthCoverage(ref: MonthRef, entryDate: string, exitDate: string | null): MonthCoverage {
  const calendarDays = daysInMonth(ref.year, ref.month);
  const employed = employedDays(ref, entryDate, exitDate);
  const partial = employed < calendarDays;
  return { calendarDays, employed, partial, partialEntry: entryDate > firstDay(ref), svDays: partial ? Math.min(employed, 30) : 30 };
}

/** The months from `from` to `to` inclusive, as labels (empty when from is later). */
export function monthsBetween(from: MonthRef, to: MonthRef): string[] {
  const labels: string[] = [];
  let year = from.year;
  let month = from.month;
  while (year < to.year || (year === to.year && month <= to.month)) {
    labels.push(monthLabel(year, month));
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return labels;
}
