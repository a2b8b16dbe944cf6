/**
 * Which year's statutory-payment figures apply to a day (the edition registry, ../editions.ts): SSP by the tax
 * year of each day (its rate changes on 6 April: statutory-payments-rules §2.1), the family payments by the pay
 * week's first day against each year's first Sunday in April (SPM220400), and the weekly lower earnings limit
 * by tax year, earlier years from ../params/earlier-years.ts.
 */
import { fieldError } from '../../errors.js';
import type { Decimal } from '../../money.js';
import { GB_EDITIONS, GB_TAX_YEARS, isGbTaxYear } from '../editions.js';
import { EARLIER_WEEKLY_LOWER_EARNINGS_LIMITS } from '../params/earlier-years.js';
import type { FamilyPayParams, SspParams, StatutoryPaymentsParams } from '../params/types.js';
import { dayOf, isoOf, taxYearLabelOf, weekdayOf, type DayNumber } from './calendar.js';

function unsupported(field: string, day: DayNumber, what: string): never {
  throw fieldError([field], `${isoOf(day)} falls in tax year ${taxYearLabelOf(day)}, which has no ${what}; supported tax years: ${GB_TAX_YEARS.join(', ')}`, 'tax_year_unsupported');
}

/** The statutory-payment figures of the tax year containing `day`. */
export function statutoryParamsForDay(day: DayNumber, field: string): StatutoryPaymentsParams {
  const label = taxYearLabelOf(day);
  if (!isGbTaxYear(label)) unsupported(field, day, 'statutory-payment figures');
  return GB_EDITIONS[label].statutoryPayments;
}

/** SSP figures for one day of incapacity. */
export function sspParamsForDay(day: DayNumber, field: string): SspParams {
  return statutoryParamsForDay(day, field).ssp;
}

/** The family-payment figures for a pay week beginning on `weekStart`: the latest year whose flat rate applies from that day or earlier. */
export function familyParamsForWeek(weekStart: DayNumber, field: string): FamilyPayParams {
  // The last registered rates hold until the next first Sunday in April, whose rates are not registered yet.
  const lastYear = GB_TAX_YEARS[GB_TAX_YEARS.length - 1]!;
  const nextApril = dayOf(`${Number(lastYear.slice(0, 4)) + 1}-04-01`, 'flatRateFrom');
  const nextUprating = nextApril + ((7 - weekdayOf(nextApril)) % 7);
  if (weekStart >= nextUprating) {
    throw fieldError([field], `a pay week beginning ${isoOf(weekStart)} is paid at the rates from ${isoOf(nextUprating)}, which are not registered; supported tax years: ${GB_TAX_YEARS.join(', ')}`, 'tax_year_unsupported');
  }
  let found: FamilyPayParams | undefined;
  for (const year of GB_TAX_YEARS) {
    const family = GB_EDITIONS[year].statutoryPayments.family;
    if (dayOf(family.flatRateFrom, 'flatRateFrom') <= weekStart) found = family;
  }
  if (!found) throw fieldError([field], `no family-payment rates for a week beginning ${isoOf(weekStart)}; the first registered rates apply from ${GB_EDITIONS[GB_TAX_YEARS[0]!].statutoryPayments.family.flatRateFrom}`, 'tax_year_unsupported');
  return found;
}

/** The weekly Class 1 lower earnings limit in force on `day` (SSCBA 1992 s.5(1)(a)). */
export function weeklyLowerEarningsLimit(day: DayNumber, field: string): Decimal {
  const label = taxYearLabelOf(day);
  if (isGbTaxYear(label)) return GB_EDITIONS[label].ni.thresholds.LEL.weekly;
  const earlier = EARLIER_WEEKLY_LOWER_EARNINGS_LIMITS[label];
  if (!earlier) unsupported(field, day, 'lower earnings limit');
  return earlier;
}
