/**
 * The statutory payments a payroll run pays one employee for one pay period, from the absences the employer
 * recorded and the pay the store holds (decision STAT-RUN, docs/decisions.md):
 *
 * - SSP: the sickness absences (an open one runs to the period's end) form spells, PIWs and linked series exactly as
 *   in ssp.ts; each linked series that reaches into the period is calculated by `calculateSsp` with the average weekly
 *   earnings of its first PIW (SSP (General) Regulations 1982 reg 19: the relevant period ends with the last normal
 *   payday before the PIW; the absence's `average_weekly_earnings` when recorded) and the qualifying days of its latest
 *   absence (the agreement in force). The period pays the daily rates of its paid days.
 * - SMP, SPP, ShPP, SAP, SPBP, SNCP: each family leave reaching into the period is calculated by
 *   `calculateFamilyPay` from its start (the leave's first day), its weeks and the event (a birth: the due date; an
 *   adoption: the matching week, SSCBA 1992 s.171ZL(2)(b); parental bereavement: the week before the week of the
 *   death; neonatal care: the week before the week the care begins). Its pay stops after the leave's last day.
 *   The period pays the days of the pay weeks that fall in it.
 * - Each payment's amount for the period is the sum of its days' daily amounts rounded up to the penny once, as the
 *   engines round a pay period (`ssp-period-amount-rounded-up`, `family-monthly-period-total-rounded-up`): a run
 *   whose period is a calendar month pays exactly the engines' monthly amounts.
 *
 * A payment the absences give rise to in the period is `covered`: the run pays it, and a line typed for it is a
 * double payment. Where the store lacks the pay before the relevant period (the employer's payroll moved here
 * recently, a starter not yet paid), the payment cannot be calculated: it is not covered and a warning says to pay it
 * as a typed line (decision STAT-NO-HISTORY).
 */
import { DomainError, fieldError, isDomainError } from '../../errors.js';
import { Decimal, ZERO } from '../../money.js';
import { averageWeeklyEarnings, relevantPeriod, type EarningsFrequency, type PayRecord } from './awe.js';
import { dayOf, isoOf, type DayNumber, type WeekdayName } from './calendar.js';
import type { StatutoryPaymentType } from './employer-liabilities.js';
import { calculateFamilyPay, type FamilyPayEvent, type FamilyPaymentKind } from './family-pay.js';
import { roundUpToPenny } from './rounding.js';
import { calculateSsp } from './ssp.js';
import { linkPiws, piwOf, spellsOf, type Piw } from './ssp-spells.js';

export type AbsenceKind = 'sickness' | 'maternity' | 'paternity' | 'shared_parental' | 'adoption' | 'parental_bereavement' | 'neonatal_care';

/** The statutory payment of each family leave. */
export const FAMILY_PAYMENT_OF_ABSENCE: Readonly<Record<Exclude<AbsenceKind, 'sickness'>, FamilyPaymentKind>> = {
  maternity: 'smp',
  paternity: 'spp',
  shared_parental: 'shpp',
  adoption: 'sap',
  parental_bereavement: 'spbp',
  neonatal_care: 'sncp',
};

