/**
 * Single PAP steps checked by hand against the BMF formulas, the trace, and the public API's edges.
 * Each figure below was worked out on paper from the PAP 2026 (Lohnsteuer2026.xml); the comments
 * show the arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { BigDecimal } from '../../../../src/domain/de/lohnsteuer/bigdecimal.js';
import { calculateLohnsteuer, papYearForPayDate, type PapInput } from '../../../../src/domain/de/lohnsteuer/index.js';
import { Lohnsteuer2025 as Fast2025, STEPS as FAST_STEPS2025 } from '../../../../src/domain/de/lohnsteuer/lohnsteuer2025.js';
import { Lohnsteuer2026 as Fast2026, STEPS as FAST_STEPS2026 } from '../../../../src/domain/de/lohnsteuer/lohnsteuer2026.js';
// The single steps are checked on the BigDecimal editions, whose fields are the PAP's BigDecimals; the scaled-integer
// editions that run in production compute the same (equivalence.test.ts).
import { Lohnsteuer2025, STEPS as STEPS2025 } from '../../../../src/domain/de/lohnsteuer/lohnsteuer2025-bigdecimal.js';
import { Lohnsteuer2026, STEPS as STEPS2026 } from '../../../../src/domain/de/lohnsteuer/lohnsteuer2026-bigdecimal.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { Decimal } from '../../../../src/domain/money.js';

const bd = (value: string | number): BigDecimal => (typeof value === 'number' ? BigDecimal.valueOf(value) : BigDecimal.parse(value));

/** A 2026 program after MPARA (GFB, SOLZFREI, rates set), as the steps expect to find it. */
function pap2026(input: Partial<PapInput> = {}): Lohnsteuer2026 {
  const p = new Lohnsteuer2026().setInputs({ LZZ: 1, STKL: 1, ...input });
  p.MPARA();
  return p;
}

describe('UPTAB26: the tariff of § 32a EStG 2026 (PAP page 38)', () => {
  const tariff = (x: number, kztab = 1): string => {
    const p = pap2026();
    p.KZTAB = kztab;
    p.X = bd(x);
    p.UPTAB26();
    return p.ST.toString();
  };

  it('is 0 up to the basic allowance GFB = 12,348 € (X < GFB + 1)', () => {
    expect(tariff(0)).toBe('0');
    expect(tariff(12348)).toBe('0');
  });

  it('first zone: (914.51·y + 1400)·y with y = (X − 12,348) / 10,000', () => {
    // y = 0.0001: (0.091451 + 1400) × 0.0001 = 0.14000914… → 0
    expect(tariff(12349)).toBe('0');
    // y = 0.5451: (498.499401 + 1400) × 0.5451 = 1034.872023… → 1034
    expect(tariff(17799)).toBe('1034');
  });

  it('second zone: (173.10·z + 2397)·z + 1034.87 with z = (X − 17,799) / 10,000', () => {
    // z = 1.2201: (211.19931 + 2397) × 1.2201 + 1034.87 = 3182.243978… + 1034.87 = 4217.11… → 4217
    expect(tariff(30000)).toBe('4217');
  });

  it('third and fourth zone: 0.42·X − 11,135.63 and 0.45·X − 19,470.38', () => {
    expect(tariff(100000)).toBe('30864'); // 42,000 − 11,135.63 = 30,864.37
    expect(tariff(300000)).toBe('115529'); // 135,000 − 19,470.38 = 115,529.62
  });

  it('splitting (KZTAB = 2) doubles the tax on half the income', () => {
    // X = 15,000 (half of 30,000): y = 0.2652: (242.528052 + 1400) × 0.2652 = 435.598… → 435; × 2
    expect(tariff(15000, 2)).toBe('870');
  });
});

describe('UPANTEIL: the pay period’s share of an annual amount (PAP page 32)', () => {
  it.each([
    [1, '123456'], // year: all of it
    [2, '10288'], // month: 123,456 / 12
    [3, '2400'], // week: 123,456 × 7 / 360 = 2400.53 → 2400
    [4, '342'], // day: 123,456 / 360 = 342.93 → 342
  ])('LZZ %i → %s', (lzz, share) => {
    const p = pap2026({ LZZ: lzz });
    p.JW = bd(123456);
    p.UPANTEIL();
    expect(p.ANTEIL1.toString()).toBe(share);
  });
});

describe('MRE4JL: the wage of the period as an annual wage (PAP page 15)', () => {
  it('week: RE4 × 360 / 700 at two places, truncated', () => {
    const p = pap2026({ LZZ: 3, RE4: 100000 });
    p.MRE4JL();
    expect(p.ZRE4J.toString()).toBe('51428.57'); // 36,000,000 / 700 = 51,428.5714…
  });
});

