/**
 * The cents helpers of the SV kernel and the payslip's edges (domain/de/cents.ts) against decimal.js itself: the text
 * of an amount, the Decimal of a text, a rate's scaled form, and the half-up divisions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { amountText, bigDivHalfUp, decimalOfText, divHalfUp, mulRate, RATE_READ_FAST, rateText, scaledRate, scaledRateOnce } from '../../../../src/domain/de/cents.js';

const SEED = 20260420;

describe('amountText', () => {
  it('prints what money() prints, whole cents or not, signed or not', () => {
    for (const text of ['0', '-0', '0.01', '-0.05', '1234.5', '1234.567', '-1234.565', '9999999999.99', '10000000000.01', '1e15', '0.005']) {
      expect(amountText(new Decimal(text))).toBe(money(new Decimal(text)));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 3 }), (units, places) => {
        const value = new Decimal(units).div(10 ** places);
        expect(amountText(value)).toBe(money(value));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe('decimalOfText', () => {
  it('is the Decimal the constructor parses, as value and as text, and computes alike', () => {
    const texts = ['0', '0.0', '0.00', '007.5', '1', '1.', '.5', '2100.5', '2100.50', '9999999999.99', '99999999999.99', '1.005', '-1.5', '+1.5', '1e3'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 - 1 }), fc.integer({ min: 0, max: 2 }), (units, places) => {
        texts.push(places === 0 ? String(units) : `${Math.floor(units / 10 ** places)}.${String(units % 10 ** places).padStart(places, '0')}`);
      }),
      { seed: SEED, numRuns: 2000 },
    );
    for (const text of texts) {
      const parsed = new Decimal(text);
      const built = decimalOfText(text);
      expect(built).toBeInstanceOf(Decimal);
      expect(built.toString()).toBe(parsed.toString());
      expect(built.eq(parsed)).toBe(true);
      expect(built.plus('0.01').mul(3).toFixed(2)).toBe(parsed.plus('0.01').mul(3).toFixed(2));
    }
  });
});

describe('scaledRate', () => {
  it('holds a rate as units over 10^decimals exactly, refusing negative, long and huge ones', () => {
    // The representation-level reader passed its self-check against the arithmetic route (else this test proves only that route).
    expect(RATE_READ_FAST).toBe(true);
    expect(scaledRate(new Decimal('0.073'))).toEqual({ u: 73, k: 3 });
    expect(scaledRate(new Decimal('0.01225'))).toEqual({ u: 1225, k: 5 });
    expect(scaledRate(new Decimal('0'))).toEqual({ u: 0, k: 0 });
    expect(scaledRate(new Decimal('12'))).toEqual({ u: 12, k: 0 });
    expect(scaledRate(new Decimal('10000000'))).toEqual({ u: 1e7, k: 0 });
    expect(scaledRate(new Decimal('-0.01'))).toBeUndefined();
    expect(scaledRate(new Decimal('-0'))).toBeUndefined();
    expect(scaledRate(new Decimal('0.0000000000000001'))).toBeUndefined();
    expect(scaledRate(new Decimal('9007199254740992'))).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 15 }), (units, places) => {
        const rate = new Decimal(units).div(new Decimal(10).pow(places));
        const scaled = scaledRate(rate);
        expect(scaled).toBeDefined();
        expect(scaledRateOnce(rate)).toEqual(scaled);
        expect(new Decimal(scaled!.u).div(new Decimal(10).pow(scaled!.k)).eq(rate)).toBe(true);
        expect(scaled!.k).toBe(rate.decimalPlaces());
        expect(rateText(scaled!)).toBe(rate.toString());
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

describe('half-up division', () => {
  it('rounds the exact quotient half up, as Decimal does, on doubles and in BigInt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }), (cents, units, k) => {
        const expected = new Decimal(cents).mul(units).div(new Decimal(10).pow(k)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
        expect(mulRate(cents, { u: units, k })).toBe(expected);
        expect(bigDivHalfUp(BigInt(cents) * BigInt(units), 10n ** BigInt(k))).toBe(expected);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    expect(divHalfUp(5, 10)).toBe(1);
    expect(divHalfUp(4, 10)).toBe(0);
    expect(divHalfUp(15, 30)).toBe(1);
    expect(divHalfUp(14, 30)).toBe(0);
  });
});
