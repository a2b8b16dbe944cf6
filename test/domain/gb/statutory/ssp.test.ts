/**
 * SSP rules with figures (statutory-payments-rules §§2, 8): waiting days, linking across gaps of at most 8 weeks,
 * the 28-week cap, 4-place daily rates, the 2026 reform and its transition, the reasons for paying nothing.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { calculateSsp, type SspInput, type WeekdayName } from '../../../../src/domain/gb/statutory/index.js';

const MON_FRI: WeekdayName[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

function ssp(overrides: Partial<SspInput> & { absences: SspInput['absences'] }) {
  return calculateSsp({ qualifyingDays: MON_FRI, averageWeeklyEarnings: new Decimal('300'), payrollFrequency: 'weekly', ...overrides });
}

const periods = (result: ReturnType<typeof ssp>) => result.periods.map((p) => [p.periodStart, p.sspDaysPaid, p.waitingDays, money(p.amount)]);

describe('SSP 2025-26 rules', () => {
  it('worked example: Mon–Fri, AWE £300, sick 2–13 June 2025 → 3 waiting days, 7 paid × 23.75 = 166.25', () => {
    const r = ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-13' }] });
    expect(r.waitingDays).toBe(3);
    expect(r.daysPaid).toBe(7);
    expect(money(r.total)).toBe('166.25');
    expect(periods(r)).toEqual([['2025-06-01', 2, 3, '47.50'], ['2025-06-08', 5, 0, '118.75']]);
    expect(r.entitlementWeeksUsed.toFixed(4)).toBe('1.4000');
  });

  it('a spell of 3 days forms no PIW; 4 days does', () => {
    expect(ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-04' }] }).notEntitledReason).toBe('no-piw');
    const four = ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-05' }] });
    expect([four.waitingDays, four.daysPaid, money(four.total)]).toEqual([3, 1, '23.75']);
  });

  it('PIWs 56 days apart link (waiting days once); 57 days apart do not (waiting days again)', () => {
    // 2–6 June (Mon–Fri), then 56 days between → 2 August is day 57 after 6 June; start the second PIW on Mon 4 Aug.
    const linked = ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-06' }, { firstDay: '2025-08-02', lastDay: '2025-08-08' }] });
    expect(linked.waitingDays).toBe(3);
    expect(linked.daysPaid).toBe(2 + 5);
    const apart = ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-06' }, { firstDay: '2025-08-03', lastDay: '2025-08-08' }] });
    expect(apart.waitingDays).toBe(6);
    expect(apart.daysPaid).toBe(2 + 2);
    expect(apart.entitlementWeeksUsed.toFixed(4)).toBe('0.4000'); // the last series only
  });

  it('a 1–3 day spell between PIWs neither forms a PIW nor links them', () => {
    // PIW 2–6 June; short spell 20–21 July (Sun–Mon); PIW from 5 Aug (60 days after 6 June) stands alone.
    const r = ssp({ absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-06' }, { firstDay: '2025-07-20', lastDay: '2025-07-21' }, { firstDay: '2025-08-05', lastDay: '2025-08-11' }] });
    expect(r.waitingDays).toBe(6);
    expect(r.periods.find((p) => p.periodStart === '2025-07-20')).toMatchObject({ sspDaysPaid: 0, waitingDays: 0 });
  });

  it('waiting days carry over from an earlier linked series', () => {
    const r = ssp({
      absences: [{ firstDay: '2025-09-01', lastDay: '2025-09-12' }],
      previousLinkedPiw: { firstDay: '2025-07-07', lastDay: '2025-07-20', waitingDaysServed: 3, sspDaysPaid: 7 },
    });
    expect([r.waitingDays, r.daysPaid]).toEqual([0, 10]);
    expect(r.entitlementWeeksUsed.toFixed(4)).toBe('3.4000');
  });

  it('caps at 28 weeks = 28 × qualifying days a week and says so', () => {
    // Mon–Fri: 140 paid days after 3 waiting days; the weekly payroll pays 28 × 118.75.
    const r = ssp({ absences: [{ firstDay: '2025-04-07', lastDay: '2025-12-31' }] });
    expect(r.daysPaid).toBe(140);
    expect(money(r.total)).toBe('3325.00');
    expect(r.entitlementWeeksUsed.toFixed(4)).toBe('28.0000');
    expect(r.entitlementExhausted).toBe(true);
    const after = ssp({ absences: [{ firstDay: '2025-09-01', lastDay: '2025-09-12' }], previousLinkedPiw: { firstDay: '2025-01-06', lastDay: '2025-08-01', waitingDaysServed: 3, sspDaysPaid: 140 } });
    expect([after.daysPaid, after.notEntitledReason, after.entitlementExhausted]).toEqual([0, 'max-entitlement-reached', false]);
  });

  it('daily rate = weekly ÷ qualifying days cut to 4 places; a period rounds its sum up to the penny', () => {
    // 3 QDs a week: 118.75 / 3 = 39.58333… → 39.5833; one paid day → 39.59 (plain rounding would give 39.58).
    const r = ssp({ qualifyingDays: ['Monday', 'Wednesday', 'Friday'], absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-09' }] });
    expect(r.days.filter((d) => d.outcome === 'paid').map((d) => d.dailyRate!.toFixed(4))).toEqual(['39.5833']);
    expect(money(r.total)).toBe('39.59');
  });

  it('no SSP when AWE is below the LEL at the start of the PIW; AWE equal to the LEL qualifies', () => {
    const below = ssp({ averageWeeklyEarnings: new Decimal('124.99'), absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-13' }] });
    expect([below.daysPaid, below.waitingDays, below.notEntitledReason]).toEqual([0, 0, 'awe-below-lel']);
    const at = ssp({ averageWeeklyEarnings: new Decimal('125'), absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-13' }] });
    expect(money(at.total)).toBe('166.25');
  });

  it('names why nothing is paid: waiting days only, no qualifying days', () => {
    expect(ssp({ absences: [{ firstDay: '2025-06-04', lastDay: '2025-06-08' }] }).notEntitledReason).toBe('waiting-days-only');
    expect(ssp({ qualifyingDays: ['Wednesday'], absences: [{ firstDay: '2025-06-05', lastDay: '2025-06-08' }] })).toMatchObject({ notEntitledReason: 'no-qualifying-days', periods: [] });
  });

  it('refuses input that breaks a rule, naming the field', () => {
    expect(() => ssp({ qualifyingDays: [], absences: [{ firstDay: '2025-06-02', lastDay: '2025-06-05' }] })).toThrow(/qualifying_days/);
    expect(() => ssp({ absences: [{ firstDay: '2025-06-05', lastDay: '2025-06-02' }] })).toThrow(/absences\.0\.last_day/);
    expect(() => ssp({ absences: [{ firstDay: '2024-06-03', lastDay: '2024-06-07' }] })).toThrow(/2024-25/);
  });
});

describe('SSP from 6 April 2026 (Employment Rights Act 2025 s.10)', () => {
  it('pays from the first day, one day is a PIW, at the lower of £123.25 and 80 % of AWE rounded up', () => {
    const one = ssp({ absences: [{ firstDay: '2026-06-03', lastDay: '2026-06-03' }] });
    expect([one.waitingDays, one.daysPaid, money(one.total)]).toEqual([0, 1, '24.65']);
    // 154.05 × 0.8 = 123.24; 154.06 × 0.8 = 123.248 → 123.25 (the flat rate).
    const low = ssp({ averageWeeklyEarnings: new Decimal('154.05'), absences: [{ firstDay: '2026-06-01', lastDay: '2026-06-05' }] });
    expect(low.days[0]!.weeklyRate!.toFixed(2)).toBe('123.24');
    expect(money(low.total)).toBe('123.24');
    const edge = ssp({ averageWeeklyEarnings: new Decimal('154.06'), absences: [{ firstDay: '2026-06-01', lastDay: '2026-06-05' }] });
    expect(money(edge.total)).toBe('123.25');
  });

  it('spanning, AWE £140: waiting days and £118.75 before 6 April, the protected flat rate after (worked example)', () => {
    const r = ssp({ averageWeeklyEarnings: new Decimal('140'), payrollFrequency: 'monthly', absences: [{ firstDay: '2026-03-25', lastDay: '2026-04-17' }] });
    expect(periods(r)).toEqual([['2026-03-01', 2, 3, '47.50'], ['2026-04-01', 13, 0, '317.75']]);
    expect(money(r.total)).toBe('365.25');
  });

  it('spanning, AWE £100 (below the LEL): nothing before 6 April, then 80 % = £80 a week (worked example)', () => {
    const r = ssp({ averageWeeklyEarnings: new Decimal('100'), absences: [{ firstDay: '2026-03-30', lastDay: '2026-04-17' }] });
    expect(r.daysPaid).toBe(10);
    expect(money(r.total)).toBe('160.00');
    expect(r.days.filter((d) => d.date < '2026-04-06').every((d) => d.outcome === 'below-lel')).toBe(true);
  });

  it('someone still serving waiting days on 6 April is paid from 6 April at the new rate', () => {
    const r = ssp({ averageWeeklyEarnings: new Decimal('130'), absences: [{ firstDay: '2026-04-02', lastDay: '2026-04-10' }] });
    expect(r.waitingDays).toBe(2); // Thursday 2 and Friday 3 April; the third would have been Monday 6 April
    expect(r.days.filter((d) => d.outcome === 'paid').map((d) => d.weeklyRate!.toFixed(2))).toEqual(Array(5).fill('104.00'));
  });

  it('a continuous absence begun before 22 September 2025 and unpaid stays unpaid after 6 April', () => {
    const r = ssp({ averageWeeklyEarnings: new Decimal('100'), absences: [{ firstDay: '2025-09-15', lastDay: '2026-04-30' }] });
    expect([r.daysPaid, r.notEntitledReason]).toEqual([0, 'awe-below-lel']);
    const later = ssp({ averageWeeklyEarnings: new Decimal('100'), absences: [{ firstDay: '2025-09-22', lastDay: '2026-04-10' }] });
    expect(later.daysPaid).toBe(5);
  });
});
