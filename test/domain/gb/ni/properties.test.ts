/** fast-check properties of the Class 1 NI rule and unit checks of thresholds, aggregation and validation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO, money } from '../../../../src/domain/money.js';
import { isDomainError } from '../../../../src/domain/errors.js';
import { buildBandTable, fromPence, niDecimal, periodThreshold, toPence } from '../../../../src/domain/gb/ni/engine.js';
import { niParamsFor } from '../../../../src/domain/gb/ni/params.js';
import { calculateDirectorNi, calculateNi, isNiCategory, type GbTaxYear, type NiCategory, type NiInput, type PayFrequency } from '../../../../src/domain/gb/ni/index.js';

const CATEGORIES: NiCategory[] = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'];
const FREQUENCIES: PayFrequency[] = ['weekly', 'fortnightly', 'four_weekly', 'monthly'];
const YEARS: GbTaxYear[] = ['2025-26', '2026-27'];

const arbYear = fc.constantFrom(...YEARS);
const arbFrequency = fc.constantFrom(...FREQUENCIES);
const arbCategory = fc.constantFrom(...CATEGORIES);
const arbCovered = fc.integer({ min: 1, max: 4 });
/** Pence up to £250,000, weighted towards the thresholds' neighbourhood. */
const arbPence = fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 25_000_000 }));
const pounds = (pence: number): Decimal => new Decimal(pence).dividedBy(100);
/** Amounts with fractions of a penny (up to 6 places) — these take the Decimal path. */
const arbFractional = fc.integer({ min: 0, max: 2_000_000_000 }).map((micro) => new Decimal(micro).dividedBy(1_000_000));

const ni = (year: GbTaxYear, frequency: PayFrequency, category: NiCategory, pay: Decimal, periodsCovered = 1) =>
  calculateNi({ taxYear: year, frequency, category, niablePay: pay, periodsCovered });

