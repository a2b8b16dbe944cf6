/**
 * Random whole GB periods for property tests (fast-check): every tax year, frequency and period, tax codes of every
 * shape, benefits, year-to-date figures, NI categories, student and postgraduate loans, pensions, directors. Shared
 * by the engine's properties (test/domain/gb/engine/properties.test.ts) and the stored figures' round trip
 * (test/store/gb-payslip-figures-v3.test.ts).
 */
import fc from 'fast-check';
import { Decimal } from '../../src/domain/money.js';
import type { GbTaxYear, NiCategory, PayFrequency } from '../../src/domain/gb/ni/index.js';
import type { PensionArrangement } from '../../src/domain/gb/pension.js';
import type { StudentLoanPlan } from '../../src/domain/gb/student-loans.js';
import type { GbPeriodInput } from './gb-period.js';

export const pounds = (pence: number): Decimal => new Decimal(pence).div(100);

export const plansArb = fc.constantFrom<readonly StudentLoanPlan[]>([], ['1'], ['2'], ['4'], ['5'], ['1', '2'], ['2', '4'], ['4', '5'], ['1', '5']);
export const pensionArb: fc.Arbitrary<PensionArrangement | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    method: fc.constantFrom('net_pay' as const, 'relief_at_source' as const, 'salary_sacrifice' as const),
    basis: fc.constantFrom('qualifying_earnings' as const, 'pensionable_pay' as const),
    employeeRate: fc.integer({ min: 0, max: 2000 }).map((bp) => new Decimal(bp).div(10000)),
    employerRate: fc.integer({ min: 0, max: 2000 }).map((bp) => new Decimal(bp).div(10000)),
    employeeCap: fc.option(fc.integer({ min: 0, max: 100_000 }).map(pounds), { nil: null }),
    employerCap: fc.option(fc.integer({ min: 0, max: 100_000 }).map(pounds), { nil: null }),
  }),
);
export const codeArb = fc.oneof(
  fc.tuple(fc.constantFrom('', 'S', 'C'), fc.integer({ min: 0, max: 3000 }), fc.constantFrom('L', 'M', 'N', 'T')).map(([p, n, s]) => (n === 0 ? `${p}0T` : `${p}${n}${s}`)),
  fc.tuple(fc.constantFrom('', 'S', 'C'), fc.integer({ min: 1, max: 3000 })).map(([p, n]) => `${p}K${n}`),
  fc.constantFrom('BR', 'D0', 'D1', 'CBR', 'CD0', 'CD1', 'SBR', 'SD0', 'SD1', 'SD2', 'SD3', 'NT'),
);
export const FREQUENCY_PERIODS: Record<PayFrequency, number> = { weekly: 53, fortnightly: 27, four_weekly: 14, monthly: 12 };
export const periodArb: fc.Arbitrary<GbPeriodInput> = fc
  .record({
    taxYear: fc.constantFrom<GbTaxYear>('2025-26', '2026-27'),
    frequency: fc.constantFrom<PayFrequency>('weekly', 'fortnightly', 'four_weekly', 'monthly'),
    periodSeed: fc.nat(),
    taxCode: codeArb,
    week1Month1: fc.boolean(),
    grossPence: fc.integer({ min: 0, max: 2_500_000 }),
    benefitsPence: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
    previousPayPence: fc.integer({ min: 0, max: 20_000_000 }),
    previousTaxPence: fc.integer({ min: 0, max: 8_000_000 }),
    niCategory: fc.constantFrom<NiCategory>('A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'),
    studentLoanPlans: plansArb,
    postgraduateLoan: fc.boolean(),
    pension: pensionArb,
    niEarningsPeriod: fc.option(fc.constantFrom<PayFrequency>('weekly', 'monthly'), { nil: undefined }),
    director: fc.option(
      fc.record({
        method: fc.constantFrom('standard_annual_earnings_period' as const, 'alternative' as const),
        weeksInEarningsPeriod: fc.integer({ min: 1, max: 52 }),
        previousPence: fc.integer({ min: 0, max: 10_000_000 }),
        finalPeriod: fc.boolean(),
      }),
      { nil: undefined, freq: 8 },
    ),
  })
  .map((r) => ({
    taxYear: r.taxYear,
    frequency: r.frequency,
    period: 1 + (r.periodSeed % FREQUENCY_PERIODS[r.frequency]),
    taxCode: r.taxCode,
    week1Month1: r.week1Month1,
    grossPay: pounds(r.grossPence),
    payrolledBenefits: pounds(r.benefitsPence),
    taxablePayToDatePrevious: pounds(r.previousPayPence),
    taxPaidToDatePrevious: pounds(r.previousTaxPence),
    niCategory: r.niCategory,
    studentLoanPlans: r.studentLoanPlans,
    postgraduateLoan: r.postgraduateLoan,
    pension: r.pension,
    ...(r.niEarningsPeriod ? { niEarningsPeriod: r.niEarningsPeriod } : {}),
    ...(r.director
      ? {
          director: {
            method: r.director.method,
            weeksInEarningsPeriod: r.director.weeksInEarningsPeriod,
            niablePayToDatePrevious: pounds(r.director.previousPence),
            // NI and bands to date consistent with the pay to date: what the annual method gives on it.
            employeeNiToDatePrevious: new Decimal(0),
            employerNiToDatePrevious: new Decimal(0),
            finalPeriod: r.director.finalPeriod,
          },
        }
      : {}),
  }));
