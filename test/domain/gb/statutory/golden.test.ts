/**
 * Golden: every vector of statutory-vectors.jsonl (gb-ssp, gb-smp, gb-spp, gb-shpp, gb-employer-liabilities)
 * through the verify runners `payroll verify` uses, compared field by field to the penny.
 */
import { describe, expect, it } from 'vitest';
import '../../../../src/tools/verify/kinds.js';
import { loadRunner } from '../../../../src/tools/verify/registry.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { loadVectors } from '../vectors.js';

const vectors = loadVectors('statutory-vectors.jsonl');
const counts: Record<string, number> = { 'gb-ssp': 44, 'gb-smp': 26, 'gb-spp': 7, 'gb-shpp': 4, 'gb-employer-liabilities': 21 };

describe('statutory-vectors.jsonl', () => {
  it('holds 102 vectors of the five statutory kinds', () => {
    expect(vectors.length).toBe(102);
    for (const [kind, count] of Object.entries(counts)) expect(vectors.filter((v) => v.kind === kind).length, kind).toBe(count);
  });

  for (const kind of Object.keys(counts)) {
    describe(kind, () => {
      it.each(vectors.filter((v) => v.kind === kind).map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
        const run = await loadRunner(kind);
        expect(run).toBeDefined();
        expect(await run!(vector as unknown as Vector)).toEqual([]);
      });
    });
  }
});
