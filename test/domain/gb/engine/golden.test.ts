/**
 * Golden: every HMRC income-tax case (gb-income-tax, 168) and every gb-period vector of 2025-26 and 2026-27
 * (600 + 600) through the verify runners, compared field by field to the penny; and HMRC's JSON file itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { calculatePaye } from '../../../../src/domain/gb/paye.js';
import { runner as incomeTaxRunner } from '../../../../src/tools/verify/runners/gb-income-tax.js';
import { runner as periodRunner } from '../../../../src/tools/verify/runners/gb-period.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { GB_REFERENCE_DIR, loadVectors } from '../vectors.js';

const files = [
  { file: 'hmrc-official-income-tax-2526.jsonl', kind: 'gb-income-tax', count: 168, run: incomeTaxRunner },
  { file: 'paye2526-vectors.jsonl', kind: 'gb-period', count: 600, run: periodRunner },
  { file: 'paye2627-vectors.jsonl', kind: 'gb-period', count: 600, run: periodRunner },
];

for (const { file, kind, count, run } of files) {
  describe(file, () => {
    const vectors = loadVectors(file);
    it(`holds ${count} ${kind} vectors`, () => {
      expect(vectors.length).toBe(count);
      expect(vectors.every((v) => v.kind === kind)).toBe(true);
    });
    it.each(vectors.map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
      expect(await run(vector as unknown as Vector)).toEqual([]);
    });
  });
}

describe("HMRC's own JSON (income_tax_test_data_2025-2026.json), read directly", () => {
  interface HmrcTaxCase {
    TestIdentifier: string;
    PayFrequency: string;
    GrossPay: number;
    TaxablePayToDate: number;
    TaxCode: string;
    W1M1Flag: boolean;
    Period: number;
    TaxDueInPeriod: number;
    TaxDueToDate: number;
  }
  const cases = JSON.parse(readFileSync(`${GB_REFERENCE_DIR}/hmrc-test-data/income_tax_test_data_2025-2026.json`, 'utf8')) as HmrcTaxCase[];
  const pence = (value: number): Decimal => new Decimal(String(value));
  it('holds 168 cases', () => expect(cases.length).toBe(168));
  it.each(cases.map((c) => [c.TestIdentifier, c] as const))('%s', (_id, c) => {
    const gross = pence(c.GrossPay);
    const r = calculatePaye({
      taxYear: '2025-26',
      frequency: c.PayFrequency === 'Weekly' ? 'weekly' : 'monthly',
      period: c.Period,
      taxCode: c.TaxCode,
      week1Month1: c.W1M1Flag,
      taxablePay: gross,
      // The file gives figures to date including this period; the previous ones are the difference.
      taxablePayToDatePrevious: pence(c.TaxablePayToDate).minus(gross),
      taxPaidToDatePrevious: pence(c.TaxDueToDate).minus(pence(c.TaxDueInPeriod)),
    });
    expect([money(r.tax), money(r.taxPaidToDate)]).toEqual([money(pence(c.TaxDueInPeriod)), money(pence(c.TaxDueToDate))]);
  });
});
