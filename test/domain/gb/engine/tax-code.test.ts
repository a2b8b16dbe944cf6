/** Tax-code parsing: every HMRC form, and the rejections (DomainError on the field tax_code). */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../src/domain/errors.js';
import { formatTaxCode, isValidTaxCode, parseTaxCode } from '../../../../src/domain/gb/tax-code.js';

describe('parseTaxCode: accepted forms', () => {
  const cases: [string, Partial<ReturnType<typeof parseTaxCode>>][] = [
    ['1257L', { code: '1257L', region: 'rUK', kind: 'allowance', number: 1257, suffix: 'L', week1Month1: false, marker: null }],
    ['1383M', { code: '1383M', kind: 'allowance', number: 1383, suffix: 'M' }],
    ['1131N', { code: '1131N', kind: 'allowance', number: 1131, suffix: 'N' }],
    ['1257T', { code: '1257T', kind: 'allowance', number: 1257, suffix: 'T' }],
    ['1L', { code: '1L', number: 1 }],
    ['999999L', { code: '999999L', number: 999999 }],
    ['0T', { code: '0T', kind: 'allowance', number: 0, suffix: 'T' }],
    ['S0T', { code: 'S0T', region: 'Scotland', number: 0 }],
    ['C0T', { code: 'C0T', region: 'Wales', number: 0 }],
    ['S1257L', { code: 'S1257L', region: 'Scotland', kind: 'allowance', number: 1257 }],
    ['C1257L', { code: 'C1257L', region: 'Wales', kind: 'allowance', number: 1257 }],
    ['K100', { code: 'K100', region: 'rUK', kind: 'K', number: 100, suffix: null }],
    ['SK556', { code: 'SK556', region: 'Scotland', kind: 'K', number: 556 }],
    ['CK27', { code: 'CK27', region: 'Wales', kind: 'K', number: 27 }],
    ['K999999', { code: 'K999999', kind: 'K', number: 999999 }],
    ['BR', { code: 'BR', region: 'rUK', kind: 'BR', number: 0 }],
    ['SBR', { code: 'SBR', region: 'Scotland', kind: 'BR' }],
    ['CBR', { code: 'CBR', region: 'Wales', kind: 'BR' }],
    ['D0', { code: 'D0', region: 'rUK', kind: 'D0' }],
    ['D1', { code: 'D1', region: 'rUK', kind: 'D1' }],
    ['CD0', { code: 'CD0', region: 'Wales', kind: 'D0' }],
    ['CD1', { code: 'CD1', region: 'Wales', kind: 'D1' }],
    ['SD0', { code: 'SD0', region: 'Scotland', kind: 'D0' }],
    ['SD1', { code: 'SD1', region: 'Scotland', kind: 'D1' }],
    ['SD2', { code: 'SD2', region: 'Scotland', kind: 'D2' }],
    ['SD3', { code: 'SD3', region: 'Scotland', kind: 'D3' }],
    ['NT', { code: 'NT', kind: 'NT', number: 0 }],
    ['1257L W1', { code: '1257L', week1Month1: true, marker: 'W1' }],
    ['1257L M1', { code: '1257L', week1Month1: true, marker: 'M1' }],
    ['1257L X', { code: '1257L', week1Month1: true, marker: 'X' }],
    ['1257LW1', { code: '1257L', week1Month1: true, marker: 'W1' }],
    ['1257LX', { code: '1257L', week1Month1: true, marker: 'X' }],
    ['1257L/M1', { code: '1257L', week1Month1: true, marker: 'M1' }],
    ['S1257L M1', { code: 'S1257L', region: 'Scotland', week1Month1: true }],
    ['K100 W1', { code: 'K100', kind: 'K', week1Month1: true }],
    ['BR M1', { code: 'BR', kind: 'BR', week1Month1: true }],
    ['0T M1', { code: '0T', week1Month1: true }],
    ['  1257l  ', { code: '1257L' }],
    ['s1257l w1', { code: 'S1257L', region: 'Scotland', week1Month1: true }],
  ];
  it.each(cases)('%s', (raw, expected) => {
    expect(parseTaxCode(raw)).toMatchObject(expected);
    expect(isValidTaxCode(raw)).toBe(true);
  });

  it('formats with the marker after a space', () => {
    expect(formatTaxCode(parseTaxCode('1257LW1'))).toBe('1257L W1');
    expect(formatTaxCode(parseTaxCode('sk100'))).toBe('SK100');
  });
});

describe('parseTaxCode: rejections', () => {
  const bad = [
    '', '   ', '1257', 'L', 'L1257', '01257L', '0L', '0M', '00T', '1234567L', 'K', 'K0', 'K012', 'K1234567', 'KL100',
    '1257P', '1257V', '1257Y', '1257A', 'D2', 'D3', 'CD2', 'SD4', 'D', 'BR1', 'NTT', 'XBR', 'S', 'C', 'SC1257L', 'CS1257L',
    '1257L W2', '1257L M2', '1257L Y', '1257L W1 W1', '12 57L', 'BRW', '-1257L', '1257.5L',
  ];
  it.each(bad.map((raw) => [raw]))('"%s"', (raw) => {
    expect(isValidTaxCode(raw)).toBe(false);
    let error: unknown;
    try {
      parseTaxCode(raw);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    const domainError = error as DomainError;
    expect(domainError.kind).toBe('validation');
    expect(domainError.code).toBe('GB_TAX_CODE.INVALID');
    expect(domainError.issues[0]?.loc).toEqual(['tax_code']);
    expect(domainError.message).toContain('tax_code');
  });

  it('explains a withdrawn suffix and a D code without a rate', () => {
    expect(() => parseTaxCode('1257P')).toThrow(/withdrawn in April 2016/);
    expect(() => parseTaxCode('D2')).toThrow(/no D2 rate/);
    expect(() => parseTaxCode('SD4')).toThrow(/SD0 to SD3/);
  });

  it('rejects a value that is not a string', () => {
    expect(() => parseTaxCode(1257 as unknown as string)).toThrow(DomainError);
  });
});
