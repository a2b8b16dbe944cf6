/**
 * Golden: every HMRC income-tax case (gb-income-tax, 168) and every gb-period vector of 2025-26 and 2026-27
 * (600 + 600) through the verify runners, compared field by field to the penny.
 */
import { describe, expect, it } from 'vitest';
import { runner as incomeTaxRunner } from '../../../../src/service/verify/runners/gb-income-tax.js';
import { runner as periodRunner } from '../../../../src/service/verify/runners/gb-period.js';
import type { Vector } from '../../../../src/service/verify/types.js';
import { loadVectors } from './vectors.js';

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
