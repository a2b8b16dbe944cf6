/**
 * Properties (fast-check) of the GB period engine.
 *
 * Cumulative vs annual: twelve monthly cumulative periods of equal pay P on a suffix code (code number c) deduct
 * in total exactly the tax due at month 12 (the cumulative basis telescopes: Σ (due_n − due_{n−1}) = due_12; with
 * equal pay the due never falls, so there is no refund, and a month's tax is at most the marginal rate × (P + £1),
 * below half of P once P ≥ £25, so the 50 % limit never binds — under £25 a month the whole-pound rounding can
 * put £1 × rate of tax into one month, more than half such a pay, and the limit then defers it). At month 12 the
 * pro-rating factor is 12/12, so the bands are the annual bands exactly; the only difference from an annual
 * calculation is free pay: 12 × (month-1 free pay, rounded UP to the penny) ≥ 10c + 9, the excess δ being below
 * 12 × 1p + 4p per complete 500 of the code (416.67 × 12 = 5000.04). For codes below 2000, δ < 24p < £1, so the
 * whole-pound taxable pay is the annual one or £1 less, and the tax is the annual tax or less by at most one
 * pound at the top marginal rate: 0 ≤ annual − cumulative ≤ £0.45 (rUK, Wales), £0.48 (Scotland).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { calculateGbPeriod, calculateGbPeriodDecimal, gbPeriodResultToWire, type GbPeriodInput } from '../../../support/gb-period.js';
import { periodArb, pounds } from '../../../support/gb-period-arbitrary.js';
import { calculatePaye } from '../../../../src/domain/gb/paye.js';
import { bareGbPeriod } from '../../../../src/domain/gb/run/bare-period.js';
import { calculateRunPayslip, calculateRunPayslipDecimal, type RunPayslipInput } from '../../../../src/domain/gb/run/payslip.js';
import { payslipFiguresToWire } from '../../../../src/domain/gb/run/wire.js';
import { gbParams } from '../../../../src/domain/gb/params/index.js';
import type { GbTaxYear } from '../../../../src/domain/gb/ni/index.js';
import type { TaxRegion } from '../../../../src/domain/gb/params/types.js';

const PREFIX: Record<TaxRegion, string> = { rUK: '', Scotland: 'S', Wales: 'C' };

/** Annual tax from the annual figures alone: whole pounds of (pay − (10c + 9)) through the annual bands. */
function annualTax(taxYear: GbTaxYear, region: TaxRegion, annualPay: Decimal, codeNumber: number): Decimal {
  const freePay = codeNumber === 0 ? new Decimal(0) : new Decimal(codeNumber * 10 + 9);
  let remaining = annualPay.minus(freePay).floor();
  let tax = new Decimal(0);
  for (const band of gbParams(taxYear).incomeTax[region].bands) {
    if (remaining.lte(0)) break;
    const slice = band.width === null || remaining.lt(band.width) ? remaining : band.width;
    tax = tax.plus(slice.times(band.rate));
    remaining = remaining.minus(slice);
  }
  return tax;
}

