/**
 * The payslip sums (domain/de/payslip-sums.ts) in whole cents against their Decimal reference: the PAP's taxes of the
 * period with church tax and a Teillohnzahlungszeitraum, the net wages, and the totals, for seeded figures including
 * negative ones, amounts of a fraction of a cent (the reference takes those) and zeros.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { netOf, netOfDecimal, payslipTotals, payslipTotalsCents, payslipTotalsDecimal, taxSums, taxSumsCents, taxSumsDecimal } from '../../../../src/domain/de/payslip-sums.js';

const SEED = 20260422;
const text = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (v instanceof Decimal ? `${v.toString()}${v.isZero() && v.isNegative() ? '(-0)' : ''}` : v));
/** Euros from cents, or (1 in 8) an amount with a fraction of a cent. */
const amount = fc.tuple(fc.integer({ min: -5_000_000, max: 50_000_000 }), fc.nat(7)).map(([cents, odd]) => new Decimal(cents).div(odd === 0 ? 1000 : 100));
const papCents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n));

describe('payslip sums: cents against Decimal', () => {
  it('taxes of the period: the same wage tax, Soli, church tax, one-off taxes and Soli base', () => {
    let inCents = 0;
    fc.assert(
      fc.property(
        fc.record({ LSTLZZ: papCents, STS: papCents, SOLZLZZ: papCents, SOLZS: papCents, BK: papCents, BKS: fc.integer({ min: -1_000_000, max: 10_000_000 }).map((n) => new Decimal(n)) }),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 31 })),
        fc.constantFrom(undefined, new Decimal('0.08'), new Decimal('0.09')),
        (pap, times, churchRate) => {
          const cents = taxSumsCents(pap, times, churchRate);
          expect(cents).toBeDefined();
          inCents += 1;
          expect(text(cents)).toBe(text(taxSumsDecimal(pap, times, churchRate)));
          expect(text(taxSums(pap, times, churchRate))).toBe(text(taxSumsDecimal(pap, times, churchRate)));
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
    expect(inCents).toBe(3000);
    // A PAP output with a fraction of a cent goes to the reference.
    const odd = { LSTLZZ: new Decimal('1.5'), STS: new Decimal(0), SOLZLZZ: new Decimal(0), SOLZS: new Decimal(0), BK: new Decimal(0), BKS: new Decimal(0) };
    expect(taxSumsCents(odd, 1, undefined)).toBeUndefined();
    expect(taxSums(odd, 1, undefined).incomeTax.toString()).toBe('0.015');
  });

  it('net wages and totals: the same figures, the reference for fractions of a cent', () => {
    fc.assert(
      fc.property(
        amount,
        fc.array(amount, { maxLength: 5 }),
        fc.record({
          netWages: amount,
          benefitsInKind: amount,
          deductions: fc.array(amount, { maxLength: 4 }),
          reimbursements: fc.array(amount, { maxLength: 4 }),
          privateHealthSubsidy: amount,
          privateCareSubsidy: amount,
          employerItems: fc.array(amount, { minLength: 8, maxLength: 8 }),
          taxes: fc.array(amount, { minLength: 4, maxLength: 4 }),
        }),
        (gross, less, totals) => {
          expect(text(netOf(gross, less))).toBe(text(netOfDecimal(gross, less)));
          expect(text(payslipTotals(totals))).toBe(text(payslipTotalsDecimal(totals)));
          const all = [totals.netWages, totals.benefitsInKind, totals.privateHealthSubsidy, totals.privateCareSubsidy, ...totals.deductions, ...totals.reimbursements, ...totals.employerItems, ...totals.taxes];
          if (all.every((value) => value.decimalPlaces() <= 2)) expect(payslipTotalsCents(totals)).toBeDefined();
          else expect(payslipTotalsCents(totals)).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });
});
