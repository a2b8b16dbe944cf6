/**
 * Pay calendars and their pay periods: pure date arithmetic, no clock, no I/O.
 *
 * GB (HMRC): the tax year runs 6 April – 5 April. Tax week 1 is 6–12 April, week n starts 6 April + 7(n − 1) days;
 * week 53 is the one day left over (5 April), or two days (4–5 April) when the tax year holds 29 February. Tax
 * month 1 is 6 April – 5 May, month n is the 6th of the n-th month after March to the 5th of the next.
 * The tax period of a payment is decided by its PAY DATE, not by the period worked (PAYE Manual PAYE70015; RTI
 * FPS "Tax week number" / "Tax month"), so a period belongs to the tax year its pay date falls in, and the
 * periods of a tax year are numbered 1, 2, … in pay-date order. A weekly, fortnightly or four-weekly payday that
 * falls in tax week 53 is an extra payment, reported as tax week 53 (weekly), 54 (the 27th fortnightly payment)
 * or 56 (the 14th four-weekly payment) and taxed on the week 1/2/4 basis (params-2026-27.md §6).
 * For the PAYE engine (`domain/gb/paye.ts`), `period` is `period_number` (it maps fortnightly p to week 2p).
 *
 * DE: the wage payment period (Lohnzahlungszeitraum) is the calendar month; regular pay counts in the calendar
 * year in which the period ENDS, whenever it is paid (§ 38a Abs. 1 Satz 2 EStG), so DE periods are numbered by
 * month 1–12 of the year they end in. German payroll is monthly: other frequencies are refused.
 *
 * Pay day rules (a calendar has one):
 * - `last_working_day`: the period's last day;
 * - `fixed_day_of_month` (monthly only): that day of the month the period ends in (the month's last day if shorter);
 * - `days_after_period_end`: the period's last day plus `days` (0–60).
 * The result is then moved off a weekend by `weekend_adjustment`: `previous_working_day` (default: Saturday and
 * Sunday roll back to Friday, so staff are never paid late), `next_working_day`, or `none` (Sunday payrolls).
 * Bank holidays are not known to the calendar and are not skipped.
 */
import { DomainError, validationError, type FieldIssue } from './errors.js';

export type PayFrequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly';
export type PayCountry = 'GB' | 'DE';
export type WeekendAdjustment = 'previous_working_day' | 'next_working_day' | 'none';

export const PAY_FREQUENCIES: readonly PayFrequency[] = ['weekly', 'fortnightly', 'four_weekly', 'monthly'];
export const WEEKEND_ADJUSTMENTS: readonly WeekendAdjustment[] = ['previous_working_day', 'next_working_day', 'none'];
export const PAY_DAY_RULE_TYPES = ['last_working_day', 'fixed_day_of_month', 'days_after_period_end'] as const;

export type PayDayRule =
  | { type: 'last_working_day'; weekend_adjustment?: WeekendAdjustment }
  | { type: 'fixed_day_of_month'; day: number; weekend_adjustment?: WeekendAdjustment }
  | { type: 'days_after_period_end'; days: number; weekend_adjustment?: WeekendAdjustment };

export interface PayCalendarRules {
  country: PayCountry;
  frequency: PayFrequency;
  /**
   * The first day of any one period. Weekly, fortnightly and four-weekly periods repeat every 7, 14 or 28 days
   * from it in both directions; monthly periods start on its day of the month (1–28) every month.
   */
  first_period_start: string;
  pay_day_rule: PayDayRule;
}

export interface PayPeriod {
  /** GB: the tax year of the pay date ("2025-26"); DE: the calendar year the period ends in ("2025"). */
  tax_year: string;
  /** Ordinal of the period in its tax year by pay date (GB) or its month (DE). The PAYE engine's `period`. */
  period_number: number;
  /** GB: tax week (weekly, fortnightly, four-weekly; 53/54/56 for the extra payment) or tax month of the pay date. DE: the month. */
  tax_period: number;
  start_date: string;
  end_date: string;
  pay_date: string;
  /** GB week 53 / 54 / 56 payment: the payday fell in tax week 53. */
  extra_period: boolean;
}

