/**
 * Statutory Sick Pay for a set of absences (SSCBA 1992 Part XI; SSP (General) Regulations 1982), under the 2025-26
 * rules for days before 6 April 2026 and the Employment Rights Act 2025 s.10 rules from that day, each day by the
 * figures of its own tax year (statutory-payments-rules §§2.1–2.5).
 *
 * Per qualifying day of a PIW, in order: not entitled when AWE is below the LEL in force at the start of the
 * linked series and the day's rules have the LEL test (Sch 11 para 2(c)); unpaid once the series has used 28
 * weeks (s.155(4): 28 × qualifying days a week, each paid day 1/QDs of a week); unpaid at rate £0 under the
 * transition (ssp-transition.ts); a waiting day while fewer than the day's `waitingDays` have been served in the series
 * (s.155(1)); otherwise paid at the weekly rate ÷ qualifying days in the week (s.157(3)), truncated to 4 places
 * (`ssp-daily-rate-4dp-truncated`). A pay period's amount is the sum of its daily rates rounded up to the penny
 * (`ssp-period-amount-rounded-up`).
 */
import { fieldError } from '../../errors.js';
import { Decimal, ZERO } from '../../money.js';
import type { SspParams } from '../params/types.js';
import { WEEKDAY_NAMES, isoOf, weekdayOf, type DayNumber, type WeekdayName } from './calendar.js';
import { sspParamsForDay, weeklyLowerEarningsLimit } from './figures.js';
import { payPeriodOf, type StatutoryPayrollFrequency } from './periods.js';
import { roundUpToPenny, truncateTo4Places } from './rounding.js';
import { linkPiws, piwOf, previousSeriesOf, spellsOf, type AbsenceDates, type Piw, type PiwSeries, type Spell } from './ssp-spells.js';
import { ZERO_RATE_IF_ABSENT_SINCE_BEFORE } from './ssp-transition.js';

export interface SspPreviousLinkedPiw {
  /** Outer dates of the earlier linked series (with its gaps). */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly waitingDaysServed: number;
  readonly sspDaysPaid: number;
}

export interface SspInput {
  /** The agreed qualifying days, a fixed weekly pattern (SSP (General) Regulations 1982 reg 5: at least one a week). */
  readonly qualifyingDays: readonly WeekdayName[];
  /** Average weekly earnings of the (first PIW of the) linked series, two places. */
  readonly averageWeeklyEarnings: Decimal;
  readonly absences: readonly AbsenceDates[];
  readonly previousLinkedPiw?: SspPreviousLinkedPiw | null;
  readonly payrollFrequency: StatutoryPayrollFrequency;
}

/** Why nothing is paid, most specific first (statutory-payments-rules §2.5). */
export type SspNotEntitledReason = 'no-piw' | 'awe-below-lel' | 'max-entitlement-reached' | 'waiting-days-only' | 'no-qualifying-days';

export type SspDayOutcome = 'paid' | 'waiting' | 'no-piw' | 'below-lel' | 'zero-rate' | 'exhausted';

/** One qualifying day of absence and what became of it. */
export interface SspDay {
  readonly date: string;
  readonly outcome: SspDayOutcome;
  /** The weekly and daily rate of a paid day. */
  readonly weeklyRate: Decimal | null;
  readonly dailyRate: Decimal | null;
}

export interface SspPeriod {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly sspDaysPaid: number;
  readonly waitingDays: number;
  readonly amount: Decimal;
}

export interface SspResult {
  /** Every pay period holding a qualifying day of absence, in order. */
  readonly periods: readonly SspPeriod[];
  readonly total: Decimal;
  readonly daysPaid: number;
  readonly waitingDays: number;
  /** Weeks used by the last linked series (earlier series included), paid days ÷ QDs a week, cut to 4 places. */
  readonly entitlementWeeksUsed: Decimal;
  /** A series reached its 28 weeks with a day paid in these absences. */
  readonly entitlementExhausted: boolean;
  /** Why nothing is paid; null when something is. */
  readonly notEntitledReason: SspNotEntitledReason | null;
  readonly days: readonly SspDay[];
}

function qualifyingWeekdays(names: readonly WeekdayName[]): Set<number> {
  const days = new Set<number>();
  names.forEach((name, index) => {
    const weekday = WEEKDAY_NAMES.indexOf(name);
    if (weekday < 0) throw fieldError(['qualifying_days', index], `"${String(name)}" is not a weekday name (${WEEKDAY_NAMES.join(', ')})`, 'weekday');
    days.add(weekday);
  });
  if (days.size === 0) throw fieldError(['qualifying_days'], 'at least one qualifying day a week is needed (SSP (General) Regulations 1982 reg 5)', 'qualifying_days_empty');
  return days;
}

/** The weekly rate of a paid day: flat, or the lower of flat and the earnings share of AWE rounded up (`ssp-80pct-awe-rounded-up`). */
function weeklyRateFor(rules: SspParams, awe: Decimal, protectedFlatRate: boolean): Decimal {
  if (rules.earningsShare === null || protectedFlatRate) return rules.weeklyFlatRate;
  return Decimal.min(rules.weeklyFlatRate, roundUpToPenny(awe.times(rules.earningsShare)));
}

interface SeriesState {
  waitingServed: number;
  paidDays: number;
}

