/** PAYE: free pay, K codes and the overriding limit with its carry-forward, refunds, flat-rate codes, week 53. */
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { calculatePaye, calculatePayeDecimal, periodOneAdjustment, type PayeInput } from '../../../../src/domain/gb/paye.js';
import type { GbTaxYear, PayFrequency } from '../../../../src/domain/gb/ni/index.js';

const d = (value: string | number): Decimal => new Decimal(value);

function paye(partial: Partial<PayeInput> & { taxablePay: Decimal }): ReturnType<typeof calculatePaye> {
  const input: PayeInput = {
    taxYear: '2025-26',
    frequency: 'monthly',
    period: 1,
    taxCode: '1257L',
    taxablePayToDatePrevious: d(0),
    taxPaidToDatePrevious: d(0),
    ...partial,
  };
  const fast = calculatePaye(input);
  const slow = calculatePayeDecimal(input);
  // The integer kernel and the Decimal rule agree on every case here.
  expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
  return fast;
}

describe('free pay and additional pay (Tables A, spec 4.3.1)', () => {
  const weekly = d('96.16');
  const monthly = d('416.67');
  it.each([
    [1257, 52, '241.92'],
    [1257, 12, '1048.26'],
    [500, 52, '96.33'], // 5009 / 52 = 96.326… → 96.33
    [500, 12, '417.42'], // 5009 / 12 = 417.416… → 417.42
    [501, 12, '418.26'], // q = 1, r = 1: 19 / 12 → 1.59, + 416.67
    [999, 52, '192.30'], // q = 1, r = 499: 4999 / 52 → 96.14, + 96.16
    [1000, 52, '192.49'], // q = 1, r = 500: 96.33 + 96.16
    [1001, 52, '192.69'], // q = 2, r = 1: 0.37 + 192.32
    [1, 52, '0.37'],
    [0, 12, '0.00'],
  ] as const)('code %i, %i periods a year → %s', (code, perYear, expected) => {
    expect(money(periodOneAdjustment(code, perYear, perYear === 52 ? weekly : monthly))).toBe(expected);
  });
});

describe('cumulative suffix codes', () => {
  it('HMRC Gen_cumul-mthly 1: 1156.25 on 1257L month 1 → 21.40', () => {
    expect(money(paye({ taxablePay: d('1156.25') }).tax)).toBe('21.40');
  });
  it('refunds when pay to date falls below free pay to date', () => {
    const r = paye({ period: 3, taxablePay: d(0), taxablePayToDatePrevious: d(3000), taxPaidToDatePrevious: d('390.20') });
    expect(r.basis).toBe('cumulative');
    expect(money(r.tax)).toBe('-390.20');
    expect(money(r.taxPaidToDate)).toBe('0.00');
    expect(r.regulatoryLimitApplied).toBe(false);
  });
  it('a fortnightly payroll counts tax weeks: period 3 is week 6', () => {
    const fortnightly = paye({ frequency: 'fortnightly', period: 3, taxablePay: d(1000), taxablePayToDatePrevious: d(2000) });
    const weekly = paye({ frequency: 'weekly', period: 6, taxablePay: d(1000), taxablePayToDatePrevious: d(2000) });
    expect(fortnightly.tax.eq(weekly.tax)).toBe(true);
  });
});

describe('week 1 / month 1', () => {
  it('uses this period only and never refunds', () => {
    const r = paye({ period: 6, taxCode: '1257L', week1Month1: true, taxablePay: d(500), taxablePayToDatePrevious: d(20000), taxPaidToDatePrevious: d(4000) });
    expect(r.basis).toBe('week1month1');
    expect(money(r.tax)).toBe('0.00');
    expect(money(r.taxPaidToDate)).toBe('4000.00');
  });
  it('a W1/M1/X marker on the code has the same effect', () => {
    const marked = paye({ period: 6, taxCode: '1257L M1', taxablePay: d(2500), taxablePayToDatePrevious: d(12500), taxPaidToDatePrevious: d(1451) });
    expect(marked.basis).toBe('week1month1');
    expect(money(marked.tax)).toBe('290.20');
  });
  it('four-weekly week-1 basis uses 4 weeks of free pay and bands', () => {
    const r = paye({ frequency: 'four_weekly', period: 5, week1Month1: true, taxablePay: d(2000) });
    // 2000 − 4 × 241.92 = 1032.32 → 1032 × 20 %
    expect(money(r.tax)).toBe('206.40');
  });
});

