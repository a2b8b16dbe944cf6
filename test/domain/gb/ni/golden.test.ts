/**
 * Golden tests: every shared GB vector's NI fields, run through the verify runners (so the runners
 * are tested too) and, for gb-period vectors, straight through calculateNi.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { calculateNi, isNiCategory, type GbTaxYear, type PayFrequency } from '../../../../src/domain/gb/ni/index.js';
import { niVectorFields, runner as niRunner } from '../../../../src/tools/verify/runners/gb-ni.js';
import { runner as directorRunner } from '../../../../src/tools/verify/runners/gb-director-ni.js';
import { loadVectors, type JsonVector } from '../vectors.js';

describe('hmrc-official-ni-2526.jsonl (HMRC NIC test data v1.1, gb-ni)', () => {
  const vectors = loadVectors('hmrc-official-ni-2526.jsonl');
  it('holds all 896 HMRC cases', () => expect(vectors.length).toBe(896));
  it.each(vectors.map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
    expect(await niRunner(vector)).toEqual([]);
  });
});

for (const file of ['directors2526-vectors.jsonl', 'directors2627-vectors.jsonl']) {
  describe(`${file} (gb-director-ni)`, () => {
    const vectors = loadVectors(file);
    it('is not empty', () => expect(vectors.length).toBeGreaterThan(0));
    it.each(vectors.map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
      expect(await directorRunner(vector)).toEqual([]);
    });
  });
}

const NI_FIELDS = ['niable_pay', 'employee_ni', 'employer_ni', 'ni_earnings_at_lel', 'ni_earnings_lel_to_pt', 'ni_earnings_pt_to_uel'] as const;

/**
 * NIable pay of a gb-period vector: gross pay less pension salary sacrifice (payrolled benefits are
 * not Class 1 earnings; net-pay and relief-at-source pensions do not reduce NIable pay). The
 * sacrificed amount itself is the pension engine's figure, so it is taken from `expected`.
 */
function niablePayOf(vector: JsonVector): Decimal {
  const gross = new Decimal(vector.gross_pay as string);
  const pension = vector.pension as { method?: string } | null;
  if (pension && pension.method === 'salary_sacrifice') return gross.minus(new Decimal(vector.expected.salary_sacrifice as string));
  return gross;
}

for (const file of ['paye2526-vectors.jsonl', 'paye2627-vectors.jsonl']) {
  describe(`${file} NI fields (gb-period)`, () => {
    const vectors = loadVectors(file).filter((v) => v.kind === 'gb-period');
    it('is not empty', () => expect(vectors.length).toBeGreaterThan(0));
    it.each(vectors.map((v) => [v.id, v] as const))('%s', (_id, vector) => {
      const category = vector.ni_category as string;
      expect(isNiCategory(category)).toBe(true);
      if (!isNiCategory(category)) return;
      const niablePay = niablePayOf(vector);
      const result = calculateNi({ taxYear: vector.tax_year as GbTaxYear, frequency: vector.frequency as PayFrequency, category, niablePay });
      const fields = niVectorFields(niablePay, result);
      const actual = Object.fromEntries(NI_FIELDS.map((field) => [field, fields[field]]));
      const expected = Object.fromEntries(NI_FIELDS.map((field) => [field, vector.expected[field]]));
      expect(actual).toEqual(expected);
    });
  });
}
