/**
 * Golden tests: every de-payroll vector of fixtures/reference/de (payroll2025/2026-vectors.jsonl),
 * every expected field, to the character. One cent off is a failure.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runner } from '../../../../src/tools/verify/runners/de-payroll.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { verifyFiles } from '../../../../src/tools/verify/run.js';
import { referencePath } from '../../../support/reference.js';

const REFERENCE = referencePath('de');

function load(file: string): Vector[] {
  return readFileSync(`${REFERENCE}/${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Vector);
}

for (const file of ['payroll2025-vectors.jsonl', 'payroll2026-vectors.jsonl']) {
  describe(file, () => {
    const vectors = load(file);
    it('holds vectors', () => expect(vectors.length).toBeGreaterThan(0));
    it.each(vectors.map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
      const mismatches = await runner(vector);
      expect(mismatches).toEqual([]);
    });
  });
}

describe('payroll verify', () => {
  it('runs the de-payroll vectors through the registered runner', async () => {
    const report = await verifyFiles([`${REFERENCE}/payroll2025-vectors.jsonl`, `${REFERENCE}/payroll2026-vectors.jsonl`]);
    expect(report.mismatches).toEqual([]);
    expect(report.passed).toBe(200);
    expect(report.failed).toBe(0);
  });
});
