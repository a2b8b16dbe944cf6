/**
 * decimalInput (the German contract's decimal fields) checks a plain decimal of at most 15 digits as a double and
 * anything else as a Decimal: both must raise exactly the issues the Decimal comparison raises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { decimalInput } from '../../../../src/service/contracts/germany-payroll.js';

const RULES = [
  { min: 0, places: 2 },
  { min: 0, max: 100, places: 4 },
  { gt: 0, max: 168, places: 2 },
  { gt: 0, lt: 1, places: 3 },
  { min: 0, max: 99, step: '0.5' },
];

/** The issues a rule raises, compared in Decimal. */
function expected(text: string, rule: (typeof RULES)[number]): string[] {
  const n = new Decimal(text);
  const types: string[] = [];
  if ('min' in rule && rule.min !== undefined && n.lt(rule.min)) types.push('greater_than_equal');
  if ('gt' in rule && rule.gt !== undefined && !n.gt(rule.gt)) types.push('greater_than');
  if ('max' in rule && rule.max !== undefined && n.gt(rule.max)) types.push('less_than_equal');
  if ('lt' in rule && rule.lt !== undefined && !n.lt(rule.lt)) types.push('less_than');
  if ('places' in rule && rule.places !== undefined && n.decimalPlaces() > rule.places) types.push('decimal_max_places');
  if ('step' in rule && rule.step !== undefined && !n.mod(rule.step).isZero()) types.push('multiple_of');
  return types;
}

describe('decimalInput', () => {
  it('raises the Decimal comparison’s issues for decimals around every bound, plain or long, string or number', () => {
    const around = fc.tuple(fc.constantFrom(0, 1, 99, 100, 168, 1e8, 999_999_999), fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 9 }), fc.constantFrom('', '0', '00', '000001', '0000000000000001', '5', '999999', '9999999999999999'));
    fc.assert(
      fc.property(around, fc.nat(RULES.length - 1), fc.boolean(), ([bound, step, digit, tail], ruleIndex, asNumber) => {
        const whole = Math.max(0, bound + step);
        const fraction = `${digit === 0 ? '' : digit}${tail}`;
        const text = fraction === '' ? String(whole) : `${whole}.${fraction}`;
        const rule = RULES[ruleIndex]!;
        const value = asNumber && String(Number(text)) === text ? Number(text) : text;
        const result = decimalInput('test', rule).safeParse(value);
        const types = result.success ? [] : result.error.issues.map((issue) => (issue as { params?: { type?: string } }).params?.type ?? issue.code);
        expect(types).toEqual(expected(text, rule));
      }),
      { seed: 20260421, numRuns: 3000 },
    );
  });
});
