/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`): parsed and compared without any clock or time zone.
 */
import { fieldError } from '../errors.js';

export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number; // 1-31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Parses `YYYY-MM-DD`; a malformed or impossible date is a validation error on `field`. */
export function parseIsoDate(value: string, field: string): CalendarDate {
  const match = ISO_DATE.exec(value);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) return { year, month, day };
  }
  throw fieldError([field], `"${value}" is not a date in the form YYYY-MM-DD`, 'date_invalid');
}

export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year !== b.year ? a.year - b.year : a.month !== b.month ? a.month - b.month : a.day - b.day;
}

/**
 * The date `years` years and `months` months after `date`. Where that month has no such day:
 * for whole years (an anniversary, e.g. a birthday of 29 February) the next day, 1 March, as a person born
 * on 29 February attains an age on 1 March in a common year (Family Law Reform Act 1969 s9); when months are
 * added, the last day of the month (the corresponding-date rule for calendar months).
 */
export function addYearsMonths(date: CalendarDate, years: number, months = 0): CalendarDate {
  const monthIndex = date.month - 1 + months;
  const year = date.year + years + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  const last = daysInMonth(year, month);
  if (date.day <= last) return { year, month, day: date.day };
  if (months === 0) return month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
  return { year, month, day: last };
}

/** Completed years of age on `on` for someone born on `birth`. */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  let age = on.year - birth.year;
  if (compareDates(addYearsMonths(birth, age), on) > 0) age -= 1;
  return age;
}
