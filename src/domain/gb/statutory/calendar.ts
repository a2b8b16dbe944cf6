/**
 * Day numbers for the statutory-payment rules: an ISO date as a count of days, so spells, gaps, weeks and
 * months are integer arithmetic (no clock, no time zone). Day 0 is 1970-01-01; the weekday of a day number is
 * 0 = Sunday … 6 = Saturday, the week the statutory payments count in (SSCBA 1992 s.157(3) for SSP, the
 * Sunday-to-Saturday week of SSCBA 1992 s.171(1) for the qualifying week of the family payments).
 */
import { parseIsoDate } from '../dates.js';

export type DayNumber = number;

/** Days from 1970-01-01 to the civil date (proleptic Gregorian; H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** `YYYY-MM-DD` → day number; a malformed date is a validation error on `field`. */
export function dayOf(iso: string, field: string): DayNumber {
  const { year, month, day } = parseIsoDate(iso, field);
  return daysFromCivil(year, month, day);
}

/** Day number → `YYYY-MM-DD` (H. Hinnant's civil_from_days). */
export function isoOf(dayNumber: DayNumber): string {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: DayNumber): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The Sunday that begins the week of `dayNumber`. */
export function sundayOnOrBefore(dayNumber: DayNumber): DayNumber {
  return dayNumber - weekdayOf(dayNumber);
}

/** First and last day of the calendar month of `dayNumber`. */
export function calendarMonthOf(dayNumber: DayNumber): { first: DayNumber; last: DayNumber } {
  const iso = isoOf(dayNumber);
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const first = daysFromCivil(year, month, 1);
  const next = month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1);
  return { first, last: next - 1 };
}

/** The GB tax year label ("2025-26") of a day: tax years run 6 April – 5 April (ITA 2007 s.4(2)). */
export function taxYearLabelOf(dayNumber: DayNumber): string {
  const iso = isoOf(dayNumber);
  const year = Number(iso.slice(0, 4));
  const startYear = iso.slice(5) >= '04-06' ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** Names of the weekdays as the vectors and the wire spell them, Sunday first. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];