describe('twelve equal monthly periods on a cumulative suffix code ≈ the annual calculation', () => {
  it('total deducted = tax due at month 12, and 0 ≤ annual − cumulative ≤ £1 × top rate', () => {
    // Also with the pay of the known tiny-pay case (9p a month on 0T): the limit defers the tax, nothing is lost.
    const tiny = Array.from({ length: 12 }, (_, i) => i + 1).reduce(
      (acc, month) => {
        const r = calculatePaye({ taxYear: '2025-26', frequency: 'monthly', period: month, taxCode: '0T', taxablePay: pounds(9), taxablePayToDatePrevious: acc.pay, taxPaidToDatePrevious: acc.tax });
        return { pay: r.taxablePayToDate, tax: r.taxPaidToDate, limited: acc.limited || r.regulatoryLimitApplied };
      },
      { pay: new Decimal(0), tax: new Decimal(0), limited: false },
    );
    expect(tiny.limited).toBe(true);
    expect(money(tiny.tax)).toBe('0.04'); // due 0.20 on £1.08, limited to half of 9p
    fc.assert(
      fc.property(
        fc.constantFrom<GbTaxYear>('2025-26', '2026-27'),
        fc.constantFrom<TaxRegion>('rUK', 'Scotland', 'Wales'),
        fc.integer({ min: 0, max: 1999 }),
        fc.constantFrom('L', 'M', 'N', 'T'),
        fc.integer({ min: 2_500, max: 3_000_000 }), // monthly pay in pence, £25 to £30,000
        (taxYear, region, codeNumber, suffix, monthlyPence) => {
          const code = codeNumber === 0 ? `${PREFIX[region]}0T` : `${PREFIX[region]}${codeNumber}${suffix}`;
          const pay = pounds(monthlyPence);
          let payToDate = new Decimal(0);
          let taxToDate = new Decimal(0);
          let deducted = new Decimal(0);
          for (let month = 1; month <= 12; month += 1) {
            const r = calculatePaye({ taxYear, frequency: 'monthly', period: month, taxCode: code, taxablePay: pay, taxablePayToDatePrevious: payToDate, taxPaidToDatePrevious: taxToDate });
            expect(r.regulatoryLimitApplied).toBe(false);
            expect(r.tax.isNegative() && !r.tax.isZero()).toBe(false);
            deducted = deducted.plus(r.tax);
            payToDate = r.taxablePayToDate;
            taxToDate = r.taxPaidToDate;
          }
          expect(deducted.eq(taxToDate)).toBe(true);
          const annual = annualTax(taxYear, region, pay.times(12), codeNumber);
          const difference = annual.minus(deducted);
          const topRate = region === 'Scotland' ? '0.48' : '0.45';
          expect(difference.gte(0)).toBe(true);
          expect(difference.lte(topRate)).toBe(true);
          if (codeNumber === 0) expect(difference.isZero()).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});


describe('every period', () => {
  it('NI is never negative, nor any NI earnings band', () => {
    fc.assert(
      fc.property(periodArb, (input) => {
        const r = calculateGbPeriod(input);
        for (const value of [r.employeeNi, r.employerNi, r.niBands.atLel, r.niBands.lelToPt, r.niBands.ptToUel]) expect(value.isNegative() && !value.isZero()).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('net pay = gross − salary sacrifice − tax − employee NI − loans − pension deduction; the other identities hold', () => {
    fc.assert(
      fc.property(periodArb, (input) => {
        const r = calculateGbPeriod(input);
        const sacrifice = r.salarySacrifice ?? new Decimal(0);
        const pensionDeduction = r.pensionEmployeeDeduction ?? new Decimal(0);
        const expected = input.grossPay.minus(sacrifice).minus(r.tax).minus(r.employeeNi).minus(r.studentLoan).minus(r.postgraduateLoan).minus(pensionDeduction);
        expect(money(r.netPay)).toBe(money(expected));
        const netPayContribution = input.pension?.method === 'net_pay' ? (r.pensionEmployeeGross as Decimal) : new Decimal(0);
        expect(money(r.taxablePay)).toBe(money(input.grossPay.minus(netPayContribution).minus(sacrifice).plus(input.payrolledBenefits ?? 0)));
        expect(money(r.niablePay)).toBe(money(input.grossPay.minus(sacrifice)));
        expect(money(r.taxPaidToDate)).toBe(money(input.taxPaidToDatePrevious.plus(r.tax)));
        expect(money(r.taxablePayToDate)).toBe(money(input.taxablePayToDatePrevious.plus(r.taxablePay)));
        // Overriding limit: never more than half the relevant pay (taxable pay less payrolled benefits).
        if (r.tax.gt(0)) expect(r.tax.lte(r.taxablePay.minus(input.payrolledBenefits ?? 0).div(2))).toBe(true);
        // No refund except on a cumulative basis.
        if (r.taxBasis !== 'cumulative') expect(r.tax.isNegative() && !r.tax.isZero()).toBe(false);
        // Loans are whole pounds.
        expect(r.studentLoan.isInteger() && r.postgraduateLoan.isInteger()).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('the integer-pence kernels give exactly the Decimal rules’ results, with the same trace', () => {
    fc.assert(
      fc.property(periodArb, (input) => {
        const fastSteps: string[] = [];
        const slowSteps: string[] = [];
        const fast = gbPeriodResultToWire(calculateGbPeriod(input, (flow, node) => fastSteps.push(`${flow}/${node}`)));
        const slow = gbPeriodResultToWire(calculateGbPeriodDecimal(input, (flow, node) => slowSteps.push(`${flow}/${node}`)));
        expect(fast).toEqual(slow);
        expect(fastSteps).toEqual(slowSteps);
      }),
      { numRuns: 2000 },
    );
  });

  it('sub-penny amounts take the Decimal path', () => {
    const input: GbPeriodInput = {
      taxYear: '2025-26',
      frequency: 'monthly',
      period: 1,
      taxCode: '1257L',
      grossPay: new Decimal('1156.255'),
      taxablePayToDatePrevious: new Decimal(0),
      taxPaidToDatePrevious: new Decimal(0),
      niCategory: 'A',
    };
    const steps: string[] = [];
    const r = gbPeriodResultToWire(calculateGbPeriod(input, (flow, node) => steps.push(`${flow}/${node}`)));
    expect(r.tax).toBe('21.40');
    expect(steps[0]).toBe('params/2025-26');
    expect(steps).toContain('paye/basis:cumulative');
    expect(steps.at(-1)).toBe('net_pay/gross-less-deductions');
  });
});

/** A run's payslip: every kind of amount, refunds of contributions and NIable pay already paid in the earnings period. */
const runArb: fc.Arbitrary<RunPayslipInput> = fc
  .record({
    period: periodArb,
    taxableOnly: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
    niableOnly: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
    untaxed: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
    sacrifice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
    preTax: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
    postTax: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
    reimbursements: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30_000 })),
    refund: fc.option(fc.tuple(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 90_000 })), { nil: null, freq: 5 }),
    priorNiable: fc.option(fc.integer({ min: 0, max: 800_000 }), { nil: undefined, freq: 5 }),
    subPenny: fc.integer({ min: 0, max: 9 }),
  })
  .map((r) => {
    const base = bareGbPeriod(r.period);
    const earnings = base.amounts.taxableNiable;
    return {
      ...base,
      // One case in ten carries a fraction of a penny, which sends the whole payslip down the Decimal path.
      amounts: {
        ...base.amounts,
        taxableOnly: pounds(r.taxableOnly).plus(r.subPenny === 0 ? '0.004' : 0),
        niableOnly: pounds(r.niableOnly),
        untaxed: pounds(r.untaxed),
        aeQualifying: earnings.plus(pounds(r.niableOnly)),
        salarySacrifice: pounds(r.sacrifice),
        preTaxDeductions: pounds(r.preTax),
        postTaxDeductions: pounds(r.postTax),
        reimbursements: pounds(r.reimbursements),
      },
      refund: r.refund ? { netPay: pounds(r.refund[0]), reliefAtSource: pounds(r.refund[1]), salarySacrifice: pounds(r.refund[2]), employer: pounds(r.refund[3]) } : null,
      ...(r.priorNiable !== undefined && !base.director ? { priorNiablePay: pounds(r.priorNiable) } : {}),
    };
  });

describe('every run payslip', () => {
  it('the integer-pence path gives exactly the Decimal rules’ payslip, with the same trace', () => {
    fc.assert(
      fc.property(runArb, (input) => {
        const fastSteps: string[] = [];
        const slowSteps: string[] = [];
        const fast = payslipFiguresToWire(calculateRunPayslip(input, (flow, node) => fastSteps.push(`${flow}/${node}`)));
        const slow = payslipFiguresToWire(calculateRunPayslipDecimal(input, (flow, node) => slowSteps.push(`${flow}/${node}`)));
        expect(fast).toEqual(slow);
        expect(fastSteps).toEqual(slowSteps);
        const fastAll = calculateRunPayslip(input);
        const slowAll = calculateRunPayslipDecimal(input);
        for (const key of ['refundToEmployee', 'refundToEmployer', 'otherSalarySacrifice', 'preTaxDeductions', 'postTaxDeductions', 'reimbursements'] as const) {
          expect(money(fastAll[key])).toBe(money(slowAll[key]));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
