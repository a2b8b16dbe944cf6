/**
 * SMP, SAP, SPP, ShPP, SPBP and SNCP (SSCBA 1992 Parts XII–XIIZD; statutory-payments-rules §§3–4).
 *
 * - The qualifying week: for a birth, the 15th week before the expected week of childbirth (EWC: the week, Sunday to
 *   Saturday, of the due date); for the other events the week the caller names (adoption: the matching week,
 *   SSCBA 1992 s.171ZL(3); bereavement and neonatal care: the relevant week of their regulations).
 * - Conditions: employed continuously into the qualifying week for 26 weeks, i.e. from the qualifying week's Saturday
 *   − 25 weeks or earlier (SSCBA 1992 s.164(2)(a); smart-answers `employment_start`), and AWE at least the LEL in
 *   force at the end of the qualifying week (s.164(2)(b); SPM171000).
 * - Rates: the earnings-related rate is 90 % of AWE rounded up to the penny for each week
 *   (`family-earnings-related-rate-rounded-up-per-week`; SMP(G)R 1986 reg 28, SPP/SAP Weekly Rates Regs 2002 reg 4);
 *   SMP and SAP pay it for the first 6 weeks, then the lower of it and the flat rate (s.166(1)-(2)); SPP, ShPP,
 *   SPBP and SNCP the lower of the two throughout. The flat rate of a week is that of the year whose rates apply
 *   to weeks beginning on or after its first Sunday in April (SPM220400).
 * - Pay periods: the daily rate is 1/7 of the week's rate (`family-daily-rate-one-seventh`, s.166(4)); a period's
 *   amount is the sum of its days' daily rates rounded up to the penny once (`family-monthly-period-total-rounded-up`).
 */
import { fieldError } from '../../errors.js';
import { Decimal, ZERO } from '../../money.js';
import { dayOf, isoOf, sundayOnOrBefore, type DayNumber } from './calendar.js';
import { averageWeeklyEarnings, relevantPeriod, type EarningsFrequency, type PayRecord } from './awe.js';
import { familyParamsForWeek, weeklyLowerEarningsLimit } from './figures.js';
import { payPeriodOf, type StatutoryPayrollFrequency } from './periods.js';
import { roundUpToPenny } from './rounding.js';

export type FamilyPaymentKind = 'smp' | 'sap' | 'spp' | 'shpp' | 'spbp' | 'sncp';

export const FAMILY_PAYMENT_KINDS: readonly FamilyPaymentKind[] = ['smp', 'sap', 'spp', 'shpp', 'spbp', 'sncp'];

/**
 * The most weeks each payment can run: SMP and SAP 39 (SSCBA 1992 s.165(1), s.171ZN(2); SMP(G)R 1986 reg 2), SPP 2
 * (s.171ZE(2)), ShPP 37 (ShPP (General) Regulations 2014 reg 40), SPBP 2 (s.171ZZ8(2)), SNCP 12 (Neonatal Care
 * (Leave and Pay) Act 2023).
 */
export const FAMILY_PAYMENT_MAXIMUM_WEEKS: Readonly<Record<FamilyPaymentKind, number>> = { smp: 39, sap: 39, spp: 2, shpp: 37, spbp: 2, sncp: 12 };

/** Which payments pay the earnings-related rate alone for their first weeks (SSCBA 1992 s.166(2), s.171ZN(2)). */
const HIGHER_RATE_FIRST: ReadonlySet<FamilyPaymentKind> = new Set(['smp', 'sap']);

export type FamilyPayEvent =
  /** A birth: the qualifying week is the 15th week before the expected week of childbirth. */
  | { readonly type: 'birth'; readonly dueDate: string }
  /** Any other event: the qualifying (relevant) week is the Sunday-to-Saturday week holding this day. */
  | { readonly type: 'qualifying-week'; readonly day: string };

export interface FamilyPayInput {
  readonly kind: FamilyPaymentKind;
  readonly event: FamilyPayEvent;
  /** First day of the pay (the first day of the first week). */
  readonly startDate: string;
  readonly employmentStart: string;
  readonly earningsFrequency: EarningsFrequency;
  readonly payHistory: readonly PayRecord[];
  readonly weeks: number;
  readonly payrollFrequency: StatutoryPayrollFrequency;
}

export type FamilyPayNotQualifiedReason = 'insufficient-continuous-employment' | 'awe-below-lel';

export interface FamilyPayPeriod {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly days: number;
  readonly amount: Decimal;
}