const PERIOD_DAYS: Readonly<Record<Exclude<PayFrequency, 'monthly'>, number>> = { weekly: 7, fortnightly: 14, four_weekly: 28 };
/** RTI tax week reported for a payment in tax week 53 (HMRC RTI FPS guidance; params-2026-27.md §6). */
const EXTRA_TAX_WEEK: Readonly<Record<Exclude<PayFrequency, 'monthly'>, number>> = { weekly: 53, fortnightly: 54, four_weekly: 56 };
const MS_PER_DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Day numbers (days since 1970-01-01, UTC): exact, free of time zones and clocks.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDateOrNull(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function parseDate(value: string, field: string): { year: number; month: number; day: number } {
  const parsed = isoDateOrNull(value);
  if (!parsed) throw validationError([{ loc: [field], msg: `"${value}" is not a date in the form YYYY-MM-DD`, type: 'date_invalid' }]);
  return parsed;
}

function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function toDay(value: string, field: string): number {
  const { year, month, day } = parseDate(value, field);
  return dayNumber(year, month, day);
}

function fromDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

function ymd(day: number): { year: number; month: number; day: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCDay();
}

// ---------------------------------------------------------------------------------------------------------------
// GB tax years, weeks and months

/** "2025-26" for any date from 6 April 2025 to 5 April 2026. */
export function gbTaxYearOf(date: string): string {
  const { year, month, day } = parseDate(date, 'date');
  const start = month > 4 || (month === 4 && day >= 6) ? year : year - 1;
  return gbTaxYearLabel(start);
}

function gbTaxYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The first calendar year of a tax year label ("2025-26" → 2025); anything else is a validation error on `tax_year`. */
export function parseGbTaxYear(label: string, field = 'tax_year'): number {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  const start = match ? Number(match[1]) : NaN;
  if (!match || Number(match[2]) !== (start + 1) % 100) {
    throw validationError([{ loc: [field], msg: `"${label}" is not a GB tax year; write it as YYYY-YY, e.g. 2025-26`, type: 'tax_year_invalid' }]);
  }
  return start;
}

/** Tax week of a date (1–53) in its tax year. */
export function gbTaxWeek(date: string): number {
  const day = toDay(date, 'date');
  const start = dayNumber(parseGbTaxYear(gbTaxYearOf(date)), 4, 6);
  return Math.floor((day - start) / 7) + 1;
}

/** Tax month of a date (1–12): month 1 is 6 April – 5 May. */
export function gbTaxMonth(date: string): number {
  const { month, day } = parseDate(date, 'date');
  const shifted = day >= 6 ? month : month - 1;
  return ((shifted - 4 + 12) % 12) + 1;
}

/**
 * HMRC tax period of a payment made on `payDate`: the tax month (monthly) or tax week (other frequencies) the pay
 * date falls in; a payday in tax week 53 is reported as week 53, 54 (fortnightly) or 56 (four-weekly).
 */
export function taxPeriodForPayDate(frequency: PayFrequency, payDate: string): number {
  if (frequency === 'monthly') return gbTaxMonth(payDate);
  checkFrequency(frequency, 'frequency');
  const week = gbTaxWeek(payDate);
  return week === 53 ? EXTRA_TAX_WEEK[frequency] : week;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

function checkFrequency(frequency: string, field: string): asserts frequency is PayFrequency {
  if (!PAY_FREQUENCIES.includes(frequency as PayFrequency)) {
    throw validationError([{ loc: [field], msg: `must be one of ${PAY_FREQUENCIES.join(', ')}`, type: 'enum' }]);
  }
}

/**
 * Every rule a calendar breaks, with paths relative to the calendar object (the caller prefixes "body").
 * Empty when the calendar is usable.
 */
export function payCalendarIssues(calendar: PayCalendarRules): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!PAY_FREQUENCIES.includes(calendar.frequency)) {
    issues.push({ loc: ['frequency'], msg: `must be one of ${PAY_FREQUENCIES.join(', ')}`, type: 'enum' });
    return issues;
  }
  if (calendar.country === 'DE' && calendar.frequency !== 'monthly') {
    issues.push({
      loc: ['frequency'],
      msg: `German payroll is monthly (the wage payment period is the calendar month, § 39b Abs. 2 EStG); ${calendar.frequency} calendars are for GB organizations only`,
      type: 'frequency_not_supported',
    });
  }
  const start = isoDateOrNull(calendar.first_period_start);
  if (!start) {
    issues.push({ loc: ['first_period_start'], msg: `"${calendar.first_period_start}" is not a date in the form YYYY-MM-DD`, type: 'date_invalid' });
  } else if (calendar.frequency === 'monthly') {
    if (calendar.country === 'DE' && start.day !== 1) {
      issues.push({ loc: ['first_period_start'], msg: 'German pay periods are calendar months: the period must start on the 1st', type: 'period_start_invalid' });
    } else if (start.day > 28) {
      issues.push({ loc: ['first_period_start'], msg: 'a monthly period must start on day 1–28 so that every month has that day', type: 'period_start_invalid' });
    }
  }
  const rule = calendar.pay_day_rule;
  if (rule.type === 'fixed_day_of_month') {
    if (calendar.frequency !== 'monthly') {
      issues.push({ loc: ['pay_day_rule', 'type'], msg: `fixed_day_of_month is for monthly calendars; use last_working_day or days_after_period_end for ${calendar.frequency}`, type: 'pay_day_rule_invalid' });
    }
    if (!Number.isInteger(rule.day) || rule.day < 1 || rule.day > 31) issues.push({ loc: ['pay_day_rule', 'day'], msg: 'must be a whole number from 1 to 31', type: 'out_of_range' });
  } else if (rule.type === 'days_after_period_end') {
    if (!Number.isInteger(rule.days) || rule.days < 0 || rule.days > 60) issues.push({ loc: ['pay_day_rule', 'days'], msg: 'must be a whole number from 0 to 60', type: 'out_of_range' });
  } else if (rule.type !== 'last_working_day') {
    issues.push({ loc: ['pay_day_rule', 'type'], msg: `must be one of ${PAY_DAY_RULE_TYPES.join(', ')}`, type: 'enum' });
  }
  if (rule.weekend_adjustment !== undefined && !WEEKEND_ADJUSTMENTS.includes(rule.weekend_adjustment)) {
    issues.push({ loc: ['pay_day_rule', 'weekend_adjustment'], msg: `must be one of ${WEEKEND_ADJUSTMENTS.join(', ')}`, type: 'enum' });
  }
  return issues;
}

