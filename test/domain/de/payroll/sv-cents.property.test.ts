/**
 * The integer SV kernel (sv-cents.ts) against its Decimal reference (social-insurance.ts): for a few thousand seeded
 * inputs of both years — midijob band edges, minijobs around the RV minimum base, the period ceilings, odd SV days
 * (partial months, weeks, days, a year), one-offs with and without the year's one-off bases, private insurance,
 * Saxony, surcharge and reductions, request-style rates with up to six decimals, amounts beyond 2^53 / rate — both
 * answer the same figures and hear the same steps with the same values, in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { paramsForYear, type DeSocialParams } from '../../../../src/domain/de/params/index.js';
import { calculateSocialInsurance, calculateSocialInsuranceDecimal, periodCeiling, type SocialInsuranceInput } from '../../../../src/domain/de/social-insurance.js';
import { socialInsuranceCents } from '../../../../src/domain/de/sv-cents.js';

const SEED = 20260419;
const euros = (cents: number): Decimal => new Decimal(cents).div(100);

/** A result as text: every Decimal by its digits (and the sign of a zero), every key in its order. */
function text(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Decimal ? `${v.toString()}${v.isZero() && v.isNegative() ? '(-0)' : ''}` : v));
}

interface Heard {
  steps: unknown[];
  trace: (flow: string, node: string, values?: Readonly<Record<string, string>>) => void;
}
function heard(): Heard {
  const steps: unknown[] = [];
  return { steps, trace: (flow, node, values) => void steps.push(values ? [flow, node, values] : [flow, node]) };
}

function cents(value: Decimal): number {
  return value.mul(100).toNumber();
}

/** Wages (cents) near the figures where the rules turn: the band edges, the ceilings, the minijob minimum base. */
function edges(params: DeSocialParams, svDays: number): number[] {
  const g = (cents(params.midijob.lowerBound) * svDays) / 30;
  const o = (cents(params.midijob.upperBound) * svDays) / 30;
  const minimum = (cents(params.minijob.minimumPensionBaseMonthly) * svDays) / 30;
  const kv = cents(periodCeiling(params.ceilings.healthCareAnnual, svDays));
  const rv = cents(periodCeiling(params.ceilings.pensionUnemploymentAnnual, svDays));
  return [g, o, minimum, kv, rv].flatMap((x) => [Math.floor(x), Math.ceil(x)]);
}

const RATES = ['0', '0.0025', '0.011', '0.016', '0.02125', '0.0245', '0.029', '0.0378', '0.044', '0.012345', '0.000001', '0.0219'];

const inputs = fc
  .record({
    year: fc.constantFrom(2025 as const, 2026 as const),
    svDays: fc.oneof(fc.constantFrom(30, 30, 30, 7, 1, 360), fc.integer({ min: 1, max: 30 })),
    employment: fc.constantFrom('regular' as const, 'midijob' as const, 'midijob' as const, 'minijob' as const),
    wageKind: fc.constantFrom('edge', 'edge', 'band', 'band', 'small', 'any', 'any', 'huge'),
    inBand: fc.integer({ min: 0, max: 1_000_000 }),
    edgeIndex: fc.nat(9),
    offset: fc.integer({ min: -3, max: 3 }),
    small: fc.integer({ min: 0, max: 250_000 }),
    any: fc.integer({ min: 0, max: 2_500_000 }),
    huge: fc.integer({ min: 1e9, max: 1e12 }),
    oneOff: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
    oneOffBases: fc.option(fc.record({ healthCare: fc.integer({ min: 0, max: 1_000_000 }), pensionUnemployment: fc.integer({ min: 0, max: 1_500_000 }) }), { freq: 3 }),
    statutoryHealth: fc.constantFrom(true, true, true, true, false),
    additionalRate: fc.constantFrom(...RATES),
    saxony: fc.boolean(),
    childlessSurcharge: fc.boolean(),
    childReductions: fc.integer({ min: 0, max: 6 }),
    u1: fc.constantFrom(...RATES),
    u2: fc.constantFrom(...RATES),
    privateHealth: fc.integer({ min: 0, max: 150_000 }),
    privateCare: fc.integer({ min: 0, max: 15_000 }),
    pensionExemption: fc.boolean(),
    flatTaxPaidByEmployee: fc.boolean(),
  })
  .map((r) => {
    const params = paramsForYear(r.year);
    const edge = edges(params, r.svDays)[r.edgeIndex]!;
    const [g, , o] = edges(params, r.svDays);
    const inBand = Math.round(g! + ((o! - g!) * r.inBand) / 1_000_000);
    const current = Math.max(0, r.wageKind === 'edge' ? edge + r.offset : r.wageKind === 'band' ? inBand : r.wageKind === 'small' ? r.small : r.wageKind === 'huge' ? r.huge : r.any);
    // At a band edge the whole wage sits on it: the one-off moves it off only when there is none.
    const oneOff = r.wageKind === 'edge' || r.wageKind === 'band' ? 0 : r.oneOff;
    const input: SocialInsuranceInput = {
      svDays: r.svDays,
      currentWage: euros(current),
      oneOffWage: euros(oneOff),
      ...(r.oneOffBases ? { oneOffBases: { healthCare: euros(r.oneOffBases.healthCare), pensionUnemployment: euros(r.oneOffBases.pensionUnemployment) } } : {}),
      employment: r.employment,
      statutoryHealth: r.statutoryHealth,
      additionalRate: new Decimal(r.additionalRate),
      saxony: r.saxony,
      childlessSurcharge: r.childlessSurcharge,
      childReductions: r.childReductions,
      u1Rate: new Decimal(r.u1),
      u2Rate: new Decimal(r.u2),
      privateHealthMonthly: euros(r.privateHealth),
      privateCareMonthly: euros(r.privateCare),
      minijob: { pensionExemption: r.pensionExemption, flatTaxPaidByEmployee: r.flatTaxPaidByEmployee },
    };
    return { params, input, wageCents: current + oneOff };
  });