const DEFAULT_QUALIFYING_DAYS: readonly WeekdayName[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** A stored absence as the calculation needs it. */
export interface AbsenceRecord {
  readonly id: string;
  readonly kind: AbsenceKind;
  readonly firstDay: string;
  /** Null while open: the absence is taken to last at least to the end of the period paid. */
  readonly lastDay: string | null;
  readonly qualifyingDays: readonly WeekdayName[] | null;
  readonly averageWeeklyEarnings: Decimal | null;
  readonly dueDate: string | null;
  readonly eventDate: string | null;
  readonly weeks: number | null;
}

export interface PeriodStatutoryInput {
  readonly periodStart: string;
  readonly periodEnd: string;
  /** How the employee is paid (the run's frequency): the AWE divisor follows it. */
  readonly earningsFrequency: EarningsFrequency;
  readonly employmentStart: string;
  /** The employee's absences that begin on or before the period's end (earlier ones link SSP and count its weeks). */
  readonly absences: readonly AbsenceRecord[];
  /** Earnings paid by approved runs of this employment before this run: pay date and NIable pay. */
  readonly payHistory: readonly PayRecord[];
}

export interface PeriodStatutoryPayment {
  readonly type: StatutoryPaymentType;
  readonly amount: Decimal;
  /** The absences it pays. */
  readonly absenceIds: readonly string[];
  /** Days paid in the period: SSP qualifying days, family payments calendar days. */
  readonly daysPaid: number;
  /** SSP waiting days in the period. */
  readonly waitingDays: number;
}

export interface PeriodStatutoryResult {
  /** Every payment the absences give rise to in the period, in the order of STATUTORY_PAYMENT_TYPES; amounts may be 0. */
  readonly payments: readonly PeriodStatutoryPayment[];
  /** Payments the run pays itself this period (a typed line for one of them is a double payment). */
  readonly covered: ReadonlySet<StatutoryPaymentType>;
  readonly warnings: readonly string[];
}

const ORDER: readonly StatutoryPaymentType[] = ['ssp', 'smp', 'spp', 'shpp', 'sap', 'spbp', 'sncp'];

interface Accumulator {
  /** SSP: the unrounded sum of the paid days' daily rates. */
  sum: Decimal;
  /** Family payments: the sum of the weekly rate of each day paid, divided by 7 once (as family-pay.ts does). */
  weeklySum: Decimal;
  absenceIds: string[];
  daysPaid: number;
  waitingDays: number;
}

/** A pay history as paydays: records of one day added (supplementary runs), a negative day's total taken as 0. */
function paydays(history: readonly PayRecord[], employmentStart: string): PayRecord[] {
  const byDay = new Map<string, Decimal>();
  for (const record of history) {
    if (record.payDate < employmentStart) continue;
    byDay.set(record.payDate, (byDay.get(record.payDate) ?? ZERO).plus(record.gross));
  }
  return [...byDay.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([payDate, gross]) => ({ payDate, gross: Decimal.max(ZERO, gross) }));
}

/** An engine's refusal, located at the employee and naming the absence. */
function absenceError(absence: AbsenceRecord, error: DomainError): DomainError {
  const issue = error.issues[0];
  const msg = issue ? `${issue.loc.join('.')}: ${issue.msg}` : error.message;
  return fieldError(['employee_id'], `absence ${absence.id} (${absence.kind} from ${absence.firstDay}): ${msg}`, issue?.type ?? 'statutory_payment');
}

function isMissingHistory(error: unknown): error is DomainError {
  return isDomainError(error) && error.issues.some((issue) => issue.type === 'pay_history_too_short');
}

const PAYMENT_NAME: Readonly<Record<StatutoryPaymentType, string>> = { ssp: 'SSP', smp: 'SMP', spp: 'SPP', shpp: 'ShPP', sap: 'SAP', spbp: 'SPBP', sncp: 'SNCP' };

/** The first day of the qualifying (relevant) week's event, as family-pay.ts takes it. */
function eventOf(absence: AbsenceRecord): FamilyPayEvent {
  if (absence.kind === 'maternity' || absence.kind === 'paternity' || absence.kind === 'shared_parental') {
    if (!absence.dueDate) throw fieldError(['employee_id'], `absence ${absence.id} (${absence.kind}) has no due date`, 'required');
    return { type: 'birth', dueDate: absence.dueDate };
  }
  if (!absence.eventDate) throw fieldError(['employee_id'], `absence ${absence.id} (${absence.kind}) has no event date`, 'required');
  if (absence.kind === 'adoption') return { type: 'qualifying-week', day: absence.eventDate };
  // Parental bereavement (SPBP (General) Regulations 2020) and neonatal care (SNCP (General) Regulations 2024): the
  // relevant week is the one immediately before the week of the death / the week the neonatal care begins.
  return { type: 'qualifying-week', day: isoOf(dayOf(absence.eventDate, 'event_date') - 7) };
}

function sspForPeriod(input: PeriodStatutoryInput, history: readonly PayRecord[], first: DayNumber, last: DayNumber, totals: Map<StatutoryPaymentType, Accumulator>, covered: Set<StatutoryPaymentType>, warnings: string[]): void {
  const sickness = input.absences
    .filter((a) => a.kind === 'sickness')
    .map((absence) => {
      const start = dayOf(absence.firstDay, 'first_day');
      const end = Math.min(absence.lastDay === null ? last : dayOf(absence.lastDay, 'last_day'), last);
      return { absence, start, end };
    })
    .filter((a) => a.start <= a.end);
  const reaching = sickness.filter((a) => a.end >= first);
  if (reaching.length === 0) return;
  const spells = spellsOf(sickness.map((a) => ({ firstDay: isoOf(a.start), lastDay: isoOf(a.end) })));
  const series = linkPiws(spells.map(piwOf).filter((piw): piw is Piw => piw !== null), null);
  const employmentStart = dayOf(input.employmentStart, 'start_date');
  const acc: Accumulator = { sum: ZERO, weeklySum: ZERO, absenceIds: reaching.map((a) => a.absence.id), daysPaid: 0, waitingDays: 0 };
  let computable = true;
  for (const linked of series) {
    const seriesLast = linked.piws[linked.piws.length - 1]!.last;
    if (seriesLast < first) continue;
    // The series' absences: those of its spells (a PIW may begin inside its spell: SSP-SHORT-SPELL-SPAN).
    const from = spells.find((s) => s.first <= linked.first && linked.first <= s.last)?.first ?? linked.first;
    const members = sickness.filter((a) => a.start >= from && a.end <= seriesLast);
    const opening = members.find((a) => a.start <= linked.first && linked.first <= a.end) ?? members[0]!;
    const latest = members.reduce((x, y) => (y.start > x.start ? y : x));
    let awe = opening.absence.averageWeeklyEarnings;
    if (awe === null) {
      try {
        // The relevant period ends with the last normal payday before the PIW (SSP(G)R 1982 reg 19(3)).
        awe = averageWeeklyEarnings(relevantPeriod(history, linked.first - 1, employmentStart), input.earningsFrequency);
      } catch (error) {
        if (!isMissingHistory(error)) throw isDomainError(error) ? absenceError(opening.absence, error) : error;
        warnings.push(
          `SSP for sickness absence ${opening.absence.id} (from ${isoOf(linked.first)}) is not calculated: no approved pay on or before ${isoOf(linked.first - 1)} is in the store to give the average weekly earnings; record average_weekly_earnings on the absence, or pay SSP with a UK-S-001 line`,
        );
        computable = false;
        continue;
      }
    }
    let result;
    try {
      result = calculateSsp({
        qualifyingDays: latest.absence.qualifyingDays ?? DEFAULT_QUALIFYING_DAYS,
        averageWeeklyEarnings: awe,
        absences: members.map((a) => ({ firstDay: isoOf(a.start), lastDay: isoOf(a.end) })),
        payrollFrequency: 'monthly',
      });
    } catch (error) {
      throw isDomainError(error) ? absenceError(opening.absence, error) : error;
    }
    let refused: 'below-lel' | 'exhausted' | null = null;
    for (const day of result.days) {
      const n = dayOf(day.date, 'date');
      if (n < first || n > last) continue;
      if (day.outcome === 'paid' && day.dailyRate) {
        acc.sum = acc.sum.plus(day.dailyRate);
        acc.daysPaid += 1;
      }
      if (day.outcome === 'waiting') acc.waitingDays += 1;
      if (day.outcome === 'below-lel' || day.outcome === 'zero-rate') refused = 'below-lel';
      if (day.outcome === 'exhausted') refused = 'exhausted';
    }
    if (refused !== null) {
      // SSP1: the employer tells the employee why SSP is not (or no longer) paid (SSP (General) Regulations 1982 reg 15).
      const why = refused === 'below-lel' ? 'average weekly earnings below the lower earnings limit' : 'the 28 weeks of SSP are used up';
      warnings.push(`no SSP for some days of sickness absence ${opening.absence.id} in this period (${why}): give the employee form SSP1`);
    }
  }
  if (computable || acc.daysPaid > 0) {
    covered.add('ssp');
    totals.set('ssp', acc);
  }
}

function familyForPeriod(input: PeriodStatutoryInput, history: readonly PayRecord[], first: DayNumber, last: DayNumber, totals: Map<StatutoryPaymentType, Accumulator>, covered: Set<StatutoryPaymentType>, warnings: string[]): void {
  for (const absence of input.absences) {
    if (absence.kind === 'sickness') continue;
    const type = FAMILY_PAYMENT_OF_ABSENCE[absence.kind];
    const start = dayOf(absence.firstDay, 'first_day');
    const weeks = absence.weeks ?? 0;
    // Pay stops after the leave's last day (the employee is back at work).
    const payLast = Math.min(start + weeks * 7 - 1, absence.lastDay === null ? Number.POSITIVE_INFINITY : dayOf(absence.lastDay, 'last_day'));
    const from = Math.max(start, first);
    const to = Math.min(payLast, last);
    if (weeks < 1 || from > to) continue;
    // Only the weeks up to this period are needed (later weeks may fall under rates not registered yet).
    const weeksNeeded = Math.min(weeks, Math.floor((to - start) / 7) + 1);
    let result;
    try {
      result = calculateFamilyPay({
        kind: type,
        event: eventOf(absence),
        startDate: absence.firstDay,
        employmentStart: input.employmentStart,
        earningsFrequency: input.earningsFrequency,
        payHistory: history,
        weeks: weeksNeeded,
        payrollFrequency: 'monthly',
      });
    } catch (error) {
      if (isMissingHistory(error)) {
        warnings.push(`${PAYMENT_NAME[type]} for ${absence.kind.replace('_', ' ')} absence ${absence.id} is not calculated: no approved pay up to the end of its qualifying week is in the store to give the average weekly earnings; pay it with a ${type === 'smp' ? 'UK-S-002' : 'statutory'} line`);
        continue;
      }
      throw isDomainError(error) ? absenceError(absence, error) : error;
    }
    covered.add(type);
    const acc = totals.get(type) ?? { sum: ZERO, weeklySum: ZERO, absenceIds: [], daysPaid: 0, waitingDays: 0 };
    acc.absenceIds.push(absence.id);
    totals.set(type, acc);
    if (!result.qualifies) {
      warnings.push(`no ${PAYMENT_NAME[type]} for ${absence.kind.replace('_', ' ')} absence ${absence.id} (${result.notQualifiedReasons.join(', ')}): tell the employee in writing why${type === 'smp' ? ' (form SMP1)' : ''}`);
      continue;
    }
    for (let day = from; day <= to; day += 1) acc.weeklySum = acc.weeklySum.plus(result.weeklyAmounts[Math.floor((day - start) / 7)]!);
    acc.daysPaid += to - from + 1;
  }
}

export function statutoryPayForPeriod(input: PeriodStatutoryInput): PeriodStatutoryResult {
  const first = dayOf(input.periodStart, 'period_start');
  const last = dayOf(input.periodEnd, 'period_end');
  const history = paydays(input.payHistory, input.employmentStart);
  const relevant = input.absences.filter((a) => a.firstDay <= input.periodEnd);
  const scoped = { ...input, absences: relevant };
  const totals = new Map<StatutoryPaymentType, Accumulator>();
  const covered = new Set<StatutoryPaymentType>();
  const warnings: string[] = [];
  sspForPeriod(scoped, history, first, last, totals, covered, warnings);
  familyForPeriod(scoped, history, first, last, totals, covered, warnings);
  const payments: PeriodStatutoryPayment[] = [];
  for (const type of ORDER) {
    const acc = totals.get(type);
    if (!acc) continue;
    // SSP sums 4-place daily rates; the family payments sum weekly rates ÷ 7 (s.166(4)); one rounding per period.
    payments.push({ type, amount: roundUpToPenny(acc.sum.plus(acc.weeklySum.div(7))), absenceIds: acc.absenceIds, daysPaid: acc.daysPaid, waitingDays: acc.waitingDays });
  }
  return { payments, covered, warnings };
}