function assertCalendar(calendar: PayCalendarRules): void {
  const issues = payCalendarIssues(calendar);
  if (issues.length > 0) throw validationError(issues, 'PAY_CALENDAR.INVALID');
}

// ---------------------------------------------------------------------------------------------------------------
// Periods

interface RawPeriod {
  start: number;
  end: number;
  pay: number;
}

function adjustForWeekend(day: number, adjustment: WeekendAdjustment): number {
  const dow = weekday(day);
  if (adjustment === 'none' || (dow !== 0 && dow !== 6)) return day;
  if (adjustment === 'next_working_day') return day + (dow === 6 ? 2 : 1);
  return day - (dow === 6 ? 1 : 2);
}

function payDay(calendar: PayCalendarRules, end: number): number {
  const rule = calendar.pay_day_rule;
  let day: number;
  switch (rule.type) {
    case 'last_working_day':
      day = end;
      break;
    case 'days_after_period_end':
      day = end + rule.days;
      break;
    case 'fixed_day_of_month': {
      const { year, month } = ymd(end);
      day = dayNumber(year, month, Math.min(rule.day, daysInMonth(year, month)));
      break;
    }
  }
  return adjustForWeekend(day, rule.weekend_adjustment ?? 'previous_working_day');
}

/** The k-th period counted from the anchor (k may be negative). */
function rawPeriod(calendar: PayCalendarRules, k: number): RawPeriod {
  const anchor = parseDate(calendar.first_period_start, 'first_period_start');
  let start: number;
  let end: number;
  if (calendar.frequency === 'monthly') {
    const monthIndex = anchor.month - 1 + k;
    const year = anchor.year + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    start = dayNumber(year, month, anchor.day);
    end = dayNumber(year, month + 1, anchor.day) - 1;
  } else {
    const length = PERIOD_DAYS[calendar.frequency];
    start = dayNumber(anchor.year, anchor.month, anchor.day) + k * length;
    end = start + length - 1;
  }
  return { start, end, pay: payDay(calendar, end) };
}

/** Index k of the period containing `day`. */
function periodIndexOf(calendar: PayCalendarRules, day: number): number {
  const anchor = parseDate(calendar.first_period_start, 'first_period_start');
  if (calendar.frequency === 'monthly') {
    const { year, month, day: dom } = ymd(day);
    const months = (year - anchor.year) * 12 + (month - anchor.month);
    return dom >= anchor.day ? months : months - 1;
  }
  return Math.floor((day - dayNumber(anchor.year, anchor.month, anchor.day)) / PERIOD_DAYS[calendar.frequency]);
}

