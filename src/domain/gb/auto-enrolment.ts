/**
 * Automatic enrolment: the worker category of a worker for one pay reference period, from age (date of birth)
 * and earnings (Pensions Act 2008 ss1, 3; The Pensions Regulator's thresholds; params-2025-26 §4).
 *
 * - ELIGIBLE_JOBHOLDER: aged 22 or more and under State Pension age, earnings in the period MORE than the earnings
 *   trigger (£192 a week, £833 a month) — must be enrolled. (s3(1)(c) says "more than"; the service interface's
 *   "at or above" wording is read as the statute.)
 * - NON_ELIGIBLE_JOBHOLDER: aged 16 to 74, earnings more than the lower level of qualifying earnings, and not
 *   eligible (under 22, or State Pension age to 74, or earnings not above the trigger) — may opt in; the employer
 *   must then contribute.
 * - ENTITLED_WORKER: aged 16 to 74, earnings at or below the lower level — may join; the employer need not contribute.
 * - EXCLUDED: under 16 or 75 and over — outside automatic enrolment.
 * State Pension age comes from the date of birth (params/state-pension-age.ts).
 */
import type { Decimal } from '../money.js';
import { fieldError } from '../errors.js';
import { addYearsMonths, ageOn, compareDates, formatIsoDate, parseIsoDate, type CalendarDate } from './dates.js';
import type { GbTaxYear, PayFrequency } from './ni/index.js';
import { gbParams, STATE_PENSION_AGE_RULES } from './params/index.js';
import type { StatePensionAgeRule } from './params/state-pension-age.js';

export type WorkerCategory = 'ELIGIBLE_JOBHOLDER' | 'NON_ELIGIBLE_JOBHOLDER' | 'ENTITLED_WORKER' | 'EXCLUDED';

export interface WorkerAssessmentInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  /** ISO date of birth. */
  dateOfBirth: string;
  /** ISO date the category is assessed on (the pay date / the day of the pay reference period in question). */
  assessmentDate: string;
  /** Qualifying earnings-type pay in the pay reference period (gross, before salary sacrifice). */
  earnings: Decimal;
}

export interface WorkerAssessment {
  category: WorkerCategory;
  /** Completed years on the assessment date. */
  age: number;
  /** ISO date the worker reaches State Pension age. */
  statePensionAgeDate: string;
  reachedStatePensionAge: boolean;
  /** The period thresholds applied. */
  lowerQualifyingEarnings: Decimal;
  earningsTrigger: Decimal;
}

interface ParsedRule {
  readonly from: CalendarDate;
  readonly to: CalendarDate;
  readonly rule: StatePensionAgeRule;
}

const RULES: readonly ParsedRule[] = STATE_PENSION_AGE_RULES.map((rule) => ({
  from: parseIsoDate(rule.bornFrom, 'born_from'),
  to: parseIsoDate(rule.bornTo, 'born_to'),
  rule,
}));

/** The date a person born on `dateOfBirth` (ISO) reaches State Pension age. */
export function statePensionAgeDate(dateOfBirth: string): string {
  return formatIsoDate(statePensionAgeOn(parseIsoDate(dateOfBirth, 'date_of_birth')));
}

function statePensionAgeOn(birth: CalendarDate): CalendarDate {
  for (const { from, to, rule } of RULES) {
    if (compareDates(birth, from) < 0 || compareDates(birth, to) > 0) continue;
    return rule.kind === 'date' ? parseIsoDate(rule.date, 'state_pension_age_date') : addYearsMonths(birth, rule.years, rule.months);
  }
  throw fieldError(['date_of_birth'], `no State Pension age rule covers ${formatIsoDate(birth)}`, 'date_of_birth_invalid');
}

export function assessWorker(input: WorkerAssessmentInput): WorkerAssessment {
  const pension = gbParams(input.taxYear).pension;
  const birth = parseIsoDate(input.dateOfBirth, 'date_of_birth');
  const on = parseIsoDate(input.assessmentDate, 'assessment_date');
  if (compareDates(birth, on) > 0) throw fieldError(['date_of_birth'], 'the date of birth lies after the assessment date', 'date_of_birth_invalid');
  const lower = pension.lowerQualifyingEarnings[input.frequency];
  const trigger = pension.earningsTrigger[input.frequency];
  if (lower === undefined || trigger === undefined) throw fieldError(['frequency'], `unknown pay frequency "${String(input.frequency)}"`, 'frequency_invalid');
  const age = ageOn(birth, on);
  const spa = statePensionAgeOn(birth);
  const reachedStatePensionAge = compareDates(on, spa) >= 0;
  const earnings = input.earnings;
  let category: WorkerCategory;
  if (age < pension.workerFromAge || age >= pension.workerUpToAge) category = 'EXCLUDED';
  else if (age >= pension.eligibleFromAge && !reachedStatePensionAge && earnings.gt(trigger)) category = 'ELIGIBLE_JOBHOLDER';
  else if (earnings.gt(lower)) category = 'NON_ELIGIBLE_JOBHOLDER';
  else category = 'ENTITLED_WORKER';
  return {
    category,
    age,
    statePensionAgeDate: formatIsoDate(spa),
    reachedStatePensionAge,
    lowerQualifyingEarnings: lower,
    earningsTrigger: trigger,
  };
}

/** Whether the employer must contribute for a member of this category (entitled workers: only if the scheme says so). */
export function employerMustContribute(category: WorkerCategory, entitledWorkerEmployerContributes = false): boolean {
  if (category === 'ELIGIBLE_JOBHOLDER' || category === 'NON_ELIGIBLE_JOBHOLDER') return true;
  if (category === 'ENTITLED_WORKER') return entitledWorkerEmployerContributes;
  return false;
}
