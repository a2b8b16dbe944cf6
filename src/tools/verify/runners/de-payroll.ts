/**
 * `de-payroll` vectors: a whole request body of POST /germany/payroll (`request`) run through the
 * use case, and `expected`, which maps dot paths into the response
 * (`payslips.0.current_pay_period.employee.taxes.income_tax`) to decimal strings compared to the
 * character by compareExpected.
 */
import { fieldError } from '../../../domain/errors.js';
import { calculateGermanPayroll } from '../../../service/use-cases/germany-payroll.js';
import { compareExpected } from '../compare.js';
import type { VectorRunner } from '../types.js';

export const runner: VectorRunner = (vector) => {
  if (vector.request === null || typeof vector.request !== 'object') throw fieldError(['request'], 'request must be a POST /germany/payroll body', 'object');
  if (vector.expected === null || typeof vector.expected !== 'object') throw fieldError(['expected'], 'expected must map response paths to values', 'object');
  const response = calculateGermanPayroll(vector.request, { includeExecutionHistory: false });
  return compareExpected(vector.id, vector.expected, response);
};
