/**
 * Chooses the year's German social-insurance figures by pay date. The figures in force are those of
 * the calendar year in which the wage is paid for (Entstehungsprinzip); the request carries only a
 * pay date, which stands for the pay period's month.
 */
import { params2025 } from './2025.js';
import { params2026 } from './2026.js';
import type { DeSocialParams, ParamsYear } from './types.js';

export type { DeSocialParams, ParamsYear } from './types.js';
export { STATE_CODES, STATE_NAMES, STATE_OFFICIAL_NAMES, STATE_INPUT_VALUES, stateCodeOf, type StateCode } from './states.js';

export const SUPPORTED_YEARS: readonly ParamsYear[] = [2025, 2026];

const BY_YEAR: Record<ParamsYear, DeSocialParams> = { 2025: params2025, 2026: params2026 };

export function isSupportedYear(year: number): year is ParamsYear {
  return year === 2025 || year === 2026;
}

export function paramsForYear(year: ParamsYear): DeSocialParams {
  return BY_YEAR[year];
}

/** Figures for an ISO pay date (YYYY-MM-DD). Throws for a year without figures; the contract rejects those earlier. */
export function paramsForPayDate(payDate: string): DeSocialParams {
  const year = Number(payDate.slice(0, 4));
  if (!isSupportedYear(year)) throw new RangeError(`no German payroll parameters for ${year} (supported: ${SUPPORTED_YEARS.join(', ')})`);
  return BY_YEAR[year];
}
