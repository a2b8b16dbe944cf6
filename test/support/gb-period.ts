/**
 * A bare GB period through the one payslip pipeline, as verify and the bench run it: the period stated as a run's
 * payslip input with one ordinary earning (bare-period.ts), then calculateRunPayslip (or its Decimal reference).
 */
import { bareGbPeriod, type GbPeriodInput } from '../../src/domain/gb/run/bare-period.js';
import { calculateRunPayslip, calculateRunPayslipDecimal, type RunPayslipResult } from '../../src/domain/gb/run/payslip.js';
import { periodFiguresToWire } from '../../src/domain/gb/run/wire.js';
import type { Trace } from '../../src/domain/gb/trace.js';

export type { GbPeriodInput };

export function calculateGbPeriod(input: GbPeriodInput, trace?: Trace): RunPayslipResult {
  return calculateRunPayslip(bareGbPeriod(input), trace);
}

export function calculateGbPeriodDecimal(input: GbPeriodInput, trace?: Trace): RunPayslipResult {
  return calculateRunPayslipDecimal(bareGbPeriod(input), trace);
}

export const gbPeriodResultToWire = periodFiguresToWire;
