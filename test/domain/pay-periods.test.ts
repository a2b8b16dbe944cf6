import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '../../src/domain/errors.js';
import {
  gbTaxMonth,
  gbTaxWeek,
  gbTaxYearOf,
  payCalendarIssues,
  type PayCalendarRules,
  periodForDate,
  periodForPayDate,
  periodsForTaxYear,
  taxPeriodForPayDate,
} from '../../src/domain/pay-periods.js';

function thrown(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a domain error');
}

const gbWeeklyFriday: PayCalendarRules = { country: 'GB', frequency: 'weekly', first_period_start: '2025-04-07', pay_day_rule: { type: 'last_working_day' } };

describe('GB tax weeks and months', () => {
  it('puts 6 April in week 1 / month 1 and 5 April in week 53 / month 12', () => {
    expect(gbTaxYearOf('2025-04-05')).toBe('2024-25');
    expect(gbTaxYearOf('2025-04-06')).toBe('2025-26');
    expect(gbTaxWeek('2025-04-06')).toBe(1);
    expect(gbTaxWeek('2025-04-12')).toBe(1);
    expect(gbTaxWeek('2025-04-13')).toBe(2);
    expect(gbTaxWeek('2026-04-04')).toBe(52);
    expect(gbTaxWeek('2026-04-05')).toBe(53);
    expect(gbTaxMonth('2025-04-06')).toBe(1);
    expect(gbTaxMonth('2025-05-05')).toBe(1);
    expect(gbTaxMonth('2025-05-06')).toBe(2);
    expect(gbTaxMonth('2026-01-05')).toBe(9);
    expect(gbTaxMonth('2026-01-06')).toBe(10);
    expect(gbTaxMonth('2026-04-05')).toBe(12);
  });

  it('has a two-day week 53 (4–5 April) in a tax year holding 29 February', () => {
    expect(gbTaxWeek('2028-04-03')).toBe(52);
    expect(gbTaxWeek('2028-04-04')).toBe(53);
    expect(gbTaxWeek('2028-04-05')).toBe(53);
  });

  it('decides the tax period by the pay date, reporting week 53 as 53 / 54 / 56', () => {
    expect(taxPeriodForPayDate('weekly', '2025-04-19')).toBe(2);
    expect(taxPeriodForPayDate('fortnightly', '2025-04-19')).toBe(2);
    expect(taxPeriodForPayDate('monthly', '2025-04-30')).toBe(1);
    expect(taxPeriodForPayDate('monthly', '2026-03-31')).toBe(12);
    expect(taxPeriodForPayDate('weekly', '2027-04-05')).toBe(53);
    expect(taxPeriodForPayDate('fortnightly', '2027-04-05')).toBe(54);
    expect(taxPeriodForPayDate('four_weekly', '2027-04-05')).toBe(56);
    expect(taxPeriodForPayDate('monthly', '2027-04-05')).toBe(12);
  });
});

