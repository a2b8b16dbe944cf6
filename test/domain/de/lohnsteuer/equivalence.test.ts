/**
 * Issue 19: the scaled-integer PAP editions (lohnsteuer<year>.ts) give exactly the results of the BigDecimal
 * translation of the same XML (lohnsteuer<year>-bigdecimal.ts), on a seeded random sample spanning the input space
 * (src/tools/bench/pap-cases.ts: every tax class and pay period, factor method, pensions, one-off payments,
 * private insurance, children, church, allowances). `npm run bench -- de-lohnsteuer-equivalence` runs a million
 * cases per year. Inputs beyond the proven bounds take the BigDecimal edition, through the same public API.
 */
import { describe, expect, it } from 'vitest';
import { DE_EDITIONS } from '../../../../src/domain/de/editions.js';
import { calculateLohnsteuer, type PapInput } from '../../../../src/domain/de/lohnsteuer/index.js';
import { Decimal } from '../../../../src/domain/money.js';
import { compareEditions } from '../../../../src/tools/bench/pap-cases.js';
import { mulberry32 } from '../../../../src/tools/bench/random.js';

const exactly = (year: 2025 | 2026, input: Partial<PapInput>) => {
  const p = new DE_EDITIONS[year].pap.exact();
  p.setInputs(input);
  p.MAIN();
  return p.getOutputs();
};

describe.each([2025, 2026] as const)('PAP %i: scaled integers = BigDecimal', (year) => {
  it('20,000 random cases (seed = year): every output identical, every case on the scaled path', () => {
    const report = compareEditions(year, 20_000, mulberry32(year));
    expect(report.examples).toEqual([]);
    expect(report).toMatchObject({ cases: 20_000, fast: 20_000, differences: 0 });
  });

  it('inputs beyond the proven bounds or with more decimals go to the BigDecimal edition, with its results', () => {
    const base = { LZZ: 2, STKL: 1, KVZ: 2.5, R: 1 };
    for (const input of [
      { ...base, RE4: 10_000_000_001 }, // above 10^10 cents
      { ...base, RE4: '123456.5' }, // half a cent
      { ...base, RE4: 500000, KVZ: '2.12345' }, // five places of a rate
      { ...base, RE4: 500000, ZKF: 0.25 },
      { ...base, RE4: new Decimal('1e20') },
      { ...base, STKL: 4, RE4: 500000, af: 1, f: 1.5 }, // a factor above 1
      { ...base, RE4: 500000, ZMVB: 13 },
    ] as Partial<PapInput>[]) {
      const fast = new DE_EDITIONS[year].pap.program();
      expect(fast.setInputs(input)).toBe(false);
      expect(calculateLohnsteuer(year, input)).toEqual(exactly(year, input));
    }
  });

  it('takes numbers, Decimals and decimal texts alike on the scaled path', () => {
    const input = { LZZ: 2, STKL: 3, RE4: 612345, KVZ: 2.45, ZKF: 1.5, R: 1, PVA: 2 };
    const forms: Partial<PapInput>[] = [
      input,
      { ...input, RE4: new Decimal('612345'), KVZ: new Decimal('2.4500'), ZKF: new Decimal('1.5'), PVA: new Decimal(2) },
      { ...input, RE4: '612345', KVZ: '2.45', ZKF: '1.50', PVA: '2' },
    ];
    for (const form of forms) {
      expect(new DE_EDITIONS[year].pap.program().setInputs(form)).toBe(true);
      expect(calculateLohnsteuer(year, form)).toEqual(exactly(year, input));
    }
  });
});
