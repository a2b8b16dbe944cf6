import { describe, expect, it } from 'vitest';
import { decimalInput } from '../../src/service/contracts/germany-payroll.js';

/** The bounds of a decimal input are checked on the exact decimal, not on a JS number that rounds it first. */
describe('decimal input bounds compare exactly', () => {
  const issues = (rule: Parameters<typeof decimalInput>[1], value: string) => {
    const result = decimalInput('x', rule).safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => (i as { params?: { type?: string } }).params?.type);
  };

  it('a value a hair above the maximum is above it (as a JS number it rounds down onto the maximum)', () => {
    expect(issues({ max: 99 }, '99.00000000000000001')).toEqual(['less_than_equal']);
    expect(issues({ lt: 1 }, '0.99999999999999999999')).toEqual([]);
    expect(issues({ lt: 1 }, '1.00000000000000000001')).toEqual(['less_than']);
  });

  it('a value a hair above an exclusive minimum is allowed, and one a hair below the minimum is not', () => {
    expect(issues({ gt: 0 }, '0.00000000000000000000001')).toEqual([]);
    expect(issues({ min: 5 }, '4.99999999999999999999')).toEqual(['greater_than_equal']);
    expect(issues({ min: 0, max: 100 }, '100')).toEqual([]);
  });
});