describe('GB weekly calendars', () => {
  it('2025-26 Friday payroll: 52 periods, week 1 to week 52, none extra', () => {
    const periods = periodsForTaxYear(gbWeeklyFriday, '2025-26');
    expect(periods).toHaveLength(52);
    expect(periods[0]).toEqual({ tax_year: '2025-26', period_number: 1, tax_period: 1, start_date: '2025-04-07', end_date: '2025-04-13', pay_date: '2025-04-11', extra_period: false });
    expect(periods[51]).toEqual({ tax_year: '2025-26', period_number: 52, tax_period: 52, start_date: '2026-03-30', end_date: '2026-04-05', pay_date: '2026-04-03', extra_period: false });
    expect(periods.every((p, i) => p.period_number === i + 1 && p.tax_period === i + 1)).toBe(true);
  });

  it('does not depend on which period the anchor names', () => {
    const farAnchor = { ...gbWeeklyFriday, first_period_start: '2019-12-30' };
    expect(periodsForTaxYear(farAnchor, '2025-26')).toEqual(periodsForTaxYear(gbWeeklyFriday, '2025-26'));
  });

  it('2025-26 Sunday payroll (no weekend adjustment): 53 periods, the last one on 5 April 2026 in week 53', () => {
    const sunday: PayCalendarRules = { ...gbWeeklyFriday, first_period_start: '2025-03-31', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } };
    const periods = periodsForTaxYear(sunday, '2025-26');
    expect(periods).toHaveLength(53);
    expect(periods[0]).toMatchObject({ period_number: 1, tax_period: 1, pay_date: '2025-04-06', start_date: '2025-03-31' });
    expect(periods[52]).toEqual({ tax_year: '2025-26', period_number: 53, tax_period: 53, start_date: '2026-03-30', end_date: '2026-04-05', pay_date: '2026-04-05', extra_period: true });
    expect(periods.filter((p) => p.extra_period)).toHaveLength(1);
  });

  it('2026-27 Monday payroll: week 53 on Monday 5 April 2027', () => {
    const monday: PayCalendarRules = { country: 'GB', frequency: 'weekly', first_period_start: '2026-03-31', pay_day_rule: { type: 'days_after_period_end', days: 0 } };
    const periods = periodsForTaxYear(monday, '2026-27');
    expect(periods).toHaveLength(53);
    expect(periods[0]).toMatchObject({ pay_date: '2026-04-06', tax_period: 1 });
    expect(periods[52]).toMatchObject({ period_number: 53, tax_period: 53, pay_date: '2027-04-05', extra_period: true });
  });

  it('2026-27 Friday payroll: 52 periods (5 April 2027 is a Monday)', () => {
    const periods = periodsForTaxYear({ ...gbWeeklyFriday, first_period_start: '2026-04-06' }, '2026-27');
    expect(periods).toHaveLength(52);
    expect(periods[0]).toMatchObject({ pay_date: '2026-04-10', tax_period: 1 });
    expect(periods[51]).toMatchObject({ pay_date: '2027-04-02', tax_period: 52, extra_period: false });
  });

  it('pays N days after the period end, rolling weekends back to Friday', () => {
    const inArrears: PayCalendarRules = { ...gbWeeklyFriday, pay_day_rule: { type: 'days_after_period_end', days: 6 } };
    // Period 7–13 April 2025 ends on a Sunday; +6 days is Saturday 19 April, paid Friday 18 April.
    expect(periodForDate(inArrears, '2025-04-09')).toMatchObject({ start_date: '2025-04-07', end_date: '2025-04-13', pay_date: '2025-04-18', tax_period: 2 });
    const nextWorkingDay: PayCalendarRules = { ...gbWeeklyFriday, pay_day_rule: { type: 'days_after_period_end', days: 6, weekend_adjustment: 'next_working_day' } };
    expect(periodForDate(nextWorkingDay, '2025-04-09').pay_date).toBe('2025-04-21');
  });

  it('numbers a period in the tax year of its pay date, not of its work days', () => {
    // Worked 31 March – 6 April 2025, paid Friday 4 April 2025: tax year 2024-25, week 52.
    expect(periodForDate(gbWeeklyFriday, '2025-04-06')).toMatchObject({ tax_year: '2024-25', tax_period: 52, period_number: 52, pay_date: '2025-04-04' });
    expect(periodForDate(gbWeeklyFriday, '2025-04-07')).toMatchObject({ tax_year: '2025-26', tax_period: 1, period_number: 1 });
  });
});

