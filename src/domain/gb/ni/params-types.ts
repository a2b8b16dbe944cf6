/**
 * Shape of one tax year's Class 1 National Insurance parameters. Amounts are whole pounds as
 * HMRC publishes them; rates are fractions (0.08 = 8%). Kept as data in the tax year's file
 * (params/<year>.ts), so a new tax year is a new file, never a code change.
 */
import type { Decimal } from '../../money.js';

export type NiCategoryLetter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'S' | 'V' | 'X' | 'Z';

/**
 * Threshold names as HMRC uses them: lower earnings limit, secondary threshold, primary threshold,
 * freeport / investment-zone upper secondary threshold, upper earnings limit, upper secondary
 * thresholds for under-21s (UST), apprentices under 25 (AUST) and veterans (VUST).
 */
export type NiThresholdName = 'LEL' | 'ST' | 'PT' | 'FUST' | 'IZUST' | 'UEL' | 'UST' | 'AUST' | 'VUST';

/** HMRC's published weekly and monthly figures and the annual figure (2-/4-weekly are derived). */
export interface NiThresholdFigures {
  weekly: Decimal;
  monthly: Decimal;
  annual: Decimal;
}

/**
 * Rates for one category letter, laid out as HMRC's reference data lays them out:
 * employee 0% from LEL to PT, `employeePtToUel` from PT to UEL, `employeeAboveUel` above;
 * employer 0% up to ST, `employerStToFust` from ST to FUST/IZUST, `employerFustToUpper` from there
 * to the category's upper secondary threshold (`employerUpperThreshold`: UEL, UST, AUST or VUST),
 * `employerAboveUpper` above it.
 */
export interface NiCategoryRates {
  employeePtToUel: Decimal;
  employeeAboveUel: Decimal;
  employerStToFust: Decimal;
  employerFustToUpper: Decimal;
  employerAboveUpper: Decimal;
  /** FUST for freeport letters (F I L S), IZUST for investment-zone letters (N E D K); FUST otherwise (the rate is the same on both sides). */
  employerReliefThreshold: 'FUST' | 'IZUST';
  employerUpperThreshold: 'UEL' | 'UST' | 'AUST' | 'VUST';
}

/** The Class 1 figures of one tax year (held by that year's file, params/<year>.ts, as `ni`). */
export interface NiYearParams {
  thresholds: Readonly<Record<NiThresholdName, NiThresholdFigures>>;
  rates: Readonly<Record<NiCategoryLetter, NiCategoryRates>>;
}
