/**
 * Employer liabilities per tax month with figures (statutory-payments-rules §§5–6): Employment Allowance used up
 * month by month, the levy allowance accruing 1/12 a month with the YTD rounded down to pounds, recovery on YTD
 * amounts, the P32 amount due.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO, money } from '../../../../src/domain/money.js';
import { STATUTORY_PAYMENT_TYPES, calculateEmployerLiabilities, type LiabilitiesInput, type LiabilityMonthInput, type StatutoryPaymentType } from '../../../../src/domain/gb/statutory/index.js';

function month(n: number, figures: Partial<Omit<LiabilityMonthInput, 'statutoryPaid'>> & { paid?: Partial<Record<StatutoryPaymentType, string>> } = {}): LiabilityMonthInput {
  const statutoryPaid = Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, new Decimal(figures.paid?.[t] ?? 0)])) as Record<StatutoryPaymentType, Decimal>;
  return { month: n, paye: ZERO, employeeNi: ZERO, employerNi: ZERO, studentLoans: ZERO, postgraduateLoans: ZERO, payBill: ZERO, ...figures, statutoryPaid };
}

function liabilities(months: LiabilityMonthInput[], overrides: Partial<LiabilitiesInput> = {}) {
  return calculateEmployerLiabilities({ taxYear: '2025-26', smallEmployer: false, employmentAllowanceClaimed: true, employmentAllowanceFromMonth: 1, months, ...overrides });
}

const twelve = (f: (n: number) => LiabilityMonthInput) => Array.from({ length: 12 }, (_, i) => f(i + 1));

describe('Employment Allowance', () => {
  it('is used against employer NICs month by month until the £10,500 has gone (3,130 a month → 3130, 3130, 3130, 1110, 0)', () => {
    const r = liabilities(twelve((n) => month(n, { employerNi: new Decimal(3130) })));
    expect(r.slice(0, 5).map((m) => money(m.employmentAllowanceUsed))).toEqual(['3130.00', '3130.00', '3130.00', '1110.00', '0.00']);
    expect(money(r[11]!.employmentAllowanceUsedYtd)).toBe('10500.00');
    expect(money(r[3]!.amountDue)).toBe('2020.00');
  });

  it('is not used before the month it is claimed from, nor when not claimed', () => {
    const from3 = liabilities(twelve((n) => month(n, { employerNi: new Decimal(1000) })), { employmentAllowanceFromMonth: 3 });
    expect(from3.slice(0, 3).map((m) => money(m.employmentAllowanceUsed))).toEqual(['0.00', '0.00', '1000.00']);
    const none = liabilities([month(1, { employerNi: new Decimal(1000) })], { employmentAllowanceClaimed: false });
    expect(money(none[0]!.amountDue)).toBe('1000.00');
  });
});

describe('Apprenticeship Levy', () => {
  it('ALM08300 seasonal pay bill: 0, 0, 750, 1250, then −250 each month', () => {
    const bills = [200_000, 200_000, 500_000, 500_000, ...Array(8).fill(200_000)] as number[];
    const r = liabilities(bills.map((b, i) => month(i + 1, { payBill: new Decimal(b) })), { employmentAllowanceClaimed: false });
    expect(r.map((m) => money(m.levyDueMonth))).toEqual(['0.00', '0.00', '750.00', '1250.00', ...Array(8).fill('-250.00')]);
    expect(money(r[11]!.levyDueYtd)).toBe('0.00');
  });

  it('the YTD is rounded down to whole pounds (pay bill 3,000,200 → £1; 3,000,199.99 → £0)', () => {
    const year = (last: string) => liabilities([...Array.from({ length: 11 }, (_, i) => month(i + 1, { payBill: new Decimal(250_000) })), month(12, { payBill: new Decimal(last) })], { employmentAllowanceClaimed: false });
    expect(money(year('250200')[11]!.levyDueYtd)).toBe('1.00');
    expect(money(year('250199.99')[11]!.levyDueYtd)).toBe('0.00');
  });

  it('a connected employer’s share of the allowance accrues 1/12 a month', () => {
    const r = liabilities([month(1, { payBill: new Decimal(300_000) })], { levyAnnualAllowance: new Decimal(3000), employmentAllowanceClaimed: false });
    expect(money(r[0]!.levyDueYtd)).toBe('1250.00'); // 1,500 − 250
  });
});

describe('recovery of statutory payments', () => {
  it('92 % on the year-to-date amounts rounded half up; the month is the change (100.05 a month → 92.05, 92.04)', () => {
    const r = liabilities([month(1, { paid: { smp: '100.05' } }), month(2, { paid: { smp: '100.05' } })], { employmentAllowanceClaimed: false });
    expect(r.map((m) => money(m.recovered.smp))).toEqual(['92.05', '92.04']);
    expect(r.map((m) => money(m.amountDue))).toEqual(['-92.05', '-92.04']);
    expect(money(r[1]!.amountDueYtd)).toBe('-184.09');
  });

  it('small employers’ relief: 100 % plus 8.5 % (2025-26) or 9 % (2026-27: SMP £3,400 → 3,400 + 306); SSP is not recovered', () => {
    const r2627 = liabilities([month(1, { paid: { smp: '3400', ssp: '500' } })], { taxYear: '2026-27', smallEmployer: true });
    expect([money(r2627[0]!.recovered.smp), money(r2627[0]!.compensation.smp), money(r2627[0]!.recovered.ssp)]).toEqual(['3400.00', '306.00', '0.00']);
    const r2526 = liabilities([month(1, { paid: { spp: '200' } })], { smallEmployer: true });
    expect(money(r2526[0]!.compensation.spp)).toBe('17.00');
  });

  it('refuses months out of order, naming the field', () => {
    expect(() => liabilities([month(2), month(1)])).toThrow(/months\.1\.month/);
  });
});
