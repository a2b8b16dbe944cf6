/**
 * SMP and the other family payments with figures (statutory-payments-rules §§3–4, 8): the qualifying week, the
 * relevant period and AWE from the pay history, 6 weeks at 90 % then the flat rate, the April uprating by pay week,
 * 1/7 day rates for part weeks, the qualifying conditions.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { calculateFamilyPay, type FamilyPayInput, type PayRecord } from '../../../../src/domain/gb/statutory/index.js';

/** £2,600 paid monthly on the 28th from January 2025 to December 2025. */
const monthly2600: PayRecord[] = Array.from({ length: 12 }, (_, i) => ({ payDate: `2025-${String(i + 1).padStart(2, '0')}-28`, gross: new Decimal(2600) }));

function smp(overrides: Partial<FamilyPayInput> = {}) {
  return calculateFamilyPay({
    kind: 'smp',
    event: { type: 'birth', dueDate: '2026-01-20' },
    startDate: '2026-01-04',
    employmentStart: '2020-01-01',
    earningsFrequency: 'monthly',
    payHistory: monthly2600,
    weeks: 39,
    payrollFrequency: 'monthly',
    ...overrides,
  });
}

describe('SMP', () => {
  it('worked example: due 20 Jan 2026, £2,600 monthly → QW 5–11 Oct 2025, AWE £600, 6 × 540, then 187.18, then 194.32 from 5 April', () => {
    const r = smp();
    expect(r.ewcStart).toBe('2026-01-18');
    expect(r.qualifyingWeek).toEqual(['2025-10-05', '2025-10-11']);
    expect(r.relevantPeriod).toEqual(['2025-07-29', '2025-09-28']);
    expect(money(r.relevantPeriodEarnings)).toBe('5200.00');
    expect(r.averageWeeklyEarnings.toFixed(7)).toBe('600.0000000');
    expect(money(r.earningsRelatedRate)).toBe('540.00');
    const weeks = r.weeklyAmounts.map((a) => money(a));
    expect(weeks.slice(0, 6)).toEqual(Array(6).fill('540.00'));
    expect(weeks.slice(6, 13)).toEqual(Array(7).fill('187.18')); // weeks beginning 15 Feb – 29 Mar 2026
    expect(weeks.slice(13)).toEqual(Array(26).fill('194.32')); // from the week beginning Sunday 5 April 2026
    expect(r.periods.slice(0, 2).map((p) => [p.periodStart, p.days, money(p.amount)])).toEqual([['2026-01-01', 28, '2160.00'], ['2026-02-01', 28, '1454.36']]);
    expect(r.payEndDate).toBe('2026-10-03');
    expect(money(r.total)).toBe(money(r.periods.reduce((s, p) => s.plus(p.amount), new Decimal(0))));
  });

  it('the earnings-related rate is 90 % of AWE rounded up to the penny, and the lower of it and the flat rate after 6 weeks', () => {
    // Weekly £150.01: AWE 150.01, 90 % = 135.009 → 135.01 every week (below the flat rate).
    const weekly: PayRecord[] = Array.from({ length: 20 }, (_, i) => ({ payDate: new Date(Date.UTC(2025, 5, 6 + 7 * i)).toISOString().slice(0, 10), gross: new Decimal('150.01') }));
    const r = smp({ earningsFrequency: 'weekly', payHistory: weekly, event: { type: 'birth', dueDate: '2026-01-20' } });
    expect(money(r.earningsRelatedRate)).toBe('135.01');
    expect(new Set(r.weeklyAmounts.map((a) => money(a)))).toEqual(new Set(['135.01']));
  });

  it('part weeks are paid at 1/7 of the week’s rate, one rounding up per pay period', () => {
    // SMP from Thursday 29 Jan 2026: 3 days in January at 540/7 each = 231.428… → 231.43.
    const r = smp({ startDate: '2026-01-29' });
    expect(r.periods[0]).toMatchObject({ periodStart: '2026-01-01', days: 3 });
    expect(money(r.periods[0]!.amount)).toBe('231.43');
  });

  it('AWE equal to the LEL qualifies; a penny less does not, and an employee of under 26 weeks does not', () => {
    // Monthly pay with AWE exactly 125: 541.666… a month is not a whole penny, so use weekly pay of £125.
    const weekly = (amount: string): PayRecord[] => Array.from({ length: 20 }, (_, i) => ({ payDate: new Date(Date.UTC(2025, 5, 6 + 7 * i)).toISOString().slice(0, 10), gross: new Decimal(amount) }));
    expect(smp({ earningsFrequency: 'weekly', payHistory: weekly('125.00') }).qualifies).toBe(true);
    const below = smp({ earningsFrequency: 'weekly', payHistory: weekly('124.99') });
    expect([below.qualifies, below.notQualifiedReasons, below.periods.length]).toEqual([false, ['awe-below-lel'], 0]);
    // QW Saturday 11 Oct 2025 − 25 weeks = 19 April 2025: employed from then qualifies, from the next day not.
    expect(smp({ employmentStart: '2025-04-19' }).qualifies).toBe(true);
    expect(smp({ employmentStart: '2025-04-20' }).notQualifiedReasons).toEqual(['insufficient-continuous-employment']);
  });

  it('uses the LEL in force at the end of the qualifying week (2024-25: £123)', () => {
    const r = smp({ event: { type: 'birth', dueDate: '2025-06-20' }, startDate: '2025-06-01', payHistory: [{ payDate: '2024-12-28', gross: new Decimal(2600) }, { payDate: '2025-01-28', gross: new Decimal(2600) }, { payDate: '2025-02-28', gross: new Decimal(2600) }] });
    expect(r.qualifyingWeek).toEqual(['2025-03-02', '2025-03-08']);
    expect(money(r.lowerEarningsLimit)).toBe('123.00');
  });

  it('refuses more weeks than the payment allows, naming the field', () => {
    expect(() => smp({ weeks: 40 })).toThrow(/weeks/);
    expect(() => smp({ kind: 'spp', weeks: 3 })).toThrow(/SPP runs for 1 to 2 weeks/);
  });
});

describe('SPP and ShPP', () => {
  it('pay the lower of the flat rate and 90 % from the first week', () => {
    const spp = smp({ kind: 'spp', weeks: 2, startDate: '2026-01-20' });
    expect(spp.weeklyAmounts.map((a) => money(a))).toEqual(['187.18', '187.18']);
    expect(spp.periods.map((p) => [p.periodStart, p.days, money(p.amount)])).toEqual([['2026-01-01', 12, '320.88'], ['2026-02-01', 2, '53.48']]);
    const shpp = smp({ kind: 'shpp', weeks: 3, startDate: '2026-03-22' });
    expect(shpp.weeklyAmounts.map((a) => money(a))).toEqual(['187.18', '187.18', '194.32']);
  });
});

describe('years without figures', () => {
  it('refuses a pay week beginning on or after the first Sunday in April 2027 (its rates are not registered)', () => {
    // SMP from 1 Jan 2027 for 39 weeks reaches into the week beginning Sunday 4 April 2027.
    expect(() => smp({ event: { type: 'birth', dueDate: '2027-01-20' }, startDate: '2027-01-01', payHistory: Array.from({ length: 12 }, (_, i) => ({ payDate: `2026-${String(i + 1).padStart(2, '0')}-28`, gross: new Decimal(2600) })) })).toThrow(/2027-04-04/);
  });
});