describe('GB fortnightly and four-weekly calendars', () => {
  it('fortnightly 2025-26: 26 periods in even tax weeks', () => {
    const periods = periodsForTaxYear({ ...gbWeeklyFriday, frequency: 'fortnightly' }, '2025-26');
    expect(periods).toHaveLength(26);
    expect(periods[0]).toMatchObject({ start_date: '2025-04-07', end_date: '2025-04-20', pay_date: '2025-04-18', tax_period: 2, period_number: 1 });
    expect(periods[25]).toMatchObject({ pay_date: '2026-04-03', tax_period: 52, period_number: 26 });
  });

  it('fortnightly 2026-27 with a payday on 6 April 2026: the 27th payment on 5 April 2027 is week 54', () => {
    const calendar: PayCalendarRules = { country: 'GB', frequency: 'fortnightly', first_period_start: '2026-03-24', pay_day_rule: { type: 'last_working_day' } };
    const periods = periodsForTaxYear(calendar, '2026-27');
    expect(periods).toHaveLength(27);
    expect(periods[0]).toMatchObject({ pay_date: '2026-04-06', tax_period: 1 });
    expect(periods[26]).toEqual({ tax_year: '2026-27', period_number: 27, tax_period: 54, start_date: '2027-03-23', end_date: '2027-04-05', pay_date: '2027-04-05', extra_period: true });
  });

  it('four-weekly 2026-27 with a payday on 6 April 2026: the 14th payment is week 56', () => {
    const calendar: PayCalendarRules = { country: 'GB', frequency: 'four_weekly', first_period_start: '2026-03-10', pay_day_rule: { type: 'last_working_day' } };
    const periods = periodsForTaxYear(calendar, '2026-27');
    expect(periods).toHaveLength(14);
    expect(periods.map((p) => p.tax_period)).toEqual([1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 56]);
    expect(periods[13]).toMatchObject({ period_number: 14, pay_date: '2027-04-05', extra_period: true });
  });

  it('four-weekly 2025-26 paid on Fridays: 13 periods', () => {
    const periods = periodsForTaxYear({ ...gbWeeklyFriday, frequency: 'four_weekly' }, '2025-26');
    expect(periods).toHaveLength(13);
    expect(periods[0]).toMatchObject({ start_date: '2025-04-07', end_date: '2025-05-04', pay_date: '2025-05-02', tax_period: 4 });
  });
});

