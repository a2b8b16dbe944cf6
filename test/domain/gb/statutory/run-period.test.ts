/**
 * The statutory payments of one run period from stored absences (domain/gb/statutory/run-period.ts): a calendar-month
 * period pays exactly the engines' monthly amounts, another period shape rounds its own days once, SSP links series
 * across periods and takes AWE from the pay history before the PIW, family leaves stop at their last day, and a
 * payment without the pay history to compute it is left to a typed line with a warning.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { calculateFamilyPay, calculateSsp, type PayRecord } from '../../../../src/domain/gb/statutory/index.js';
import { type AbsenceRecord, statutoryPayForPeriod } from '../../../../src/domain/gb/statutory/run-period.js';
import { starterCode } from '../../../../src/domain/gb/run/employment.js';

/** £2,600 paid monthly on the 28th from January 2025 to March 2026. */
const monthly2600: PayRecord[] = Array.from({ length: 15 }, (_, i) => ({ payDate: `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-28`, gross: new Decimal(2600) }));

function absence(partial: Partial<AbsenceRecord> & Pick<AbsenceRecord, 'kind' | 'firstDay'>): AbsenceRecord {
  return { id: `a-${partial.kind}-${partial.firstDay}`, lastDay: null, qualifyingDays: null, averageWeeklyEarnings: null, dueDate: null, eventDate: null, weeks: null, ...partial };
}

function period(start: string, end: string, absences: AbsenceRecord[], payHistory: PayRecord[] = monthly2600) {
  return statutoryPayForPeriod({ periodStart: start, periodEnd: end, earningsFrequency: 'monthly', employmentStart: '2020-01-01', absences, payHistory });
}

const amountOf = (r: ReturnType<typeof period>, type: string) => money(r.payments.find((p) => p.type === type)?.amount ?? 0);

describe('family payments in a run period', () => {
  const maternity = absence({ kind: 'maternity', firstDay: '2026-01-04', dueDate: '2026-01-20', weeks: 39 });

  it('pays the worked example month by month (January £2,160.00, February £1,454.36), equal to the engine', () => {
    const engine = calculateFamilyPay({ kind: 'smp', event: { type: 'birth', dueDate: '2026-01-20' }, startDate: '2026-01-04', employmentStart: '2020-01-01', earningsFrequency: 'monthly', payHistory: monthly2600, weeks: 39, payrollFrequency: 'monthly' });
    const january = period('2026-01-01', '2026-01-31', [maternity]);
    const february = period('2026-02-01', '2026-02-28', [maternity]);
    expect(amountOf(january, 'smp')).toBe('2160.00');
    expect(amountOf(february, 'smp')).toBe('1454.36');
    for (const [r, index] of [[january, 0], [february, 1]] as const) expect(amountOf(r, 'smp')).toBe(money(engine.periods[index]!.amount));
    expect(january.payments[0]).toMatchObject({ type: 'smp', absenceIds: [maternity.id], daysPaid: 28 });
    expect([...january.covered]).toEqual(['smp']);
  });

  it('a tax-month period (6th to 5th) sums its own days and rounds up once: 31 days × 540 ÷ 7 = 2,391.43', () => {
    expect(amountOf(period('2026-01-06', '2026-02-05', [maternity]), 'smp')).toBe('2391.43');
  });

  it('stops after the leave’s last day (back at work): 4 Jan – 10 Jan is 7 days × 540 ÷ 7', () => {
    const back = { ...maternity, lastDay: '2026-01-10' };
    expect(amountOf(period('2026-01-01', '2026-01-31', [back]), 'smp')).toBe('540.00');
    expect(period('2026-02-01', '2026-02-28', [back]).payments).toEqual([]);
  });

  it('weeks beyond the registered rates are not needed for an earlier period', () => {
    // 39 weeks from 7 February 2027 reach weeks after 4 April 2027, whose rates are not registered.
    const late = absence({ kind: 'maternity', firstDay: '2027-02-07', dueDate: '2027-02-20', weeks: 39 });
    const history = Array.from({ length: 20 }, (_, i) => ({ payDate: `${2025 + Math.floor((i + 6) / 12)}-${String(((i + 6) % 12) + 1).padStart(2, '0')}-28`, gross: new Decimal(2600) }));
    // 7–28 February: 22 days × 540 ÷ 7 = 1,697.142… → 1,697.15.
    expect(amountOf(period('2027-02-01', '2027-02-28', [late], history), 'smp')).toBe('1697.15');
  });

  it('without pay history up to the qualifying week: not calculated, not covered, and a warning says to type it', () => {
    const r = period('2026-01-01', '2026-01-31', [maternity], []);
    expect(r.payments).toEqual([]);
    expect(r.covered.size).toBe(0);
    expect(r.warnings.join('\n')).toMatch(/SMP for maternity absence .* is not calculated: no approved pay .* UK-S-002 line/);
  });

  it('AWE below the LEL: covered with nothing to pay and a warning (form SMP1)', () => {
    const low = monthly2600.map((p) => ({ ...p, gross: new Decimal(400) }));
    const r = period('2026-01-01', '2026-01-31', [maternity], low);
    expect(amountOf(r, 'smp')).toBe('0.00');
    expect(r.covered.has('smp')).toBe(true);
    expect(r.warnings.join('\n')).toMatch(/no SMP for maternity absence .*awe-below-lel.*SMP1/);
  });

  it('parental bereavement takes the week before the week of the death as its relevant week', () => {
    // Death on Monday 6 October 2025: the relevant week is 28 Sep – 4 Oct, so 26 weeks of employment into it need a
    // start on or before 12 April 2025 (4 Oct − 25 weeks); had the week of the death counted, 19 April would do.
    const death = absence({ kind: 'parental_bereavement', firstDay: '2025-10-13', eventDate: '2025-10-06', weeks: 2 });
    const history = monthly2600.filter((p) => p.payDate >= '2025-04-01');
    const ok = statutoryPayForPeriod({ periodStart: '2025-10-01', periodEnd: '2025-10-31', earningsFrequency: 'monthly', employmentStart: '2025-04-12', absences: [death], payHistory: history });
    const late = statutoryPayForPeriod({ periodStart: '2025-10-01', periodEnd: '2025-10-31', earningsFrequency: 'monthly', employmentStart: '2025-04-13', absences: [death], payHistory: history });
    // 14 days at the lower of £187.18 and 90 % of £600: 2 × 187.18.
    expect(amountOf(ok, 'spbp')).toBe('374.36');
    expect(amountOf(late, 'spbp')).toBe('0.00');
    expect(late.warnings.join('\n')).toMatch(/insufficient-continuous-employment/);
  });
});

