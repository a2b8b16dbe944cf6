/**
 * `gb-income-tax` vectors: HMRC's own PAYE test cases (tax for one period given the previous cumulative figures).
 * Fields: tax_year, frequency, tax_period, tax_code, cumulative, gross_pay, taxable_pay_to_date_previous,
 * tax_paid_to_date_previous; expected: tax, tax_paid_to_date.
 */
import { dec, money } from '../../../domain/money.js';
import { calculatePaye } from '../../../domain/gb/paye.js';
import type { GbTaxYear, PayFrequency } from '../../../domain/gb/ni/index.js';
import { compareExpected } from '../compare.js';
import type { Vector, VectorRunner } from '../types.js';

export const runner: VectorRunner = (vector: Vector) => {
  const v = vector as Vector & {
    tax_year: GbTaxYear;
    frequency: PayFrequency;
    tax_period: number;
    tax_code: string;
    cumulative: boolean;
    gross_pay: string;
    taxable_pay_to_date_previous: string;
    tax_paid_to_date_previous: string;
    expected: Record<string, unknown>;
  };
  const result = calculatePaye({
    taxYear: v.tax_year,
    frequency: v.frequency,
    // HMRC's cases are weekly or monthly, where the tax period is the pay period; a fortnightly or four-weekly
    // case would give the tax week, 2 or 4 per pay period.
    period: v.frequency === 'fortnightly' ? v.tax_period / 2 : v.frequency === 'four_weekly' ? v.tax_period / 4 : v.tax_period,
    taxCode: v.tax_code,
    week1Month1: v.cumulative === false,
    taxablePay: dec(v.gross_pay),
    taxablePayToDatePrevious: dec(v.taxable_pay_to_date_previous),
    taxPaidToDatePrevious: dec(v.tax_paid_to_date_previous),
  });
  return compareExpected(v.id, v.expected, { tax: money(result.tax), tax_paid_to_date: money(result.taxPaidToDate) });
};
