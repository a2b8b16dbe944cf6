/**
 * Property: within a tax class, more wage never means less wage tax (LSTLZZ).
 *
 * The PAP itself is not monotone to the cent, and a faithful engine must not be either. Two of its
 * roundings work against each other:
 * - the Vorsorgepauschale is rounded UP to whole euros (VSP, VSPN) while the taxable income is
 *   truncated DOWN (X), so one more cent of wage can add a whole euro of Vorsorgepauschale and
 *   take X one euro lower (the first pinned case below, worked through by hand);
 * - classes V and VI tax twice the difference of two truncated tariff values (UP5_6: DIFF =
 *   2 × (ST1 − ST2)), which wobbles by up to ±2.9 € as the wage rises.
 * Neither effect can outlast a real rise: the Vorsorgepauschale takes at most ~25 % of a rise (plus
 * one euro of rounding), the Altersentlastungsbetrag at most 40 % (plus one), and DIFF grows by at
 * least 0.14 € per euro of ZX while its wobble spans < 5.8 €; so a rise of 250 € a year (annual
 * equivalent; more than twice the worst case of ~125 €) can never lower the tax. That is the
 * property checked here, for every class, both years, every pay period and a wide spread of the
 * other inputs. Random sampling finds no decrease at all for rises of 3 € a year or more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLohnsteuer, type PapInput, type PapYear } from '../../../../src/domain/de/lohnsteuer/index.js';

const lst = (year: PapYear, input: Partial<PapInput>): number => calculateLohnsteuer(year, input).LSTLZZ.toNumber();

/** Share of a year one pay period is in the PAP (MRE4JL): year, month, week = 7/360, day = 1/360. */
const SHARE: Record<number, number> = { 1: 1, 2: 1 / 12, 3: 7 / 360, 4: 1 / 360 };
const MIN_RISE = 25_000; // cents a year: 250 €

function context(year: PapYear, stkl: number): fc.Arbitrary<Partial<PapInput>> {
  return fc.record({
    LZZ: fc.integer({ min: 1, max: 4 }),
    KVZ: fc.constantFrom(0, 1.7, 2.18, 2.5, 2.9, 3.29, 4.4),
    PVZ: fc.constantFrom(0, 1),
    PVS: fc.constantFrom(0, 0, 0, 1),
    PVA: fc.constantFrom(0, 0, 1, 2, 4),
    KRV: fc.constantFrom(0, 0, 0, 1),
    ALV: fc.constantFrom(0, 0, 0, 1),
    PKV: year === 2025 ? fc.constantFrom(0, 0, 0, 1, 2) : fc.constantFrom(0, 0, 0, 1),
    PKPV: fc.constantFrom(0, 25_000, 80_000),
    PKPVAGZ: fc.constantFrom(0, 20_000),
    ZKF: stkl <= 4 ? fc.constantFrom(0, 0.5, 1, 2.5) : fc.constant(0),
    R: fc.constantFrom(0, 1),
    ALTER1: fc.constantFrom(0, 0, 0, 1),
    AJAHR: fc.constantFrom(2006, 2015, 2025),
    LZZFREIB: fc.constantFrom(0, 0, 0, 10_000),
    af: stkl === 4 ? fc.constantFrom(0, 1) : fc.constant(0),
    f: fc.constantFrom(0.712, 0.9, 1),
  }).map((c) => ({ ...c, STKL: stkl }));
}

describe('LSTLZZ never decreases as RE4 rises within a tax class', () => {
  for (const year of [2025, 2026] as const) {
    for (const stkl of [1, 2, 3, 4, 5, 6]) {
      it(`${year}, class ${stkl}: a rise of at least 250 € a year never lowers the wage tax`, () => {
        fc.assert(
          fc.property(
            context(year, stkl),
            fc.integer({ min: 0, max: 40_000_000 }), // annual wage, cents: up to 400,000 €
            fc.integer({ min: MIN_RISE, max: 10_000_000 }), // annual rise, cents
            (input, annual, rise) => {
              const share = SHARE[input.LZZ!]!;
              const low = Math.round(annual * share);
              const high = low + Math.ceil(rise * share);
              expect(lst(year, { ...input, RE4: high })).toBeGreaterThanOrEqual(lst(year, { ...input, RE4: low }));
            },
          ),
          { numRuns: 600 },
        );
      });
    }
  }
});

describe('below a euro a year the PAP itself is not monotone (and neither, faithfully, is the engine)', () => {
  it('2026, class IV, month: 1,466.50 € → 1,466.57 € lowers the tax from 5.25 € to 5.16 €', () => {
    // Annual ZRE4 17,598.00 → 17,598.84; VSP = ⌈17,598 × 9.3 % + 17,598 × 10.85 %⌉ = ⌈3,545.99⌉ = 3,546 → ⌈3,546.16⌉ = 3,547;
    // ZVE = 17,598 − 1,266 − 3,546 = 12,786 → 17,598.84 − 1,266 − 3,547 = 12,785.84, so X falls from 12,786 to 12,785.
    const input = { LZZ: 2, STKL: 4, KVZ: 2.9, PVZ: 1 };
    expect(lst(2026, { ...input, RE4: 146650 })).toBe(525);
    expect(lst(2026, { ...input, RE4: 146657 })).toBe(516);
  });

  it('2026, class V, year: 2,004.02 € → 2,004.99 € lowers the tax from 43 € to 42 €', () => {
    // VSPN = ⌈186.37 + 243.48⌉ = 430 → ⌈186.46 + 243.60⌉ = 431, so X = 308 → 307 and MIST = ⌊14 % of X⌋ = 43 → 42.
    const input = { LZZ: 1, STKL: 5, KVZ: 2.9, PVZ: 1 };
    expect(lst(2026, { ...input, RE4: 200402 })).toBe(4300);
    expect(lst(2026, { ...input, RE4: 200499 })).toBe(4200);
  });

  it('2026, class VI, year: one cent more, one euro less (20,005.05 € → 20,005.06 €)', () => {
    const input = { LZZ: 1, STKL: 6, KVZ: 2.9, PVZ: 1 };
    expect(lst(2026, { ...input, RE4: 2000505 })).toBe(276800);
    expect(lst(2026, { ...input, RE4: 2000506 })).toBe(276700);
  });
});