describe('K codes and the overriding (regulatory) limit', () => {
  it('caps the tax at 50 % of the period pay and carries the shortfall forward on a cumulative code', () => {
    // K500, monthly: additional pay 417.42 a month. Month 1: pay 100 → taxable 517 → tax 103.40, limited to 50.00.
    const m1 = paye({ taxCode: 'K500', taxablePay: d(100) });
    expect(money(m1.tax)).toBe('50.00');
    expect(m1.regulatoryLimitApplied).toBe(true);
    expect(money(m1.taxNotDeducted)).toBe('53.40');
    // Month 2: pay 3000 → due to date on 3100 + 834.84 → the shortfall is collected now.
    const m2 = paye({ taxCode: 'K500', period: 2, taxablePay: d(3000), taxablePayToDatePrevious: d(100), taxPaidToDatePrevious: m1.taxPaidToDate });
    expect(m2.regulatoryLimitApplied).toBe(false);
    const dueToDate = d(3934).times('0.20'); // floor(3100 + 834.84) × 20 %
    expect(m2.taxPaidToDate.eq(dueToDate)).toBe(true);
    expect(money(m2.tax)).toBe(money(dueToDate.minus(m1.taxPaidToDate)));
  });
  it('does not carry the shortfall forward on week 1 / month 1', () => {
    const m1 = paye({ taxCode: 'K500 M1', taxablePay: d(100) });
    expect(money(m1.tax)).toBe('50.00');
    const m2 = paye({ taxCode: 'K500 M1', period: 2, taxablePay: d(3000), taxablePayToDatePrevious: d(100), taxPaidToDatePrevious: m1.taxPaidToDate });
    // This month only: 3000 + 417.42 → 3417; 628.3333 (basic band, 1/12) + (3417 − 3141.6666) × 40 % = 738.4666
    expect(money(m2.tax)).toBe('738.46');
  });
  it('truncates the limit to the penny (HMRC CK1500 vector: 666.67 → 333.33)', () => {
    const r = paye({ taxCode: 'CK1500', period: 5, taxablePay: d('666.67'), taxablePayToDatePrevious: d('2666.68'), taxPaidToDatePrevious: d('1333.32') });
    expect(money(r.tax)).toBe('333.33');
    expect(r.regulatoryLimitApplied).toBe(true);
  });
  it('excludes payrolled benefits from the limit base', () => {
    const r = paye({ taxCode: 'K500', taxablePay: d(400), payrolledBenefits: d(300) });
    expect(money(r.tax)).toBe('50.00'); // 50 % of (400 − 300)
    expect(r.regulatoryLimitApplied).toBe(true);
  });
  it('applies to a week-1 K code with no pay at all: nothing deducted', () => {
    const r = paye({ taxCode: 'K562 W1', frequency: 'weekly', period: 39, taxablePay: d(0) });
    expect(money(r.tax)).toBe('0.00');
    expect(r.regulatoryLimitApplied).toBe(true);
  });
  it('never limits a refund', () => {
    const r = paye({ taxCode: 'K100', period: 4, taxablePay: d(0), taxablePayToDatePrevious: d(3000), taxPaidToDatePrevious: d(2000) });
    expect(r.tax.isNegative()).toBe(true);
    expect(r.regulatoryLimitApplied).toBe(false);
  });
});