describe('MSOLZ: solidarity surcharge with its Freigrenze and Milderungszone (PAP page 31)', () => {
  const solz = (jbmg: number, lzz: number, r = 0): [string, string] => {
    const p = pap2026({ LZZ: lzz, R: r });
    p.KZTAB = 1;
    p.JBMG = bd(jbmg);
    p.MSOLZ();
    return [p.SOLZLZZ.toString(), p.BK.toString()];
  };

  it('nothing up to the Freigrenze of 20,350 €', () => {
    expect(solz(20350, 1)).toEqual(['0', '0']);
  });

  it('in the Milderungszone 11.9 % of the excess caps 5.5 %', () => {
    // 5.5 % of 25,000 = 1,375.00; 11.9 % of (25,000 − 20,350) = 553.35 → 553.35 a year, 55,335 / 12 = 4,611.25 → 4,611 cents a month
    // church-tax base: 25,000 € a year, 2,500,000 / 12 = 208,333 cents a month
    expect(solz(25000, 2, 1)).toEqual(['4611', '208333']);
  });

  it('above it the full 5.5 %', () => {
    expect(solz(60000, 1)).toEqual(['330000', '0']); // 3,300 €; (60,000 − 20,350) × 11.9 % = 4,718.35 is higher
  });
});

describe('UPEVP with MVSPKVPV and MVSPHB: Vorsorgepauschale 2026 (PAP pages 26–28)', () => {
  it('statutory insurance: the full KV/PV part beats the 1,900 € cap with unemployment insurance', () => {
    const p = pap2026({ RE4: 3000000, KVZ: 2.9, PVZ: 1 });
    p.ZRE4VP = bd('30000');
    p.UPEVP();
    expect(p.VSPR.toString()).toBe('2790.00'); // 30,000 × 9.3 %
    expect(p.VSPKVPV.toString()).toBe('3255.00'); // 30,000 × (7 % + 2.9 %/2 + 1.8 % + 0.6 %) = 30,000 × 10.85 %
    expect(p.VSPN.toString()).toBe('4690'); // 2,790 + min(390 + 3,255, 1,900)
    expect(p.VSP.toString()).toBe('6045'); // ⌈2,790 + 3,255⌉, the larger one
  });

  it('private insurance: the monthly premium a year, less the employer subsidy', () => {
    const p = pap2026({ PKV: 1, PKPV: 50000, PKPVAGZ: 25000 });
    p.ZRE4VP = bd('30000');
    p.MVSPKVPV();
    expect(p.PKPVAGZJ.toString()).toBe('3000.00'); // 250 € × 12
    expect(p.VSPKVPV.compareTo(bd('3000'))).toBe(0); // 6,000 − 3,000
  });
});

describe('a whole case by hand: 2026, class I, 30,000 € a year, KVZ 2.9 %, childless', () => {
  it('gives 2,248 € wage tax', () => {
    // ZRE4 = 30,000; ZTABFB = ANP 1,230 + SAP 36 = 1,266; VSP = 6,045 (above)
    // ZVE = 30,000 − 1,266 − 6,045 = 22,689 → X = 22,689
    // z = 0.489: (84.6459 + 2397) × 0.489 + 1034.87 = 1213.5248… + 1034.87 → ST = 2,248
    const out = calculateLohnsteuer(2026, { LZZ: 1, STKL: 1, RE4: 3000000, KVZ: 2.9, PVZ: 1 });
    expect(out.LSTLZZ.toNumber()).toBe(224800);
    expect(out.VFRB.toNumber()).toBe(123000); // ANP 1,230 € used
    expect(out.WVFRB.toNumber()).toBe(1034100); // (22,689 − 12,348) × 100
    expect(out.SOLZLZZ.toNumber()).toBe(0); // 2,248 is below the Freigrenze
  });
});

