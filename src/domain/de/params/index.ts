/**
 * Chooses the year's German social-insurance figures by pay date. The figures in force are those of
 * the calendar year in which the wage is paid for (Entstehungsprinzip); the request carries only a
 * pay date, which stands for the pay period's month. The years come from the edition registry (../editions.ts).
 */
import { DE_EDITIONS, DE_TAX_YEARS, isDeTaxYear, type DeTaxYear } from '../editions.js';
import type { DeSocialParams } from './types.js';

export type { DeSocialParams } from './types.js';
export type { DeTaxYear } from '../editions.js';
export { STATE_CODES, STATE_NAMES, STATE_OFFICIAL_NAMES, STATE_INPUT_VALUES, stateCodeOf, type StateCode } from './states.js';

export const SUPPORTED_YEARS: readonly DeTaxYear[] = DE_TAX_YEARS;

export function isSupportedYear(year: number): year is DeTaxYear {
  return isDeTaxYear(year);
}

export function paramsForYear(year: DeTaxYear): DeSocialParams {
  return DE_EDITIONS[year].social;
}

/** Figures for an ISO pay date (YYYY-MM-DD). Throws for a year without figures; the contract rejects those earlier. */
export function paramsForPayDate(payDate: string): DeSocialParams {
  const year = Number(payDate.slice(0, 4));
  if (!isSupportedYear(year)) throw new RangeError(`no German payroll parameters for ${year} (supported: ${SUPPORTED_YEARS.join(', ')})`);
  return DE_EDITIONS[year].social;
}
