/**
 * The expected annual wage for a one-off's wage tax (voraussichtlicher Jahresarbeitslohn, PAP input JRE4):
 * § 39b Abs. 3 EStG, R 39b.6 LStR, H 39b.6 LStH; run-rules.md §3.
 */
import { Decimal, ZERO } from '../../money.js';
import { roundCents } from '../social-insurance.js';
import { daysInMonth, employedDays, monthLabel, type MonthRef } from './calendar.js';
import type { DeEmployment, DeMonthRecord } from './month-types.js';

export interface Jre4Input {
  ref: MonthRef;
  employment: DeEmployment;
  /** This month's regular pay (the one-off excluded). */
  currentWage: Decimal;
  /** This employment's earlier months of the same calendar year. */
  yearHistory: readonly DeMonthRecord[];
}

/**
 * JRE4 without the current one-off =
 *   pay from earlier employers this year (§ 39b Abs. 3 S. 2 EStG: when not presented, this month's regular pay ×
 *   the months with earlier employers, tag `previous_employment_pay_unknown_hochrechnung`)
 * + regular pay and one-offs already paid in this employment this year (earlier one-offs count, future ones do not)
 * + this month's regular pay
 * + this month's regular pay for each remaining month of the year (convention
 *   `jre4_future_months_at_current_regular_pay`, R 39b.6 Abs. 2 S. 2 LStR); a known exit ends them: later months
 *   count nothing and the exit month counts its employed calendar days / its calendar days, half up to the cent
 *   (convention `jre4_known_exit_month_prorated_by_calendar_days`).
 * Every part is in whole cents, so the sum is too.
 */
export function expectedAnnualWage(input: Jre4Input): Decimal {
  const { ref, employment, currentWage } = input;
  const earlierEmployers = employment.previousEmploymentPay ?? currentWage.mul(employment.previousEmploymentMonths);
  let paidSoFar = ZERO;
  for (const record of input.yearHistory) paidSoFar = paidSoFar.plus(record.state.regularPay).plus(record.state.oneOffPay);
  let future = ZERO;
  for (let month = ref.month + 1; month <= 12; month++) {
    const future_ref: MonthRef = { year: ref.year, month, label: monthLabel(ref.year, month) };
    const days = employedDays(future_ref, employment.entryDate, employment.exitDate);
    const calendarDays = daysInMonth(ref.year, month);
    if (days === calendarDays) future = future.plus(currentWage);
    else if (days > 0) future = future.plus(roundCents(currentWage.mul(days).div(calendarDays)));
  }
  return earlierEmployers.plus(paidSoFar).plus(currentWage).plus(future);
}