function toPayPeriod(calendar: PayCalendarRules, raw: RawPeriod, taxYear: string, periodNumber: number): PayPeriod {
  const payDate = fromDay(raw.pay);
  if (calendar.country === 'DE') {
    return { tax_year: taxYear, period_number: periodNumber, tax_period: periodNumber, start_date: fromDay(raw.start), end_date: fromDay(raw.end), pay_date: payDate, extra_period: false };
  }
  const extra = calendar.frequency !== 'monthly' && gbTaxWeek(payDate) === 53;
  return {
    tax_year: taxYear,
    period_number: periodNumber,
    tax_period: taxPeriodForPayDate(calendar.frequency, payDate),
    start_date: fromDay(raw.start),
    end_date: fromDay(raw.end),
    pay_date: payDate,
    extra_period: extra,
  };
}

/** DE: the calendar year as "2025"; a GB-style label is refused. */
function parseCalendarYear(label: string | number): number {
  const text = String(label);
  if (!/^\d{4}$/.test(text)) throw validationError([{ loc: ['year'], msg: `"${text}" is not a calendar year; write it as YYYY, e.g. 2025`, type: 'year_invalid' }]);
  return Number(text);
}

/**
 * Every period of a tax year: GB periods whose pay date falls in the tax year ("2025-26"), in pay-date order;
 * DE periods ending in the calendar year ("2025" or 2025), months 1–12.
 */
export function periodsForTaxYear(calendar: PayCalendarRules, taxYear: string | number): PayPeriod[] {
  assertCalendar(calendar);
  if (calendar.country === 'DE') {
    const year = parseCalendarYear(taxYear);
    const first = periodIndexOf(calendar, dayNumber(year, 1, 1));
    return Array.from({ length: 12 }, (_, i) => toPayPeriod(calendar, rawPeriod(calendar, first + i), String(year), i + 1));
  }
  const startYear = parseGbTaxYear(String(taxYear));
  const label = gbTaxYearLabel(startYear);
  const from = dayNumber(startYear, 4, 6);
  const to = dayNumber(startYear + 1, 4, 5);
  // A pay date lies at most 2 days before its period's start (weekend roll-back of a short month's fixed day) and at
  // most 62 days after its end, so these indexes bracket every period paid in the year.
  const lowest = periodIndexOf(calendar, from - 63) - 1;
  const highest = periodIndexOf(calendar, to + 3) + 1;
  const result: PayPeriod[] = [];
  for (let k = lowest; k <= highest; k += 1) {
    const raw = rawPeriod(calendar, k);
    if (raw.pay >= from && raw.pay <= to) result.push(toPayPeriod(calendar, raw, label, result.length + 1));
  }
  return result;
}

/** The period whose worked days include `date`, numbered within the tax year of its pay date (GB) or end (DE). */
export function periodForDate(calendar: PayCalendarRules, date: string): PayPeriod {
  assertCalendar(calendar);
  const day = toDay(date, 'date');
  const raw = rawPeriod(calendar, periodIndexOf(calendar, day));
  const year = calendar.country === 'DE' ? String(ymd(raw.end).year) : gbTaxYearOf(fromDay(raw.pay));
  const match = periodsForTaxYear(calendar, year).find((period) => period.start_date === fromDay(raw.start));
  if (!match) throw new DomainError('internal', 'PAY_CALENDAR.PERIOD_MISSING', `no period of ${year} starts on ${fromDay(raw.start)}`);
  return match;
}

/** The period paid on `payDate`, or null when the calendar has no payday on that date. */
export function periodForPayDate(calendar: PayCalendarRules, payDate: string): PayPeriod | null {
  assertCalendar(calendar);
  toDay(payDate, 'pay_date');
  const year = calendar.country === 'DE' ? null : gbTaxYearOf(payDate);
  const candidates = year !== null ? periodsForTaxYear(calendar, year) : [String(Number(payDate.slice(0, 4)) - 1), payDate.slice(0, 4)].flatMap((y) => periodsForTaxYear(calendar, y));
  return candidates.find((period) => period.pay_date === payDate) ?? null;
}