describe('GB monthly calendars', () => {
  const calendarMonths: PayCalendarRules = { country: 'GB', frequency: 'monthly', first_period_start: '2025-01-01', pay_day_rule: { type: 'last_working_day' } };

  it('2025-26 calendar months paid on the last working day: April is month 1, March month 12', () => {
    const periods = periodsForTaxYear(calendarMonths, '2025-26');
    expect(periods).toHaveLength(12);
    expect(periods[0]).toEqual({ tax_year: '2025-26', period_number: 1, tax_period: 1, start_date: '2025-04-01', end_date: '2025-04-30', pay_date: '2025-04-30', extra_period: false });
    expect(periods[1]).toMatchObject({ start_date: '2025-05-01', end_date: '2025-05-31', pay_date: '2025-05-30', tax_period: 2 }); // 31 May is a Saturday
    expect(periods[4]).toMatchObject({ end_date: '2025-08-31', pay_date: '2025-08-29' }); // Sunday → Friday
    expect(periods[10]).toMatchObject({ start_date: '2026-02-01', end_date: '2026-02-28', pay_date: '2026-02-27' });
    expect(periods[11]).toMatchObject({ start_date: '2026-03-01', end_date: '2026-03-31', pay_date: '2026-03-31', tax_period: 12 });
    expect(periods.map((p) => p.tax_period)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('2026-27: a 29-day February is handled in 2028, not 2027', () => {
    const periods = periodsForTaxYear(calendarMonths, '2026-27');
    expect(periods[10]).toMatchObject({ start_date: '2027-02-01', end_date: '2027-02-28', pay_date: '2027-02-26' });
    const later = periodsForTaxYear(calendarMonths, '2027-28');
    expect(later[10]).toMatchObject({ end_date: '2028-02-29', pay_date: '2028-02-29' });
  });

  it('pays on a fixed day of the month, shortened to the month and rolled back from weekends', () => {
    const on25th: PayCalendarRules = { ...calendarMonths, pay_day_rule: { type: 'fixed_day_of_month', day: 25 } };
    const periods = periodsForTaxYear(on25th, '2025-26');
    expect(periods[6]).toMatchObject({ start_date: '2025-10-01', pay_date: '2025-10-24' }); // 25 Oct 2025 is a Saturday
    expect(periods[9]).toMatchObject({ start_date: '2026-01-01', pay_date: '2026-01-23' }); // 25 Jan 2026 is a Sunday
    const on31st: PayCalendarRules = { ...calendarMonths, pay_day_rule: { type: 'fixed_day_of_month', day: 31 } };
    expect(periodsForTaxYear(on31st, '2025-26')[0]).toMatchObject({ pay_date: '2025-04-30' });
  });

  it('supports periods from the 16th to the 15th', () => {
    const midMonth: PayCalendarRules = { country: 'GB', frequency: 'monthly', first_period_start: '2025-03-16', pay_day_rule: { type: 'days_after_period_end', days: 5 } };
    const period = periodForDate(midMonth, '2025-04-20');
    expect(period).toMatchObject({ start_date: '2025-04-16', end_date: '2025-05-15', pay_date: '2025-05-20', tax_period: 2, tax_year: '2025-26' });
  });

  it('finds a period by its pay date', () => {
    expect(periodForPayDate(calendarMonths, '2025-05-30')).toMatchObject({ period_number: 2, start_date: '2025-05-01' });
    expect(periodForPayDate(calendarMonths, '2025-05-31')).toBeNull();
  });
});

describe('DE calendars', () => {
  const de: PayCalendarRules = { country: 'DE', frequency: 'monthly', first_period_start: '2024-01-01', pay_day_rule: { type: 'last_working_day' } };

  it('has the calendar months 1–12 of the year', () => {
    const periods = periodsForTaxYear(de, '2025');
    expect(periods).toHaveLength(12);
    expect(periods[0]).toEqual({ tax_year: '2025', period_number: 1, tax_period: 1, start_date: '2025-01-01', end_date: '2025-01-31', pay_date: '2025-01-31', extra_period: false });
    expect(periods[4]).toMatchObject({ pay_date: '2025-05-30' });
    expect(periods[10]).toMatchObject({ end_date: '2025-11-30', pay_date: '2025-11-28' });
    expect(periodsForTaxYear(de, 2026)[1]).toMatchObject({ start_date: '2026-02-01', end_date: '2026-02-28', pay_date: '2026-02-27' });
  });

  it('keeps a December paid in January in December (§ 38a Abs. 1 Satz 2 EStG)', () => {
    const late: PayCalendarRules = { ...de, pay_day_rule: { type: 'days_after_period_end', days: 10 } };
    const december = periodsForTaxYear(late, '2025')[11];
    expect(december).toMatchObject({ tax_year: '2025', period_number: 12, end_date: '2025-12-31', pay_date: '2026-01-09' }); // 10 Jan 2026 is a Saturday
    expect(periodForDate(late, '2025-12-15')).toMatchObject({ tax_year: '2025', period_number: 12 });
    expect(periodForPayDate(late, '2026-01-09')).toMatchObject({ tax_year: '2025', period_number: 12 });
  });

  it('refuses weekly, fortnightly and four-weekly German calendars, and periods not starting on the 1st', () => {
    for (const frequency of ['weekly', 'fortnightly', 'four_weekly'] as const) {
      const issues = payCalendarIssues({ ...de, frequency });
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ loc: ['frequency'], type: 'frequency_not_supported' });
      expect(issues[0]?.msg).toMatch(/German payroll is monthly/);
    }
    const error = thrown(() => periodsForTaxYear({ ...de, first_period_start: '2025-01-15' }, '2025'));
    expect(error.issues[0]).toMatchObject({ loc: ['first_period_start'], type: 'period_start_invalid' });
  });

  it('takes a calendar year, not a GB tax year', () => {
    expect(thrown(() => periodsForTaxYear(de, '2025-26')).issues[0]).toMatchObject({ loc: ['year'], type: 'year_invalid' });
  });
});

describe('calendar validation', () => {
  it('names every broken rule', () => {
    const issues = payCalendarIssues({ country: 'GB', frequency: 'weekly', first_period_start: '2025-02-30', pay_day_rule: { type: 'fixed_day_of_month', day: 40 } });
    expect(issues.map((i) => i.loc.join('.'))).toEqual(['first_period_start', 'pay_day_rule.type', 'pay_day_rule.day']);
    expect(payCalendarIssues({ country: 'GB', frequency: 'monthly', first_period_start: '2025-01-29', pay_day_rule: { type: 'last_working_day' } })[0]).toMatchObject({ loc: ['first_period_start'] });
    expect(payCalendarIssues({ ...gbWeeklyFriday, pay_day_rule: { type: 'days_after_period_end', days: 61 } })[0]).toMatchObject({ loc: ['pay_day_rule', 'days'] });
    expect(payCalendarIssues(gbWeeklyFriday)).toEqual([]);
  });

  it('refuses a malformed tax year', () => {
    for (const label of ['2025', '2025-27', '25-26', '2025/26']) {
      expect(thrown(() => periodsForTaxYear(gbWeeklyFriday, label)).issues[0]).toMatchObject({ loc: ['tax_year'], type: 'tax_year_invalid' });
    }
  });
});
