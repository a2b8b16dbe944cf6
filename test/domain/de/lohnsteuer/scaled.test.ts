/**
 * The runtime of the scaled-integer PAP editions (src/domain/de/lohnsteuer/scaled.ts): Java's two rounding modes
 * on integer quotients, the fit of inputs to the proven bounds, and the Decimals it builds without decimal.js's parser.
 */
import { describe, expect, it } from 'vitest';
import { bigDivDown, bigDivUp, divDown, divUp, fitInt, fitScaled, toDec } from '../../../../src/domain/de/lohnsteuer/scaled.js';
import { Decimal } from '../../../../src/domain/money.js';
import { mulberry32 } from '../../../../src/tools/bench/random.js';

describe('rounding divisions (BigDecimal.ROUND_DOWN / ROUND_UP)', () => {
  it.each([
    [7, 2, 3, 4],
    [-7, 2, -3, -4],
    [6, 3, 2, 2],
    [1, 360, 0, 1],
    [-1, 360, 0, -1],
    [Number.MAX_SAFE_INTEGER, 7, 1286742750677284, 1286742750677285],
    [Number.MAX_SAFE_INTEGER - 1, 9007199254740990, 1, 1],
  ])('%i / %i → down %i, up %i', (n, d, down, up) => {
    expect(divDown(n, d)).toBe(down);
    expect(divUp(n, d)).toBe(up);
    expect(bigDivDown(BigInt(n), BigInt(d))).toBe(BigInt(down));
    expect(bigDivUp(BigInt(n), BigInt(d))).toBe(BigInt(up));
  });

  it('agree with BigInt on 100,000 random safe integers', () => {
    const rnd = mulberry32(19);
    for (let i = 0; i < 100_000; i++) {
      const n = Math.floor((rnd() - 0.5) * 2 * Number.MAX_SAFE_INTEGER);
      const d = Math.max(1, Math.floor(rnd() ** 4 * 1e9));
      expect(divDown(n, d)).toBe(Number(bigDivDown(BigInt(n), BigInt(d))));
      expect(divUp(n, d)).toBe(Number(bigDivUp(BigInt(n), BigInt(d))));
    }
  });
});

describe('fit of an input to its bounds', () => {
  it('reads numbers, Decimals and plain texts at the scale, or answers NaN', () => {
    expect(fitScaled(2.45, 4, 0, 1e6)).toBe(24500);
    expect(fitScaled(new Decimal('2.4500'), 4, 0, 1e6)).toBe(24500);
    expect(fitScaled(new Decimal('12345678901234'), 0, 0, 1e15)).toBe(12345678901234);
    expect(fitScaled(new Decimal('1e7'), 1, 0, 1e15)).toBe(1e8);
    expect(fitScaled(' 2.45 ', 4, 0, 1e6)).toBe(24500);
    expect(fitScaled(undefined, 3, 0, 1000, 1000)).toBe(1000);
    expect(fitScaled(0.1 + 0.2, 4, 0, 1e6)).toBeNaN(); // 0.30000000000000004: more places than 4
    expect(fitScaled(2.12345, 4, 0, 1e6)).toBeNaN();
    expect(fitScaled(new Decimal('1.23456789012345678'), 2, 0, 1e6)).toBeNaN();
    expect(fitScaled('1e3', 0, 0, 1e6)).toBeNaN(); // exponents: the BigDecimal edition reads them
    expect(fitScaled(1001, 0, 0, 1000)).toBeNaN();
    expect(fitScaled(-1, 0, 0, 1000)).toBeNaN();
    expect(fitScaled({}, 0, 0, 1000)).toBeNaN();
    expect(fitInt(undefined, 0, 1)).toBe(0);
    expect(fitInt(undefined, 1, 4)).toBeNaN();
    expect(fitInt(2.5, 0, 9)).toBeNaN();
    expect(fitInt('2', 0, 9)).toBeNaN();
  });
});

describe('toDec', () => {
  it('builds exactly the Decimal decimal.js parses from the same value, for 20,000 random values and six scales', () => {
    const rnd = mulberry32(53);
    const values = [1, 9, 10, 1e7, 12345678, 15000000, 1e14, Number.MAX_SAFE_INTEGER, 99999990000];
    for (let i = 0; i < 20_000; i++) values.push(Math.floor(rnd() * 10 ** Math.floor(rnd() * 16)) * (rnd() < 0.3 ? -1 : 1) || 1);
    const wrong: string[] = [];
    for (const u of values) {
      for (const scale of [0, 1, 2, 3, 6, 14]) {
        const built = toDec(u, scale) as unknown as { s: number; e: number; d: number[] };
        const parsed = new Decimal(`${u}e-${scale}`) as unknown as { s: number; e: number; d: number[] };
        if (built.s !== parsed.s || built.e !== parsed.e || built.d.join() !== parsed.d.join()) wrong.push(`${u}e-${scale}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(toDec(12345678901, 2)).toEqual(new Decimal('123456789.01'));
    expect(toDec(-15000000, 0)).toBeInstanceOf(Decimal);
    expect(toDec(-15000000, 0).plus(1).toFixed()).toBe('-14999999');
    expect(toDec(0, 2)).toEqual(new Decimal(0));
  });
});