describe('flat-rate codes and NT', () => {
  it.each([
    ['BR', '1000.99', '200.00'],
    ['D0', '1000.99', '400.00'],
    ['D1', '1000.99', '450.00'],
    ['CD1', '1000.99', '450.00'],
    ['SBR', '1000.99', '200.00'],
    ['SD0', '1000.99', '210.00'],
    ['SD1', '1000.99', '420.00'],
    ['SD2', '1000.99', '450.00'],
    ['SD3', '1000.99', '480.00'],
  ])('%s on %s → %s (whole pounds × rate)', (code, pay, tax) => {
    expect(money(paye({ taxCode: code, taxablePay: d(pay) }).tax)).toBe(tax);
  });
  it('cumulative BR works on pay to date less tax paid', () => {
    expect(money(paye({ taxCode: 'BR', period: 2, taxablePay: d('500.50'), taxablePayToDatePrevious: d('500.50'), taxPaidToDatePrevious: d(100) }).tax)).toBe('100.20');
  });
  it('cumulative NT refunds all tax paid; week 1 NT deducts nothing', () => {
    expect(money(paye({ taxCode: 'NT', period: 10, taxablePay: d(5000), taxablePayToDatePrevious: d(45000), taxPaidToDatePrevious: d('38434.60') }).tax)).toBe('-38434.60');
    expect(money(paye({ taxCode: 'NT', week1Month1: true, period: 10, taxablePay: d(5000), taxPaidToDatePrevious: d(100) }).tax)).toBe('0.00');
  });
});

describe('week 53 / 54 / 56', () => {
  const cases: [GbTaxYear, PayFrequency, number][] = [
    ['2026-27', 'weekly', 53],
    ['2026-27', 'fortnightly', 27],
    ['2026-27', 'four_weekly', 14],
  ];
  it.each(cases)('%s %s period %i is taxed on the week-1/2/4 basis, without refunds', (taxYear, frequency, period) => {
    const r = paye({ taxYear, frequency, period, taxablePay: d(3000), taxablePayToDatePrevious: d(60000), taxPaidToDatePrevious: d(20000) });
    expect(r.basis).toBe('week53');
    expect(r.tax.isNegative()).toBe(false);
  });
  it('the free-pay test: free pay to week 52 covering the year → no tax (week53-nil)', () => {
    const r = paye({ taxYear: '2026-27', frequency: 'weekly', period: 53, taxCode: 'S1257L', taxablePay: d(1000), taxablePayToDatePrevious: d('9000.16') });
    expect(r.basis).toBe('week53-nil');
    expect(money(r.tax)).toBe('0.00');
  });
  it('fortnightly week 54 beyond the free pay: week-2 basis (HMRC-style vector gb2627-00386)', () => {
    const r = paye({ taxYear: '2026-27', frequency: 'fortnightly', period: 27, taxablePay: d(600), taxablePayToDatePrevious: d('12000.04') });
    expect(r.basis).toBe('week53');
    expect(money(r.tax)).toBe('23.20');
  });
  it('monthly payrolls have no period 13', () => {
    expect(() => paye({ period: 13, taxablePay: d(1) })).toThrow(DomainError);
    expect(() => paye({ frequency: 'weekly', period: 54, taxablePay: d(1) })).toThrow(/period 54 is outside 1–53/);
  });
});

describe('amounts the integer kernel does not take', () => {
  it('sub-penny and very large amounts go the Decimal way with the same rule', () => {
    const r = calculatePaye({ taxYear: '2025-26', frequency: 'monthly', period: 1, taxCode: '1257L', taxablePay: d('1156.255'), taxablePayToDatePrevious: d(0), taxPaidToDatePrevious: d(0) });
    expect(money(r.tax)).toBe('21.40');
    const big = calculatePaye({ taxYear: '2025-26', frequency: 'monthly', period: 12, taxCode: 'BR', taxablePay: d('5000000000'), taxablePayToDatePrevious: d(0), taxPaidToDatePrevious: d(0) });
    expect(money(big.tax)).toBe('1000000000.00');
  });
});