export function calculateSsp(input: SspInput): SspResult {
  const qds = qualifyingWeekdays(input.qualifyingDays);
  const qdsPerWeek = qds.size;
  const awe = input.averageWeeklyEarnings;
  if (!awe.isFinite() || awe.isNegative()) throw fieldError(['awe'], 'average weekly earnings must be an amount of 0 or more', 'decimal');

  const spells = spellsOf(input.absences);
  const previous = previousSeriesOf(input.previousLinkedPiw, spells);
  const piws = spells.map(piwOf).filter((piw): piw is Piw => piw !== null);
  const series = linkPiws(piws, previous);

  const outcomes = new Map<DayNumber, SspDay>();
  // Per spell: a day paid under flat-rate rules (protection) and any day paid at all (zero-rate transition).
  const paidFlatInSpell = new Set<Spell>();
  const paidInSpell = new Set<Spell>();
  let belowLel = false;
  let refusedForMaximum = false;
  let exhaustedNow = false;
  let lastSeriesPaid = 0;

  for (const linked of series) {
    const state: SeriesState = { waitingServed: linked.previous?.waitingDaysServed ?? 0, paidDays: linked.previous?.sspDaysPaid ?? 0 };
    const lel = weeklyLowerEarningsLimit(linked.first, linked.previous ? 'previous_linked_piw.first_day' : 'absences');
    for (const piw of linked.piws) {
      for (let day = piw.first; day <= piw.last; day += 1) {
        const rules = sspParamsForDay(day, 'absences');
        const maxDays = rules.maximumWeeks * qdsPerWeek;
        const lelFails = rules.lowerEarningsLimitTest === 'awe-at-least-lel' && awe.lt(lel);
        if (lelFails) belowLel = true;
        if (!qds.has(weekdayOf(day))) continue;
        const record = (outcome: SspDayOutcome, weeklyRate: Decimal | null = null, dailyRate: Decimal | null = null): void => {
          outcomes.set(day, { date: isoOf(day), outcome, weeklyRate, dailyRate });
        };
        if (lelFails) {
          record('below-lel');
          continue;
        }
        if (state.paidDays >= maxDays) {
          refusedForMaximum = true;
          record('exhausted');
          continue;
        }
        if (rules.earningsShare !== null && piw.spell.first < ZERO_RATE_IF_ABSENT_SINCE_BEFORE && !paidInSpell.has(piw.spell)) {
          // Unpaid before the reform in a spell this old: below the LEL (a paid spell would be protected or exhausted).
          record('zero-rate');
          belowLel = true;
          continue;
        }
        if (state.waitingServed < rules.waitingDays) {
          state.waitingServed += 1;
          record('waiting');
          continue;
        }
        const weekly = weeklyRateFor(rules, awe, paidFlatInSpell.has(piw.spell));
        record('paid', weekly, truncateTo4Places(weekly.div(qdsPerWeek)));
        state.paidDays += 1;
        paidInSpell.add(piw.spell);
        if (rules.earningsShare === null) paidFlatInSpell.add(piw.spell);
        if (state.paidDays === maxDays) exhaustedNow = true;
      }
    }
    lastSeriesPaid = state.paidDays;
  }

  // Qualifying days of absence outside any PIW.
  for (const spell of spells) {
    for (let day = spell.first; day <= spell.last; day += 1) {
      if (qds.has(weekdayOf(day)) && !outcomes.has(day)) outcomes.set(day, { date: isoOf(day), outcome: 'no-piw', weeklyRate: null, dailyRate: null });
    }
  }

  const days = [...outcomes.entries()].sort((a, b) => a[0] - b[0]);
  const periods: SspPeriod[] = [];
  let current: { first: DayNumber; last: DayNumber; paid: number; waiting: number; sum: Decimal } | null = null;
  const close = (): void => {
    if (current) periods.push({ periodStart: isoOf(current.first), periodEnd: isoOf(current.last), sspDaysPaid: current.paid, waitingDays: current.waiting, amount: roundUpToPenny(current.sum) });
  };
  for (const [day, outcome] of days) {
    if (!current || day > current.last) {
      close();
      const period = payPeriodOf(day, input.payrollFrequency);
      current = { first: period.first, last: period.last, paid: 0, waiting: 0, sum: ZERO };
    }
    if (outcome.outcome === 'paid' && outcome.dailyRate) {
      current.paid += 1;
      current.sum = current.sum.plus(outcome.dailyRate);
    }
    if (outcome.outcome === 'waiting') current.waiting += 1;
  }
  close();

  const daysPaid = periods.reduce((n, p) => n + p.sspDaysPaid, 0);
  const waitingDays = periods.reduce((n, p) => n + p.waitingDays, 0);
  const total = periods.reduce((s, p) => s.plus(p.amount), ZERO);
  return {
    periods,
    total,
    daysPaid,
    waitingDays,
    entitlementWeeksUsed: truncateTo4Places(new Decimal(lastSeriesPaid).div(qdsPerWeek)),
    entitlementExhausted: exhaustedNow,
    notEntitledReason: daysPaid > 0 ? null : reasonFor(series, belowLel, refusedForMaximum, waitingDays),
    days: days.map(([, outcome]) => outcome),
  };
}

function reasonFor(series: readonly PiwSeries[], belowLel: boolean, exhausted: boolean, waitingDays: number): SspNotEntitledReason {
  if (series.length === 0) return 'no-piw';
  if (belowLel) return 'awe-below-lel';
  if (exhausted) return 'max-entitlement-reached';
  if (waitingDays > 0) return 'waiting-days-only';
  return 'no-qualifying-days';
}
