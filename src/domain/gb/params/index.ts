/**
 * GB statutory figures by tax year (the edition registry, ../editions.ts), and the tax year of a pay date
 * (a tax year runs 6 April – 5 April).
 */
import { fieldError } from '../../errors.js';
import { compareDates, parseIsoDate } from '../dates.js';
import { GB_EDITIONS, GB_TAX_YEARS, isGbTaxYear, type GbTaxYear } from '../editions.js';
import type { GbParams } from './types.js';

export type * from './types.js';
export type { GbTaxYear };
export { STATE_PENSION_AGE_RULES, type StatePensionAgeRule } from './state-pension-age.js';

const BY_YEAR: Readonly<Record<GbTaxYear, GbParams>> = GB_EDITIONS;

export const SUPPORTED_TAX_YEARS: readonly GbTaxYear[] = GB_TAX_YEARS;

export { isGbTaxYear };

/** The figures of one tax year; an unknown year is a validation error on `tax_year`. */
export function gbParams(taxYear: GbTaxYear): GbParams {
  const params = isGbTaxYear(taxYear) ? BY_YEAR[taxYear] : undefined;
  if (!params) throw fieldError(['tax_year'], `tax year "${String(taxYear)}" is not supported; known: ${SUPPORTED_TAX_YEARS.join(', ')}`, 'tax_year_unsupported');
  return params;
}

/** The label of the tax year containing `date` (ISO `YYYY-MM-DD`), e.g. 2025-04-05 → "2024-25", 2025-04-06 → "2025-26". */
export function taxYearLabelForDate(date: string): string {
  const day = parseIsoDate(date, 'pay_date');
  const startYear = compareDates(day, { year: day.year, month: 4, day: 6 }) >= 0 ? day.year : day.year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The supported tax year containing the pay date; a date outside them is a validation error on `pay_date`. */
export function taxYearForPayDate(date: string): GbTaxYear {
  const label = taxYearLabelForDate(date);
  if (!isGbTaxYear(label)) {
    throw fieldError(['pay_date'], `pay date ${date} falls in tax year ${label}; supported tax years: ${SUPPORTED_TAX_YEARS.join(', ')}`, 'tax_year_unsupported');
  }
  return label;
}

/** The figures for the tax year containing the pay date. */
export function gbParamsForPayDate(date: string): GbParams {
  return BY_YEAR[taxYearForPayDate(date)];
}