describe('SSP in a run period', () => {
  it('2025-26 worked example: Mon 2 – Fri 13 June 2025, AWE £300 recorded → 3 waiting days, 7 × 23.75 = 166.25', () => {
    const sick = absence({ kind: 'sickness', firstDay: '2025-06-02', lastDay: '2025-06-13', averageWeeklyEarnings: new Decimal('300') });
    const r = period('2025-06-01', '2025-06-30', [sick]);
    expect(r.payments).toEqual([{ type: 'ssp', amount: new Decimal('166.25'), absenceIds: [sick.id], daysPaid: 7, waitingDays: 3 }]);
  });

  it('a spell linked to an earlier one serves no new waiting days, and the month equals the engine’s month', () => {
    const june = absence({ kind: 'sickness', firstDay: '2025-06-23', lastDay: '2025-06-27', averageWeeklyEarnings: new Decimal('300') });
    const july = absence({ kind: 'sickness', firstDay: '2025-07-07', lastDay: '2025-07-11' });
    const r = period('2025-07-01', '2025-07-31', [june, july]);
    expect(amountOf(r, 'ssp')).toBe('118.75'); // 5 × 23.75, the waiting days were served in June
    const engine = calculateSsp({ qualifyingDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], averageWeeklyEarnings: new Decimal('300'), absences: [{ firstDay: '2025-06-23', lastDay: '2025-06-27' }, { firstDay: '2025-07-07', lastDay: '2025-07-11' }], payrollFrequency: 'monthly' });
    expect(money(engine.periods.find((p) => p.periodStart === '2025-07-01')!.amount)).toBe('118.75');
  });

  it('AWE from the pay history before the PIW, 2026-27 rules: £600 a month → AWE 138.4615384, 80 % = 110.77, 10 days × 22.154 = 221.54', () => {
    const history = [3, 4, 5, 6].map((m) => ({ payDate: `2026-0${m}-30`, gross: new Decimal(600) }));
    const sick = absence({ kind: 'sickness', firstDay: '2026-07-06', lastDay: '2026-07-17' });
    const r = period('2026-07-01', '2026-07-31', [sick], history);
    expect(amountOf(r, 'ssp')).toBe('221.54');
    expect(r.payments[0]).toMatchObject({ daysPaid: 10, waitingDays: 0 });
  });

  it('an open absence runs to the period’s end; nothing is typed-line material for a period it does not reach', () => {
    const open = absence({ kind: 'sickness', firstDay: '2026-07-27', averageWeeklyEarnings: new Decimal('600') });
    expect(amountOf(period('2026-07-01', '2026-07-31', [open]), 'ssp')).toBe('123.25'); // 27–31 July, 5 × 24.65
    const before = absence({ kind: 'sickness', firstDay: '2026-05-04', lastDay: '2026-05-08', averageWeeklyEarnings: new Decimal('600') });
    const r = period('2026-07-01', '2026-07-31', [before]);
    expect(r.payments).toEqual([]);
    expect(r.covered.size).toBe(0);
  });

  it('no pay history and no recorded AWE: not calculated, a warning names both ways out', () => {
    const sick = absence({ kind: 'sickness', firstDay: '2026-07-06', lastDay: '2026-07-10' });
    const r = period('2026-07-01', '2026-07-31', [sick], []);
    expect(r.covered.has('ssp')).toBe(false);
    expect(r.warnings.join('\n')).toMatch(/record average_weekly_earnings on the absence, or pay SSP with a UK-S-001 line/);
  });
});

describe('starter declaration → code (no P45)', () => {
  it.each([
    ['A', '1257L', false],
    ['B', '1257L', true],
    ['C', 'BR', true],
  ] as const)('statement %s in the year of starting: %s, week 1/month 1 %s', (declaration, code, w1m1) => {
    expect(starterCode(declaration, '2026-27', '2026-05-01')).toEqual({ taxCode: code, week1Month1: w1m1 });
  });

  it('a later tax year keeps the code but not the week 1/month 1 basis', () => {
    expect(starterCode('B', '2026-27', '2025-11-01')).toEqual({ taxCode: '1257L', week1Month1: false });
    expect(starterCode('C', '2026-27', '2025-11-01')).toEqual({ taxCode: 'BR', week1Month1: false });
  });
});
