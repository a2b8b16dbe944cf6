/**
 * `gb-ssp` vectors (fixtures/reference/gb/statutory-vectors.jsonl; rules: statutory-payments-rules §2): qualifying
 * days, AWE, absences and an earlier linked series in; SSP per pay period, days paid, waiting days, the weeks of
 * entitlement used and, where nothing is paid, the reason out.
 */
import { fieldError } from '../../../domain/errors.js';
import { money } from '../../../domain/money.js';
import { WEEKDAY_NAMES, calculateSsp, isStatutoryPayrollFrequency, type SspPreviousLinkedPiw, type SspResult, type WeekdayName } from '../../../domain/gb/statutory/index.js';
import { compareExpected } from '../compare.js';
import type { VectorRunner } from '../types.js';
import { vectorDecimal, vectorString } from './gb-ni.js';
import { recordInteger, recordString, vectorArray, vectorRecord } from './gb-statutory-fields.js';

export const runner: VectorRunner = (vector) => {
  const frequency = vectorString(vector, 'pay_frequency');
  if (!isStatutoryPayrollFrequency(frequency)) throw fieldError(['pay_frequency'], `SSP is paid weekly (SSP weeks) or monthly (calendar months), not ${frequency}`, 'pay_frequency');
  const qualifyingDays = vectorArray(vector, 'qualifying_days').map((day, index) => {
    if (typeof day !== 'string' || !(WEEKDAY_NAMES as readonly string[]).includes(day)) throw fieldError(['qualifying_days', index], `expected a weekday name, got ${JSON.stringify(day)}`, 'weekday');
    return day as WeekdayName;
  });
  const absences = vectorArray(vector, 'absences').map((value, index) => {
    const record = vectorRecord(value, ['absences', index]);
    return { firstDay: recordString(record, 'first_day', ['absences', index]), lastDay: recordString(record, 'last_day', ['absences', index]) };
  });
  const result = calculateSsp({
    qualifyingDays,
    averageWeeklyEarnings: vectorDecimal(vector, 'awe'),
    absences,
    previousLinkedPiw: previousOf(vector.previous_linked_piw),
    payrollFrequency: frequency,
  });
  return compareExpected(vector.id, vector.expected, sspVectorFields(result));
};

function previousOf(value: unknown): SspPreviousLinkedPiw | null {
  if (value === null || value === undefined) return null;
  const path = ['previous_linked_piw'];
  const record = vectorRecord(value, path);
  return {
    firstDay: recordString(record, 'first_day', path),
    lastDay: recordString(record, 'last_day', path),
    waitingDaysServed: recordInteger(record, 'waiting_days_served', path),
    sspDaysPaid: recordInteger(record, 'ssp_days_paid', path),
  };
}

/** An SSP result as the vectors name its figures. */
export function sspVectorFields(result: SspResult) {
  return {
    periods: result.periods.map((period) => ({
      period_start: period.periodStart,
      period_end: period.periodEnd,
      ssp_days_paid: period.sspDaysPaid,
      waiting_days: period.waitingDays,
      ssp_amount: money(period.amount),
    })),
    total: money(result.total),
    days_paid: result.daysPaid,
    waiting_days: result.waitingDays,
    entitlement_weeks_used: result.entitlementWeeksUsed.toFixed(4),
    entitlement_exhausted: result.entitlementExhausted,
    not_entitled_reason: result.notEntitledReason,
  };
}