describe('trace', () => {
  const annualSonstige = { LZZ: 2, STKL: 1, RE4: 450000, KVZ: 2.5, R: 1, SONSTB: 500000, JRE4: 5400000 };

  it('lists the steps executed, with the edition as flow (2026)', () => {
    const seen: [string, string][] = [];
    const traced = calculateLohnsteuer(2026, { LZZ: 2, STKL: 1, RE4: 400000, KVZ: 2.9, PVZ: 1 }, (flow, node) => seen.push([flow, node]));
    const nodes = seen.map(([, node]) => node);
    expect(new Set(seen.map(([flow]) => flow))).toEqual(new Set(['Lohnsteuer2026']));
    expect(nodes.slice(0, 6)).toEqual(['MPARA', 'MRE4JL', 'MRE4', 'MRE4ALTE', 'MRE4ABZ', 'MBERECH']);
    expect(nodes).toContain('UPTAB26');
    expect(nodes).toContain('MSOLZ');
    expect(nodes.at(-1)).toBe('MSONST');
    expect(nodes).not.toContain('MST5_6'); // class I never runs the class V/VI tariff
    expect(nodes).not.toContain('MOSONST'); // nor the other-payments branch without SONSTB
    expect(traced).toEqual(calculateLohnsteuer(2026, { LZZ: 2, STKL: 1, RE4: 400000, KVZ: 2.9, PVZ: 1 }));
  });

  it('follows the branches: class VI, other payments, and the 2025 edition’s own steps', () => {
    const nodes2026: string[] = [];
    calculateLohnsteuer(2026, { ...annualSonstige, STKL: 6 }, (_flow, node) => nodes2026.push(node));
    expect(nodes2026).toEqual(expect.arrayContaining(['MST5_6', 'UP5_6', 'UPTAB26', 'MOSONST', 'MRE4SONST', 'STSMIN', 'MSOLZSTS']));
    const seen2025: [string, string][] = [];
    calculateLohnsteuer(2025, annualSonstige, (flow, node) => seen2025.push([flow, node]));
    expect(seen2025.every(([flow]) => flow === 'Lohnsteuer2025')).toBe(true);
    expect(seen2025.map(([, node]) => node)).toEqual(expect.arrayContaining(['MPARA', 'UPTAB25', 'MVSP', 'UPVKVLZZ', 'UPVKV', 'MSONST']));
  });

  it('costs nothing when absent: the untraced programs are the generated classes, with no tracing code in any step', () => {
    for (const [Program, steps] of [
      [Lohnsteuer2025, STEPS2025],
      [Lohnsteuer2026, STEPS2026],
      [Fast2025, FAST_STEPS2025],
      [Fast2026, FAST_STEPS2026],
    ] as const) {
      const proto = Program.prototype as unknown as Record<string, () => void>;
      for (const step of steps) expect(proto[step]!.toString()).not.toMatch(/trace/i);
      expect(Object.getPrototypeOf(proto)).toBe(Object.prototype); // no traced base in between
    }
    let calls = 0;
    calculateLohnsteuer(2026, annualSonstige);
    calculateLohnsteuer(2026, annualSonstige, () => calls++);
    expect(calls).toBeGreaterThan(20);
  });
});

describe('public API', () => {
  it('defaults absent inputs to 0 (f to 1); a factor applies only with af = 1', () => {
    expect(Object.values(calculateLohnsteuer(2026, { LZZ: 2, STKL: 1 })).every((v) => v.isZero())).toBe(true);
    const base = { LZZ: 2, STKL: 4, RE4: 500000, KVZ: 2.5 };
    const plain = calculateLohnsteuer(2026, base).LSTLZZ.toNumber();
    expect(calculateLohnsteuer(2026, { ...base, f: 0.8 }).LSTLZZ.toNumber()).toBe(plain);
    expect(calculateLohnsteuer(2026, { ...base, af: 1, f: 0.8 }).LSTLZZ.toNumber()).toBeLessThan(plain);
  });

  it('takes amounts as Decimal, number or string alike', () => {
    const asNumber = calculateLohnsteuer(2026, { LZZ: 2, STKL: 3, RE4: 612345, KVZ: 2.45, ZKF: 1.5, R: 1 });
    expect(calculateLohnsteuer(2026, { LZZ: 2, STKL: 3, RE4: new Decimal('612345'), KVZ: new Decimal('2.45'), ZKF: '1.5', R: 1 })).toEqual(asNumber);
    expect(calculateLohnsteuer(2026, { LZZ: 2, STKL: 3, RE4: '612345', KVZ: '2.45', ZKF: 1.5, R: 1 })).toEqual(asNumber);
    expect(asNumber.LSTLZZ).toBeInstanceOf(Decimal);
  });

  it('refuses what the PAP cannot compute, as validation errors', () => {
    const kindOf = (run: () => unknown): string | undefined => {
      try {
        run();
      } catch (error) {
        return error instanceof DomainError ? error.kind : 'not a DomainError';
      }
      return undefined;
    };
    expect(kindOf(() => calculateLohnsteuer(2026, { STKL: 1, RE4: 1000 }))).toBe('validation'); // no LZZ
    expect(kindOf(() => calculateLohnsteuer(2026, { LZZ: 2, STKL: 7 }))).toBe('validation');
    expect(kindOf(() => calculateLohnsteuer(2026, { LZZ: 5, STKL: 1 }))).toBe('validation');
    expect(kindOf(() => calculateLohnsteuer(2026, { LZZ: 2, STKL: 1, RE4: 'lots' }))).toBe('validation');
    expect(kindOf(() => calculateLohnsteuer(2024 as never, { LZZ: 2, STKL: 1 }))).toBe('validation');
  });

  it('papYearForPayDate picks the edition of the payment year', () => {
    expect(papYearForPayDate('2025-01-01')).toBe(2025);
    expect(papYearForPayDate('2025-12-31')).toBe(2025);
    expect(papYearForPayDate('2026-01-01')).toBe(2026);
    expect(papYearForPayDate('2026-02-28')).toBe(2026);
    for (const bad of ['2024-12-31', '2027-01-01', '2026-02-29', '2025-13-01', '25-01-01', '']) {
      expect(() => papYearForPayDate(bad)).toThrow(DomainError);
      try {
        papYearForPayDate(bad);
      } catch (error) {
        expect((error as DomainError).kind).toBe('validation');
      }
    }
  });
});