describe('properties of calculateNi', () => {
  it('NI is never negative', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbCovered, fc.oneof(arbPence.map(pounds), arbFractional), (year, frequency, category, covered, pay) => {
        const r = ni(year, frequency, category, pay, covered);
        expect(r.employeeNi.gte(0)).toBe(true);
        expect(r.employerNi.gte(0)).toBe(true);
        for (const band of [r.earningsAtLel, r.earningsLelToPt, r.earningsPtToUel, r.earningsAboveUel]) expect(band.gte(0)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('NI is monotone non-decreasing in pay for a category', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbCovered, arbPence, fc.integer({ min: 0, max: 500_000 }), (year, frequency, category, covered, low, extra) => {
        const a = ni(year, frequency, category, pounds(low), covered);
        const b = ni(year, frequency, category, pounds(low + extra), covered);
        expect(b.employeeNi.gte(a.employeeNi)).toBe(true);
        expect(b.employerNi.gte(a.employerNi)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('band figures add up to the pay from the LEL and are empty below it', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbCovered, fc.oneof(arbPence.map(pounds), arbFractional), (year, frequency, category, covered, pay) => {
        const r = ni(year, frequency, category, pay, covered);
        const total = r.earningsAtLel.plus(r.earningsLelToPt).plus(r.earningsPtToUel).plus(r.earningsAboveUel);
        if (r.earningsAtLel.isZero()) expect(total.isZero()).toBe(true);
        else expect(total.eq(pay)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('the integer (pence) path and the Decimal path agree', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbCovered, arbPence, (year, frequency, category, covered, pence) => {
        const fast = ni(year, frequency, category, pounds(pence), covered);
        const scale = frequency === 'monthly' ? 'm' : 'w';
        const units = frequency === 'monthly' ? covered : covered * { weekly: 1, fortnightly: 2, four_weekly: 4, monthly: 0 }[frequency];
        const slow = niDecimal(buildBandTable(niParamsFor(year), category, scale, units), pounds(pence));
        expect([fast.employeeNi, fast.employerNi, fast.earningsAtLel, fast.earningsLelToPt, fast.earningsPtToUel, fast.earningsAboveUel].map((x) => money(x))).toEqual(
          [slow.employee, slow.employer, slow.atLel, slow.lelToPt, slow.ptToUel, slow.aboveUel].map((x) => money(x)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('toPence reads whole pence exactly and refuses fractions of a penny', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5e12, max: 5e12 }), (pence) => {
        expect(toPence(pounds(pence))).toBe(pence);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 9 }), (pence, tenth) => {
        expect(toPence(pounds(pence).plus(new Decimal(tenth).dividedBy(1000)))).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
    expect(toPence(new Decimal('1e20'))).toBeUndefined();
  });

  it('aggregating a second payment in the same earnings period gives the NI of the total', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbPence, arbPence, (year, frequency, category, first, second) => {
        const firstResult = ni(year, frequency, category, pounds(first));
        const secondResult = calculateNi({ taxYear: year, frequency, category, niablePay: pounds(second), priorNiablePayThisPeriod: pounds(first), priorEmployeeNiThisPeriod: firstResult.employeeNi, priorEmployerNiThisPeriod: firstResult.employerNi });
        const whole = ni(year, frequency, category, pounds(first + second));
        expect(money(firstResult.employeeNi.plus(secondResult.employeeNi))).toBe(money(whole.employeeNi));
        expect(money(firstResult.employerNi.plus(secondResult.employerNi))).toBe(money(whole.employerNi));
        expect(money(firstResult.earningsAtLel.plus(secondResult.earningsAtLel))).toBe(money(whole.earningsAtLel));
        expect(money(firstResult.earningsLelToPt.plus(secondResult.earningsLelToPt))).toBe(money(whole.earningsLelToPt));
        expect(money(firstResult.earningsPtToUel.plus(secondResult.earningsPtToUel))).toBe(money(whole.earningsPtToUel));
        expect(secondResult.employeeNi.gte(0) && secondResult.employerNi.gte(0)).toBe(true);
        // Without the NI already deducted, it is worked out from the prior pay.
        const implicit = calculateNi({ taxYear: year, frequency, category, niablePay: pounds(second), priorNiablePayThisPeriod: pounds(first) });
        expect(money(implicit.employeeNi)).toBe(money(secondResult.employeeNi));
        expect(money(implicit.employerNi)).toBe(money(secondResult.employerNi));
      }),
      { numRuns: 2000 },
    );
  });

  it('aggregation in pence agrees with the Decimal route (fractions of a penny force the latter)', () => {
    fc.assert(
      fc.property(arbYear, arbFrequency, arbCategory, arbPence, arbPence, (year, frequency, category, first, second) => {
        const viaPence = calculateNi({ taxYear: year, frequency, category, niablePay: pounds(second), priorNiablePayThisPeriod: pounds(first) });
        const scale = frequency === 'monthly' ? 'm' : 'w';
        const units = { weekly: 1, fortnightly: 2, four_weekly: 4, monthly: 1 }[frequency];
        const table = buildBandTable(niParamsFor(year), category, scale, units);
        const total = niDecimal(table, pounds(first + second));
        const before = niDecimal(table, pounds(first));
        expect([viaPence.employeeNi, viaPence.employerNi, viaPence.earningsAtLel, viaPence.earningsLelToPt, viaPence.earningsPtToUel, viaPence.earningsAboveUel].map((x) => money(x))).toEqual(
          [
            total.employee.minus(before.employee),
            total.employer.minus(before.employer),
            total.atLel.minus(before.atLel),
            total.lelToPt.minus(before.lelToPt),
            total.ptToUel.minus(before.ptToUel),
            total.aboveUel.minus(before.aboveUel),
          ].map((x) => money(x)),
        );
        // The same payment with a thousandth of a penny more takes the Decimal route and differs by at most that.
        const viaDecimal = calculateNi({ taxYear: year, frequency, category, niablePay: pounds(second).plus('0.00001'), priorNiablePayThisPeriod: pounds(first) });
        expect(viaDecimal.employeeNi.minus(viaPence.employeeNi).abs().lte('0.01')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('fromPence builds the same Decimals as parsing their strings', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5e12, max: 5e12 }), (pence) => {
        const built = fromPence(pence);
        const parsed = new Decimal(pence).dividedBy(100);
        expect(built.eq(parsed)).toBe(true);
        expect(built.toFixed(2)).toBe(parsed.toFixed(2));
        expect(built.plus('0.01').minus(parsed).toFixed(2)).toBe('0.01');
        expect(built.times(3).toFixed(2)).toBe(parsed.times(3).toFixed(2));
      }),
      { numRuns: 5000 },
    );
  });

  it("a director's annual-method NI over the year adds up to the annual calculation on the total", () => {
    fc.assert(
      fc.property(arbYear, arbCategory, fc.integer({ min: 1, max: 52 }), fc.array(arbPence, { minLength: 1, maxLength: 12 }), (year, category, weeks, pays) => {
        let toDate = ZERO;
        let employee = ZERO;
        let employer = ZERO;
        for (const pence of pays) {
          toDate = toDate.plus(pounds(pence));
          const r = calculateDirectorNi({ taxYear: year, method: 'standard_annual_earnings_period', category, weeksInEarningsPeriod: weeks, niablePayToDate: toDate, employeeNiPaidToDatePrevious: employee, employerNiPaidToDatePrevious: employer });
          expect(r.employeeNi.gte(0) && r.employerNi.gte(0)).toBe(true);
          employee = employee.plus(r.employeeNi);
          employer = employer.plus(r.employerNi);
          expect(money(employee)).toBe(money(r.employeeNiToDate));
        }
        const once = calculateDirectorNi({ taxYear: year, method: 'standard_annual_earnings_period', category, weeksInEarningsPeriod: weeks, niablePayToDate: toDate, employeeNiPaidToDatePrevious: ZERO, employerNiPaidToDatePrevious: ZERO });
        expect(money(employee)).toBe(money(once.employeeNi));
        expect(money(employer)).toBe(money(once.employerNi));
      }),
      { numRuns: 500 },
    );
  });
});

describe('thresholds per earnings period', () => {
  const figures = (year: GbTaxYear, scale: 'w' | 'm' | 'a', n: number) => {
    const t = niParamsFor(year).thresholds;
    return Object.fromEntries((['LEL', 'ST', 'PT', 'FUST', 'UEL'] as const).map((name) => [name, periodThreshold(t[name], scale, n).toNumber()]));
  };
  it('2025-26: published weekly/monthly, derived 2- and 4-weekly rounded up (params-2025-26.md §2)', () => {
    expect(figures('2025-26', 'w', 1)).toEqual({ LEL: 125, ST: 96, PT: 242, FUST: 481, UEL: 967 });
    expect(figures('2025-26', 'w', 2)).toEqual({ LEL: 250, ST: 193, PT: 484, FUST: 962, UEL: 1934 });
    expect(figures('2025-26', 'w', 4)).toEqual({ LEL: 500, ST: 385, PT: 967, FUST: 1924, UEL: 3867 });
    expect(figures('2025-26', 'm', 1)).toEqual({ LEL: 542, ST: 417, PT: 1048, FUST: 2083, UEL: 4189 });
    expect(figures('2025-26', 'a', 52)).toEqual({ LEL: 6500, ST: 5000, PT: 12570, FUST: 25000, UEL: 50270 });
  });
  it('2026-27: only the LEL changes (params-2026-27.md §2)', () => {
    expect(figures('2026-27', 'w', 1)).toEqual({ LEL: 129, ST: 96, PT: 242, FUST: 481, UEL: 967 });
    expect(figures('2026-27', 'w', 2)).toEqual({ LEL: 258, ST: 193, PT: 484, FUST: 962, UEL: 1934 });
    expect(figures('2026-27', 'w', 4)).toEqual({ LEL: 516, ST: 385, PT: 967, FUST: 1924, UEL: 3867 });
    expect(figures('2026-27', 'm', 1)).toEqual({ LEL: 559, ST: 417, PT: 1048, FUST: 2083, UEL: 4189 });
    expect(figures('2026-27', 'a', 52)).toEqual({ LEL: 6708, ST: 5000, PT: 12570, FUST: 25000, UEL: 50270 });
  });
  it("directors' pro-rata annual earnings period: annual × weeks / 52 rounded up ([HMRC-DIR] 48 weeks)", () => {
    expect(figures('2025-26', 'a', 48)).toMatchObject({ LEL: 6000, PT: 11604, UEL: 46404 });
    expect(figures('2025-26', 'a', 37)).toMatchObject({ LEL: 4625, PT: 8945 });
    expect(figures('2026-27', 'a', 31)).toMatchObject({ LEL: 3999 });
  });
  it('a two-week payment on a weekly payroll uses the two-week thresholds; two months use annual/12×2 rounded up', () => {
    const pay = new Decimal('1500.00');
    const twoWeeks = calculateNi({ taxYear: '2025-26', frequency: 'weekly', periodsCovered: 2, category: 'A', niablePay: pay });
    const fortnight = calculateNi({ taxYear: '2025-26', frequency: 'fortnightly', category: 'A', niablePay: pay });
    expect(twoWeeks).toEqual(fortnight);
    expect(figures('2025-26', 'm', 2)).toEqual({ LEL: 1084, ST: 834, PT: 2095, FUST: 4167, UEL: 8379 });
    const twoMonths = calculateNi({ taxYear: '2025-26', frequency: 'monthly', periodsCovered: 2, category: 'A', niablePay: new Decimal('9000.00') });
    expect(money(twoMonths.earningsPtToUel)).toBe('6284.00');
    expect(money(twoMonths.employeeNi)).toBe(money(new Decimal('502.72').plus('12.42')));
  });
});

describe('rounding and categories', () => {
  it('half a penny or less is disregarded, judged on the third decimal (params §2; HMRC data)', () => {
    // Category B, monthly: (PT + x) × 1.85%. x = 2.70 → 0.04995 → third decimal 9 → 0.05.
    const b = (pay: string) => money(calculateNi({ taxYear: '2025-26', frequency: 'monthly', category: 'B', niablePay: new Decimal(pay) }).employeeNi);
    expect(b('1050.70')).toBe('0.05'); // 2.70 × 0.0185 = 0.04995
    expect(b('1049.30')).toBe('0.02'); // 1.30 × 0.0185 = 0.02405
    expect(b('1049.40')).toBe('0.02'); // 1.40 × 0.0185 = 0.0259 → third decimal 5 → down
    expect(b('1049.50')).toBe('0.03'); // 1.50 × 0.0185 = 0.02775 → third decimal 7 → up
  });
  it('category X pays no NI but still reports the bands', () => {
    const r = calculateNi({ taxYear: '2026-27', frequency: 'monthly', category: 'X', niablePay: new Decimal('3952.31') });
    expect([r.employeeNi, r.employerNi, r.earningsAtLel, r.earningsLelToPt, r.earningsPtToUel].map((x) => money(x))).toEqual(['0.00', '0.00', '559.00', '489.00', '2904.31']);
  });
  it('isNiCategory accepts exactly the 17 letters', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(isNiCategory(letter)).toBe(CATEGORIES.includes(letter as NiCategory));
    expect(isNiCategory('a')).toBe(false);
    expect(isNiCategory('')).toBe(false);
  });
});

describe('validation', () => {
  const base: NiInput = { taxYear: '2025-26', frequency: 'monthly', category: 'A', niablePay: new Decimal('1000') };
  const code = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (error) {
      return isDomainError(error) ? `${error.kind}:${error.code}` : 'not a DomainError';
    }
    return undefined;
  };
  it('rejects unknown years, frequencies, letters and period counts with validation errors', () => {
    expect(code(() => calculateNi({ ...base, taxYear: '2024-25' as GbTaxYear }))).toBe('validation:GB_NI.TAX_YEAR_UNSUPPORTED');
    expect(code(() => calculateNi({ ...base, frequency: 'daily' as PayFrequency }))).toBe('validation:VALIDATION.FAILED');
    expect(code(() => calculateNi({ ...base, category: 'G' as NiCategory }))).toBe('validation:VALIDATION.FAILED');
    expect(code(() => calculateNi({ ...base, periodsCovered: 0 }))).toBe('validation:VALIDATION.FAILED');
    expect(code(() => calculateNi({ ...base, periodsCovered: 1.5 }))).toBe('validation:VALIDATION.FAILED');
    expect(code(() => calculateNi({ ...base, niablePay: new Decimal(NaN) }))).toBe('validation:VALIDATION.FAILED');
    expect(code(() => calculateDirectorNi({ taxYear: '2025-26', method: 'alternative', category: 'A', weeksInEarningsPeriod: 52, niablePayToDate: ZERO, employeeNiPaidToDatePrevious: ZERO, employerNiPaidToDatePrevious: ZERO }))).toBe(
      'validation:VALIDATION.FAILED',
    );
    expect(code(() => calculateDirectorNi({ taxYear: '2025-26', method: 'standard_annual_earnings_period', category: 'A', weeksInEarningsPeriod: 53, niablePayToDate: ZERO, employeeNiPaidToDatePrevious: ZERO, employerNiPaidToDatePrevious: ZERO }))).toBe(
      'validation:VALIDATION.FAILED',
    );
  });
  it('negative pay gives no NI', () => {
    const r = calculateNi({ ...base, niablePay: new Decimal('-250.00') });
    expect([r.employeeNi, r.employerNi, r.earningsAtLel].map((x) => money(x))).toEqual(['0.00', '0.00', '0.00']);
  });
});

describe('lookups are not fooled by inherited property names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s', (junk) => {
    const base: NiInput = { taxYear: '2025-26', frequency: 'monthly', category: 'A', niablePay: new Decimal('1000') };
    for (const bad of [{ ...base, category: junk as NiCategory }, { ...base, frequency: junk as PayFrequency }, { ...base, taxYear: junk as GbTaxYear }]) {
      let caught: unknown;
      try {
        calculateNi(bad);
      } catch (error) {
        caught = error;
      }
      expect(isDomainError(caught) && caught.kind === 'validation').toBe(true);
    }
  });
});