export interface FamilyPayResult {
  /** First day of the expected week of childbirth; null for other events. */
  readonly ewcStart: string | null;
  readonly qualifyingWeek: readonly [string, string];
  readonly relevantPeriod: readonly [string, string];
  readonly relevantPeriodEarnings: Decimal;
  /** AWE cut to 7 places (`awe-truncated-7dp`). */
  readonly averageWeeklyEarnings: Decimal;
  readonly lowerEarningsLimit: Decimal;
  readonly qualifies: boolean;
  readonly notQualifiedReasons: readonly FamilyPayNotQualifiedReason[];
  readonly earningsRelatedRate: Decimal;
  /** The rate of each week; empty when not qualified. */
  readonly weeklyAmounts: readonly Decimal[];
  readonly payEndDate: string | null;
  readonly periods: readonly FamilyPayPeriod[];
  readonly total: Decimal;
}

/** The qualifying week (Sunday–Saturday) and the EWC's first day for a birth. */
function qualifyingWeekOf(event: FamilyPayEvent): { first: DayNumber; ewcStart: DayNumber | null } {
  if (event.type === 'birth') {
    const ewcStart = sundayOnOrBefore(dayOf(event.dueDate, 'expected_week_of_childbirth_due_date'));
    return { first: ewcStart - 15 * 7, ewcStart };
  }
  return { first: sundayOnOrBefore(dayOf(event.day, 'qualifying_week')), ewcStart: null };
}

export function calculateFamilyPay(input: FamilyPayInput): FamilyPayResult {
  const maximumWeeks = FAMILY_PAYMENT_MAXIMUM_WEEKS[input.kind];
  if (maximumWeeks === undefined) throw fieldError(['kind'], `unknown statutory payment ${String(input.kind)}; known: ${FAMILY_PAYMENT_KINDS.join(', ')}`, 'statutory_payment_kind');
  if (!Number.isInteger(input.weeks) || input.weeks < 1 || input.weeks > maximumWeeks) {
    throw fieldError(['weeks'], `${input.kind.toUpperCase()} runs for 1 to ${maximumWeeks} weeks, not ${input.weeks}`, 'statutory_payment_weeks');
  }
  const start = dayOf(input.startDate, 'start_date');
  const employmentStart = dayOf(input.employmentStart, 'employment_start');
  const { first: qwFirst, ewcStart } = qualifyingWeekOf(input.event);
  const qwLast = qwFirst + 6;

  const period = relevantPeriod(input.payHistory, qwLast, employmentStart);
  const awe = averageWeeklyEarnings(period, input.earningsFrequency);
  const lel = weeklyLowerEarningsLimit(qwLast, 'qualifying_week');
  const startRates = familyParamsForWeek(start, 'start_date');
  const earningsRelatedRate = roundUpToPenny(awe.times(startRates.earningsShare));

  const reasons: FamilyPayNotQualifiedReason[] = [];
  if (employmentStart > qwLast - 25 * 7) reasons.push('insufficient-continuous-employment');
  if (awe.lt(lel)) reasons.push('awe-below-lel');

  const common = {
    ewcStart: ewcStart === null ? null : isoOf(ewcStart),
    qualifyingWeek: [isoOf(qwFirst), isoOf(qwLast)] as const,
    relevantPeriod: [isoOf(period.first), isoOf(period.last)] as const,
    relevantPeriodEarnings: period.earnings,
    averageWeeklyEarnings: awe,
    lowerEarningsLimit: lel,
    earningsRelatedRate,
  };
  if (reasons.length > 0) {
    return { ...common, qualifies: false, notQualifiedReasons: reasons, weeklyAmounts: [], payEndDate: null, periods: [], total: ZERO };
  }

  const weeklyAmounts: Decimal[] = [];
  for (let week = 0; week < input.weeks; week += 1) {
    const weekStart = start + week * 7;
    const rates = familyParamsForWeek(weekStart, 'start_date');
    const earningsRelated = roundUpToPenny(awe.times(rates.earningsShare));
    const higherRateOnly = HIGHER_RATE_FIRST.has(input.kind) && week < rates.higherRateWeeks;
    weeklyAmounts.push(higherRateOnly ? earningsRelated : Decimal.min(earningsRelated, rates.weeklyFlatRate));
  }
  const end = start + input.weeks * 7 - 1;

  const periods: FamilyPayPeriod[] = [];
  for (let day = start; day <= end; ) {
    const payPeriod = payPeriodOf(day, input.payrollFrequency);
    const last = Math.min(payPeriod.last, end);
    let weeklySum = ZERO;
    for (let d = day; d <= last; d += 1) weeklySum = weeklySum.plus(weeklyAmounts[Math.floor((d - start) / 7)]!);
    periods.push({ periodStart: isoOf(payPeriod.first), periodEnd: isoOf(payPeriod.last), days: last - day + 1, amount: roundUpToPenny(weeklySum.div(7)) });
    day = last + 1;
  }
  return {
    ...common,
    qualifies: true,
    notQualifiedReasons: [],
    weeklyAmounts,
    payEndDate: isoOf(end),
    periods,
    total: periods.reduce((sum, p) => sum.plus(p.amount), ZERO),
  };
}
