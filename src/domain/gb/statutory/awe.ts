/**
 * Average weekly earnings from the pay history (statutory-payments-rules §3).
 *
 * The relevant period ends with the last normal payday on or before a given day (the Saturday of the qualifying
 * week for the family payments, SMP (General) Regulations 1986 reg 21, SPM171100; the day before the PIW for SSP,
 * SSP (General) Regulations 1982 reg 19(3), SPM170200) and starts the day after the last normal payday at least 8
 * weeks before that one. All earnings paid in it count (SPM171000). Monthly pay: total ÷ number of monthly
 * payments × 12 ÷ 52; weekly-based and irregular pay: total ÷ days × 7 (gov.uk "statutory maternity pay: manually
 * calculate", SPM10630, SPM170700). The result is cut to 7 places (`awe-truncated-7dp`).
 */
import { fieldError } from '../../errors.js';
import { Decimal, ZERO } from '../../money.js';
import { dayOf, isoOf, type DayNumber } from './calendar.js';
import { truncateTo7Places } from './rounding.js';

/** How the employee is paid: the AWE divisor follows it. */
export type EarningsFrequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'irregular';

export const EARNINGS_FREQUENCIES: readonly EarningsFrequency[] = ['weekly', 'fortnightly', 'four_weekly', 'monthly', 'irregular'];

export function isEarningsFrequency(value: unknown): value is EarningsFrequency {
  return typeof value === 'string' && (EARNINGS_FREQUENCIES as readonly string[]).includes(value);
}

export interface PayRecord {
  readonly payDate: string;
  readonly gross: Decimal;
}

export interface RelevantPeriod {
  readonly first: DayNumber;
  readonly last: DayNumber;
  readonly earnings: Decimal;
  /** Distinct paydays in the period. */
  readonly payments: number;
}

/** Eight weeks back from the last payday (SMP(G)R 1986 reg 21(3): "at least 8 weeks earlier"). */
const EIGHT_WEEKS = 56;

/**
 * The relevant period ending with the last payday on or before `endDay`. Where no payday lies 8 weeks or more
 * before it (a recent starter), the period starts on the first day of employment (decision AWE-SHORT-HISTORY).
 */
export function relevantPeriod(history: readonly PayRecord[], endDay: DayNumber, employmentStart: DayNumber): RelevantPeriod {
  const paydays = history.map((record, index) => ({ day: dayOf(record.payDate, `pay_history.${index}.pay_date`), gross: record.gross, index }));
  for (const p of paydays) {
    if (!p.gross.isFinite() || p.gross.isNegative()) throw fieldError(['pay_history', p.index, 'gross'], 'gross pay must be an amount of 0 or more', 'decimal');
  }
  const distinct = [...new Set(paydays.map((p) => p.day))].sort((a, b) => a - b);
  const last = distinct.filter((day) => day <= endDay).at(-1);
  if (last === undefined) throw fieldError(['pay_history'], `no payday on or before ${isoOf(endDay)}, where the relevant period must end`, 'pay_history_too_short');
  const before = distinct.filter((day) => day <= last - EIGHT_WEEKS).at(-1);
  const first = before === undefined ? employmentStart : before + 1;
  if (first > last) throw fieldError(['employment_start'], `employment starts after the last payday of the relevant period (${isoOf(last)})`, 'date_order');
  const inPeriod = paydays.filter((p) => p.day >= first && p.day <= last);
  return {
    first,
    last,
    earnings: inPeriod.reduce((sum, p) => sum.plus(p.gross), ZERO),
    payments: new Set(inPeriod.map((p) => p.day)).size,
  };
}

/** AWE over the relevant period, cut to 7 places. */
export function averageWeeklyEarnings(period: RelevantPeriod, frequency: EarningsFrequency): Decimal {
  if (frequency === 'monthly') {
    return truncateTo7Places(period.earnings.times(12).div(new Decimal(period.payments).times(52)));
  }
  const days = period.last - period.first + 1;
  return truncateTo7Places(period.earnings.times(7).div(days));
}
