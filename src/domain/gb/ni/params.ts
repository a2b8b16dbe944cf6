/** Class 1 NI parameters chosen by tax year. */
import { DomainError } from '../../errors.js';
import { NI_PARAMS_2025_26 } from './params-2025-26.js';
import { NI_PARAMS_2026_27 } from './params-2026-27.js';
import type { NiYearParams } from './params-types.js';

export type { NiCategoryLetter, NiCategoryRates, NiThresholdFigures, NiThresholdName, NiYearParams } from './params-types.js';
export { NI_PARAMS_2025_26, NI_PARAMS_2026_27 };

const BY_YEAR: Readonly<Record<string, NiYearParams>> = {
  '2025-26': NI_PARAMS_2025_26,
  '2026-27': NI_PARAMS_2026_27,
};

export const SUPPORTED_NI_TAX_YEARS: readonly string[] = Object.keys(BY_YEAR);

export function niParamsFor(taxYear: string): NiYearParams {
  const params = Object.hasOwn(BY_YEAR, taxYear) ? BY_YEAR[taxYear] : undefined;
  if (!params) {
    throw new DomainError('validation', 'GB_NI.TAX_YEAR_UNSUPPORTED', `National Insurance is not available for tax year ${taxYear}; supported: ${SUPPORTED_NI_TAX_YEARS.join(', ')}`, {
      issues: [{ loc: ['taxYear'], msg: `unsupported tax year ${taxYear}`, type: 'tax_year_unsupported' }],
    });
  }
  return params;
}
