/**
 * `gb-director-ni` vectors: a company director's NI on the annual earnings period
 * (`standard_annual_earnings_period`) or the alternative method (`alternative`).
 * Inputs: tax_year, method, frequency, period, ni_category, weeks_in_earnings_period, gross_pay
 * (or niable_pay: this period's NIable pay), niable_pay_to_date, employee_ni_paid_to_date_previous,
 * employer_ni_paid_to_date_previous; for the alternative method optionally final_period (default:
 * the period is the last of the tax year on its frequency, 52 / 26 / 13 / 12 or later) and the
 * previous bands to date (ni_earnings_at_lel_ytd_previous, ..._lel_to_pt_..., ..._pt_to_uel_...).
 */
import { money } from '../../../domain/money.js';
import { fieldError } from '../../../domain/errors.js';
import { calculateDirectorNi, isNiCategory, isPayFrequency, type DirectorNiInput, type GbTaxYear, type PayFrequency } from '../../../domain/gb/ni/index.js';
import { compareExpected } from '../compare.js';
import type { VectorRunner } from '../types.js';
import { optionalVectorBoolean, optionalVectorDecimal, optionalVectorInteger, vectorDecimal, vectorString } from './gb-ni.js';

const PERIODS_IN_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };

export const runner: VectorRunner = (vector) => {
  const method = vectorString(vector, 'method');
  if (method !== 'standard_annual_earnings_period' && method !== 'alternative') throw fieldError(['method'], `unknown method ${method}`, 'director_ni_method');
  const category = vectorString(vector, 'ni_category');
  if (!isNiCategory(category)) throw fieldError(['ni_category'], `unknown NI category ${category}`, 'ni_category');
  const frequencyText = vector.frequency === undefined || vector.frequency === null ? undefined : vectorString(vector, 'frequency');
  if (frequencyText !== undefined && !isPayFrequency(frequencyText)) throw fieldError(['frequency'], `unknown frequency ${frequencyText}`, 'pay_frequency');
  const frequency = frequencyText as PayFrequency | undefined;
  const weeks = optionalVectorInteger(vector, 'weeks_in_earnings_period');
  if (weeks === undefined) throw fieldError(['weeks_in_earnings_period'], 'is required', 'missing');
  const period = optionalVectorInteger(vector, 'period');
  let finalPeriod = optionalVectorBoolean(vector, 'final_period', 'is_final_period', 'last_period');
  if (finalPeriod === undefined && period !== undefined && frequency !== undefined) finalPeriod = period >= PERIODS_IN_YEAR[frequency];

  const input: DirectorNiInput = {
    taxYear: vectorString(vector, 'tax_year') as GbTaxYear,
    method,
    category,
    weeksInEarningsPeriod: weeks,
    niablePayToDate: vectorDecimal(vector, 'niable_pay_to_date'),
    employeeNiPaidToDatePrevious: vectorDecimal(vector, 'employee_ni_paid_to_date_previous'),
    employerNiPaidToDatePrevious: vectorDecimal(vector, 'employer_ni_paid_to_date_previous'),
    frequency,
    periodNiablePay: optionalVectorDecimal(vector, 'niable_pay', 'gross_pay'),
    periodsCovered: optionalVectorInteger(vector, 'periods_covered'),
    finalPeriod: finalPeriod ?? false,
    earningsAtLelYtdPrevious: optionalVectorDecimal(vector, 'ni_earnings_at_lel_ytd_previous'),
    earningsLelToPtYtdPrevious: optionalVectorDecimal(vector, 'ni_earnings_lel_to_pt_ytd_previous'),
    earningsPtToUelYtdPrevious: optionalVectorDecimal(vector, 'ni_earnings_pt_to_uel_ytd_previous'),
    earningsAboveUelYtdPrevious: optionalVectorDecimal(vector, 'ni_earnings_above_uel_ytd_previous'),
  };
  const result = calculateDirectorNi(input);
  const actual = {
    employee_ni: money(result.employeeNi),
    employer_ni: money(result.employerNi),
    employee_ni_to_date: money(result.employeeNiToDate),
    employer_ni_to_date: money(result.employerNiToDate),
    ni_earnings_at_lel_ytd: money(result.earningsAtLelYtd),
    ni_earnings_lel_to_pt_ytd: money(result.earningsLelToPtYtd),
    ni_earnings_pt_to_uel_ytd: money(result.earningsPtToUelYtd),
    ni_earnings_above_uel_ytd: money(result.earningsAboveUelYtd),
  };
  return compareExpected(vector.id, vector.expected, actual);
};
