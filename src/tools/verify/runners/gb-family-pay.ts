/**
 * `gb-smp`, `gb-spp` and `gb-shpp` vectors (fixtures/reference/gb/statutory-vectors.jsonl; rules:
 * statutory-payments-rules §§3–4): due date, start, employment start and pay history in; qualifying week,
 * relevant period, AWE, qualification, weekly rates and the amounts per pay period out.
 */
import { fieldError } from '../../../domain/errors.js';
import { Decimal, money } from '../../../domain/money.js';
import { calculateFamilyPay, isEarningsFrequency, isStatutoryPayrollFrequency, type FamilyPaymentKind, type FamilyPayResult } from '../../../domain/gb/statutory/index.js';
import { compareExpected } from '../compare.js';
import type { Vector, VectorRunner } from '../types.js';
import { vectorDecimal, vectorString } from './gb-ni.js';
import { recordString, vectorArray, vectorRecord } from './gb-statutory-fields.js';

/** The payment each vector kind holds. */
const KINDS: Readonly<Record<string, FamilyPaymentKind>> = { 'gb-smp': 'smp', 'gb-spp': 'spp', 'gb-shpp': 'shpp' };

export const runner: VectorRunner = (vector) => {
  const kind = KINDS[vector.kind];
  if (!kind) throw fieldError(['kind'], `not a family-payment vector kind: ${vector.kind}`, 'kind');
  const earningsFrequency = vectorString(vector, 'pay_frequency');
  if (!isEarningsFrequency(earningsFrequency)) throw fieldError(['pay_frequency'], `unknown pay frequency ${earningsFrequency}`, 'pay_frequency');
  const payrollFrequency = vectorString(vector, 'payroll_frequency');
  if (!isStatutoryPayrollFrequency(payrollFrequency)) throw fieldError(['payroll_frequency'], `statutory pay is paid weekly or monthly, not ${payrollFrequency}`, 'pay_frequency');
  const weeks = vector.weeks;
  if (typeof weeks !== 'number' || !Number.isInteger(weeks)) throw fieldError(['weeks'], `expected a whole number, got ${JSON.stringify(weeks)}`, 'integer');
  const payHistory = vectorArray(vector, 'pay_history').map((value, index) => {
    const record = vectorRecord(value, ['pay_history', index]);
    return { payDate: recordString(record, 'pay_date', ['pay_history', index]), gross: vectorDecimal(record as Vector, 'gross') };
  });
  const result = calculateFamilyPay({
    kind,
    event: { type: 'birth', dueDate: vectorString(vector, 'expected_week_of_childbirth_due_date') },
    startDate: vectorString(vector, 'start_date'),
    employmentStart: vectorString(vector, 'employment_start'),
    earningsFrequency,
    payHistory,
    weeks,
    payrollFrequency,
  });
  return compareExpected(vector.id, vector.expected, familyPayVectorFields(result, payrollFrequency));
};

/** A family-payment result as the vectors name its figures (AWE shown to the penny by cutting, as HMRC's calculator does). */
export function familyPayVectorFields(result: FamilyPayResult, payrollFrequency: 'weekly' | 'monthly') {
  const periods = result.periods.map((p) => ({ period_start: p.periodStart, period_end: p.periodEnd, days: p.days, amount: money(p.amount) }));
  return {
    ewc_start: result.ewcStart,
    qualifying_week: [...result.qualifyingWeek],
    relevant_period: [...result.relevantPeriod],
    relevant_period_earnings: money(result.relevantPeriodEarnings),
    awe: result.averageWeeklyEarnings.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
    awe_7dp: result.averageWeeklyEarnings.toFixed(7),
    lel: money(result.lowerEarningsLimit),
    qualifies: result.qualifies,
    not_qualified_reasons: result.notQualifiedReasons,
    earnings_related_rate: money(result.earningsRelatedRate),
    ...(result.qualifies
      ? {
          weekly_amounts: result.weeklyAmounts.map((amount) => money(amount)),
          pay_end_date: result.payEndDate,
          [payrollFrequency === 'monthly' ? 'monthly_periods' : 'weekly_periods']: periods,
          total: money(result.total),
        }
      : {}),
  };
}
