/**
 * The rounding primitives of the PAP: java.math.BigDecimal semantics in ./bigdecimal.ts.
 * Hand-checked cases (as Java gives them) and a cross-check of every operation against decimal.js
 * at 200 significant digits (exact for these operands) on random values, including values that
 * leave the safe-integer fast path for BigInt.
 */
import { Decimal as DecimalJs } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BigDecimal, decIn, intIn } from '../../../../src/domain/de/lohnsteuer/bigdecimal.js';
import { isDomainError } from '../../../../src/domain/errors.js';
import { Decimal } from '../../../../src/domain/money.js';

const { ROUND_DOWN, ROUND_UP } = BigDecimal;
const bd = (text: string): BigDecimal => BigDecimal.parse(text);
/** Value check independent of scale: "2.50" and "2.5" are the same number. */
const value = (x: BigDecimal): string => new Exact(x.toString()).toString();
const Exact = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -300, toExpPos: 300 });

describe('setScale', () => {
  it('ROUND_DOWN truncates toward zero', () => {
    expect(bd('2.999').setScale(2, ROUND_DOWN).toString()).toBe('2.99');
    expect(bd('-2.999').setScale(2, ROUND_DOWN).toString()).toBe('-2.99');
    expect(bd('4.5').setScale(0, ROUND_DOWN).toString()).toBe('4');
    expect(bd('-4.5').setScale(0, ROUND_DOWN).toString()).toBe('-4'); // PAP MSONST: "aus -4.5 wird -4"
    expect(bd('0.009').setScale(2, ROUND_DOWN).toString()).toBe('0.00');
    expect(bd('-0.009').setScale(2, ROUND_DOWN).toString()).toBe('0.00');
  });

  it('ROUND_UP rounds away from zero, and only when something is cut off', () => {
    expect(bd('2.001').setScale(2, ROUND_UP).toString()).toBe('2.01');
    expect(bd('-2.001').setScale(2, ROUND_UP).toString()).toBe('-2.01');
    expect(bd('2.000').setScale(0, ROUND_UP).toString()).toBe('2');
    expect(bd('3245.99').setScale(0, ROUND_UP).toString()).toBe('3246');
    expect(bd('0.0000001').setScale(0, ROUND_UP).toString()).toBe('1');
  });

  it('a larger scale only appends zeros', () => {
    expect(bd('12.5').setScale(4, ROUND_DOWN).toString()).toBe('12.5000');
    expect(BigDecimal.valueOf(7).setScale(2, ROUND_UP).toString()).toBe('7.00');
  });
});

describe('divide', () => {
  it('with scale and mode, rounds the exact quotient once', () => {
    // MRE4JL, weekly wage: RE4 × 360 / 700 at 2 places, truncated
    expect(BigDecimal.valueOf(100000).multiply(BigDecimal.valueOf(360)).divide(BigDecimal.valueOf(700), 2, ROUND_DOWN).toString()).toBe('51428.57');
    // UPANTEIL, weekly share: JW × 7 / 360 at 0 places
    expect(BigDecimal.valueOf(123456).multiply(BigDecimal.valueOf(7)).divide(BigDecimal.valueOf(360), 0, ROUND_DOWN).toString()).toBe('2400');
    expect(bd('2').divide(bd('3'), 4, ROUND_UP).toString()).toBe('0.6667');
    expect(bd('-2').divide(bd('3'), 4, ROUND_UP).toString()).toBe('-0.6667');
    expect(bd('-2').divide(bd('3'), 4, ROUND_DOWN).toString()).toBe('-0.6666');
    expect(bd('-450').divide(BigDecimal.valueOf(100), 0, ROUND_DOWN).toString()).toBe('-4');
    expect(bd('1.5').divide(bd('0.25'), 0, ROUND_DOWN).toString()).toBe('6');
  });

  it('without scale is exact, and refuses a non-terminating quotient as Java does', () => {
    expect(value(BigDecimal.valueOf(1050).divide(BigDecimal.valueOf(12)))).toBe('87.5'); // TAB2[19] / 12
    expect(value(BigDecimal.valueOf(297).divide(BigDecimal.valueOf(12)))).toBe('24.75'); // TAB3[21] / 12
    expect(value(bd('2.45').divide(BigDecimal.valueOf(2)).divide(BigDecimal.valueOf(100)))).toBe('0.01225'); // KVZ / 2 / 100
    expect(() => BigDecimal.ONE.divide(BigDecimal.valueOf(3))).toThrow(/non-terminating/);
    expect(() => BigDecimal.ONE.divide(BigDecimal.ZERO)).toThrow(/division by zero/);
  });
});