/** The kernel leaves to the reference only a midijob wage exactly on a band edge (30 × AE = G × SV days or O × SV days). */
function onBandEdge(params: DeSocialParams, input: SocialInsuranceInput, wageCents: number): boolean {
  if (input.employment !== 'midijob') return false;
  const times30 = wageCents * 30;
  return times30 === cents(params.midijob.lowerBound) * input.svDays || times30 === cents(params.midijob.upperBound) * input.svDays;
}

describe('SV integer kernel against the Decimal reference', () => {
  it('gives the same contributions, bases and steps for 4,000 seeded inputs of 2025 and 2026', () => {
    let answered = 0;
    let midijobs = 0;
    let minimumBase = 0;
    fc.assert(
      fc.property(inputs, ({ params, input, wageCents }) => {
        const reference = heard();
        const kernel = heard();
        const expected = calculateSocialInsuranceDecimal(params, input, reference.trace);
        const actual = socialInsuranceCents(params, input, kernel.trace);
        if (onBandEdge(params, input, wageCents)) {
          expect(actual).toBeUndefined();
          expect(kernel.steps).toEqual([]);
          return;
        }
        expect(actual).toBeDefined();
        answered += 1;
        if (actual?.appliedEmployment === 'midijob') midijobs += 1;
        if (reference.steps.some((s) => (s as string[])[1] === 'MINIJOB_RV_MINIMUM_BASE')) minimumBase += 1;
        expect(text(actual)).toBe(text(expected));
        expect(JSON.stringify(kernel.steps)).toBe(JSON.stringify(reference.steps));
        // Without a trace the figures are the same too (no step computes a figure).
        expect(text(socialInsuranceCents(params, input))).toBe(text(expected));
      }),
      { seed: SEED, numRuns: 4000 },
    );
    // The mix reaches the branches it is meant to (not a test that cannot fail for want of cases).
    expect(answered).toBeGreaterThan(3500);
    expect(midijobs).toBeGreaterThan(300);
    expect(minimumBase).toBeGreaterThan(20);
  });

  it('rounds a half cent up where a product exceeds 2^53 and is computed in BigInt', () => {
    const params = paramsForYear(2025);
    // U1 of a minijob is round(current wage × rate) with no ceiling: 0.012345 × c is a half cent when c × 12345 ends
    // in 500000 (of 10^6); the first such c above 8 × 10^11 cents makes c × 12345 ≈ 10^16 > 2^53.
    let c = 800_000_000_000n;
    while ((c * 12345n) % 1_000_000n !== 500_000n) c += 1n;
    const wage = new Decimal(c.toString()).div(100);
    const input: SocialInsuranceInput = {
      svDays: 30,
      currentWage: wage,
      oneOffWage: new Decimal(0),
      employment: 'minijob',
      statutoryHealth: true,
      additionalRate: new Decimal('0.025'),
      saxony: false,
      childlessSurcharge: false,
      childReductions: 0,
      u1Rate: new Decimal('0.012345'),
      u2Rate: new Decimal('0.012345'),
      privateHealthMonthly: new Decimal(0),
      privateCareMonthly: new Decimal(0),
    };
    expect(Number(c) * 12345).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const kernel = socialInsuranceCents(params, input);
    const expected = new Decimal(((c * 12345n) / 1_000_000n + 1n).toString()).div(100);
    expect(kernel?.employer.sickPay.toString()).toBe(expected.toString());
    expect(text(kernel)).toBe(text(calculateSocialInsuranceDecimal(params, input)));
  });

  it('leaves to the reference what it does not take, before hearing any step', () => {
    const params = paramsForYear(2026);
    const base: SocialInsuranceInput = {
      svDays: 30,
      currentWage: new Decimal('3000'),
      oneOffWage: new Decimal(0),
      employment: 'regular',
      statutoryHealth: true,
      additionalRate: new Decimal('0.029'),
      saxony: false,
      childlessSurcharge: false,
      childReductions: 0,
      u1Rate: new Decimal(0),
      u2Rate: new Decimal(0),
      privateHealthMonthly: new Decimal(0),
      privateCareMonthly: new Decimal(0),
    };
    const refused: Partial<SocialInsuranceInput>[] = [
      { currentWage: new Decimal('3000.005') },
      { currentWage: new Decimal('-1') },
      { currentWage: new Decimal('1e13') },
      { additionalRate: new Decimal('0.0000000000000001') },
      { childReductions: 1.5 },
      { svDays: 0 },
      // 2026, a week: G × 7 / 30 = 140.70 € exactly, the lower band edge.
      { svDays: 7, currentWage: new Decimal('140.70'), employment: 'midijob' },
    ];
    for (const over of refused) {
      const input = { ...base, ...over };
      const steps = heard();
      expect(socialInsuranceCents(params, input, steps.trace)).toBeUndefined();
      expect(steps.steps).toEqual([]);
      // The entry point answers them all with the reference's figures.
      expect(text(calculateSocialInsurance(params, input))).toBe(text(calculateSocialInsuranceDecimal(params, input)));
    }
    expect(socialInsuranceCents(params, base)).toBeDefined();
  });
});
