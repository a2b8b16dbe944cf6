/** Class 1 NI parameters chosen by tax year: the `ni` figures of the tax year's edition (../editions.ts). */
import { DomainError } from '../../errors.js';
import { GB_EDITIONS, GB_TAX_YEARS, isGbTaxYear } from '../editions.js';
import type { NiYearParams } from './params-types.js';

export type { NiCategoryLetter, NiCategoryRates, NiThresholdFigures, NiThresholdName, NiYearParams } from './params-types.js';

export const SUPPORTED_NI_TAX_YEARS: readonly string[] = GB_TAX_YEARS;

export function niParamsFor(taxYear: string): NiYearParams {
  if (!isGbTaxYear(taxYear)) {
    throw new DomainError('validation', 'GB_NI.TAX_YEAR_UNSUPPORTED', `National Insurance is not available for tax year ${taxYear}; supported: ${SUPPORTED_NI_TAX_YEARS.join(', ')}`, {
      issues: [{ loc: ['taxYear'], msg: `unsupported tax year ${taxYear}`, type: 'tax_year_unsupported' }],
    });
  }
  return GB_EDITIONS[taxYear].ni;
}
