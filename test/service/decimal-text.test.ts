import { describe, expect, it } from 'vitest';
import { numberToDecimalString } from '../../src/service/contracts/common.js';
import { decimalText } from '../../src/service/contracts/germany-payroll.js';

describe('JSON numbers become decimal text without binary arithmetic', () => {
  it.each([
    [2100.5, '2100.5'],
    [0.1, '0.1'],
    [5e-7, '0.0000005'],
    [1.5e-10, '0.00000000015'],
    [1e21, '1000000000000000000000'],
    [-2.5e-8, '-0.000000025'],
  ])('%s → %s', (value, text) => {
    expect(numberToDecimalString(value)).toBe(text);
    expect(decimalText(value)).toBe(text);
  });

  it('keeps strings as written, trimmed', () => {
    expect(decimalText(' 12.50 ')).toBe('12.50');
  });
});
