/**
 * Spells of incapacity, periods of incapacity for work (PIWs) and their linking into series (SSCBA 1992 s.152).
 *
 * - A spell is a run of consecutive days of incapacity; absences that touch or overlap are one spell.
 * - A PIW is a spell of at least `minimumPiwDays` consecutive days (s.152(2): 4 before 6 April 2026, 1 from then
 *   by ERA 2025 s.10). A spell too short under the rules of its first day but reaching into a year whose rules
 *   make its remaining days a PIW forms a PIW from that year's first day (decision SSP-SHORT-SPELL-SPAN): the days
 *   before stay "no PIW" (statutory-payments-rules §2.5: a 1–3 day spell before 6 April 2026 forms no PIW and never
 *   links).
 * - PIWs separated by at most `linkingGapDays` days (s.152(3): 8 weeks = 56) are one linked series; the gap is
 *   the days strictly between them. An earlier series the employer already paid (`previous_linked_piw`) seeds
 *   the first series when the first PIW links to it.
 */
import { fieldError } from '../../errors.js';
import { dayOf, isoOf, taxYearLabelOf, type DayNumber } from './calendar.js';
import { sspParamsForDay } from './figures.js';

export interface Spell {
  readonly first: DayNumber;
  readonly last: DayNumber;
}

export interface Piw extends Spell {
  /** The spell this PIW lies in (a PIW may be the later part of a spell: SSP-SHORT-SPELL-SPAN). */
  readonly spell: Spell;
}

/** What an earlier linked series had used when these absences began. */
export interface PreviousLinkedSeries {
  readonly first: DayNumber;
  readonly last: DayNumber;
  readonly waitingDaysServed: number;
  readonly sspDaysPaid: number;
}

export interface PiwSeries {
  /** First day of the series (of the earlier series when seeded by it): the LEL test looks at it (Sch 11 para 2(c)). */
  readonly first: DayNumber;
  readonly piws: Piw[];
  /** The earlier series this one continues, if any. */
  readonly previous: PreviousLinkedSeries | null;
}

export interface AbsenceDates {
  readonly firstDay: string;
  readonly lastDay: string;
}

/** Sorts the absences and merges those that overlap or touch into spells; a last day before the first is refused. */
export function spellsOf(absences: readonly AbsenceDates[]): Spell[] {
  const ranges = absences.map((absence, index) => {
    const first = dayOf(absence.firstDay, `absences.${index}.first_day`);
    const last = dayOf(absence.lastDay, `absences.${index}.last_day`);
    if (last < first) throw fieldError(['absences', index, 'last_day'], `last day ${absence.lastDay} is before the first day ${absence.firstDay}`, 'date_order');
    return { first, last };
  });
  ranges.sort((a, b) => a.first - b.first);
  const spells: Spell[] = [];
  for (const range of ranges) {
    const open = spells[spells.length - 1];
    if (open && range.first <= open.last + 1) spells[spells.length - 1] = { first: open.first, last: Math.max(open.last, range.last) };
    else spells.push(range);
  }
  return spells;
}

/** The PIW a spell forms, or null (SSCBA 1992 s.152(2); SSP-SHORT-SPELL-SPAN for a short spell reaching into a later year). */
export function piwOf(spell: Spell): Piw | null {
  let from = spell.first;
  for (;;) {
    const rules = sspParamsForDay(from, 'absences');
    if (spell.last - from + 1 >= rules.minimumPiwDays) return { first: from, last: spell.last, spell };
    // The next day whose tax year (and so whose rules) differs from `from`'s.
    const year = taxYearLabelOf(from);
    let next = from + 1;
    while (next <= spell.last && taxYearLabelOf(next) === year) next += 1;
    if (next > spell.last) return null;
    from = next;
  }
}

/** Links the PIWs into series (s.152(3)); the earlier series seeds the first one when the first PIW is within the gap. */
export function linkPiws(piws: readonly Piw[], previous: PreviousLinkedSeries | null): PiwSeries[] {
  const series: { first: DayNumber; last: DayNumber; piws: Piw[]; previous: PreviousLinkedSeries | null }[] = [];
  for (const piw of piws) {
    const rules = sspParamsForDay(piw.first, 'absences');
    const open = series[series.length - 1];
    if (open && piw.first - open.last - 1 <= rules.linkingGapDays) {
      open.piws.push(piw);
      open.last = piw.last;
      continue;
    }
    if (!open && previous && piw.first - previous.last - 1 <= rules.linkingGapDays) {
      series.push({ first: previous.first, last: piw.last, piws: [piw], previous });
      continue;
    }
    series.push({ first: piw.first, last: piw.last, piws: [piw], previous: null });
  }
  return series.map(({ first, piws: members, previous: seed }) => ({ first, piws: members, previous: seed }));
}

/** Checks an earlier linked series against the absences: it must end before the first of them. */
export function previousSeriesOf(
  previous: { firstDay: string; lastDay: string; waitingDaysServed: number; sspDaysPaid: number } | null | undefined,
  spells: readonly Spell[],
): PreviousLinkedSeries | null {
  if (!previous) return null;
  const first = dayOf(previous.firstDay, 'previous_linked_piw.first_day');
  const last = dayOf(previous.lastDay, 'previous_linked_piw.last_day');
  if (last < first) throw fieldError(['previous_linked_piw', 'last_day'], `last day ${previous.lastDay} is before the first day ${previous.firstDay}`, 'date_order');
  const firstSpell = spells[0];
  if (firstSpell && last >= firstSpell.first) {
    throw fieldError(['previous_linked_piw', 'last_day'], `the earlier linked series must end before the first absence (${isoOf(firstSpell.first)})`, 'date_order');
  }
  for (const [key, value] of [['waiting_days_served', previous.waitingDaysServed], ['ssp_days_paid', previous.sspDaysPaid]] as const) {
    if (!Number.isInteger(value) || value < 0) throw fieldError(['previous_linked_piw', key], 'must be a whole number of days, 0 or more', 'integer');
  }
  return { first, last, waitingDaysServed: previous.waitingDaysServed, sspDaysPaid: previous.sspDaysPaid };
}
