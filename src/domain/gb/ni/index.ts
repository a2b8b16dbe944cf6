/**
 * GB Class 1 National Insurance (2025-26, 2026-27): exact percentage method per pay period,
 * directors' annual earnings period and alternative methods. Public API; bodies follow.
 */
import type { Decimal } from '../../money.js';
import { DomainError } from '../../errors.js';

export type GbTaxYear = '2025-26' | '2026-27';
export type PayFrequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly';
export type NiCategory = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'S' | 'V' | 'X' | 'Z';

export interface NiInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** e.g. 2 for a two-week payment on a weekly pay frequency; default 1. */
  periodsCovered?: number;
  category: NiCategory;
  niablePay: Decimal;
  priorNiablePayThisPeriod?: Decimal;
  priorEmployeeNiThisPeriod?: Decimal;
  priorEmployerNiThisPeriod?: Decimal;
}

export interface NiResult {
  employeeNi: Decimal;
  employerNi: Decimal;
  earningsAtLel: Decimal;
  earningsLelToPt: Decimal;
  earningsPtToUel: Decimal;
  earningsAboveUel: Decimal;
}

export interface DirectorNiInput {
  taxYear: GbTaxYear;
  method: 'standard_annual_earnings_period' | 'alternative';
  category: NiCategory;
  weeksInEarningsPeriod: number;
  niablePayToDate: Decimal;
  employeeNiPaidToDatePrevious: Decimal;
  employerNiPaidToDatePrevious: Decimal;
  frequency?: PayFrequency;
  periodNiablePay?: Decimal;
  finalPeriod?: boolean;
}

export interface DirectorNiResult {
  employeeNi: Decimal;
  employerNi: Decimal;
  employeeNiToDate: Decimal;
  employerNiToDate: Decimal;
  earningsAtLelYtd: Decimal;
  earningsLelToPtYtd: Decimal;
  earningsPtToUelYtd: Decimal;
}

const CATEGORIES: ReadonlySet<string> = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z']);

export function isNiCategory(value: string): value is NiCategory {
  return CATEGORIES.has(value);
}

export function calculateNi(_input: NiInput): NiResult {
  throw new DomainError('internal', 'GB_NI.NOT_IMPLEMENTED', 'GB NI calculation is not implemented yet');
}

export function calculateDirectorNi(_input: DirectorNiInput): DirectorNiResult {
  throw new DomainError('internal', 'GB_NI.NOT_IMPLEMENTED', 'GB director NI calculation is not implemented yet');
}