describe('compareTo, longValue, conversions', () => {
  it('compares values whatever the scale', () => {
    expect(bd('2.50').compareTo(bd('2.5'))).toBe(0);
    expect(bd('2.49').compareTo(bd('2.5'))).toBe(-1);
    expect(bd('-0.01').compareTo(BigDecimal.ZERO)).toBe(-1);
    expect(bd('123456789012345678901234.5').compareTo(bd('123456789012345678901234.49'))).toBe(1);
  });

  it('longValue truncates toward zero (MZTABFB: FVBZ = valueOf(ZVBEZ.longValue()))', () => {
    expect(bd('101.99').longValue()).toBe(101);
    expect(bd('-101.99').longValue()).toBe(-101);
  });

  it('leaves the safe-integer range for BigInt and comes back exactly', () => {
    const big = bd('9007199254740993.25'); // 2^53 + 1.25: not a double
    expect(big.toString()).toBe('9007199254740993.25');
    expect(big.multiply(BigDecimal.valueOf(1000)).toString()).toBe('9007199254740993250.00');
    expect(big.subtract(bd('9007199254740000')).toString()).toBe('993.25');
    expect(big.setScale(0, ROUND_UP).toString()).toBe('9007199254740994');
  });

  it('turns inputs into the BigDecimal Java would hold and outputs into shared Decimals', () => {
    expect(decIn(2.9, 'KVZ').toString()).toBe('2.9'); // BigDecimal.valueOf(double) semantics, not the binary value
    expect(decIn(0.777, 'f').toString()).toBe('0.777');
    expect(decIn(new Decimal('1234.5600'), 'RE4').compareTo(bd('1234.56'))).toBe(0);
    expect(decIn(' 42 ', 'RE4').toString()).toBe('42');
    expect(decIn(undefined, 'RE4')).toBe(BigDecimal.ZERO);
    expect(decIn(undefined, 'f', BigDecimal.ONE)).toBe(BigDecimal.ONE);
    expect(intIn('3', 'STKL')).toBe(3);
    expect(intIn(undefined, 'R')).toBe(0);
    const d = bd('-12.30').toDecimal();
    expect(d).toBeInstanceOf(Decimal);
    expect(d.toString()).toBe('-12.3');
    for (const bad of [Number.NaN, Infinity, 'abc', '1,5', {}]) {
      expect(() => decIn(bad, 'RE4')).toThrow();
      try {
        decIn(bad, 'RE4');
      } catch (error) {
        expect(isDomainError(error) && error.kind === 'validation').toBe(true);
      }
    }
    expect(() => intIn(1.5, 'STKL')).toThrow(/integer/);
  });
});

describe('cross-check against decimal.js (exact at 200 digits)', () => {
  // Decimal strings with up to 20 integer and 10 fraction digits, either sign: both the fast and the BigInt path.
  const decimalText = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,20}$/), fc.stringMatching(/^[0-9]{0,10}$/))
    .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);
  const mode = fc.constantFrom(ROUND_DOWN, ROUND_UP);
  const exactMode = (m: number): DecimalJs.Rounding => (m === ROUND_DOWN ? DecimalJs.ROUND_DOWN : DecimalJs.ROUND_UP);

  it('add, subtract, multiply, compareTo', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const x = bd(a);
        const y = bd(b);
        const ex = new Exact(a);
        const ey = new Exact(b);
        expect(value(x.add(y))).toBe(ex.plus(ey).toString());
        expect(value(x.subtract(y))).toBe(ex.minus(ey).toString());
        expect(value(x.multiply(y))).toBe(ex.times(ey).toString());
        expect(x.compareTo(y)).toBe(ex.cmp(ey));
      }),
      { numRuns: 2000 },
    );
  });

  it('setScale and divide(scale, mode)', () => {
    fc.assert(
      fc.property(decimalText, decimalText, fc.integer({ min: 0, max: 8 }), mode, (a, b, scale, m) => {
        const x = bd(a);
        const y = bd(b);
        expect(value(x.setScale(scale, m))).toBe(new Exact(a).toDecimalPlaces(scale, exactMode(m)).toString());
        if (y.signum() !== 0) {
          expect(value(x.divide(y, scale, m))).toBe(new Exact(a).div(b).toDecimalPlaces(scale, exactMode(m)).toString());
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('exact divide by the PAP divisors (2, 12, 100, 360, 700 where terminating)', () => {
    fc.assert(
      fc.property(decimalText, fc.constantFrom('2', '12', '100', '10000', '0.25'), (a, b) => {
        const exact = new Exact(a).div(b);
        if (exact.decimalPlaces() > 60) return; // non-terminating: Java throws, covered above
        expect(value(bd(a).divide(bd(b)))).toBe(exact.toString());
      }),
      { numRuns: 1000 },
    );
  });
});
