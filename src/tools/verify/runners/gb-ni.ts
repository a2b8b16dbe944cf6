/**
 * `gb-ni` vectors: Class 1 NI of one payment (HMRC's NIC test data v1.1 and the like).
 * Inputs: tax_year, frequency, ni_category, gross_pay (or niable_pay), optional periods_covered and
 * prior_niable_pay_this_period / prior_employee_ni_this_period / prior_employer_ni_this_period.
 */
import { Decimal, DECIMAL_STRING_PATTERN, money } from '../../../domain/money.js';
import { fieldError } from '../../../domain/errors.js';
import { calculateNi, isNiCategory, isPayFrequency, type GbTaxYear, type NiResult } from '../../../domain/gb/ni/index.js';
import { compareExpected } from '../compare.js';
import type { Vector, VectorRunner } from '../types.js';

export const runner: VectorRunner = (vector) => {
  const frequency = vectorString(vector, 'frequency');
  const category = vectorString(vector, 'ni_category');
  if (!isPayFrequency(frequency)) throw fieldError(['frequency'], `unknown frequency ${frequency}`, 'pay_frequency');
  if (!isNiCategory(category)) throw fieldError(['ni_category'], `unknown NI category ${category}`, 'ni_category');
  const niablePay = vector.niable_pay !== undefined && vector.niable_pay !== null ? vectorDecimal(vector, 'niable_pay') : vectorDecimal(vector, 'gross_pay');
  const result = calculateNi({
    taxYear: vectorString(vector, 'tax_year') as GbTaxYear,
    frequency,
    periodsCovered: optionalVectorInteger(vector, 'periods_covered'),
    category,
    niablePay,
    priorNiablePayThisPeriod: optionalVectorDecimal(vector, 'prior_niable_pay_this_period', 'nic_prior_period_niable_earnings'),
    priorEmployeeNiThisPeriod: optionalVectorDecimal(vector, 'prior_employee_ni_this_period'),
    priorEmployerNiThisPeriod: optionalVectorDecimal(vector, 'prior_employer_ni_this_period'),
  });
  return compareExpected(vector.id, vector.expected, niVectorFields(niablePay, result));
};

/** A Class 1 NI result as the vectors name its figures, money as two-place strings (also the NI fields of gb-period vectors). */
export function niVectorFields(niablePay: Decimal, result: NiResult) {
  return {
    niable_pay: money(niablePay),
    employee_ni: money(result.employeeNi),
    employer_ni: money(result.employerNi),
    ni_earnings_at_lel: money(result.earningsAtLel),
    ni_earnings_lel_to_pt: money(result.earningsLelToPt),
    ni_earnings_pt_to_uel: money(result.earningsPtToUel),
    ni_earnings_above_uel: money(result.earningsAboveUel),
  };
}

// Field readers shared with gb-director-ni.ts.
export function vectorDecimal(vector: Vector, key: string): Decimal {
  const value = vector[key];
  if (typeof value === 'number' && Number.isFinite(value)) return new Decimal(String(value));
  if (typeof value !== 'string' || !DECIMAL_STRING_PATTERN.test(value)) throw fieldError([key], `expected a decimal string, got ${JSON.stringify(value)}`, 'decimal');
  return new Decimal(value);
}

export function optionalVectorDecimal(vector: Vector, ...keys: string[]): Decimal | undefined {
  for (const key of keys) if (vector[key] !== undefined && vector[key] !== null) return vectorDecimal(vector, key);
  return undefined;
}

export function vectorString(vector: Vector, key: string): string {
  const value = vector[key];
  if (typeof value !== 'string') throw fieldError([key], `expected a string, got ${JSON.stringify(value)}`, 'string');
  return value;
}

export function optionalVectorInteger(vector: Vector, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = vector[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw fieldError([key], `expected a whole number, got ${JSON.stringify(value)}`, 'integer');
    return value;
  }
  return undefined;
}

export function optionalVectorBoolean(vector: Vector, ...keys: string[]): boolean | undefined {
  for (const key of keys) {
    const value = vector[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean') throw fieldError([key], `expected true or false, got ${JSON.stringify(value)}`, 'boolean');
    return value;
  }
  return undefined;
}
